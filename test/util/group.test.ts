import { describe, expect, it } from 'vitest';
import { groupBy } from '../../src/util/group.js';

describe('groupBy', () => {
  it('keeps keys in first-seen order and items in their order', () => {
    const groups = groupBy(['b1', 'a1', 'b2', 'c1', 'a2'], (s) => s[0]);
    expect([...groups]).toEqual([
      ['b', ['b1', 'b2']],
      ['a', ['a1', 'a2']],
      ['c', ['c1']],
    ]);
  });

  it('gives an empty map for no items', () => expect(groupBy([], String).size).toBe(0));

  it('is linear: 200,000 items under one key', () => {
    const items = Array.from({ length: 200_000 }, (_, i) => i);
    expect(groupBy(items, () => 'k').get('k')).toHaveLength(200_000);
  });
});
