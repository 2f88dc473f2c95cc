// The fast-check arbitraries every probe draws from: values that validate against a schema (one converter for all
// probes), values of one JSON type, and argument objects, including the deterministic base arguments they start from.
import fc from 'fast-check';
import type { JsonSchema } from '../types.js';
import { isRecord } from '../util/guards.js';
import { boundedFilter, patternArbitrary } from './pattern.js';
import { ajvVerdict } from './validate.js';
import {
  MAX_NEST,
  asSchema,
  branchesOf,
  generationTypes,
  itemSchemas,
  nonNegativeInt,
  normalizeSchema,
  numberStep,
  numericRange,
  roundStep,
  stepRange,
  stringList,
  undeclaredPropertySchema,
  type JsonType,
  type SchemaObject,
} from './read.js';
import { FORMAT_EXAMPLES, jsonClone, minimalNumber, minimalValue, minimalValueAt, validInContext } from './values.js';

export interface ArbitraryOptions {
  /** The document local `$ref`s resolve against (default: the schema itself). */
  root?: JsonSchema;
  /** Object/array nesting generated at random; deeper levels get a minimal valid value. Default 3. */
  maxDepth?: number;
}

const SIZE = 'small' as const;
const DEFAULT_MAX_DEPTH = 3;

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
  const fallback = () => fc.constant(minimalValueAt(schema, ctx.root, nest) ?? null);
  if (nest > MAX_NEST) return fallback();
  const s = normalizeSchema(schema, ctx.root, nest);
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
      return depth >= ctx.maxDepth ? fc.constant(minimalValueAt(s, ctx.root, nest) ?? []) : arrayArbitrary(s, ctx, depth, nest);
    case 'object':
      return depth >= ctx.maxDepth ? fc.constant(minimalValueAt(s, ctx.root, nest) ?? {}) : objectArbitrary(s, ctx, depth, nest);
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

/** Forget the base arguments worked out for each schema (see releaseSchemaCaches). */
export function releaseBaseArguments(): void {
  baseCache = new WeakMap();
}

/** Random argument objects that (best effort) validate against the inputSchema; never a non-object. */
export function arbitraryArguments(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const base = baseArguments(schema);
  return arbitraryFor(schema).map((v) => (isRecord(v) ? v : jsonClone(base)));
}

/** Seeded draws, or none when drawing throws. */
export function safeSample<T>(arb: fc.Arbitrary<T>, numRuns: number, seed: number): T[] {
  try {
    return fc.sample(arb, { numRuns, seed });
  } catch {
    return [];
  }
}
