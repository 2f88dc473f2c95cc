// Pydantic 2: "1 validation error for Model\nfield\n  Field required [type=missing, …]" and errors() as JSON ({type, loc, msg, input}).
import { isRecord } from '../../util/guards.js';
import type { CallView, Culprit, Problem } from '../diagnosis.js';
import type { FormatReader } from '../culprit.js';
import { culprit } from '../culprit.js';
import type { Expected } from '../expected.js';
import { formatWord, parseList, typeWord } from '../expected.js';
import { resolveNearest, resolvePath } from '../names.js';

/** Pydantic's error type, as a problem. */
function problemOf(type: string): Problem {
  if (/^missing/.test(type)) return 'missing';
  if (type === 'extra_forbidden' || /^unexpected_/.test(type)) return 'unexpected';
  if (type === 'literal_error' || type === 'enum') return 'enum';
  if (/^(?:greater_than|less_than|multiple_of|finite_number)/.test(type)) return 'range';
  if (/too_(?:short|long)$/.test(type)) return 'length';
  if (type === 'string_pattern_mismatch') return 'pattern';
  if (/^(?:date|datetime|time|timedelta|uuid|url)_/.test(type)) return 'format';
  if (/_(?:type|parsing)$|^int_from_float$|^none_required$/.test(type)) return 'type';
  return 'invalid';
}

/** What a pydantic message says is expected ("Input should be a valid integer", "Input should be 'a', 'b' or 'c'", "… less than or equal to 50"). */
function expectedOf(type: string, msg: string): Expected {
  let m: RegExpExecArray | null;
  if ((m = /^Input should be a valid (\w+)/.exec(msg)) && problemOf(type) === 'type') return { type: typeWord(m[1]) };
  if ((type === 'literal_error' || type === 'enum') && (m = /^Input should be (.+)$/.exec(msg))) return { values: parseList(m[1]) };
  if ((m = /(?:greater than or equal to|greater than) (-?\d+(?:\.\d+)?)/.exec(msg))) return { min: Number(m[1]) };
  if ((m = /(?:less than or equal to|less than) (-?\d+(?:\.\d+)?)/.exec(msg))) return { max: Number(m[1]) };
  if ((m = /should have at least (\d+)/.exec(msg))) return { min: Number(m[1]) };
  if ((m = /should have at most (\d+)/.exec(msg))) return { max: Number(m[1]) };
  if ((m = /^String should match pattern '(.*)'$/.exec(msg))) return { pattern: m[1] };
  if (/^date_/.test(type)) return { format: 'date' };
  if (/^datetime_/.test(type)) return { format: 'date-time' };
  if (/^time_/.test(type)) return { format: 'time' };
  if (/^uuid_/.test(type)) return { format: 'uuid' };
  if (/^url_/.test(type)) return { format: 'uri' };
  return { format: type === 'value_error' ? formatWord(msg) : undefined };
}

/** A location line's items: "filter.0.status", with items that hold a dot in backticks. */
function locItems(loc: string): string[] {
  return [...loc.matchAll(/`([^`]*)`|([^.]+)/g)].map((m) => m[1] ?? m[2]);
}

function located(loc: readonly (string | number)[], type: string, msg: string, evidence: string, call: CallView): Culprit | undefined {
  let problem = problemOf(type);
  const expected = expectedOf(type, msg);
  if (problem === 'invalid' && expected.format) problem = 'format';
  if (problem === 'unexpected') {
    const path = resolvePath(loc, call);
    return path ? culprit(call, 'pydantic-v2', path, problem, evidence) : undefined;
  }
  const at = resolveNearest(loc, call);
  if (!at) return undefined;
  return at.exact ? culprit(call, 'pydantic-v2', at.path, problem, evidence, expected) : culprit(call, 'pydantic-v2', at.path, 'invalid', evidence);
}

/** One printed error: its location line, then "  msg [type=…, input_value=…, input_type=…]". */
const PRINTED = /^(\S[^\n]*)\n {2}([^\n]*?) \[type=([a-z_]+)(?:,[^\n]*)?\]/gm;
const HEADER = /\b\d+ validation errors? for [^\n]+/;

/** errors() as JSON: {type, loc, msg}. */
function isPydanticError(v: unknown): v is { type: string; loc: (string | number)[]; msg: string } {
  return isRecord(v) && typeof v.type === 'string' && Array.isArray(v.loc) && typeof v.msg === 'string';
}

function* pydanticErrors(value: unknown, depth = 0): Generator<{ type: string; loc: (string | number)[]; msg: string }> {
  if (depth > 4) return;
  if (isPydanticError(value)) yield value;
  else if (Array.isArray(value)) for (const v of value.slice(0, 100)) yield* pydanticErrors(v, depth + 1);
  else if (isRecord(value)) for (const v of Object.values(value)) yield* pydanticErrors(v, depth + 1);
}

export const pydanticV2Reader: FormatReader = {
  format: 'pydantic-v2',
  read(answer, call) {
    const culprits: Culprit[] = [];
    const claimed: number[] = [];
    for (const root of answer.structured) {
      for (const e of pydanticErrors(root)) {
        // FastAPI puts "body" (and pydantic's validate_call a function name) before the field.
        const loc = e.loc.filter((s, i) => !(i === 0 && (s === 'body' || s === 'query')));
        const found = located(loc, e.type, e.msg, JSON.stringify(e), call);
        if (found) culprits.push(found);
      }
    }
    answer.texts.forEach((text, i) => {
      const header = HEADER.exec(text);
      if (!header) return;
      claimed.push(i);
      const body = text.slice(header.index + header[0].length + 1);
      PRINTED.lastIndex = 0;
      for (let m = PRINTED.exec(body); m !== null; m = PRINTED.exec(body)) {
        const found = located(locItems(m[1].trim()), m[3], m[2], `${m[1].trim()}: ${m[2]} [type=${m[3]}]`, call);
        if (found) culprits.push(found);
      }
    });
    return { culprits, claimed };
  },
};
