// Property tests of src/schema: reading schemas, minimal and base values, the JSON Schema → fast-check converter, ajv, the caches.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JSON_TYPES, jsonTypeOfValue, jsonTypesOf, propertiesAccepting, propertySchemas, requiredProps, wrongTypesOf } from '../../src/schema/read.js';
import { minimalValue, wrongTypeValue } from '../../src/schema/values.js';
import { arbitraryFor, arbitraryOfType, baseArguments } from '../../src/schema/arbitraries.js';
import { releaseSchemaCaches } from '../../src/schema/caches.js';
import { ajvVerdict, draftOf, validatesAgainst, validatorFor } from '../../src/schema/validate.js';
import type { JsonSchema } from '../../src/types.js';
import { HOSTILE_SCHEMAS, VALID_GENERATION } from './schemas.js';

function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (value !== null && typeof value === 'object') return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

describe('arbitraryFor', () => {
  it.each(Object.entries(VALID_GENERATION))('generates only ajv-valid values: %s', (_name, schema) => {
    expect(validatorFor(schema)).not.toBeNull();
    fc.assert(
      fc.property(arbitraryFor(schema), (value) => {
        expect(ajvVerdict(schema, value), JSON.stringify(value)).toBe('valid');
      }),
      { numRuns: 150 },
    );
  });

  it.each(Object.entries(VALID_GENERATION))('has a valid deterministic minimal value: %s', (_name, schema) => {
    const value = minimalValue(schema);
    expect(ajvVerdict(schema, value), JSON.stringify(value)).toBe('valid');
    expect(minimalValue(schema)).toEqual(value);
  });

  it('produces plain JSON (what the server receives), small and depth-bounded, even for a recursive schema', () => {
    const schema = VALID_GENERATION['$ref to $defs and recursion'];
    fc.assert(
      fc.property(arbitraryFor(schema, { maxDepth: 3 }), (value) => {
        expect(JSON.parse(JSON.stringify(value))).toEqual(value);
        expect(depthOf(value)).toBeLessThanOrEqual(5);
        expect(JSON.stringify(value).length).toBeLessThan(20_000);
      }),
      { numRuns: 100 },
    );
  });

  it('covers every type of a multi-type schema and every branch of anyOf', () => {
    const types = new Set(fc.sample(arbitraryFor({ type: ['string', 'integer', 'null'] }), { numRuns: 300, seed: 3 }).map(jsonTypeOfValue));
    expect(types).toEqual(new Set(['string', 'integer', 'null']));
    const schema = VALID_GENERATION['anyOf, oneOf and allOf'];
    const kinds = new Set(fc.sample(arbitraryFor(schema), { numRuns: 300, seed: 4 }).map((v) => ((v as { shape: { kind: string } }).shape.kind)));
    expect(kinds).toEqual(new Set(['circle', 'square']));
  });

  it('uses a valid default, and ignores an invalid one', () => {
    const withDefault = fc.sample(arbitraryFor({ type: 'integer', minimum: 1, default: 42 }), { numRuns: 300, seed: 5 });
    expect(withDefault).toContain(42);
    expect(minimalValue({ type: 'integer', minimum: 1, default: 42 })).toBe(42);
    const invalidDefault: JsonSchema = { type: 'integer', minimum: 1, default: 'many' };
    expect(fc.sample(arbitraryFor(invalidDefault), { numRuns: 300, seed: 6 })).not.toContain('many');
    expect(minimalValue(invalidDefault)).toBe(1);
  });

  it('never throws on hostile schemas', () => {
    for (const schema of HOSTILE_SCHEMAS) {
      expect(() => fc.sample(arbitraryFor(schema as JsonSchema), { numRuns: 20, seed: 7 }), JSON.stringify(schema)).not.toThrow();
      expect(() => baseArguments(schema as JsonSchema)).not.toThrow();
      expect(() => validatesAgainst(schema as JsonSchema, {})).not.toThrow();
    }
  });
});

