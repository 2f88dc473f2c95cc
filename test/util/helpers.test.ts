// Tests for the shared small helpers: the JSON object guard, regex escaping, making directories.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeDirs } from '../../src/util/files.js';
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

describe('makeDirs', () => {
  it('creates missing parents level by level and leaves existing ones alone', () => {
    const root = mkdtempSync(join(tmpdir(), 'errlint-makedirs-'));
    try {
      makeDirs(join(root, 'a', 'b', 'c'));
      expect(statSync(join(root, 'a', 'b', 'c')).isDirectory()).toBe(true);
      makeDirs(join(root, 'a', 'b'));
      writeFileSync(join(root, 'file'), '');
      expect(() => makeDirs(join(root, 'file', 'x'))).toThrow(/ENOTDIR/);
      expect(() => makeDirs(join(root, 'file'))).toThrow(/ENOTDIR/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it.skipIf(!existsSync('/proc/self'))('fails at once under /proc, where a recursive mkdirSync never returns', () => {
    expect(() => makeDirs('/proc/errlint-nope/x')).toThrow(/ENOENT|EACCES|EPERM/);
  });
});
