// Concrete values from a schema: the minimal valid value, wrong-type stand-ins, edits of argument objects, and what a
// correct server should do with arguments a probe built. Deterministic: random values are the arbitraries' business.
import fc from 'fast-check';
import type { JsonSchema } from '../types.js';
import { isRecord } from '../util/guards.js';
import { patternArbitrary } from './pattern.js';
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

/**
 * A plain-JSON deep copy: what the server will actually receive. The same value as JSON.parse(JSON.stringify(value))
 * (non-finite numbers become null, -0 becomes 0, undefined and functions leave objects and become null in arrays, key
 * order and `__proto__` keys kept), without writing and reading the text: every generated input goes through it.
 */
export function jsonClone<T>(value: T): T {
  return value === undefined ? value : (cloneJson(value) as T);
}

function cloneJson(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value + 0 : null; // -0 + 0 is 0
    case 'object': {
      if (value === null) return null;
      if (Array.isArray(value)) {
        const copy = new Array<unknown>(value.length);
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          copy[i] = item === undefined || typeof item === 'function' || typeof item === 'symbol' ? null : cloneJson(item);
        }
        return copy;
      }
      const prototype = Object.getPrototypeOf(value);
      // Anything but a plain object (a Date, a boxed number, a Map) is what JSON makes of it.
      if ((prototype !== Object.prototype && prototype !== null) || typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.parse(JSON.stringify(value));
      const copy: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const item = (value as Record<string, unknown>)[key];
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
        if (key === '__proto__') Object.defineProperty(copy, key, { value: cloneJson(item), enumerable: true, writable: true, configurable: true });
        else copy[key] = cloneJson(item);
      }
      return copy;
    }
    default:
      return JSON.parse(JSON.stringify(value) ?? 'null'); // a bigint throws, as JSON.stringify does
  }
}

/** `{...obj, [key]: value}` that is safe for keys like `__proto__`. */
export function withProp(obj: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  return { ...obj, [key]: value };
}

/** A copy of `obj` without these keys. */
export function withoutProps(obj: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).filter(([k]) => !keys.includes(k)));
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

/** A known-good value for each string format, for minimal values and formats with no generator of their own. */
export const FORMAT_EXAMPLES: Record<string, string> = {
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

/** One seeded draw, or undefined when drawing throws. */
function sampleOne<T>(arb: fc.Arbitrary<T>): T | undefined {
  try {
    return fc.sample(arb, { numRuns: 1, seed: 1 })[0];
  } catch {
    return undefined;
  }
}

/** A small valid number: 1 when the range allows it, else one at or near a bound (on the schema's step); undefined when the range holds none. */
export function minimalNumber(s: SchemaObject, integer: boolean): number | undefined {
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

function minimalString(s: SchemaObject): string | undefined {
  if (typeof s.format === 'string' && FORMAT_EXAMPLES[s.format] !== undefined) return FORMAT_EXAMPLES[s.format];
  const minLength = nonNegativeInt(s.minLength) ?? 0;
  const maxLength = nonNegativeInt(s.maxLength);
  const fromPattern = patternArbitrary(s.pattern, { minLength, maxLength });
  if (fromPattern) return sampleOne(fromPattern);
  if (maxLength !== undefined && maxLength < minLength) return undefined;
  return 'a'.repeat(Math.min(Math.max(minLength, 1), maxLength ?? Infinity));
}

let inContext = new WeakMap<object, JsonSchema>();

/** Is a `default` valid for its subschema? The subschema is checked with root's $defs/definitions so its refs resolve. */
export function validInContext(s: SchemaObject, root: JsonSchema, value: unknown): boolean {
  let doc = inContext.get(s);
  if (!doc) {
    const withDefs: SchemaObject = { ...s };
    if (isRecord(root)) for (const key of ['$schema', '$defs', 'definitions']) if (root[key] !== undefined && withDefs[key] === undefined) withDefs[key] = root[key];
    inContext.set(s, withDefs);
    doc = withDefs;
  }
  return ajvVerdict(doc, value) === 'valid';
}

/** Forget the subschemas prepared for checking defaults (see releaseSchemaCaches). */
export function releaseCheckedDefaults(): void {
  inContext = new WeakMap();
}

/** A deterministic, small value valid for the schema, or undefined when none was found (best effort). */
export function minimalValue(schema: JsonSchema, root: JsonSchema = schema): unknown {
  return jsonClone(minimalValueAt(schema, root, 0));
}

/** {@link minimalValue} without the copy, `nest` hops in: what the arbitraries fall back on where they stop drawing. */
export function minimalValueAt(schema: JsonSchema, root: JsonSchema, nest: number): unknown {
  if (nest > MAX_NEST) return undefined;
  const s = normalizeSchema(schema, root, nest);
  if (s === true) return 'a';
  if (s === false) return undefined;
  const branches = branchesOf(s);
  if (branches) {
    for (const branch of branches) {
      const value = minimalValueAt(branch, root, nest + 1);
      if (value !== undefined && value !== null) return value;
    }
    return branches.length > 0 ? minimalValueAt(branches[0], root, nest + 1) : undefined;
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
        const item = minimalValueAt(i < prefix.length ? prefix[i] : rest, root, nest + 1);
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
        const value = minimalValueAt(Object.hasOwn(props, key) ? asSchema(props[key]) : undeclaredPropertySchema(s, key), root, nest + 1);
        if (value === undefined) return undefined;
        entries.push([key, value]);
      }
      return Object.fromEntries(entries);
    }
  }
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
