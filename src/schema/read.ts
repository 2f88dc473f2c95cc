// Reading a JSON Schema as the probes need it: $ref and allOf resolved, required and declared properties, the JSON types
// a schema accepts, numeric ranges and steps, array items, the schema of an undeclared property. No values are made here.
import type { JsonSchema } from '../types.js';
import { isRecord } from '../util/guards.js';
import { safeRegExp } from '../util/safe-regex.js';

/** A schema that is an object (not `true`/`false`), as the keyword readers take it. */
export type SchemaObject = Record<string, unknown>;

/**
 * JSON types as the probes see them. 'integer' and 'number' are disjoint here: 'integer' is a whole
 * number, 'number' a non-integer one, so `type: 'number'` allows both and `type: 'integer'` only 'integer'.
 */
export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';
export const JSON_TYPES: readonly JsonType[] = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

/** Bound on $ref/anyOf/allOf hops that do not descend into data, so cyclic schemas terminate. */
export const MAX_NEST = 24;

/** Anything that is not a schema (a missing inputSchema, `items: "x"` in a sloppy one) is read as `true`: no constraint. */
export function asSchema(value: unknown): JsonSchema {
  return typeof value === 'boolean' || isRecord(value) ? value : true;
}

function resolveRef(ref: string, root: JsonSchema): JsonSchema | undefined {
  if (!ref.startsWith('#')) return undefined;
  const pointer = ref.slice(1);
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let node: unknown = root;
  for (const raw of pointer.split('/').slice(1)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isRecord(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return typeof node === 'boolean' || isRecord(node) ? node : undefined;
}

/** Follow `$ref`s (local pointers only); sibling keywords are kept and merged, as in 2020-12. */
function deref(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; isRecord(current) && typeof current.$ref === 'string'; hops++) {
    const { $ref, ...siblings } = current;
    if (hops >= MAX_NEST) return siblings;
    const target = resolveRef($ref as string, root);
    if (target === undefined || target === true) return siblings;
    if (target === false) return false;
    current = Object.keys(siblings).length > 0 ? mergeSchemas(siblings, target) : target;
  }
  return current;
}

function typeKeyword(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((t): t is string => typeof t === 'string');
  return undefined;
}

function intersectTypes(a: string[], b: string[]): string[] {
  const out = new Set<string>();
  for (const t of a) {
    if (b.includes(t)) out.add(t);
    else if ((t === 'integer' && b.includes('number')) || (t === 'number' && b.includes('integer'))) out.add('integer');
  }
  return [...out];
}

const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];

/** Best-effort conjunction of two schemas (for allOf and $ref siblings); unmergeable keywords keep the first. */
function mergeSchemas(a: SchemaObject, b: JsonSchema): SchemaObject | false {
  if (b === false) return false;
  if (b === true) return a;
  const out: SchemaObject = { ...a };
  for (const [key, value] of Object.entries(b)) {
    if (!(key in out)) {
      out[key] = value;
      continue;
    }
    const mine = out[key];
    if (key === 'type') {
      const ta = typeKeyword(mine);
      const tb = typeKeyword(value);
      if (ta && tb) out.type = intersectTypes(ta, tb);
    } else if (key === 'required' && Array.isArray(mine) && Array.isArray(value)) {
      out.required = [...new Set([...mine, ...value])];
    } else if (key === 'properties' && isRecord(mine) && isRecord(value)) {
      const props: SchemaObject = { ...mine };
      for (const [name, sub] of Object.entries(value)) {
        props[name] = Object.hasOwn(props, name) ? { allOf: [props[name], sub] } : sub;
      }
      out.properties = props;
    } else if (LOWER_BOUNDS.includes(key) && typeof mine === 'number' && typeof value === 'number') {
      out[key] = Math.max(mine, value);
    } else if (UPPER_BOUNDS.includes(key) && typeof mine === 'number' && typeof value === 'number') {
      out[key] = Math.min(mine, value);
    } else if (key === 'enum' && Array.isArray(mine) && Array.isArray(value)) {
      const keep = new Set(value.map((v) => JSON.stringify(v)));
      out.enum = mine.filter((v) => keep.has(JSON.stringify(v)));
    } else if ((key === 'additionalProperties' || key === 'items') && mine !== value) {
      out[key] = mine === false || value === false ? false : mine === true ? value : value === true ? mine : { allOf: [mine, value] };
    }
  }
  return out;
}

