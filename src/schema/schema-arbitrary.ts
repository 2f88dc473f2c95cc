// The one JSON Schema → fast-check converter every probe uses, plus the schema helpers and ajv validation they share.
import fc from 'fast-check';
import { safeRegExp } from '../util/safe-regex.js';
import { boundedFilter, patternArbitrary } from './pattern.js';
import type { JsonSchema } from '../types.js';
import { isRecord } from '../util/guards.js';
import { ajvVerdict, releaseValidators, validatesAgainst } from './validate.js';
export { ajvFirstError, ajvVerdict, draftOf, schemaProblem, validatesAgainst, validatorFor } from './validate.js';

type SchemaObject = Record<string, unknown>;

/**
 * JSON types as the probes see them. 'integer' and 'number' are disjoint here: 'integer' is a whole
 * number, 'number' a non-integer one, so `type: 'number'` allows both and `type: 'integer'` only 'integer'.
 */
export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';
export const JSON_TYPES: readonly JsonType[] = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

export interface ArbitraryOptions {
  /** The document local `$ref`s resolve against (default: the schema itself). */
  root?: JsonSchema;
  /** Object/array nesting generated at random; deeper levels get a minimal valid value. Default 3. */
  maxDepth?: number;
}

/** Bound on $ref/anyOf/allOf hops that do not descend into data, so cyclic schemas terminate. */
const MAX_NEST = 24;
const SIZE = 'small' as const;
const DEFAULT_MAX_DEPTH = 3;

// ---------------------------------------------------------------------------------------------
// Schema reading
// ---------------------------------------------------------------------------------------------

// Re-exported for the probes that read schemas through this module.
export { isRecord };

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

/** Resolve `$ref`s and fold `allOf` into one schema object (best effort). `anyOf`/`oneOf` are left in place. */
export function normalizeSchema(schema: JsonSchema, root: JsonSchema = schema): JsonSchema {
  return normalize(schema, root, 0);
}

function normalize(schema: JsonSchema, root: JsonSchema, nest: number): JsonSchema {
  const s = deref(asSchema(schema), root);
  if (!isRecord(s) || !Array.isArray(s.allOf)) return s;
  const { allOf, ...rest } = s;
  let merged: SchemaObject | false = rest;
  for (const member of allOf as unknown[]) {
    if (nest >= MAX_NEST) break;
    merged = mergeSchemas(merged, normalize(asSchema(member), root, nest + 1));
    if (merged === false) return false;
  }
  return merged;
}

/** The alternatives of an `anyOf`/`oneOf`, each conjoined with the keywords beside it; null when there are none. */
function branchesOf(s: SchemaObject): JsonSchema[] | null {
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = s[key];
    if (Array.isArray(list) && list.length > 0) {
      const { [key]: _, ...rest } = s;
      return list.map((branch) => ({ allOf: [rest, asSchema(branch)] }));
    }
  }
  return null;
}

function stringList(value: unknown): string[] {
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

/** A fixed value of the given JSON type ('number' is non-integer, see {@link JsonType}). */
export function wrongTypeValue(type: JsonType): unknown {
  switch (type) {
    case 'string':
      return 'errlint';
    case 'number':
      return 1.5;
    case 'integer':
      return 7;
    case 'boolean':
      return true;
    case 'object':
      return { errlint: 1 };
    case 'array':
      return ['errlint'];
    case 'null':
      return null;
  }
}

/** Random values of one JSON type ('number' is always non-integer, see {@link JsonType}). */
export function arbitraryOfType(type: JsonType): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return fc.string({ size: SIZE });
    case 'number':
      return fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((n) => (Number.isInteger(n) ? n + 0.5 : n));
    case 'integer':
      return fc.integer({ min: -1e6, max: 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'object':
      return fc.dictionary(fc.string({ size: SIZE }), fc.jsonValue({ maxDepth: 1 }), { size: SIZE, noNullPrototype: true }).map(jsonClone);
    case 'array':
      return fc.array(fc.jsonValue({ maxDepth: 1 }), { size: SIZE }).map(jsonClone);
    case 'null':
      return fc.constant(null);
  }
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

function nonNegativeInt(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;
}

const OBJECT_KEYWORDS = ['properties', 'required', 'additionalProperties', 'patternProperties', 'minProperties', 'maxProperties'];
const ARRAY_KEYWORDS = ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains'];
const STRING_KEYWORDS = ['minLength', 'maxLength', 'pattern', 'format'];
const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];

/** The types to generate: the declared ones, else the one the keywords suggest; null means any JSON value. */
function generationTypes(s: SchemaObject): JsonType[] | null {
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

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

/** A plain-JSON deep copy: what the server will actually receive. */
export function jsonClone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** `{...obj, [key]: value}` that is safe for keys like `__proto__`. */
export function withProp(obj: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  return { ...obj, [key]: value };
}

export function withoutProps(obj: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).filter(([k]) => !keys.includes(k)));
}

