// Environment variables in values the user gave (--header): the three spellings, unset ones, header names, line breaks, secrets.
import { describe, expect, it } from 'vitest';
import { expandEnv, parseHeader } from '../../src/target/expand.js';
import { UsageError } from '../../src/errors.js';

const ENV = { TOKEN: 's3cr3t-token', USER_ID: '42', EMPTY: '', HAS_DOLLAR: 'a$TOKEN', NEWLINE: 'x\r\nInjected: yes', NUL: 'a\u0000b' };

/** The UsageError `run` throws (failing the test when it throws none, or another kind). */
function usageError(run: () => unknown): UsageError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return error as UsageError;
  }
  throw new Error('expected a UsageError, got none');
}

describe('expandEnv', () => {
  it.each([
    ['$TOKEN', 's3cr3t-token'],
    ['${TOKEN}', 's3cr3t-token'],
    ['${env:TOKEN}', 's3cr3t-token'],
    ['Bearer $TOKEN', 'Bearer s3cr3t-token'],
    ['id=${USER_ID}x', 'id=42x'], // braces end the name where letters would go on
    ['$USER_ID/$TOKEN', '42/s3cr3t-token'],
    ['${env:USER_ID}-${USER_ID}-$USER_ID', '42-42-42'],
  ])('%s → %s', (text, expected) => {
    expect(expandEnv(text, ENV, 'x').text).toBe(expected);
  });

  it('reads a bare $NAME as far as name characters go', () => {
    expect(() => expandEnv('$USER_IDx', ENV, '--header A')).toThrow(/USER_IDx/);
  });

  it('leaves text without a reference alone, and a $ not followed by a name', () => {
    expect(expandEnv('plain value', ENV, 'x')).toEqual({ text: 'plain value', secrets: [] });
    expect(expandEnv('costs $5 or ${', ENV, 'x')).toEqual({ text: 'costs $5 or ${', secrets: [] });
    expect(expandEnv('${1ABC} ${env:} $', ENV, 'x')).toEqual({ text: '${1ABC} ${env:} $', secrets: [] });
  });

  it('substitutes once: a value that itself holds $NAME is not expanded again', () => {
    expect(expandEnv('$HAS_DOLLAR', ENV, 'x')).toEqual({ text: 'a$TOKEN', secrets: ['a$TOKEN'] });
  });

  it('remembers every non-empty value it substituted, in order, as a secret', () => {
    expect(expandEnv('$USER_ID:${TOKEN}:${env:EMPTY}', ENV, 'x')).toEqual({ text: '42:s3cr3t-token:', secrets: ['42', 's3cr3t-token'] });
  });

  it('names an unset variable and `what` in a UsageError, never a value it already substituted', () => {
    for (const text of ['$MISSING', '${MISSING}', '${env:MISSING}', '$TOKEN then ${MISSING}']) {
      const error = usageError(() => expandEnv(text, ENV, '--header Authorization'));
      expect(error.message).toBe('--header Authorization names the environment variable MISSING, which is not set');
      expect(error.message).not.toContain('s3cr3t');
    }
  });

  it('takes an empty variable as set', () => {
    expect(expandEnv('[${EMPTY}]', ENV, 'x')).toEqual({ text: '[]', secrets: [] });
  });
});

describe('parseHeader', () => {
  it('splits at the first colon, trims both sides, and expands the value', () => {
    expect(parseHeader('Authorization: Bearer ${TOKEN}', ENV)).toEqual({ name: 'Authorization', value: 'Bearer s3cr3t-token', secrets: ['s3cr3t-token', 'Bearer s3cr3t-token'] });
    expect(parseHeader('  X-Api-Key :   $TOKEN  ', ENV)).toEqual({ name: 'X-Api-Key', value: 's3cr3t-token', secrets: ['s3cr3t-token', 's3cr3t-token'] });
    expect(parseHeader('X-Url: http://a:8080/b', ENV)).toMatchObject({ name: 'X-Url', value: 'http://a:8080/b' });
  });

  it('treats every header value as a secret, a literal one too', () => {
    expect(parseHeader('X-Api-Key: literal-key-123', ENV).secrets).toEqual(['literal-key-123']);
  });

  it('keeps no secret for an empty value', () => {
    expect(parseHeader('X-Empty:', ENV)).toEqual({ name: 'X-Empty', value: '', secrets: [] });
    expect(parseHeader('X-Empty: ${EMPTY}', ENV)).toEqual({ name: 'X-Empty', value: '', secrets: [] });
  });

  it.each([
    ['no colon', 'Authorization Bearer hunter22'],
    ['an empty name', ': hunter22'],
    ['a space inside the name', 'X Api: hunter22'],
    ['a line break in the name', 'X-A\r\nX-B: hunter22'],
    ['a non-token character', 'X-Ä: hunter22'],
    ['a slash', 'X/Y: hunter22'],
    ['only spaces', '   : hunter22'],
  ])('refuses a header with %s, without echoing the spec', (_why, spec) => {
    const error = usageError(() => parseHeader(spec, ENV));
    expect(error.message).toMatch(/^--header expects "Name: value"/);
    expect(error.message).not.toContain('hunter22');
  });

  it('accepts every RFC 9110 token character in a name', () => {
    expect(parseHeader("!#$%&'*+.^_`|~09azAZ-: v", ENV).name).toBe("!#$%&'*+.^_`|~09azAZ-");
  });

  it.each([
    ['CR LF written in the value', 'X-A: one\r\nX-B: two', {}],
    ['a lone LF', 'X-A: one\ntwo', {}],
    ['a lone CR', 'X-A: one\rtwo', {}],
    ['NUL', 'X-A: one\u0000two', {}],
    ['CR LF from a variable', 'X-A: $NEWLINE', ENV],
    ['NUL from a variable', 'X-A: ${NUL}', ENV],
  ])('refuses %s, naming the header and not the value', (_why, spec, env) => {
    const error = usageError(() => parseHeader(spec, env));
    expect(error.message).toBe('--header X-A: its value may not contain a line break or NUL');
  });

  it('names the header and the variable when the variable is not set', () => {
    expect(() => parseHeader('Authorization: Bearer ${TOKEN}', {})).toThrow(new UsageError('--header Authorization names the environment variable TOKEN, which is not set'));
  });
});
