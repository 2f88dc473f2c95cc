// Structured error metadata (rulebook §5): an object that names the field ({field, expected, allowedValues, …}) wherever the answer carries one.
import { isRecord } from '../../util/guards.js';
import type { AnswerView, CallView, Culprit, Problem } from '../diagnosis.js';
import type { FormatReader, Reading } from '../culprit.js';
import { culprit } from '../culprit.js';
import type { Expected } from '../expected.js';
import { expectedIn, parseList, problemFromExpected, typeWord } from '../expected.js';
import { dottedSegments, pointerSegments, resolveMention, resolvePath } from '../names.js';

/** Keys that name the argument an error is about (Google's fieldViolations, RFC 7807 invalid-params, home-made shapes). */
const FIELD_KEYS = ['field', 'fieldName', 'field_name', 'param', 'parameter', 'paramName', 'argument', 'argumentName', 'arg', 'property', 'propertyName', 'pointer', 'jsonPointer', 'path', 'name'];
const VALUES_KEYS = ['allowedValues', 'allowed_values', 'allowed', 'validValues', 'valid_values', 'acceptedValues', 'options', 'choices', 'enum', 'suggestions', 'suggestedValues', 'suggested_values', 'suggestion', 'didYouMean', 'expectedValues'];
const PROBLEM_KEYS = ['code', 'reason', 'kind', 'type', 'rule', 'constraint', 'keyword', 'error', 'issue', 'errorCode'];
const MESSAGE_KEYS = ['message', 'msg', 'description', 'detail', 'details', 'reason', 'hint', 'userMessage', 'customerMessage'];
const MAX_DEPTH = 5;

/** Problem words a code or reason uses ("required", "INVALID_TYPE", "out_of_range", "not_in_enum"). */
function problemWord(value: unknown): Problem | undefined {
  if (typeof value !== 'string') return undefined;
  const w = value.toLowerCase().replace(/[\s-]+/g, '_');
  if (/missing|required|absent/.test(w)) return 'missing';
  if (/unexpected|unknown_(?:field|param|argument|key|property)|unrecognized|additional|extra|not_allowed_field/.test(w)) return 'unexpected';
  if (/enum|one_of|not_in|invalid_(?:value|option|choice)|literal|choice/.test(w)) return 'enum';
  if (/type/.test(w)) return 'type';
  if (/range|minimum|maximum|too_(?:small|big|large|low|high)|greater|less|bound/.test(w)) return 'range';
  if (/length|too_(?:short|long)|min_?items|max_?items|min_?length|max_?length/.test(w)) return 'length';
  if (/pattern|regex|match/.test(w)) return 'pattern';
  if (/format|email|uri|url|date|uuid/.test(w)) return 'format';
  if (/invalid|bad|malformed/.test(w)) return 'invalid';
  return undefined;
}

function firstString(obj: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const k of keys) if (typeof obj[k] === 'string' && (obj[k] as string).trim() !== '') return obj[k] as string;
  return undefined;
}

/** The argument path a field value names: "order_id", "/filter/status", "filter.status", ["filter", "status"]. */
function fieldPath(value: unknown, call: CallView): string[] | undefined {
  if (Array.isArray(value) && value.length > 0 && value.every((s) => typeof s === 'string' || typeof s === 'number')) return resolvePath(value, call);
  if (typeof value !== 'string') return undefined;
  if (value.startsWith('/')) return resolvePath(pointerSegments(value), call);
  return resolveMention(value, call) ?? resolvePath(dottedSegments(value), call);
}