const FORMAT_EXAMPLES: Record<string, string> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '12:00:00Z',
  duration: 'P1D',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uri: 'https://example.com/',
  'uri-reference': 'https://example.com/',
  iri: 'https://example.com/',
  'iri-reference': 'https://example.com/',
  url: 'https://example.com/',
  'uri-template': 'https://example.com/{id}',
  uuid: '123e4567-e89b-42d3-a456-426614174000',
  'json-pointer': '/a',
  'relative-json-pointer': '0',
  regex: '^a$',
  byte: 'ZXJybGludA==',
};

function formatArbitrary(format: string): fc.Arbitrary<string> | undefined {
  const dates = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString());
  const word = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/);
  switch (format) {
    case 'date-time':
      return dates;
    case 'date':
      return dates.map((s) => s.slice(0, 10));
    case 'time':
      return dates.map((s) => s.slice(11));
    case 'email':
    case 'idn-email':
      return fc.tuple(word, fc.constantFrom('example.com', 'example.org', 'test.dev')).map(([user, host]) => `${user}@${host}`);
    case 'uri':
    case 'url':
    case 'iri':
    case 'uri-reference':
    case 'iri-reference':
      return word.map((path) => `https://example.com/${path}`);
    case 'hostname':
    case 'idn-hostname':
      return word.map((label) => `${label}.example.com`);
    case 'uuid':
      return fc.uuid();
    case 'ipv4':
      return fc.ipV4();
    default:
      return FORMAT_EXAMPLES[format] === undefined ? undefined : fc.constant(FORMAT_EXAMPLES[format]);
  }
}

function sampleOne<T>(arb: fc.Arbitrary<T>): T | undefined {
  try {
    return fc.sample(arb, { numRuns: 1, seed: 1 })[0];
  } catch {
    return undefined;
  }
}

/** The integers k with k·step inside the range; an unbounded side is cut at 100 steps so values stay small. */
function stepRange(range: NumericRange, step: number): { lo: number; hi: number } {
  let lo = range.min === undefined ? -Infinity : range.minExclusive ? Math.floor(range.min / step) + 1 : Math.ceil(range.min / step);
  let hi = range.max === undefined ? Infinity : range.maxExclusive ? Math.ceil(range.max / step) - 1 : Math.floor(range.max / step);
  if (lo === -Infinity) lo = Math.min(-100, hi === Infinity ? -100 : hi - 100);
  if (hi === Infinity) hi = Math.max(100, lo + 100);
  return { lo: Math.max(lo, Number.MIN_SAFE_INTEGER), hi: Math.min(hi, Number.MAX_SAFE_INTEGER) };
}

function roundStep(k: number, step: number): number {
  return step === 1 ? k : Number((k * step).toPrecision(12));
}

function numberStep(s: SchemaObject, integer: boolean): number | undefined {
  const m = typeof s.multipleOf === 'number' && s.multipleOf > 0 ? s.multipleOf : undefined;
  if (m !== undefined) return integer && !Number.isInteger(m) ? Math.ceil(m) : m;
  return integer ? 1 : undefined;
}

