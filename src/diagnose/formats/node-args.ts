// Node's argument errors, as its lib/internal/errors.js words them: ERR_INVALID_ARG_TYPE ("The \"x\" argument must be of type string. Received type number (1.5)"), ERR_OUT_OF_RANGE, ERR_INVALID_ARG_VALUE.
import type { JsonType } from '../../schema/read.js';
import type { CallView, Culprit, Problem } from '../diagnosis.js';
import type { FormatReader } from '../culprit.js';
import { culprit, readTexts } from '../culprit.js';
import type { Expected } from '../expected.js';
import { expectedIn, problemFromExpected, typeWord } from '../expected.js';
import { byValue } from '../locate.js';
import { dottedSegments, knownPaths, resolvePath, sentAt } from '../names.js';

/** What one message says, and the name and received value it quotes. */
interface Said {
  name: string;
  problem: Problem;
  expected: Expected;
  /** The received value as node printed it, read back; `prefix` when node cut it ("'aaaa'..."). */
  received?: { value: unknown; prefix?: boolean };
}

/** util.inspect of a primitive, read back: 'x' (or "x'y"), 1.5, -1, true, null, undefined, 10n; `prefix` for a string cut at 25 characters. */
function inspected(text: string): { value: unknown; prefix?: boolean } | undefined {
  const t = text.trim();
  let m: RegExpExecArray | null;
  if ((m = /^'((?:[^'\\]|\\.)*)'$/s.exec(t)) || (m = /^"((?:[^"\\]|\\.)*)"$/s.exec(t)) || (m = /^`((?:[^`\\]|\\.)*)`$/s.exec(t))) return { value: unescape(m[1]) };
  if ((m = /^(['"`])((?:[^\\]|\\.)*)\.\.\.$/s.exec(t))) return { value: unescape(m[2]), prefix: true };
  if (/^-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|Infinity)$/i.test(t)) return { value: Number(t) };
  if (/^-?\d{1,3}(?:_\d{3})+$/.test(t)) return { value: Number(t.replace(/_/g, '')) };
  if (t === 'true' || t === 'false') return { value: t === 'true' };
  if (t === 'null') return { value: null };
  return undefined;
}

function unescape(s: string): string {
  return s.replace(/\\x([0-9a-f]{2})|\\u([0-9a-f]{4})|\\(.)/gi, (_, x: string, u: string, c: string) => (x ? String.fromCharCode(parseInt(x, 16)) : u ? String.fromCharCode(parseInt(u, 16)) : c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

/** ERR_INVALID_ARG_TYPE's "Received …": "type number (1.5)", "undefined", "null", "an instance of Date", "function f". */
function receivedOfType(text: string): Said['received'] {
  const t = text.trim().replace(/\.$/, '');
  if (t === 'undefined') return undefined;
  if (t === 'null') return { value: null };
  const m = /^type \w+ \((.*)\)$/s.exec(t);
  const got = m ? inspected(m[1]) : undefined;
  // A string longer than 28 characters is cut to 25 and "..." inside its quotes ("('xxxxxxxxxxxxxxxxxxxxxxxxx...')").
  if (got && typeof got.value === 'string' && got.value.length === 28 && got.value.endsWith('...')) return { value: got.value.slice(0, 25), prefix: true };
  return got;
}

/** The JSON type a node type list names first: "string", "number", "boolean", "an instance of Array", "a safe integer", "('a|b')". */
function typeList(text: string): JsonType | undefined {
  const t = text.trim();
  if (/^(?:an? )?(?:safe |unsigned |signed |32-bit )*integer\b/.test(t)) return 'integer';
  for (const word of t.split(/,\s*(?:or\s+)?|\s+or\s+|\s+/)) {
    if (/^(?:Array|array)$/.test(word)) return 'array';
    if (/^(?:Object|object|Map)$/.test(word)) return 'object';
    const type = /^(?:string|number|boolean|bigint|integer)$/.test(word) ? typeWord(word === 'bigint' ? 'integer' : word) : undefined;
    if (type) return type;
  }
  return undefined;
}

/** ERR_OUT_OF_RANGE's "It must be …": ">= 0 && <= 10", ">= -1 and <= 9", "<= 1", "> 0", "an integer", "an unsigned integer". */
function range(text: string): Expected {
  const lo = /(>=|>)\s*(-?\d[\d_]*(?:\.\d+)?)/.exec(text);
  const hi = /(<=|<)\s*(-?\d[\d_]*(?:\.\d+)?)/.exec(text);
  const num = (s: string) => Number(s.replace(/_/g, ''));
  const integer = /\binteger\b/.test(text);
  const expected: Expected = {};
  if (lo) expected.min = lo[1] === '>' && Number.isInteger(num(lo[2])) ? num(lo[2]) + 1 : num(lo[2]);
  if (hi) expected.max = hi[1] === '<' && Number.isInteger(num(hi[2])) ? num(hi[2]) - 1 : num(hi[2]);
  if (/\bunsigned\b/.test(text) && expected.min === undefined) expected.min = 0;
  if (integer) expected.type = 'integer';
  return expected;
}

/** The three messages, after an optional "TypeError [ERR_…]: ", "ERR_…: " or "[ERR_…]: ". */
const ARG_TYPE = /The (?:"([^"\n]{1,120})"|first|second|third) (?:argument|property) must be (?:one of type |of type |)([^\n]+?)\. Received ([^\n]*)/m;
const OUT_OF_RANGE = /The value of "([^"\n]{1,120})" is out of range\. It must be ([^\n]+?)\. Received ([^\n]*)/m;
const ARG_VALUE = /The (?:argument|property) '([^'\n]{1,120})' ([^\n]+?)\. Received ([^\n]*)/m;

