// Answers that must never be printed (a file read past the server's root) are kept as sizes and hashes before any rule
// or report sees them; rules read the served length back from the tag.
import type { RawExchange } from '../session/session.js';
import { createHash } from 'node:crypto';
import { saysNotServed } from '../matchers/phrases.js';

/**
 * A text or blob kept only as its size and hash, `[withheld: N characters, sha256 abcd…]`, and `, a refusal` when the
 * text only says that what was asked for is not there or not allowed (saysNotServed): whether it was served is then
 * known without its text.
 */
function withheldText(value: string): string {
  const refusal = saysNotServed(value) ? ', a refusal' : '';
  return `[withheld: ${value.length} characters, sha256 ${createHash('sha256').update(value).digest('hex').slice(0, 16)}${refusal}]`;
}

/** Whether a withheld text was a refusal written as content (see withheldText). */
export function withheldRefusal(value: string): boolean {
  return /^\[withheld: \d+ characters, sha256 [0-9a-f]+, a refusal\]$/.test(value);
}

/** The length of a text as served: read back from its withheld tag, or its own length when it was kept. */
export function servedLength(value: string): number {
  const tag = /^\[withheld: (\d+) characters/.exec(value);
  return tag ? Number(tag[1]) : value.length;
}

/** The string leaves of `text` and `blob` members anywhere in a value, withheld (see withheldText); the rest as it is. */
function withheldValue(value: unknown, depth = 0): unknown {
  if (depth > 16 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => withheldValue(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, (k === 'text' || k === 'blob') && typeof v === 'string' ? withheldText(v) : withheldValue(v, depth + 1)]));
}

/**
 * An answer that may hold what must never be printed (a file read past the server's root): every content text and
 * blob of its result is replaced by its size and hash, before any rule or report sees it.
 */
export function withhold(raw: RawExchange): RawExchange {
  if (raw.outcome.kind !== 'result') return raw;
  const result = withheldValue(raw.outcome.result) as Record<string, unknown>;
  return { ...raw, outcome: { kind: 'result', result }, ...(raw.response ? { response: { ...raw.response, result } } : {}) };
}
