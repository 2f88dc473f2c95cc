// The agent's edit: the arguments with each culprit the answer located fixed, and nothing else touched. Once the answer
// has located a field, its valid value comes from what the answer says it should be, else from the field's schema, as a
// model would look it up.
import { isDeepStrictEqual } from 'node:util';
import type { JsonSchema } from '../types.js';
import { asSchema, normalizeSchema, propertySchemas, requiredProps } from '../schema/read.js';
import { jsonClone, minimalItem, minimalValue, validInContext } from '../schema/values.js';
import { isRecord } from '../util/guards.js';
import type { Culprit } from '../diagnose/diagnosis.js';
import { describedKind, describedValues, formatValues } from '../diagnose/expected.js';

/** The schema of the property at `path` of an object schema, or undefined when the schema does not declare it. */
export function schemaAt(schema: JsonSchema, path: readonly string[]): JsonSchema | undefined {
  let at: JsonSchema = schema;
  for (const key of path) {
    const props = propertySchemas(at, schema);
    if (!Object.hasOwn(props, key)) return undefined;
    at = props[key];
  }
  return at;
}

/** The answer's expectation as schema keywords (what it says the value should be). */
function expectationSchema(expected: Culprit['expected']): Record<string, unknown> {
  if (expected === undefined) return {};
  const keywords: Record<string, unknown> = {};
  if (expected.type !== undefined) keywords.type = expected.type;
  if (expected.min !== undefined) keywords[expected.type === 'string' ? 'minLength' : 'minimum'] = expected.min;
  if (expected.max !== undefined) keywords[expected.type === 'string' ? 'maxLength' : 'maximum'] = expected.max;
  if (expected.pattern !== undefined) keywords.pattern = expected.pattern.replace(/^\/(.*)\/[a-z]*$/s, '$1'); // "/^ord_\d+$/" as zod prints it
  if (expected.format !== undefined) keywords.format = expected.format;
  return keywords;
}

/** The values a field's own schema shows as examples, as a model reads them: `examples`, then its description's ("e.g. X", "such as X, Y", "(default: x)", "one of: a, b", "Format: YYYY-MM-DD"). */
export function exampleValues(field: JsonSchema | undefined): unknown[] {
  if (!isRecord(field)) return [];
  const out: unknown[] = Array.isArray(field.examples) ? [...field.examples] : [];
  if (typeof field.description === 'string') out.push(...describedValues(field.description));
  return out;
}

/** Values of the kind of string the field's title or description names in words ("IANA time zone", "start date", "callback URL"). */
function kindValues(field: JsonSchema | undefined): unknown[] {
  if (!isRecord(field)) return [];
  const words = [field.title, field.description].filter((w): w is string => typeof w === 'string').join('. ');
  return describedKind(words)?.values ?? [];
}

/** Other values the schema may accept, for when its smallest is the one the call just sent: other enum values, the other boolean, near the bounds, a longer string. */
function alternatives(field: JsonSchema, root: JsonSchema): unknown[] {
  const s = normalizeSchema(field, root);
  if (!isRecord(s)) return [];
  const out: unknown[] = Array.isArray(s.enum) ? [...s.enum] : [];
  for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const) {
    const bound = s[key];
    if (typeof bound === 'number') out.push(bound, bound + 1, bound - 1);
  }
  out.push(true, false, 2, 10, 'ab', 'example');
  return out;
}

/** A field's examples and values of the kind its words name, read once per field (a schema object lives as long as its tool). */
const wordsRead = new WeakMap<object, unknown[]>();
function fieldWords(field: JsonSchema | undefined): unknown[] {
  if (!isRecord(field)) return [];
  let values = wordsRead.get(field);
  if (values === undefined) wordsRead.set(field, (values = [...exampleValues(field), ...kindValues(field)]));
  return values;
}

/** A value as a model fills it in: a list with one item rather than none, where the schema takes one. */
function filled(value: unknown, field: JsonSchema, root: JsonSchema): unknown {
  if (!Array.isArray(value) || value.length > 0) return value;
  const one = [minimalItem(field, root)];
  return accepts(field, root, one) ? one : value;
}

/**
 * A value for the culprit: the first of these that the field's schema accepts and that is not the value the call just
 * sent (the answer refused it): a value the answer offers; an example the field's schema or description shows; a value
 * of the kind its description names in words ("the start date") or of the format the answer names; the smallest value
 * the field's schema and the answer's expectation accept (a list with one item rather than none); another value the
 * schema accepts. Undefined when nothing says anything.
 */
