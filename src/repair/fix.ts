// The agent's edit: the arguments with each culprit the answer located fixed, and nothing else touched. Once the answer
// has located a field, its valid value comes from what the answer says it should be, else from the field's schema, as a
// model would look it up.
import type { JsonSchema } from '../types.js';
import { asSchema, propertySchemas } from '../schema/read.js';
import { jsonClone, minimalValue, validInContext } from '../schema/values.js';
import { isRecord } from '../util/guards.js';
import type { Culprit } from './diagnosis.js';

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

/** A cue that an example value follows, in a field's description: "IANA timezone name, e.g. Asia/Shanghai". */
const EXAMPLE = /(?:\be\.g\.|\beg\.|\bfor example\b|\bfor instance\b|\bsuch as\b|\bexamples?:)\s*,?\s*(?:["'`‘“]([^"'`’”\n]{1,100})["'`’”]|([^\s,;()]{1,100}))/gi;

/** The values a field's own schema shows as examples, as a model reads them: `examples`, then "e.g. X" in its description. */
export function exampleValues(field: JsonSchema | undefined): unknown[] {
  if (!isRecord(field)) return [];
  const out: unknown[] = Array.isArray(field.examples) ? [...field.examples] : [];
  const description = typeof field.description === 'string' ? field.description : '';
  for (const m of description.matchAll(EXAMPLE)) {
    const example = (m[1] ?? m[2].replace(/[.:]+$/, '')).trim();
    if (example === '') continue;
    out.push(example);
    if (/^-?\d+(?:\.\d+)?$/.test(example)) out.push(Number(example));
  }
  return out;
}

/**
 * A value for the culprit: a value the answer offers that the field accepts, else an example the field's schema or
 * description shows, else one from the field's schema and the answer's expectation; undefined when nothing says anything.
 */
function valueFor(culprit: Culprit, field: JsonSchema | undefined, root: JsonSchema): unknown {
  const offered = [...(culprit.expected?.values ?? []), ...exampleValues(field)];
  const accepted = offered.find((value) => field === undefined || accepts(field, root, value));
  if (accepted !== undefined) return jsonClone(accepted);
  const said = expectationSchema(culprit.expected);
  if (field === undefined) return Object.keys(said).length > 0 ? minimalValue(said) : undefined;
  const s = asSchema(field);
  // The answer may say more than the schema (a format it leaves out, one of the types it allows): a value for what the
  // answer says, that the schema accepts too; else the schema with what the answer adds; else the schema alone.
  if (isRecord(s) && Object.keys(said).length > 0) {
    for (const merged of [{ ...s, ...said }, { ...said, ...s }]) {
      const value = minimalValue(merged, root);
      if (value !== undefined && accepts(s, root, value)) return value;
    }
  }
  return minimalValue(s, root);
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

/** The arguments with every located culprit fixed; the same object's copy when nothing could be changed. */
export function fixArguments(args: Record<string, unknown>, culprits: readonly Culprit[], schema: JsonSchema): Record<string, unknown> {
  const fixed = jsonClone(args);
  for (const culprit of culprits) {
    if (culprit.path.length === 0) continue;
    const last = culprit.path[culprit.path.length - 1];
    if (culprit.problem === 'unexpected') {
      const parent = parentOf(fixed, culprit.path, false);
      if (isRecord(parent)) delete parent[last];
      continue;
    }
    const value = valueFor(culprit, schemaAt(schema, culprit.path), schema);
    if (value === undefined) continue;
    const parent = parentOf(fixed, culprit.path, true);
    if (Array.isArray(parent)) parent[Number(last)] = value;
    else if (parent !== undefined) parent[last] = value;
  }
  return fixed;
}