describe('schema helpers', () => {
  it('requiredProps and propertySchemas read through $ref and allOf', () => {
    const schema: JsonSchema = {
      $defs: { args: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } },
      allOf: [{ $ref: '#/$defs/args' }, { properties: { b: { type: 'integer' } }, required: ['b', 'a'] }],
    };
    expect(requiredProps(schema).sort()).toEqual(['a', 'b']);
    expect(Object.keys(propertySchemas(schema)).sort()).toEqual(['a', 'b']);
    expect(requiredProps({ type: 'object' })).toEqual([]);
    expect(requiredProps({ type: 'object', required: 'a' })).toEqual([]);
  });

  it.each<[JsonSchema, string[] | null]>([
    [{ type: 'string' }, ['string']],
    [{ type: 'number' }, ['number', 'integer']],
    [{ type: 'integer' }, ['integer']],
    [{ type: ['string', 'null'] }, ['string', 'null']],
    [{ type: 'string', nullable: true }, ['string', 'null']],
    [{ enum: ['a', 1, null] }, ['string', 'integer', 'null']],
    [{ const: 1.5 }, ['number']],
    [{ anyOf: [{ type: 'integer' }, { type: 'null' }] }, ['integer', 'null']],
    [{ anyOf: [{ type: 'integer' }, {}] }, null],
    [{ type: 'number', allOf: [{ type: 'integer' }] }, ['integer']],
    [{ minLength: 3 }, null],
    [{}, null],
    [true, null],
    [false, []],
  ])('jsonTypesOf(%j) = %j', (schema, types) => {
    const sorted = (list: string[] | null) => (list === null ? null : [...list].sort());
    expect(sorted(jsonTypesOf(schema))).toEqual(sorted(types));
  });

  it('a value of every type wrongTypesOf reports is rejected by ajv', () => {
    const schemas: JsonSchema[] = [
      { type: 'string' },
      { type: 'integer' },
      { type: 'number' },
      { type: ['boolean', 'array'] },
      { enum: ['a', 2] },
      { anyOf: [{ type: 'object' }, { type: 'null' }] },
      { $schema: 'http://json-schema.org/draft-07/schema#', definitions: { s: { type: 'string' } }, $ref: '#/definitions/s' },
    ];
    for (const schema of schemas) {
      const wrong = wrongTypesOf(schema);
      expect(wrong.length).toBeGreaterThan(0);
      for (const type of wrong) expect(ajvVerdict(schema, wrongTypeValue(type)), `${JSON.stringify(schema)} / ${type}`).toBe('invalid');
    }
  });

  it('wrongTypeValue and arbitraryOfType produce values of the type they name', () => {
    for (const type of JSON_TYPES) {
      expect(jsonTypeOfValue(wrongTypeValue(type))).toBe(type);
      fc.assert(fc.property(arbitraryOfType(type), (value) => jsonTypeOfValue(value) === type), { numRuns: 100 });
    }
  });

  it('propertiesAccepting lists typed properties, free-form ones first', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { mode: { enum: ['a', 'b'] }, n: { type: 'integer' }, any: {}, text: { type: 'string' }, maybe: { type: ['string', 'null'] } },
    };
    expect(propertiesAccepting(schema, 'string')).toEqual(['text', 'maybe', 'mode']);
    expect(propertiesAccepting(schema, 'array')).toEqual([]);
  });

  it('baseArguments is a fresh, valid, deterministic object', () => {
    for (const schema of Object.values(VALID_GENERATION)) {
      if (typeof schema === 'boolean' || !('properties' in schema || schema.type === 'object')) continue;
      const base = baseArguments(schema);
      expect(ajvVerdict(schema, base), JSON.stringify(base)).toBe('valid');
      base.mutated = true;
      expect(baseArguments(schema)).not.toHaveProperty('mutated');
    }
  });
});

