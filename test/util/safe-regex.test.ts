// Linear-time matching of server patterns: ECMAScript pattern semantics where JSON Schema relies on them, no
// backtracking blow-up, and a clear refusal for syntax that needs backtracking.
import { describe, expect, it } from 'vitest';
import { safeRegExp, unsafePatternReason, UnsafePatternError } from '../../src/util/safe-regex.js';

describe('safeRegExp', () => {
  it.each([
    ['^[a-z]+$', 'abc', true],
    ['^[a-z]+$', 'ab1', false],
    ['\\d{3}', 'x123y', true], // unanchored, as JSON Schema patterns are
    ['^\\u00e9$', 'é', true],
    ['^\\u{1F600}$', '😀', true],
    ['[\\w-.]+', 'a-b.c', true],
    ['^(?<=a)b', 'b', false],
    ['^ab$', 'AB', false],
    ['^[^]$', '\n', true],
  ])('%s on %j is %s', (pattern, text, expected) => expect(safeRegExp(pattern, 'u').test(text)).toBe(expected));

  // Where RE2 and ECMAScript disagree, the ECMAScript meaning wins: ajv would run these on the JavaScript engine.
  it.each([
    ['^\\s$', '\u00a0', true],
    ['^\\s$', '\u2028', true],
    ['^[\\s]$', '\u3000', true],
    ['^[^\\s]$', '\u00a0', false],
    ['^\\S$', '\u00a0', false],
    ['^\\S$', 'x', true],
    ['^.$', '\r', false],
    ['^.$', '\u2029', false],
    ['^.$', '😀', true],
    ['^[.]$', '.', true],
    ['^\\.$', '\r', false],
    ['^a\\sb$', 'a\tb', true],
  ])('as in ECMAScript, %s on %j is %s', (pattern, text, expected) => {
    expect(new RegExp(pattern, 'u').test(text)).toBe(expected);
    expect(safeRegExp(pattern, 'u').test(text)).toBe(expected);
  });

  it('the s flag lets . match line terminators', () => expect(safeRegExp('^.$', 's').test('\r')).toBe(true));

  it('honours the i flag', () => expect(safeRegExp('^ab$', 'i').test('AB')).toBe(true));

  it('matches catastrophic patterns in linear time', () => {
    const started = performance.now();
    expect(safeRegExp('^(a+)+$').test(`${'a'.repeat(50_000)}!`)).toBe(false);
    expect(safeRegExp('^(a|aa)+$').test(`${'a'.repeat(50_000)}!`)).toBe(false);
    expect(safeRegExp('^(\\w+\\s?)+$').test(`${'word '.repeat(10_000)}!`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(5000); // the backtracking engine needs longer than the universe has
  });

  it.each(['(a)\\1', '^(?=.*\\d).{8,}$', '(?!x)y'])('refuses %s, which needs backtracking', (pattern) => {
    expect(() => safeRegExp(pattern)).toThrow(UnsafePatternError);
    expect(unsafePatternReason(pattern)).toMatch(/cannot be matched in linear time/);
  });

  it('accepts what it can run', () => expect(unsafePatternReason('^[A-Z]{2}\\d+$')).toBeUndefined());
});
