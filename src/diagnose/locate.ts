// Locating a culprit an answer does not name: by a value it quotes that only one argument has, or by a mismatch only one sent argument can have (a type, an undeclared name, an empty value).
import type { JsonType } from '../schema/read.js';
import { jsonTypeOfValue, jsonTypesOf, normalizeSchema, propertySchemas } from '../schema/read.js';
import { isRecord } from '../util/guards.js';
import type { CallView } from './diagnosis.js';
import { pathsWithValue, schemaAt, sentAt } from './names.js';

const MAX_DEPTH = 4;

/** The one path at which the call sent this value; undefined when none or several did. */
export function byValue(call: CallView, value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const paths = pathsWithValue(call, value);
  return paths.length === 1 ? paths[0] : undefined;
}

/** How much of a long value an answer must echo to point at it, and how long a value must be to be located so. */
const ECHO = { prefix: 48, minLength: 64 };

/**
 * The one long string argument whose start the text echoes: a refusal that quotes a path or value too long to repeat in
 * full ("ENAMETOOLONG: name too long, realpath '/srv/errlint errlint …'"). Undefined when none or several match.
 */
export function byEcho(call: CallView, text: string): string[] | undefined {
  const matches = sentPaths(call).filter((path) => {
    const value = sentAt(call, path).value;
    return typeof value === 'string' && value.length >= ECHO.minLength && text.includes(value.slice(0, ECHO.prefix));
  });
  return matches.length === 1 ? matches[0] : undefined;
}

/** Does a value of type `actual` count as `said` (a format's "number" covers integers)? */
function sameType(said: JsonType, actual: JsonType): boolean {
  return said === actual || (said === 'number' && actual === 'integer');
}

/** Every sent path (not the root), shallowest first. */
function sentPaths(call: CallView): string[][] {
  const out: string[][] = [];
  const visit = (node: unknown, path: string[]) => {
    if (path.length > MAX_DEPTH) return;
    if (path.length > 0) out.push(path);
    if (isRecord(node)) for (const [k, v] of Object.entries(node)) visit(v, [...path, k]);
    else if (Array.isArray(node)) node.slice(0, 32).forEach((v, i) => visit(v, [...path, String(i)]));
  };
  visit(call.arguments, []);
  return out;
}

/**
 * The one sent argument whose value is of the type the answer says it received where the schema wants another (the one
 * it says it expected, when it says): "Expected number, received string" with exactly one string sent where a number is
 * declared. Undefined when none or several could be meant.
 */
export function byTypeMismatch(call: CallView, said: { expected?: JsonType; received?: JsonType }): string[] | undefined {
  if (said.expected === undefined && said.received === undefined) return undefined;
  const matches = sentPaths(call).filter((path) => {
    const actual = jsonTypeOfValue(sentAt(call, path).value);
    const schema = schemaAt(call, path);
    if (actual === undefined || schema === undefined) return false;
    const allowed = jsonTypesOf(schema, call.tool.inputSchema);
    if (allowed === null || allowed.includes(actual)) return false;
    if (said.received !== undefined && !sameType(said.received, actual)) return false;
    return said.expected === undefined || allowed.some((t) => sameType(said.expected!, t));
  });
  return matches.length === 1 ? matches[0] : undefined;
}

/** The one sent argument whose value is empty (a blank string, an empty list): an emptiness complaint that names none. Undefined when none or several are. */
export function byEmpty(call: CallView): string[] | undefined {
  const matches = sentPaths(call).filter((path) => {
    const value = sentAt(call, path).value;
    return (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
  });
  return matches.length === 1 ? matches[0] : undefined;
}

/** The one argument sent at `parent` that its schema does not declare (an "additional properties" refusal that names none). */
export function byUndeclared(call: CallView, parent: string[] = []): string[] | undefined {
  const sent = sentAt(call, parent).value;
  const schema = parent.length === 0 ? call.tool.inputSchema : schemaAt(call, parent);
  if (!isRecord(sent) || schema === undefined) return undefined;
  const s = normalizeSchema(schema, call.tool.inputSchema);
  if (!isRecord(s) || !isRecord(s.properties)) return undefined;
  const declared = propertySchemas(s, call.tool.inputSchema);
  const extra = Object.keys(sent).filter((k) => !Object.hasOwn(declared, k));
  return extra.length === 1 ? [...parent, extra[0]] : undefined;
}
