// Valibot 1: issue arrays ({kind, type, expected, received, message, path: [{key}]}), flatten()'s {root, nested: {"a.b": [msg]}}, summarize()'s "× msg\n  → at a.b", and bare messages ("Invalid type: Expected string but received 1").
import { isRecord } from '../../util/guards.js';
import type { CallView, Culprit, Problem } from '../diagnosis.js';
import type { FormatReader, Reading } from '../culprit.js';
import { culprit } from '../culprit.js';
import type { Expected } from '../expected.js';
import { typeWord } from '../expected.js';
import { embeddedJson } from '../embedded-json.js';
import { byValue } from '../locate.js';
import { dottedSegments, resolveNearest, resolvePath } from '../names.js';

/** What one valibot issue or message says. */
interface Said {
  problem: Problem;
  expected: Expected;
  /** The key an "Invalid key" issue names: the missing one (expected "x"), or the unexpected one (expected never, received "x"). */
  key?: string;
  /** The value it says it received, when it prints one (strings quoted, numbers, booleans, null). */
  received?: { value: unknown };
}

/** Valibot's format actions, by issue type and by the word its message uses ("Invalid email", "Invalid URL"). */
const FORMAT_ACTIONS: Record<string, string> = {
  email: 'email', rfc_email: 'email', url: 'uri', uuid: 'uuid', iso_date: 'date', date: 'date', iso_date_time: 'date-time', 'date-time': 'date-time',
  iso_timestamp: 'date-time', timestamp: 'date-time', iso_time: 'time', time: 'time', iso_time_second: 'time', ipv4: 'ipv4', ipv6: 'ipv6', ip: 'ipv4',
  ulid: 'ulid', nanoid: 'nanoid', cuid2: 'cuid2', base64: 'base64', hex_color: 'hex-color', 'hex color': 'hex-color', mac: 'mac', emoji: 'emoji',
};