describe('ajv validation', () => {
  it('cannot tell when a string is too short only in code points (JSON Schema) and long enough in UTF-16 units (zod)', () => {
    const schema = { type: 'object', properties: { q: { type: 'string', minLength: 4 } } };
    expect(ajvVerdict(schema, { q: '\u0000\u{10002}\u{37F6A}' })).toBe('unknown'); // 3 code points, 5 UTF-16 units
    expect(ajvVerdict(schema, { q: 'abc' })).toBe('invalid');
    expect(ajvVerdict(schema, { q: '\u{1F600}' })).toBe('invalid'); // too short either way
    expect(ajvVerdict(schema, { q: 'abcd' })).toBe('valid');
  });

  it('picks the dialect from $schema (2020-12 when absent)', () => {
    expect(draftOf({})).toBe('2020');
    expect(draftOf({ $schema: 'https://json-schema.org/draft/2020-12/schema' })).toBe('2020');
    expect(draftOf({ $schema: 'http://json-schema.org/draft-07/schema#' })).toBe('07');
    expect(draftOf({ $schema: 'https://json-schema.org/draft/2019-09/schema' })).toBe('2019');
  });

  it('validates with the declared dialect: items arrays are tuples in draft-07, prefixItems in 2020-12', () => {
    const draft7: JsonSchema = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'array', items: [{ type: 'string' }], additionalItems: false };
    expect(validatesAgainst(draft7, ['a'])).toBe(true);
    expect(validatesAgainst(draft7, ['a', 'b'])).toBe(false);
    const draft2020: JsonSchema = { type: 'array', prefixItems: [{ type: 'string' }], items: false };
    expect(validatesAgainst(draft2020, ['a'])).toBe(true);
    expect(validatesAgainst(draft2020, ['a', 'b'])).toBe(false);
  });

  it('checks formats, and tells apart invalid from uncompilable', () => {
    expect(validatesAgainst({ type: 'string', format: 'email' }, 'nope')).toBe(false);
    expect(validatesAgainst({ type: 'string', format: 'email' }, 'a@example.com')).toBe(true);
    expect(ajvVerdict({ $ref: '#/$defs/missing' }, 1)).toBe('unknown');
    expect(validatesAgainst({ $ref: '#/$defs/missing' }, 1)).toBe(false);
    expect(validatesAgainst(true, 1)).toBe(true);
    expect(validatesAgainst(false, 1)).toBe(false);
  });

  it('compiles two tools that share an $id without mixing them up', () => {
    const a: JsonSchema = { $id: 'https://example.com/args', type: 'object', properties: { x: { type: 'string' } } };
    const b: JsonSchema = { $id: 'https://example.com/args', type: 'object', properties: { x: { type: 'integer' } } };
    expect(validatesAgainst(a, { x: 's' })).toBe(true);
    expect(validatesAgainst(b, { x: 's' })).toBe(false);
    expect(validatesAgainst(b, { x: 1 })).toBe(true);
  });

  it('accepts legacy patterns that only compile without the unicode flag', () => {
    const schema: JsonSchema = { type: 'string', pattern: '^[\\w-.]+$' };
    expect(ajvVerdict(schema, 'a.b-c')).toBe('valid');
    expect(ajvVerdict(schema, 'a b')).toBe('invalid');
  });
});

describe('releaseSchemaCaches', () => {
  it('forgets every cache keyed by a schema object: validators, checked defaults, base arguments', () => {
    // A schema changed in place shows each cache's old answer until the caches are released.
    const q: Record<string, unknown> = { type: 'string', default: 'xy', minLength: 1 };
    const schema: Record<string, unknown> = { type: 'object', properties: { q }, required: ['q'] };
    const validate = validatorFor(schema);
    expect(minimalValue(q)).toBe('xy');
    expect(baseArguments(schema)).toEqual({ q: 'xy' });
    q.minLength = 5;
    expect(validatorFor(schema)).toBe(validate);
    expect(minimalValue(q)).toBe('xy');
    expect(baseArguments(schema)).toEqual({ q: 'xy' });
    releaseSchemaCaches();
    expect(validatorFor(schema)).not.toBe(validate);
    expect(minimalValue(q)).toBe('aaaaa');
    expect(baseArguments(schema)).toEqual({ q: 'aaaaa' });
  });
});