function said(text: string): Said | undefined {
  let m: RegExpExecArray | null;
  // A sentence's full stop after what it received (not the "..." of a cut value).
  const received = (raw: string) => raw.trim().replace(/(?<!\.)\.$/, '');
  if ((m = ARG_TYPE.exec(text))) {
    return { name: m[1] ?? '', problem: 'type', expected: { type: typeList(m[2]) }, received: receivedOfType(received(m[3])) };
  }
  if ((m = OUT_OF_RANGE.exec(text))) return { name: m[1], problem: 'range', expected: range(m[2]), received: inspected(received(m[3])) };
  if ((m = ARG_VALUE.exec(text))) {
    const reason = m[2];
    const got = inspected(received(m[3]));
    if (/^is invalid$/.test(reason)) return { name: m[1], problem: 'invalid', expected: {}, received: got };
    if (/^cannot be empty$/.test(reason)) return { name: m[1], problem: 'length', expected: { min: 1 }, received: got };
    const oneOf = /^must be one of:? (.+)$/.exec(reason);
    if (oneOf) return { name: m[1], problem: 'enum', expected: { values: oneOf[1].split(/,\s*/).map((v) => inspected(v)?.value ?? v.trim()) }, received: got };
    const match = /^must match (?:pattern |the pattern |regular expression )?\/(.+)\/[a-z]*$/.exec(reason);
    if (match) return { name: m[1], problem: 'pattern', expected: { pattern: match[1] }, received: got };
    const expected = Object.fromEntries(Object.entries(expectedIn(reason)).filter(([, v]) => v !== undefined)) as Expected;
    return { name: m[1], problem: problemFromExpected(expected, reason), expected, received: got };
  }
  return undefined;
}

/** The one sent string argument that starts with a cut value ("'aaaaaaaaaaaaaaaaaaaaaaaaa'..."). */
function byPrefix(call: CallView, prefix: string): string[] | undefined {
  const paths = knownPaths(call).filter((p) => {
    const v = sentAt(call, p).value;
    return typeof v === 'string' && v.startsWith(prefix);
  });
  return paths.length === 1 ? paths[0] : undefined;
}

/**
 * The argument meant: the name node quotes when it is one of the call's (dotted: "filter.limit") and was sent, or when
 * node received nothing there; else the one argument sent with the value it received (the name then being the parameter
 * of the node API the server called, "size", "path", "The first argument").
 */
function located(s: Said, call: CallView): string[] | undefined {
  const named = s.name === '' ? undefined : resolvePath(dottedSegments(s.name), call);
  if (named && (sentAt(call, named).sent || !s.received)) return named;
  const byReceived = !s.received ? undefined : s.received.prefix ? byPrefix(call, s.received.value as string) : byValue(call, s.received.value);
  return byReceived ?? named;
}

export const nodeArgsReader: FormatReader = {
  format: 'node-args',
  read(answer, call) {
    return readTexts(answer.texts, (text): Culprit[] | undefined => {
      const s = said(text);
      if (!s) return undefined;
      const path = located(s, call);
      const evidence = (ARG_TYPE.exec(text) ?? OUT_OF_RANGE.exec(text) ?? ARG_VALUE.exec(text))![0];
      return path ? [culprit(call, 'node-args', path, s.problem, evidence, s.expected)] : [];
    });
  },
};