/** Valibot's _stringify of a received value, read back: "\"x\"" → x, 1 → 1, true, null; undefined for "undefined" and objects ("Object", "Array"). */
function receivedValue(text: string): { value: unknown } | undefined {
  const t = text.trim();
  if (t === 'undefined' || t === '' || /^[A-Z]\w*$/.test(t)) return undefined;
  if (/^"/.test(t) || /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(t) || t === 'true' || t === 'false' || t === 'null') {
    try {
      return { value: JSON.parse(t) };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** An expected list of literals, "(\"open\" | \"shipped\")" or "\"a\"", as values; undefined when an item is not a JSON literal. */
function literals(expected: string): unknown[] | undefined {
  const items = expected.replace(/^\((.*)\)$/s, '$1').split(' | ');
  const values: unknown[] = [];
  for (const item of items) {
    if (!/^(?:".*"|-?\d+(?:\.\d+)?|true|false|null)$/s.test(item)) return undefined;
    try {
      values.push(JSON.parse(item));
    } catch {
      return undefined;
    }
  }
  return values;
}

/** ">=1", "<=50", ">0", "<10", "6", "!0" as bounds. */
function bound(expected: string): Pick<Expected, 'min' | 'max'> {
  const m = /^(>=|<=|>|<|!)?(-?\d+(?:\.\d+)?)$/.exec(expected.trim());
  if (!m) return {};
  const n = Number(m[2]);
  if (m[1] === '>=' || m[1] === '>') return { min: m[1] === '>' && Number.isInteger(n) ? n + 1 : n };
  if (m[1] === '<=' || m[1] === '<') return { max: m[1] === '<' && Number.isInteger(n) ? n - 1 : n };
  if (m[1] === '!') return n === 0 ? { min: 1 } : {};
  return { min: n, max: n };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An issue's type (or a message's word, lowercased) with its expected and received texts, as what it says. */
function readIssue(type: string, expected: string | null, received: string): Said {
  const got = receivedValue(received);
  const base = got ? { received: got } : {};
  const exp = expected ?? '';
  switch (type) {
    case 'key':
    case 'object':
    case 'strict_object':
    case 'loose_object':
    case 'object_with_rest': {
      // "Invalid key: Expected \"x\" but received undefined": the key x is missing; "Expected never but received \"b\"": b is not taken.
      const named = /^"(.*)"$/s.exec(exp);
      if (named && received === 'undefined') return { problem: 'missing', expected: {}, key: JSON.parse(exp) as string };
      if (exp === 'never' && got && typeof got.value === 'string') return { problem: 'unexpected', expected: {}, key: got.value };
      return { problem: 'type', expected: { type: typeWord(exp) }, ...base };
    }
    case 'regex':
    case 'format':
      return { problem: 'pattern', expected: { pattern: exp.replace(/^\/(.*)\/[a-z]*$/s, '$1') }, ...base };
    case 'starts_with':
    case 'start':
      return { problem: 'pattern', expected: { pattern: typeof literals(exp)?.[0] === 'string' ? `^${escape(literals(exp)![0] as string)}` : undefined }, ...base };
    case 'ends_with':
    case 'end':
      return { problem: 'pattern', expected: { pattern: typeof literals(exp)?.[0] === 'string' ? `${escape(literals(exp)![0] as string)}$` : undefined }, ...base };
    case 'min_value':
    case 'max_value':
    case 'gt_value':
    case 'lt_value':
      return { problem: 'range', expected: bound(exp), ...base };
    case 'value': {
      const values = literals(exp);
      return values ? { problem: 'enum', expected: { values }, ...base } : { problem: 'range', expected: bound(exp), ...base };
    }
    case 'multiple_of':
    case 'multiple':
      return { problem: 'range', expected: {}, ...base };
    case 'min_length':
    case 'max_length':
    case 'length':
    case 'non_empty':
    case 'min_size':
    case 'max_size':
    case 'min_entries':
    case 'max_entries':
    case 'size':
      // What it received is the length, not the value: it locates nothing.
      return { problem: 'length', expected: bound(exp) };
    case 'integer':
    case 'safe_integer':
      return { problem: 'type', expected: { type: 'integer' }, ...base };
    default: {
      if (FORMAT_ACTIONS[type] !== undefined) return { problem: 'format', expected: { format: FORMAT_ACTIONS[type] }, ...base };
      // A schema issue (string, number, picklist, enum, union, literal, …): its expected is a type or a list of literals.
      const values = exp === '' ? undefined : literals(exp);
      if (values) return { problem: 'enum', expected: { values }, ...base };
      const types = exp.replace(/^\((.*)\)$/s, '$1').split(' | ');
      const t = types.map((w) => typeWord(w)).find((w) => w !== undefined);
      if (t !== undefined) return { problem: 'type', expected: { type: t }, ...base };
      return { problem: 'invalid', expected: {}, ...base };
    }
  }
}

/** Valibot's default message: "Invalid <word>: Expected <expected> but received <received>" or "Invalid <word>: Received <received>". */
const MESSAGE = /^Invalid ([A-Za-z][\w -]{0,30}): (?:Expected (.+?) but r|R)eceived (.+)$/s;

/** A message read on its own, undefined when it is not valibot's. */
function readMessage(message: string): Said | undefined {
  const m = MESSAGE.exec(message.trim());
  if (!m) return undefined;
  const word = m[1].toLowerCase();
  // The word is the issue type for most actions; "type", "key", "value", "length", "format" name a family.
  return readIssue(word === 'type' ? 'schema' : word, m[2] ?? null, m[3]);
}

/** A culprit at the segments the answer gives (a missing or unexpected key under them), or located by the value it received. */
function locate(segments: readonly (string | number)[], said: Said, evidence: string, call: CallView): Culprit[] {
  if (said.key !== undefined) {
    const keyed = segments.length > 0 && String(segments[segments.length - 1]) === said.key ? segments : [...segments, said.key];
    const path = resolvePath(keyed, call);
    return path ? [culprit(call, 'valibot', path, said.problem, evidence)] : [];
  }
  if (segments.length > 0) {
    const at = resolveNearest(segments, call);
    if (!at) return [];
    return [at.exact ? culprit(call, 'valibot', at.path, said.problem, evidence, said.expected) : culprit(call, 'valibot', at.path, 'invalid', evidence)];
  }
  const path = said.received ? byValue(call, said.received.value) : undefined;
  return path ? [culprit(call, 'valibot', path, said.problem, evidence, said.expected)] : [];
}

/** A valibot issue object: kind schema | validation | transformation, a type and a message. */
function isIssue(v: unknown): v is Record<string, unknown> & { kind: string; type: string; message: string } {
  return isRecord(v) && typeof v.kind === 'string' && /^(?:schema|validation|transformation)$/.test(v.kind) && typeof v.type === 'string' && typeof v.message === 'string';
}

function issueCulprits(issue: Record<string, unknown> & { type: string; message: string }, call: CallView): Culprit[] {
  const expected = typeof issue.expected === 'string' ? issue.expected : null;
  const received = typeof issue.received === 'string' ? issue.received : '';
  const said = issue.kind === 'schema' && issue.type !== 'object' && !/_object$|^object_/.test(issue.type) ? readIssue('schema', expected, received) : readIssue(issue.type, expected, received);
  const segments = Array.isArray(issue.path) ? issue.path.filter(isRecord).map((p) => p.key).filter((k): k is string | number => typeof k === 'string' || typeof k === 'number') : [];
  // A custom check (type "check") reads as invalid: its message is the author's words, not valibot's.
  return locate(segments, said, issue.message, call);
}

/** flatten()'s output: only root, nested and other keys, nested a map of dotted paths to messages. */
function isFlat(v: unknown): v is { root?: string[]; nested?: Record<string, unknown>; other?: string[] } {
  if (!isRecord(v) || Object.keys(v).length === 0 || !Object.keys(v).every((k) => k === 'root' || k === 'nested' || k === 'other')) return false;
  const strings = (x: unknown) => Array.isArray(x) && x.every((s) => typeof s === 'string');
  return (isRecord(v.nested) && Object.values(v.nested).every(strings)) || (v.nested === undefined && strings(v.root));
}

function flatCulprits(flat: { root?: string[]; nested?: Record<string, unknown> }, call: CallView): Culprit[] {
  const out: Culprit[] = [];
  for (const [where, messages] of Object.entries(flat.nested ?? {})) {
    const first = (messages as string[])[0];
    if (first === undefined) continue;
    const said = readMessage(first) ?? { problem: 'invalid' as const, expected: {} };
    out.push(...locate(dottedSegments(where), said, `${where}: ${first}`, call));
  }
  for (const message of flat.root ?? []) {
    const said = readMessage(message);
    if (said) out.push(...locate([], said, message, call));
  }
  return out;
}

/** Issues and flatten() output in a value, to a bounded depth. */
function visit(value: unknown, call: CallView, depth = 0): { culprits: Culprit[]; saw: boolean } {
  if (depth > 4) return { culprits: [], saw: false };
  if (isIssue(value)) return { culprits: issueCulprits(value, call), saw: true };
  if (isFlat(value)) return { culprits: flatCulprits(value, call), saw: true };
  const children = Array.isArray(value) ? value.slice(0, 100) : isRecord(value) ? Object.values(value) : [];
  const found = children.map((v) => visit(v, call, depth + 1));
  return { culprits: found.flatMap((f) => f.culprits), saw: found.some((f) => f.saw) };
}

/** summarize()'s entries: "× <message>" and, on the next line, "→ at <path>" (absent for the root). */
const SUMMARY = /× ([^\n]+)(?:\n\s*→ at ([^\n]+))?/g;

/** A bare message in a text, maybe after "ValiError: " or a server's prefix. */
const BARE = /(?:^|: |\n)(Invalid [A-Za-z][\w -]{0,30}: (?:Expected [^\n]+? but r|R)eceived [^\n]+)/;

export const valibotReader: FormatReader = {
  format: 'valibot',
  read(answer, call): Reading {
    const culprits: Culprit[] = [];
    const claimed: number[] = [];
    for (const root of answer.structured) culprits.push(...visit(root, call).culprits);
    answer.texts.forEach((text, i) => {
      // JSON written into a text (a structured part already read is not read again).
      if (/"(?:kind|nested|root)"\s*:/.test(text)) {
        let saw = false;
        for (const value of embeddedJson(text)) {
          const found = visit(value, call);
          saw ||= found.saw;
          if (!isWhole(text)) culprits.push(...found.culprits);
        }
        if (saw) return void claimed.push(i);
      }
      SUMMARY.lastIndex = 0;
      let saw = false;
      for (let m = SUMMARY.exec(text); m !== null; m = SUMMARY.exec(text)) {
        const said = readMessage(m[1]);
        if (!said) continue;
        saw = true;
        culprits.push(...locate(m[2] === undefined ? [] : dottedSegments(m[2].trim()), said, m[0], call));
      }
      if (saw) return void claimed.push(i);
      const bare = BARE.exec(text);
      const said = bare ? readMessage(bare[1]) : undefined;
      if (!bare || !said) return;
      claimed.push(i);
      culprits.push(...locate([], said, bare[1], call));
    });
    return { culprits, claimed };
  },
};

/** A text that is one JSON value as a whole: the client already hands it over as a structured part. */
function isWhole(text: string): boolean {
  const t = text.trim();
  if (!/^[{[]/.test(t)) return false;
  try {
    JSON.parse(t);
    return true;
  } catch {
    return false;
  }
}