/** What the object says the value should be: an `expected` (type word, list, or {type, min, …}), allowed values, bounds. */
function expectedOf(obj: Record<string, unknown>, message: string | undefined): Expected {
  const said = message ? expectedIn(message) : {};
  const exp = obj.expected ?? obj.expectedType ?? obj.expected_type;
  const fromExpected: Expected = {};
  if (typeof exp === 'string') {
    const t = typeWord(exp);
    const said = expectedIn(exp);
    if (t) fromExpected.type = t;
    else if (Object.values(said).some((v) => v !== undefined)) Object.assign(fromExpected, said);
    else if (/[|,]/.test(exp)) fromExpected.values = parseList(exp);
  } else if (Array.isArray(exp)) fromExpected.values = exp;
  else if (isRecord(exp)) {
    fromExpected.type = typeWord(typeof exp.type === 'string' ? exp.type : undefined);
    if (Array.isArray(exp.values ?? exp.enum)) fromExpected.values = (exp.values ?? exp.enum) as unknown[];
    for (const [k, side] of [['min', 'min'], ['minimum', 'min'], ['max', 'max'], ['maximum', 'max']] as const) if (typeof exp[k] === 'number') fromExpected[side] = exp[k] as number;
    if (typeof exp.pattern === 'string') fromExpected.pattern = exp.pattern;
    if (typeof exp.format === 'string') fromExpected.format = exp.format;
  }
  const listed = VALUES_KEYS.map((k) => obj[k]).find((v) => Array.isArray(v) || typeof v === 'string');
  const values = Array.isArray(listed) ? listed : typeof listed === 'string' ? [listed] : undefined;
  const num = (k: string) => (typeof obj[k] === 'number' ? (obj[k] as number) : undefined);
  return {
    type: fromExpected.type ?? said.type,
    values: fromExpected.values ?? values ?? said.values,
    min: fromExpected.min ?? num('min') ?? num('minimum') ?? num('minLength') ?? said.min,
    max: fromExpected.max ?? num('max') ?? num('maximum') ?? num('maxLength') ?? said.max,
    pattern: fromExpected.pattern ?? (typeof obj.pattern === 'string' ? obj.pattern : undefined) ?? said.pattern,
    format: fromExpected.format ?? (typeof obj.format === 'string' ? obj.format : undefined) ?? said.format,
  };
}

/** Shapes other readers own: zod issues, ajv errors, pydantic errors. */
function ownedElsewhere(obj: Record<string, unknown>): boolean {
  return (typeof obj.code === 'string' && Array.isArray(obj.path)) || 'instancePath' in obj || 'dataPath' in obj || ('loc' in obj && ('msg' in obj || 'type' in obj));
}

/** One object that names a field: the culprit it describes. */
function fromObject(obj: Record<string, unknown>, call: CallView): Culprit | undefined {
  if (ownedElsewhere(obj)) return undefined;
  // A field name alone is data ({"path": "/tmp/x"}); an error about a field says something more of it.
  const saysMore = [...PROBLEM_KEYS, ...MESSAGE_KEYS, ...VALUES_KEYS, 'expected', 'expectedType'].some((k) => obj[k] !== undefined);
  if (!saysMore) return undefined;
  for (const key of FIELD_KEYS) {
    if (!(key in obj)) continue;
    const path = fieldPath(obj[key], call);
    if (path === undefined) continue;
    const message = firstString(obj, MESSAGE_KEYS);
    const problem = PROBLEM_KEYS.map((k) => problemWord(obj[k])).find((p) => p !== undefined) ?? problemWord(message) ?? 'invalid';
    const expected = expectedOf(obj, message);
    const named = problem === 'invalid' ? problemFromExpected(expected, `${message ?? ''} ${typeof obj.expected === 'string' ? obj.expected : ''}`) : problem;
    return culprit(call, 'metadata', path, named, JSON.stringify(obj), expected);
  }
  return undefined;
}

/** Every object in a structured value, shallowest first, to a bounded depth. */
function* objects(value: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > MAX_DEPTH) return;
  if (isRecord(value)) {
    yield value;
    for (const v of Object.values(value)) yield* objects(v, depth + 1);
  } else if (Array.isArray(value)) for (const v of value.slice(0, 100)) yield* objects(v, depth + 1);
}

export const metadataReader: FormatReader = {
  format: 'metadata',
  read(answer: AnswerView, call: CallView): Reading {
    const culprits: Culprit[] = [];
    for (const root of answer.structured) {
      for (const obj of objects(root)) {
        const found = fromObject(obj, call);
        if (found) culprits.push(found);
      }
    }
    // §5's `field` and `expected` as the metadata extraction found them (also under a user's own names).
    const field = answer.metadata.fields.field?.value;
    const path = field === undefined ? undefined : fieldPath(field, call);
    if (path !== undefined && !culprits.some((c) => c.path.join('\0') === path.join('\0'))) {
      const expected = answer.metadata.fields.expected ? expectedOf({ expected: answer.metadata.fields.expected.value }, undefined) : {};
      const said = answer.metadata.fields.expected?.value;
      culprits.push(culprit(call, 'metadata', path, problemFromExpected(expected, typeof said === 'string' ? said : ''), `${answer.metadata.fields.field!.where}: ${JSON.stringify(field)}`, expected));
    }
    return { culprits, claimed: [] };
  },
};
