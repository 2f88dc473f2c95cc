// Tests for answer classification and error surfaces of an exchange.
import { describe, expect, it } from 'vitest';
import { answerKind, describeErrorCode, errorCode, errorCodeData, errorSurfaces, excerpt, errorText, isBlank, resultText, snippet } from '../../src/matchers/surface.js';
import { exchange } from '../helpers/exchange.js';

describe('answerKind', () => {
  it.each([
    [exchange({ text: 'ok' }), 'success'],
    [exchange({ text: 'ok', isError: false }), 'success'],
    [exchange({ text: 'bad', isError: true }), 'tool-error'],
    [exchange({ error: { code: -32602, message: 'x' } }), 'protocol-error'],
    [exchange({ timeout: true }), 'timeout'],
    [exchange({ closed: { exitCode: 1, signal: null } }), 'closed'],
  ])('%#: %s', (ex, kind) => {
    expect(answerKind(ex)).toBe(kind);
  });
});

describe('errorSurfaces', () => {
  it('lists every text item, structuredContent and _meta of a tool error', () => {
    const ex = exchange({
      result: {
        isError: true,
        content: [{ type: 'text', text: 'first' }, { type: 'image', data: 'AAAA', mimeType: 'image/png' }, { type: 'text', text: 'third' }],
        structuredContent: { errorCategory: 'validation', detail: 'line one\nline two' },
        _meta: { correlationId: 'c-1' },
      },
    });
    expect(errorSurfaces(ex)).toEqual([
      { where: 'content[0].text', text: 'first' },
      { where: 'content[2].text', text: 'third' },
      { where: 'structuredContent', text: '"errorCategory": "validation"\n"detail": "line one\nline two"' },
      { where: '_meta', text: '"correlationId": "c-1"' },
    ]);
  });

  it('lists message and data of a JSON-RPC error', () => {
    const ex = exchange({ error: { code: -32603, message: 'Internal error', data: 'File "/srv/a.py", line 1' } });
    expect(errorSurfaces(ex)).toEqual([
      { where: 'error.message', text: 'Internal error' },
      { where: 'error.data', text: 'File "/srv/a.py", line 1' },
    ]);
  });

  it('is empty for a success, a timeout and a closed connection', () => {
    expect(errorSurfaces(exchange({ text: 'Error: x', structuredContent: { a: 1 } }))).toEqual([]);
    expect(errorSurfaces(exchange({ timeout: true }))).toEqual([]);
    expect(errorSurfaces(exchange({ closed: { exitCode: null, signal: 'SIGKILL' } }))).toEqual([]);
  });
});

describe('text helpers', () => {
  it('joins text content', () => {
    expect(resultText(exchange({ text: ['a', 'b'] }))).toBe('a\nb');
    expect(resultText(exchange({ error: { code: 1, message: 'm' } }))).toBe('');
  });

  it('reads the first text of an error', () => {
    expect(errorText(exchange({ text: 'bad', isError: true }))).toBe('bad');
    expect(errorText(exchange({ error: { code: -32602, message: 'Invalid params' } }))).toBe('Invalid params');
    expect(errorText(exchange({ text: 'fine' }))).toBe('');
  });

  it.each([
    ['', true],
    ['  \n\t', true],
    ['\u200B\uFEFF', true],
    ['x', false],
  ])('isBlank(%j) is %s', (text, blank) => {
    expect(isBlank(text)).toBe(blank);
  });

  it('makes redacted, bounded evidence', () => {
    expect(snippet('password=hunter2\n\nnext')).toBe('password=[REDACTED:password] next');
    expect(snippet('x'.repeat(500), 10)).toHaveLength(10);
  });
});

describe('describeErrorCode and errorCode: a code as it was sent', () => {
  it.each([
    [-32602, 'code -32602'],
    ['-32602', 'code "-32602", a string, not an integer'],
    [1.5, 'code 1.5, not an integer'],
    [undefined, 'no code'],
    [null, 'code null, not an integer'],
    [true, 'code true, a boolean, not an integer'],
    [{ n: -32602 }, 'code {"n":-32602}, an object, not an integer'],
    [[-32602], 'code [-32602], an array, not an integer'],
  ])('%j reads %j', (code, text) => {
    expect(describeErrorCode(code)).toBe(text);
  });

  it('errorCode is the integer code only: the string "-32602" and 1.5 are no code', () => {
    expect(errorCode(exchange({ error: { code: -32602, message: 'x' } }))).toBe(-32602);
    expect(errorCode(exchange({ error: { code: '-32602', message: 'x' } }))).toBeUndefined();
    expect(errorCode(exchange({ error: { code: -32602.5, message: 'x' } }))).toBeUndefined();
    expect(errorCode(exchange({ isError: true, text: 'x' }))).toBeUndefined();
  });

  it('errorCodeData keeps the number or the JSON text as data', () => {
    expect(errorCodeData(exchange({ error: { code: -32601, message: 'x' } }))).toEqual({ code: -32601, codeAsSent: 'code -32601' });
    expect(errorCodeData(exchange({ error: { code: '-32602', message: 'x' } }))).toEqual({ code: '"-32602"', codeAsSent: 'code "-32602", a string, not an integer' });
    expect(errorCodeData(exchange({ error: { code: undefined, message: 'x' } }))).toEqual({ code: 'none', codeAsSent: 'no code' });
  });
});

describe('excerpt', () => {
  const locate = (word: string) => (clean: string) => (clean.indexOf(word) < 0 ? null : clean.indexOf(word));

  it('shows the start when the phrase is there, like snippet', () => {
    expect(excerpt('Error: disk full', locate('Error'))).toBe('Error: disk full');
    expect(excerpt(`Error: ${'x'.repeat(300)}`, locate('Error'), 40)).toBe(`Error: ${'x'.repeat(32)}…`);
  });

  it('cuts around a phrase that sits late in the text, with context before it', () => {
    const text = `${'row of data. '.repeat(30)}limit "ten" is invalid, using 10. ${'more rows. '.repeat(30)}`;
    const shown = excerpt(text, locate('invalid'), 100);
    expect(shown).toContain('limit "ten" is invalid');
    expect(shown).toMatch(/^….*…$/);
    expect(shown.length).toBe(100);
  });

  it('ends at the end of the text without a trailing ellipsis', () => {
    const shown = excerpt(`${'a '.repeat(200)}then it failed`, locate('failed'), 50);
    expect(shown).toMatch(/^….*then it failed$/);
    expect(shown.length).toBe(50);
  });

  it('redacts before cutting, so no cut shows part of a secret', () => {
    const text = `${'x '.repeat(100)}password=hunter2hunter2 ${'y '.repeat(10)}failed`;
    const shown = excerpt(text, locate('failed'), 40);
    expect(shown).not.toContain('hunter2');
    expect(shown).toContain('failed');
  });
});