/**
 * Resolve `$ref`s and fold `allOf` into one schema object (best effort). `anyOf`/`oneOf` are left in place. `nest` is
 * the hops already taken by a caller that recurses (the value and arbitrary builders), so cyclic schemas terminate.
 */
export function normalizeSchema(schema: JsonSchema, root: JsonSchema = schema, nest = 0): JsonSchema {
  const s = deref(asSchema(schema), root);
  if (!isRecord(s) || !Array.isArray(s.allOf)) return s;
  const { allOf, ...rest } = s;
  let merged: SchemaObject | false = rest;
  for (const member of allOf as unknown[]) {
    if (nest >= MAX_NEST) break;
    merged = mergeSchemas(merged, normalizeSchema(asSchema(member), root, nest + 1));
    if (merged === false) return false;
  }
  return merged;
}

/** The alternatives of an `anyOf`/`oneOf`, each conjoined with the keywords beside it; null when there are none. */
export function branchesOf(s: SchemaObject): JsonSchema[] | null {
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = s[key];
    if (Array.isArray(list) && list.length > 0) {
      const { [key]: _, ...rest } = s;
      return list.map((branch) => ({ allOf: [rest, asSchema(branch)] }));
    }
  }
  return null;
}

/** The distinct strings of a keyword's list (`required`), or none when it is not a list. */
export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? [...new Set(value.filter((v): v is string => typeof v === 'string'))] : [];
}

/** Required property names of an object schema (after $ref and allOf). */
export function requiredProps(schema: JsonSchema, root: JsonSchema = schema): string[] {
  const s = normalizeSchema(schema, root);
  return isRecord(s) ? stringList(s.required) : [];
}

/** Declared properties of an object schema (after $ref and allOf), name → subschema (may contain `$ref`s into root). */
export function propertySchemas(schema: JsonSchema, root: JsonSchema = schema): Record<string, JsonSchema> {
  const s = normalizeSchema(schema, root);
  if (!isRecord(s) || !isRecord(s.properties)) return {};
  const out: Record<string, JsonSchema> = {};
  for (const [name, sub] of Object.entries(s.properties)) Object.defineProperty(out, name, { value: asSchema(sub), enumerable: true, writable: true, configurable: true });
  return out;
}

/** The JSON type of a value, with integers and non-integers told apart as in {@link JsonType}. */
export function jsonTypeOfValue(value: unknown): JsonType | undefined {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'object':
      return 'object';
    default:
      return undefined;
  }
}

/**
 * The JSON types a schema can accept, or null when it does not restrict the type. Sound rather
 * than tight: keywords it does not model (`not`, `if`) can only make the real set smaller.
 * `type: 'number'` yields both 'number' and 'integer' (see {@link JsonType}).
 */
export function jsonTypesOf(schema: JsonSchema, root: JsonSchema = schema): JsonType[] | null {
  const set = allowedTypes(schema, root, 0);
  return set === null ? null : JSON_TYPES.filter((t) => set.has(t));
}

