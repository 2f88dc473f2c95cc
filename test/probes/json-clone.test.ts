// jsonClone: the value a server receives, the same as a JSON round trip, for anything fast-check can make.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonClone } from '../../src/schema/values.js';

const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('jsonClone', () => {
  it('equals JSON.parse(JSON.stringify(v)), key order, -0, NaN, holes and __proto__ included', () => {
    fc.assert(
      fc.property(fc.anything({ withBoxedValues: true, withDate: true, withMap: true, withSet: true, withSparseArray: true, withNullPrototype: true, withObjectString: true }), (value) => {
        fc.pre(JSON.stringify(value) !== undefined); // a bare undefined, function or symbol has no JSON text
        const clone = jsonClone(value);
        expect(JSON.stringify(clone)).toBe(JSON.stringify(value));
        expect(clone).toStrictEqual(roundTrip(value));
      }),
      { numRuns: 2000, seed: 7 },
    );
  });

  it.each([
    ['-0', -0, 0],
    ['NaN in an array', [NaN, Infinity, undefined, () => 1], [null, null, null, null]],
    ['a __proto__ key kept as data', JSON.parse('{"__proto__": {"x": 1}, "a": 2}'), JSON.parse('{"__proto__": {"x": 1}, "a": 2}')],
    ['integer keys first, as JSON orders them', { b: 1, 2: 'two', a: 3, 1: 'one' }, { 1: 'one', 2: 'two', b: 1, a: 3 }],
  ])('%s', (_name, value, expected) => {
    const clone = jsonClone(value);
    expect(clone).toStrictEqual(expected);
    expect(Object.keys(clone as object)).toEqual(Object.keys(expected as object));
    expect(Object.getPrototypeOf(clone)).toBe(Object.getPrototypeOf(roundTrip(value)));
  });

  it('copies: nothing is shared with the value given', () => {
    const value = { a: { b: [1, { c: 2 }] } };
    const clone = jsonClone(value);
    (clone.a.b[1] as { c: number }).c = 9;
    expect(value.a.b[1]).toEqual({ c: 2 });
  });
});
