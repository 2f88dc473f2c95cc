// Zod's issues and default messages (v3 and v4), read once for the zod readers and the SDK wrappers that print them.
import type { JsonType } from '../../schema/read.js';
import { isRecord } from '../../util/guards.js';
import type { Problem } from '../diagnosis.js';
import type { Expected } from '../expected.js';
import { expectedIn, parseList, problemFromExpected, typeWord } from '../expected.js';
import { embeddedJson } from '../embedded-json.js';

/** What one zod issue or message says: the problem, the expected value, and what it received when it says. */
export interface ZodReading {
  problem: Problem;
  expected: Expected;
  /** The JSON type it says it received ("received string"); 'undefined' is kept to tell a missing value. */
  received?: JsonType | 'undefined';
  /** The value it quotes as received ("received 'lost'"). */
  receivedValue?: unknown;
  /** Keys it calls unrecognized. */
  keys?: string[];
}

export type ZodVersion = 3 | 4;

/** mcp-framework's catch-all around a tool call. */
export const MCP_FRAMEWORK = /^\s*(?:MCP error -?\d+: )?Tool execution failed: /;

const V3_ONLY = new Set(['invalid_enum_value', 'invalid_string', 'invalid_literal', 'invalid_date', 'invalid_union_discriminator', 'invalid_arguments', 'invalid_return_type', 'invalid_intersection_types']);
const V4_ONLY = new Set(['invalid_value', 'invalid_format', 'invalid_key', 'invalid_element']);
const CODES = new Set([...V3_ONLY, ...V4_ONLY, 'invalid_type', 'too_small', 'too_big', 'unrecognized_keys', 'invalid_union', 'not_multiple_of', 'custom', 'not_finite']);