function allowedTypes(schema: JsonSchema, root: JsonSchema, nest: number): Set<JsonType> | null {
  if (nest > MAX_NEST) return null;
  const s = deref(asSchema(schema), root);
  if (s === true) return null;
  if (s === false) return new Set();
  let acc: Set<JsonType> | null = null;
  const meet = (next: Set<JsonType> | null) => {
    if (next !== null) acc = acc === null ? next : new Set([...acc].filter((t) => next.has(t)));
  };
  const declared = typeKeyword(s.type);
  if (declared) {
    const set = new Set<JsonType>();
    for (const t of declared) {
      if (t === 'number') set.add('number').add('integer');
      else if ((JSON_TYPES as readonly string[]).includes(t)) set.add(t as JsonType);
    }
    if (s.nullable === true) set.add('null');
    meet(set);
  }
  if ('const' in s) meet(new Set([jsonTypeOfValue(s.const)].filter((t): t is JsonType => t !== undefined)));
  if (Array.isArray(s.enum)) meet(new Set(s.enum.map(jsonTypeOfValue).filter((t): t is JsonType => t !== undefined)));
  if (Array.isArray(s.allOf)) for (const member of s.allOf) meet(allowedTypes(asSchema(member), root, nest + 1));
  for (const key of ['anyOf', 'oneOf']) {
    const list = s[key];
    if (!Array.isArray(list) || list.length === 0) continue;
    let union: Set<JsonType> | null = new Set();
    for (const branch of list) {
      const types = allowedTypes(asSchema(branch), root, nest + 1);
      if (types === null) {
        union = null;
        break;
      }
      for (const t of types) union.add(t);
    }
    meet(union);
  }
  return acc;
}

/** The JSON types a probe can put in place of a value that the schema rejects by type alone (excluding null). */
export function wrongTypesOf(schema: JsonSchema, root: JsonSchema = schema): JsonType[] {
  const allowed = jsonTypesOf(schema, root);
  return allowed === null ? [] : JSON_TYPES.filter((t) => t !== 'null' && !allowed.includes(t));
}

/** Does the schema accept null? (Unrestricted schemas do.) */
export function allowsNull(schema: JsonSchema, root: JsonSchema = schema): boolean {
  const allowed = jsonTypesOf(schema, root);
  return allowed === null || allowed.includes('null');
}

/** Numeric bounds, each inclusive or exclusive; an absent side is unbounded. */
export interface NumericRange {
  min?: number;
  max?: number;
  minExclusive: boolean;
  maxExclusive: boolean;
}

/** The numeric bounds of a schema, reading both draft-04 boolean and draft-06+ numeric exclusive bounds. */
export function numericRange(s: SchemaObject): NumericRange {
  const range: NumericRange = { minExclusive: false, maxExclusive: false };
  if (typeof s.minimum === 'number') range.min = s.minimum;
  if (typeof s.exclusiveMinimum === 'number' && (range.min === undefined || s.exclusiveMinimum >= range.min)) {
    range.min = s.exclusiveMinimum;
    range.minExclusive = true;
  } else if (s.exclusiveMinimum === true && range.min !== undefined) range.minExclusive = true;
  if (typeof s.maximum === 'number') range.max = s.maximum;
  if (typeof s.exclusiveMaximum === 'number' && (range.max === undefined || s.exclusiveMaximum <= range.max)) {
    range.max = s.exclusiveMaximum;
    range.maxExclusive = true;
  } else if (s.exclusiveMaximum === true && range.max !== undefined) range.maxExclusive = true;
  return range;
}

/** A count keyword's value (`minItems`, `maxLength`) as a whole number, or undefined when it is no usable count. */
export function nonNegativeInt(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;
}

const OBJECT_KEYWORDS = ['properties', 'required', 'additionalProperties', 'patternProperties', 'minProperties', 'maxProperties'];
const ARRAY_KEYWORDS = ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains'];
const STRING_KEYWORDS = ['minLength', 'maxLength', 'pattern', 'format'];
const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];

