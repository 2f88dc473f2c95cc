// Small text helpers shared by the report builder and the formatters: abbreviation, shell quoting, terminal-safe text.

const MAX_STRING = 200;
const MAX_ITEMS = 20;
const MAX_DEPTH = 8;

/** A copy of a JSON value small enough to print: long strings (past `maxString` characters), long arrays and deep nesting are abbreviated. */
export function abbreviate(value: unknown, maxString = MAX_STRING, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.length > maxString ? `${value.slice(0, Math.max(60, maxString - 140))}…[${value.length} chars]` : value;
  }
  if (Array.isArray(value)) {
    if (depth >= MAX_DEPTH) return `[array of ${value.length}]`;
    const items = value.slice(0, MAX_ITEMS).map((v) => abbreviate(v, maxString, depth + 1));
    if (value.length > MAX_ITEMS) items.push(`…[${value.length} items]`);
    return items;
  }
  if (value !== null && typeof value === 'object') {
    if (depth >= MAX_DEPTH) return '{…}';
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [abbreviate(k, maxString, depth + 1) as string, abbreviate(v, maxString, depth + 1)]));
  }
  return value;
}

/** Quote one argument for a POSIX shell, only when it needs it. */
export function shellQuote(arg: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** Text from the server, safe for a terminal: ANSI escapes removed, control characters made visible. */
export function terminalSafe(text: string): string {
  return text
    .replace(/\u001b\[[0-?]*[ -/]*[@-~]/g, '')
    .replace(/\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?/g, '')
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff\ufffe\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A count with its noun, singular for one: "1 tool", "3 tools" (`many` for irregular plurals). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