/** Is this a zod issue ({code, path[], message}), and of which major version? */
export function zodIssueVersion(value: unknown): ZodVersion | undefined {
  if (!isRecord(value) || typeof value.code !== 'string' || !Array.isArray(value.path) || !CODES.has(value.code)) return undefined;
  if (V3_ONLY.has(value.code)) return 3;
  if (V4_ONLY.has(value.code) || 'origin' in value) return 4;
  if (value.code === 'invalid_type') return 'received' in value ? 3 : 4;
  if (value.code === 'too_small' || value.code === 'too_big') return 'type' in value ? 3 : 4;
  if (value.code === 'invalid_union') return Array.isArray(value.unionErrors) ? 3 : 4;
  return typeof value.message === 'string' && /^(?:Invalid input: |Invalid option: |Too (?:small|big): |Unrecognized keys?: ")/.test(value.message) ? 4 : 3;
}

/** Every zod issue in a value (an issue array, {issues: […]}, a ZodError's JSON), to a bounded depth, with its version. */
export function zodIssuesIn(value: unknown, depth = 0): { issue: Record<string, unknown>; version: ZodVersion }[] {
  if (depth > 4) return [];
  const version = zodIssueVersion(value);
  if (version !== undefined) return [{ issue: value as Record<string, unknown>, version }];
  if (Array.isArray(value)) return value.slice(0, 100).flatMap((v) => zodIssuesIn(v, depth + 1));
  if (isRecord(value)) return Object.values(value).flatMap((v) => zodIssuesIn(v, depth + 1));
  return [];
}

/** The zod issues written inside texts ("Error: Invalid arguments: [ {…} ]"), with the index of the text each came from. */
export function zodIssuesInTexts(texts: readonly string[]): { issue: Record<string, unknown>; version: ZodVersion; text: number }[] {
  // mcp-framework's wrapper ("Tool execution failed: …") is read by its own reader, which names the format.
  const read = (text: string) => /"code"\s*:/.test(text) && !MCP_FRAMEWORK.test(text);
  return texts.flatMap((text, index) => (read(text) ? embeddedJson(text).flatMap((v) => zodIssuesIn(v).map((found) => ({ ...found, text: index }))) : []));
}

function jsonType(word: unknown): JsonType | 'undefined' | undefined {
  if (typeof word !== 'string') return undefined;
  if (word === 'undefined') return 'undefined';
  if (word === 'float') return 'number';
  if (word === 'nan' || word === 'NaN') return 'number';
  return typeWord(word);
}

/** Values of a v3 "'a' | 'b'" list. */
function pipeList(text: string): unknown[] {
  return parseList(text).filter((v) => v !== '');
}

/** A zod issue object read (code and fields first, the message for what they leave out). */
export function readZodIssue(issue: Record<string, unknown>): ZodReading {
  const message = typeof issue.message === 'string' ? issue.message : '';
  const fromMessage = readZodMessage(message);
  const origin = typeof issue.origin === 'string' ? issue.origin : typeof issue.type === 'string' ? issue.type : undefined;
  const sized = origin === 'string' || origin === 'array' || origin === 'set' || origin === 'object' || origin === 'file';
  switch (issue.code) {
    case 'invalid_type': {
      const received = jsonType(issue.received) ?? fromMessage.received;
      const expected = jsonType(issue.expected);
      const listed = typeof issue.expected === 'string' && issue.expected.includes('|') ? pipeList(issue.expected) : undefined;
      return { problem: received === 'undefined' ? 'missing' : listed ? 'enum' : 'type', expected: { type: expected === 'undefined' ? undefined : expected, values: listed }, received };
    }
    case 'invalid_enum_value':
      return { problem: 'enum', expected: { values: Array.isArray(issue.options) ? issue.options : fromMessage.expected.values }, receivedValue: issue.received };
    case 'invalid_value':
      return { problem: 'enum', expected: { values: Array.isArray(issue.values) ? issue.values : fromMessage.expected.values } };
    case 'invalid_literal':
      return { problem: 'enum', expected: { values: 'expected' in issue ? [issue.expected] : undefined }, receivedValue: issue.received };
    case 'too_small':
    case 'too_big': {
      const bound = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
      const side = issue.code === 'too_small' ? 'min' : 'max';
      return { problem: sized ? 'length' : 'range', expected: Number.isFinite(bound) ? { [side]: bound } : {} };
    }
    case 'invalid_string':
    case 'invalid_format': {
      const kind = typeof issue.validation === 'string' ? issue.validation : typeof issue.format === 'string' ? issue.format : isRecord(issue.validation) ? Object.keys(issue.validation)[0] : undefined;
      if (kind === 'regex') return { problem: 'pattern', expected: { pattern: typeof issue.pattern === 'string' ? issue.pattern : fromMessage.expected.pattern } };
      return { problem: 'format', expected: { format: formatName(kind) } };
    }
    case 'unrecognized_keys':
      return { problem: 'unexpected', expected: {}, keys: Array.isArray(issue.keys) ? issue.keys.filter((k): k is string => typeof k === 'string') : fromMessage.keys };
    default:
      return fromMessage;
  }
}

/** JSON Schema's name for a zod string check ("url" → uri, "datetime" → date-time). */
function formatName(kind: string | undefined): string | undefined {
  if (kind === undefined) return undefined;
  const map: Record<string, string> = { url: 'uri', datetime: 'date-time', ip: 'ipv4', cidr: 'ipv4', emoji: 'emoji', ulid: 'ulid', cuid: 'cuid', cuid2: 'cuid2', nanoid: 'nanoid', base64: 'base64', jwt: 'jwt', e164: 'e164' };
  return map[kind] ?? kind;
}

/** Zod's v4 formats by their message ("Invalid email address", "Invalid ISO datetime"). */
const V4_FORMATS: [RegExp, string][] = [
  [/^Invalid email address$/i, 'email'],
  [/^Invalid URL$/i, 'uri'],
  [/^Invalid UUID$/i, 'uuid'],
  [/^Invalid ISO datetime$/i, 'date-time'],
  [/^Invalid ISO date$/i, 'date'],
  [/^Invalid ISO time$/i, 'time'],
  [/^Invalid ISO duration$/i, 'duration'],
  [/^Invalid IPv4 address$/i, 'ipv4'],
  [/^Invalid IPv6 address$/i, 'ipv6'],
  [/^Invalid (email|url|uuid|datetime|date|time|ip|cuid|cuid2|ulid|emoji|base64)$/i, ''],
];

/** A zod default message read on its own (v3 "Expected number, received string", v4 "Invalid input: expected number, received string", …). */
export function readZodMessage(raw: string): ZodReading {
  const message = raw.trim();
  let m: RegExpExecArray | null;
  if (/^Required$/i.test(message)) return { problem: 'missing', expected: {}, received: 'undefined' };
  if ((m = /^(?:Invalid input: )?expected ([a-z]+), received ([A-Za-z]+)$/i.exec(message))) {
    const received = jsonType(m[2].toLowerCase() === 'nan' ? 'nan' : m[2].toLowerCase());
    const expected = jsonType(m[1].toLowerCase());
    return { problem: received === 'undefined' ? 'missing' : 'type', expected: { type: expected === 'undefined' ? undefined : expected }, received };
  }
  if ((m = /^Invalid enum value\. Expected (.+), received '(.*)'$/s.exec(message))) return { problem: 'enum', expected: { values: pipeList(m[1]) }, receivedValue: m[2] };
  if ((m = /^Invalid discriminator value\. Expected (.+)$/s.exec(message))) return { problem: 'enum', expected: { values: pipeList(m[1]) } };
  if ((m = /^Invalid option: expected one of (.+)$/s.exec(message))) return { problem: 'enum', expected: { values: pipeList(m[1]) } };
  if ((m = /^Invalid input: expected (".*"|-?\d+(?:\.\d+)?|true|false|null)$/.exec(message))) return { problem: 'enum', expected: { values: [JSON.parse(m[1])] } };
  if ((m = /^Invalid literal value, expected (.+)$/.exec(message))) {
    let v: unknown = m[1];
    try {
      v = JSON.parse(m[1]);
    } catch {
      // not JSON: keep the text
    }
    return { problem: 'enum', expected: { values: [v] } };
  }
  if ((m = /^Too (small|big): expected (\w+) to (?:have|be) ([<>]=?)(-?\d+(?:\.\d+)?)(?:\s+(\w+))?/.exec(message))) {
    const side = m[1] === 'small' ? 'min' : 'max';
    const sized = m[5] !== undefined || ['string', 'array', 'set', 'object', 'file'].includes(m[2]);
    return { problem: sized ? 'length' : 'range', expected: { [side]: Number(m[4]) } };
  }
  if ((m = /^(String|Array|Number|Set|BigInt|Date) must (?:contain|be) (at least|at most|exactly|greater than or equal to|greater than|less than or equal to|less than) (-?\d+(?:\.\d+)?)/.exec(message))) {
    const sized = m[1] === 'String' || m[1] === 'Array' || m[1] === 'Set';
    const low = /least|greater/.test(m[2]);
    const exact = m[2] === 'exactly';
    const n = Number(m[3]);
    return { problem: sized ? 'length' : 'range', expected: exact ? { min: n, max: n } : low ? { min: n } : { max: n } };
  }
  if ((m = /^(?:Invalid number: must be a multiple of|Number must be a multiple of) (-?\d+(?:\.\d+)?)/.exec(message))) return { problem: 'range', expected: {} };
  if ((m = /^Invalid string: must match pattern \/(.+)\/[a-z]*$/s.exec(message))) return { problem: 'pattern', expected: { pattern: m[1] } };
  if ((m = /^Unrecognized keys?: (.+)$/s.exec(message)) || (m = /^Unrecognized key\(s\) in object: (.+)$/s.exec(message))) {
    return { problem: 'unexpected', expected: {}, keys: parseList(m[1]).map(String) };
  }
  for (const [pattern, format] of V4_FORMATS) {
    const f = pattern.exec(message);
    if (f) return { problem: 'format', expected: { format: format || formatName(f[1].toLowerCase()) } };
  }
  // A custom message ("Expected boolean or \"true\"/\"false\" string, received \"a\""): what it says it expects, in words.
  const said = expectedIn(message);
  const expected = Object.fromEntries(Object.entries(said).filter(([, v]) => v !== undefined)) as Expected;
  return Object.keys(expected).length > 0 ? { problem: problemFromExpected(expected, message), expected } : { problem: 'invalid', expected: {} };
}

/** Does a text open with a zod default message (so a wrapper's line or segment is zod's)? */
export const ZOD_MESSAGE_START = /^(?:Required\b|Expected [a-z]|Invalid (?:input|option|enum value|literal value|discriminator value|string|number|email|url|uuid|date|URL|UUID|ISO|IPv)|Too (?:small|big):|Unrecognized key|(?:String|Array|Number|Set) must)/;