function minimalNumber(s: SchemaObject, integer: boolean): number | undefined {
  const range = numericRange(s);
  const step = numberStep(s, integer);
  const preferred = 1;
  if (step !== undefined) {
    const { lo, hi } = stepRange(range, step);
    if (lo > hi) return undefined;
    return roundStep(Math.min(Math.max(Math.round(preferred / step), lo), hi), step);
  }
  const { min, max, minExclusive, maxExclusive } = range;
  let v = preferred;
  if (min !== undefined && (v < min || (v === min && minExclusive))) v = minExclusive ? (max !== undefined ? (min + max) / 2 : min + 1) : min;
  if (max !== undefined && (v > max || (v === max && maxExclusive))) v = maxExclusive ? (min !== undefined ? (min + max) / 2 : max - 1) : max;
  return v;
}

function numberArbitrary(s: SchemaObject, integer: boolean): fc.Arbitrary<number> {
  const range = numericRange(s);
  const step = numberStep(s, integer);
  const stepped = (st: number) => {
    const { lo, hi } = stepRange(range, st);
    return lo > hi ? undefined : fc.integer({ min: lo, max: hi }).map((k) => roundStep(k, st));
  };
  if (step !== undefined) return stepped(step) ?? fc.constant(minimalNumber(s, integer) ?? 0);
  const { lo, hi } = stepRange(range, 1);
  const min = range.min ?? lo;
  const max = range.max ?? hi;
  if (!(min < max)) return fc.constant(minimalNumber(s, false) ?? 0);
  const doubles = fc.double({ min, max, minExcluded: range.minExclusive, maxExcluded: range.maxExclusive, noNaN: true, noDefaultInfinity: true });
  const whole = stepped(1);
  return whole ? fc.oneof(whole, doubles) : doubles;
}

function minimalString(s: SchemaObject): string | undefined {
  if (typeof s.format === 'string' && FORMAT_EXAMPLES[s.format] !== undefined) return FORMAT_EXAMPLES[s.format];
  const minLength = nonNegativeInt(s.minLength) ?? 0;
  const maxLength = nonNegativeInt(s.maxLength);
  const fromPattern = patternArbitrary(s.pattern, { minLength, maxLength });
  if (fromPattern) return sampleOne(fromPattern);
  if (maxLength !== undefined && maxLength < minLength) return undefined;
  return 'a'.repeat(Math.min(Math.max(minLength, 1), maxLength ?? Infinity));
}

function stringArbitrary(s: SchemaObject): fc.Arbitrary<string> {
  const minLength = nonNegativeInt(s.minLength) ?? 0;
  const maxLength = nonNegativeInt(s.maxLength);
  const byFormat = typeof s.format === 'string' ? formatArbitrary(s.format) : undefined;
  if (byFormat) return byFormat;
  const byPattern = patternArbitrary(s.pattern, { minLength, maxLength });
  if (byPattern) return byPattern;
  if (maxLength !== undefined && maxLength < minLength) return fc.constant('a'.repeat(minLength));
  return fc.string({ minLength, ...(maxLength === undefined ? {} : { maxLength }), size: SIZE });
}

/** Tuple items, then the schema for items past them (false: none allowed), across draft-07 and 2020-12 spellings. */
function itemSchemas(s: SchemaObject): { prefix: JsonSchema[]; rest: JsonSchema } {
  if (Array.isArray(s.prefixItems)) return { prefix: s.prefixItems.map(asSchema), rest: 'items' in s ? asSchema(s.items) : true };
  if (Array.isArray(s.items)) return { prefix: s.items.map(asSchema), rest: 'additionalItems' in s ? asSchema(s.additionalItems) : true };
  return { prefix: [], rest: 'items' in s ? asSchema(s.items) : true };
}

