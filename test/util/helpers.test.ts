// Tests for the shared small helpers: the JSON object guard and regex escaping.
import { describe, expect, it } from 'vitest';
import { isRecord } from '../../src/util/guards.js';
import { escapeRegExp } from '../../src/util/regex.js';

describe('isRecord', () => {
  it.each([
    [{}, true],
    [{ a: 1 }, true],
    [[], false],
    [null, false],
    ['{}', false],
    [1, false],
    [undefined, false],
  ])('%j → %s', (value, expected) => {
    expect(isRecord(value)).toBe(expected);
  });
});

describe('escapeRegExp', () => {
  it.each(['a.b', 'f(x)', '[object Object]', 'a+b*c?', '^$|\\', '{1,2}', 'errlint_concurrent_1', 'C:\\Users\\a', 'a-b/c'])('%j matches itself only', (text) => {
    expect(new RegExp(`^${escapeRegExp(text)}$`).test(text)).toBe(true);
    expect(new RegExp(`^${escapeRegExp(text)}$`, 'u').test(text)).toBe(true);
    expect(new RegExp(`^${escapeRegExp(text)}$`).test(`${text}x`)).toBe(false);
  });

  it('does not let a metacharacter match something else', () => {
    expect(new RegExp(escapeRegExp('a.b')).test('axb')).toBe(false);
  });
});