/** The types to generate: the declared ones, else the one the keywords suggest; null means any JSON value. */
export function generationTypes(s: SchemaObject): JsonType[] | null {
  const declared = typeKeyword(s.type);
  let types: JsonType[] | null;
  if (declared) types = JSON_TYPES.filter((t) => declared.includes(t) && t !== 'number').concat(declared.includes('number') ? ['number'] : []);
  else if (OBJECT_KEYWORDS.some((k) => k in s)) types = ['object'];
  else if (ARRAY_KEYWORDS.some((k) => k in s)) types = ['array'];
  else if (STRING_KEYWORDS.some((k) => k in s)) types = ['string'];
  else if (NUMBER_KEYWORDS.some((k) => k in s)) types = ['number'];
  else types = null;
  if (types && declared && s.nullable === true && !types.includes('null')) types = [...types, 'null'];
  return types;
}

/** The integers k with k·step inside the range; an unbounded side is cut at 100 steps so values stay small. */
export function stepRange(range: NumericRange, step: number): { lo: number; hi: number } {
  let lo = range.min === undefined ? -Infinity : range.minExclusive ? Math.floor(range.min / step) + 1 : Math.ceil(range.min / step);
  let hi = range.max === undefined ? Infinity : range.maxExclusive ? Math.ceil(range.max / step) - 1 : Math.floor(range.max / step);
  if (lo === -Infinity) lo = Math.min(-100, hi === Infinity ? -100 : hi - 100);
  if (hi === Infinity) hi = Math.max(100, lo + 100);
  return { lo: Math.max(lo, Number.MIN_SAFE_INTEGER), hi: Math.min(hi, Number.MAX_SAFE_INTEGER) };
}

/** k·step without binary noise (0.1·3 is 0.3, not 0.30000000000000004). */
export function roundStep(k: number, step: number): number {
  return step === 1 ? k : Number((k * step).toPrecision(12));
}

/** The step numbers move in: `multipleOf` (whole for integers), 1 for integers, none for free numbers. */
export function numberStep(s: SchemaObject, integer: boolean): number | undefined {
  const m = typeof s.multipleOf === 'number' && s.multipleOf > 0 ? s.multipleOf : undefined;
  if (m !== undefined) return integer && !Number.isInteger(m) ? Math.ceil(m) : m;
  return integer ? 1 : undefined;
}

/** Tuple items, then the schema for items past them (false: none allowed), across draft-07 and 2020-12 spellings. */
export function itemSchemas(s: SchemaObject): { prefix: JsonSchema[]; rest: JsonSchema } {
  if (Array.isArray(s.prefixItems)) return { prefix: s.prefixItems.map(asSchema), rest: 'items' in s ? asSchema(s.items) : true };
  if (Array.isArray(s.items)) return { prefix: s.items.map(asSchema), rest: 'additionalItems' in s ? asSchema(s.additionalItems) : true };
  return { prefix: [], rest: 'items' in s ? asSchema(s.items) : true };
}

/** The schema a property not listed in `properties` must satisfy. */
export function undeclaredPropertySchema(s: SchemaObject, name: string): JsonSchema {
  if (isRecord(s.patternProperties)) {
    for (const [pattern, sub] of Object.entries(s.patternProperties)) {
      try {
        if (safeRegExp(pattern, 'u').test(name)) return asSchema(sub);
      } catch {
        // an unparsable or unsafe pattern constrains nothing we can check
      }
    }
  }
  return 'additionalProperties' in s ? asSchema(s.additionalProperties) : true;
}

/** The names of declared properties whose schema accepts the type; free-form ones (no enum, const, pattern, format) first. */
export function propertiesAccepting(schema: JsonSchema, type: JsonType, root: JsonSchema = schema): string[] {
  const props = propertySchemas(schema, root);
  const names = Object.keys(props).filter((name) => jsonTypesOf(props[name], root)?.includes(type));
  const constrained = (name: string) => {
    const s = normalizeSchema(props[name], root);
    return isRecord(s) && ('enum' in s || 'const' in s || s.pattern !== undefined || s.format !== undefined);
  };
  return [...names.filter((n) => !constrained(n)), ...names.filter(constrained)];
}