/** The schema a property not listed in `properties` must satisfy. */
function undeclaredPropertySchema(s: SchemaObject, name: string): JsonSchema {
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

let inContext = new WeakMap<object, JsonSchema>();

/** Is a `default` valid for its subschema? The subschema is checked with root's $defs/definitions so its refs resolve. */
function validInContext(s: SchemaObject, root: JsonSchema, value: unknown): boolean {
  let doc = inContext.get(s);
  if (!doc) {
    const withDefs: SchemaObject = { ...s };
    if (isRecord(root)) for (const key of ['$schema', '$defs', 'definitions']) if (root[key] !== undefined && withDefs[key] === undefined) withDefs[key] = root[key];
    inContext.set(s, withDefs);
    doc = withDefs;
  }
  return ajvVerdict(doc, value) === 'valid';
}

/** A deterministic, small value valid for the schema, or undefined when none was found (best effort). */
export function minimalValue(schema: JsonSchema, root: JsonSchema = schema): unknown {
  return jsonClone(minimal(schema, root, 0));
}

function minimal(schema: JsonSchema, root: JsonSchema, nest: number): unknown {
  if (nest > MAX_NEST) return undefined;
  const s = normalize(schema, root, nest);
  if (s === true) return 'a';
  if (s === false) return undefined;
  const branches = branchesOf(s);
  if (branches) {
    for (const branch of branches) {
      const value = minimal(branch, root, nest + 1);
      if (value !== undefined && value !== null) return value;
    }
    return branches.length > 0 ? minimal(branches[0], root, nest + 1) : undefined;
  }
  if ('const' in s) return s.const;
  if (s.default !== undefined && validInContext(s, root, s.default)) return s.default;
  if (Array.isArray(s.enum)) return s.enum.find((v) => v !== null) ?? s.enum[0];
  const types = generationTypes(s);
  if (types === null) return 'a';
  const type = types.find((t) => t !== 'null') ?? types[0];
  switch (type) {
    case undefined:
      return undefined;
    case 'null':
      return null;
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return minimalNumber(s, type === 'integer');
    case 'string':
      return minimalString(s);
    case 'array': {
      const { prefix, rest } = itemSchemas(s);
      const minItems = nonNegativeInt(s.minItems) ?? 0;
      const items: unknown[] = [];
      for (let i = 0; i < minItems; i++) {
        const item = minimal(i < prefix.length ? prefix[i] : rest, root, nest + 1);
        if (item === undefined) return undefined;
        items.push(item);
      }
      return items;
    }
    case 'object': {
      const props = isRecord(s.properties) ? s.properties : {};
      const entries: [string, unknown][] = [];
      const required = stringList(s.required);
      const optional = Object.keys(props).filter((k) => !required.includes(k));
      const wanted = Math.max(0, (nonNegativeInt(s.minProperties) ?? 0) - required.length);
      for (const key of [...required, ...optional.slice(0, wanted)]) {
        const value = minimal(Object.hasOwn(props, key) ? asSchema(props[key]) : undeclaredPropertySchema(s, key), root, nest + 1);
        if (value === undefined) return undefined;
        entries.push([key, value]);
      }
      return Object.fromEntries(entries);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------------

interface BuildContext {
  root: JsonSchema;
  maxDepth: number;
}

function anyJson(): fc.Arbitrary<unknown> {
  return fc.jsonValue({ maxDepth: 1 });
}

/**
 * Random values that validate against the schema (best effort; callers that must be sure check with
 * {@link validatesAgainst}). Values are plain JSON, small, and nested at most `maxDepth` levels at random.
 */
export function arbitraryFor(schema: JsonSchema, opts: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  schema = asSchema(schema);
  const ctx: BuildContext = { root: asSchema(opts.root ?? schema), maxDepth: opts.maxDepth ?? DEFAULT_MAX_DEPTH };
  try {
    return build(schema, ctx, 0, 0).map(jsonClone);
  } catch {
    return fc.constant(minimalValue(schema, ctx.root) ?? null);
  }
}

function build(schema: JsonSchema, ctx: BuildContext, depth: number, nest: number): fc.Arbitrary<unknown> {
  const fallback = () => fc.constant(minimal(schema, ctx.root, nest) ?? null);
  if (nest > MAX_NEST) return fallback();
  const s = normalize(schema, ctx.root, nest);
  if (s === true) return anyJson();
  if (s === false) return fc.constant(null);
  const branches = branchesOf(s);
  if (branches) return fc.oneof(...branches.map((b) => build(b, ctx, depth, nest + 1)));
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return s.enum.length > 0 ? fc.constantFrom(...s.enum) : fc.constant(null);
  const types = generationTypes(s);
  let arb: fc.Arbitrary<unknown>;
  if (types === null) arb = anyJson();
  else if (types.length === 0) arb = fc.constant(null);
  else arb = fc.oneof(...types.map((t) => typedArbitrary(t, s, ctx, depth, nest)));
  if (s.default !== undefined && validInContext(s, ctx.root, s.default)) {
    arb = fc.oneof({ weight: 1, arbitrary: fc.constant(s.default) }, { weight: 4, arbitrary: arb });
  }
  return arb;
}

function typedArbitrary(type: JsonType, s: SchemaObject, ctx: BuildContext, depth: number, nest: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number':
      return numberArbitrary(s, type === 'integer');
    case 'string':
      return stringArbitrary(s);
    case 'array':
      return depth >= ctx.maxDepth ? fc.constant(minimal(s, ctx.root, nest) ?? []) : arrayArbitrary(s, ctx, depth, nest);
    case 'object':
      return depth >= ctx.maxDepth ? fc.constant(minimal(s, ctx.root, nest) ?? {}) : objectArbitrary(s, ctx, depth, nest);
  }
}

function arrayArbitrary(s: SchemaObject, ctx: BuildContext, depth: number, nest: number): fc.Arbitrary<unknown[]> {
  const { prefix, rest } = itemSchemas(s);
  const minItems = nonNegativeInt(s.minItems) ?? 0;
  const maxItems = nonNegativeInt(s.maxItems);
  const prefixLength = Math.min(prefix.length, maxItems ?? Infinity);
  const restMin = Math.max(0, minItems - prefixLength);
  const restMax = rest === false ? 0 : maxItems === undefined ? undefined : Math.max(restMin, maxItems - prefixLength);
  const item = build(rest, ctx, depth + 1, nest + 1);
  const lengths = { minLength: restMin, ...(restMax === undefined ? {} : { maxLength: restMax }), size: SIZE };
  const tail: fc.Arbitrary<unknown[]> =
    restMax === 0 ? fc.constant([]) : s.uniqueItems === true ? uniqueItems(item, lengths) : fc.array(item, lengths);
  if (prefixLength === 0) return tail;
  const head = fc.tuple(...prefix.slice(0, prefixLength).map((p) => build(p, ctx, depth + 1, nest + 1)));
  return fc.tuple(head, tail).map(([h, t]) => [...h, ...t]);
}

/**
 * Arrays of distinct items. fast-check's own minLength redraws until enough distinct items come up, forever when the
 * item schema has fewer distinct values than minItems (`enum: [1, 2]`, `minItems: 5`): here the redraws are bounded.
 */
function uniqueItems(item: fc.Arbitrary<unknown>, lengths: { minLength: number; maxLength?: number; size: typeof SIZE }): fc.Arbitrary<unknown[]> {
  const arrays = fc.array(item, lengths).map((items) => [...new Map(items.map((v) => [JSON.stringify(v), v])).values()]);
  return lengths.minLength === 0 ? arrays : boundedFilter(arrays, (a) => a.length >= lengths.minLength);
}

function objectArbitrary(s: SchemaObject, ctx: BuildContext, depth: number, nest: number): fc.Arbitrary<Record<string, unknown>> {
  const props = isRecord(s.properties) ? s.properties : {};
  const required = stringList(s.required);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const define = (key: string, sub: JsonSchema) =>
    Object.defineProperty(model, key, { value: build(sub, ctx, depth + 1, nest + 1), enumerable: true, writable: true, configurable: true });
  for (const [key, sub] of Object.entries(props)) if (sub !== false) define(key, asSchema(sub));
  for (const key of required) if (!Object.hasOwn(model, key)) define(key, undeclaredPropertySchema(s, key));
  const optional = Object.keys(model).filter((k) => !required.includes(k));
  const minProperties = nonNegativeInt(s.minProperties) ?? 0;
  const maxProperties = nonNegativeInt(s.maxProperties);
  const requiredKeys = [...required, ...optional.slice(0, Math.max(0, minProperties - required.length))];
  if (maxProperties !== undefined) {
    for (const key of optional.slice(Math.max(0, maxProperties - required.length))) if (!requiredKeys.includes(key)) delete model[key];
  }
  const record = fc.record(model, { requiredKeys, noNullPrototype: true }) as fc.Arbitrary<Record<string, unknown>>;
  if (Object.keys(props).length > 0 || !isRecord(s.additionalProperties)) return record;
  // A map-like object (`additionalProperties: {schema}`, no declared properties): generate a few entries.
  const extra = fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,7}$/), build(s.additionalProperties, ctx, depth + 1, nest + 1), {
    maxKeys: Math.max(0, Math.min(3, (maxProperties ?? Infinity) - requiredKeys.length)),
    size: SIZE,
    noNullPrototype: true,
  });
  return fc.tuple(extra, record).map(([e, r]) => ({ ...e, ...r }));
}