function valueFor(culprit: Culprit, field: JsonSchema | undefined, root: JsonSchema, sent: { sent: boolean; value?: unknown }): unknown {
  const fresh = (value: unknown) => value !== undefined && !(sent.sent && isDeepStrictEqual(value, sent.value));
  const fits = (value: unknown) => fresh(value) && (field === undefined || accepts(field, root, value));
  const answerFormat = culprit.expected?.format !== undefined ? formatValues(culprit.expected.format) : [];
  const described = [...(culprit.expected?.values ?? []), ...fieldWords(field), ...answerFormat].find(fits);
  if (described !== undefined) return jsonClone(described);
  const said = expectationSchema(culprit.expected);
  if (field === undefined) {
    const value = Object.keys(said).length > 0 ? minimalValue(said) : undefined;
    return fresh(value) ? value : undefined;
  }
  const s = asSchema(field);
  // The answer may say more than the schema (a format it leaves out, one of the types it allows): a value for what the
  // answer says, that the schema accepts too; else the schema with what the answer adds; else the schema alone.
  const smallest: unknown[] = [];
  if (isRecord(s) && Object.keys(said).length > 0) for (const merged of [{ ...s, ...said }, { ...said, ...s }]) smallest.push(filled(minimalValue(merged, root), s, root));
  smallest.push(filled(minimalValue(s, root), s, root));
  const value = [...smallest, ...alternatives(s, root)].find(fits);
  return value !== undefined ? jsonClone(value) : undefined;
}

/** Does the field's schema (checked with the root's definitions, so its $refs resolve; compiled once per field) accept the value? */
function accepts(field: JsonSchema, root: JsonSchema, value: unknown): boolean {
  return isRecord(field) ? validInContext(field, root, value) : field !== false;
}

/** The container of `path`'s last key in `value`, made where missing (objects only). */
function parentOf(value: Record<string, unknown>, path: readonly string[], make: boolean): Record<string, unknown> | unknown[] | undefined {
  let at: unknown = value;
  for (const key of path.slice(0, -1)) {
    if (Array.isArray(at)) at = at[Number(key)];
    else if (isRecord(at)) {
      if (!isRecord(at[key]) && !Array.isArray(at[key])) {
        if (!make) return undefined;
        at[key] = {};
      }
      at = at[key];
    } else return undefined;
  }
  return isRecord(at) || Array.isArray(at) ? at : undefined;
}

/** The value the call sent at `path`, if it sent one. */
function sentValue(args: Record<string, unknown>, path: readonly string[]): { sent: boolean; value?: unknown } {
  let at: unknown = args;
  for (const key of path) {
    if (isRecord(at) && Object.hasOwn(at, key)) at = at[key];
    else if (Array.isArray(at) && /^\d+$/.test(key) && Number(key) < at.length) at = at[Number(key)];
    else return { sent: false };
  }
  return { sent: true, value: at };
}

/** Does the field's schema say what it takes: examples or a kind in its words, allowed values, a format or a pattern? */
function saysWhatItTakes(field: JsonSchema | undefined, root: JsonSchema): boolean {
  const s = field === undefined ? undefined : normalizeSchema(field, root);
  return isRecord(s) && (fieldWords(s).length > 0 || fieldWords(field).length > 0 || Array.isArray(s.enum) || 'const' in s || typeof s.format === 'string' || typeof s.pattern === 'string');
}

/** Is the property at `path` one its object declares and does not require (a top-level or nested property, not an array item)? */
function optional(schema: JsonSchema, path: readonly string[]): boolean {
  const last = path[path.length - 1];
  if (/^\d+$/.test(last)) return false;
  const parent = path.length === 1 ? schema : schemaAt(schema, path.slice(0, -1));
  return parent !== undefined && Object.hasOwn(propertySchemas(parent, schema), last) && !requiredProps(parent, schema).includes(last);
}

/** The arguments with every located culprit fixed; the same object's copy when nothing could be changed. */
export function fixArguments(args: Record<string, unknown>, culprits: readonly Culprit[], schema: JsonSchema): Record<string, unknown> {
  const fixed = jsonClone(args);
  for (const culprit of culprits) {
    if (culprit.path.length === 0) continue;
    const last = culprit.path[culprit.path.length - 1];
    // An argument the answer calls unknown is removed; so is an optional one it rejects without saying what it should be
    // (what the tool does not need, a model leaves out, rather than guess a value).
    if (culprit.problem === 'unexpected' || (culprit.problem === 'invalid' && culprit.expected === undefined && optional(schema, culprit.path) && sentValue(args, culprit.path).sent && !saysWhatItTakes(schemaAt(schema, culprit.path), schema))) {
      const parent = parentOf(fixed, culprit.path, false);
      if (isRecord(parent)) delete parent[last];
      continue;
    }
    const value = valueFor(culprit, schemaAt(schema, culprit.path), schema, sentValue(args, culprit.path));
    if (value === undefined) continue;
    const parent = parentOf(fixed, culprit.path, true);
    if (Array.isArray(parent)) parent[Number(last)] = value;
    else if (parent !== undefined) parent[last] = value;
  }
  return fixed;
}