// ---------------------------------------------------------------------------------------------
// Deterministic valid arguments
// ---------------------------------------------------------------------------------------------

let baseCache = new WeakMap<object, Record<string, unknown>>();

/**
 * A deterministic, small object that validates against an inputSchema: the minimal value when ajv
 * accepts it, else the first of a few seeded samples ajv accepts, else the minimal value anyway
 * (or `{}`). A fresh copy on every call.
 */
export function baseArguments(schema: JsonSchema): Record<string, unknown> {
  if (!isRecord(schema)) return {};
  let base = baseCache.get(schema);
  if (!base) {
    const minimalArgs = minimalValue(schema);
    base = isRecord(minimalArgs) ? minimalArgs : {};
    if (ajvVerdict(schema, base) === 'invalid') {
      const samples = safeSample(arbitraryFor(schema), 30, 42);
      const valid = samples.find((v) => isRecord(v) && ajvVerdict(schema, v) === 'valid');
      if (isRecord(valid)) base = valid;
    }
    baseCache.set(schema, base);
  }
  return jsonClone(base);
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

/** A minimal valid element for an array schema's items (past any tuple prefix). */
export function minimalItem(schema: JsonSchema, root: JsonSchema = schema): unknown {
  const s = normalizeSchema(schema, root);
  const item = isRecord(s) ? minimalValue(itemSchemas(s).rest, root) : undefined;
  return item === undefined ? 'a' : item;
}

/**
 * What a correct server should do with arguments a probe built: ajv decides when it can
 * ('invalid-input' if the arguments violate the schema, else 'any'); `assumed` when it cannot compile the schema.
 */
export function expectationFor(schema: JsonSchema, args: unknown, assumed: 'invalid-input' | 'any'): 'invalid-input' | 'any' {
  const verdict = ajvVerdict(schema, args);
  return verdict === 'unknown' ? assumed : verdict === 'invalid' ? 'invalid-input' : 'any';
}

/** Random argument objects that (best effort) validate against the inputSchema; never a non-object. */
export function arbitraryArguments(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const base = baseArguments(schema);
  return arbitraryFor(schema).map((v) => (isRecord(v) ? v : jsonClone(base)));
}

export function safeSample<T>(arb: fc.Arbitrary<T>, numRuns: number, seed: number): T[] {
  try {
    return fc.sample(arb, { numRuns, seed });
  } catch {
    return [];
  }
}

/**
 * Forget every cached validator, base argument and derived schema. The caches are keyed by schema objects, and a
 * server's tools (with their schemas) live for the whole run: without this, each tool's compiled validator stays
 * in memory to the end. The run calls it when it is done with a tool.
 */
export function releaseSchemaCaches(): void {
  inContext = new WeakMap();
  baseCache = new WeakMap();
  releaseValidators();
}
