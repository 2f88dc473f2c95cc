// Tests for the credential matcher and redaction: each format, near misses (UUIDs, prose), and what redact keeps.
import { describe, expect, it } from 'vitest';
import { findSecret, findSecrets, redact, redactValue } from '../../src/matchers/secrets.js';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';

describe('findSecret', () => {
  it.each([
    ['stripe-key', 'charge failed for key sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc'],
    ['openai-key', 'OpenAI rejected sk-proj-abcdefghijklmnopqrstuvwxyz123456', 'sk-proj-abcdefghijklmnopqrstuvwxyz123456'],
    ['aws-key', 'AccessDenied for AKIAIOSFODNN7EXAMPLE', 'AKIAIOSFODNN7EXAMPLE'],
    ['github-token', 'token ghp_0123456789abcdefghijABCDEFGHIJ012345 revoked', 'ghp_0123456789abcdefghijABCDEFGHIJ012345'],
    ['slack-token', 'slack: xoxb-123456789012-abcdefghij', 'xoxb-123456789012-abcdefghij'],
    ['bearer-token', 'Authorization: Bearer 9f8e7d6c5b4a39281706abcd', '9f8e7d6c5b4a39281706abcd'],
    ['password', 'login failed: user=bob password=hunter2', 'hunter2'],
    ['password', '{"user": "bob", "passwd": "s3cret!"}', 's3cret!'],
    ['password', 'GET /x?secret=abc123', 'abc123'],
    ['url-credentials', 'postgres://admin:hunter2@db:5432/app', 'hunter2'],
    ['jwt', `token ${JWT} expired`, JWT],
  ])('finds %s', (kind, text, match) => {
    expect(findSecret(text)).toMatchObject({ kind, match });
  });

  it('finds a PEM private key block', () => {
    const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----';
    expect(findSecret(`key: ${pem}`)).toMatchObject({ kind: 'private-key', match: pem });
  });

  it.each([
    'request 123e4567-e89b-12d3-a456-426614174000 failed',
    'Bearer authentication required: send an Authorization header',
    'Bearer <token> is missing',
    'password must be at least 8 characters',
    'password=*** (hidden)',
    'password=[REDACTED]',
    'ask the sk-learn maintainers',
    'task-1234567890abcdefghijklmnop',
    'AKIA is a prefix of AWS keys',
    'https://example.com/docs',
    'sk_live_ is the prefix of live keys',
  ])('finds nothing in %j', (text) => {
    expect(findSecret(text)).toBeNull();
  });

  it('finds every secret once', () => {
    expect(findSecrets('Bearer abcdefghijklmnop1234 and AKIAIOSFODNN7EXAMPLE').map((s) => s.kind)).toEqual(['aws-key', 'bearer-token']);
    expect(findSecret('Bearer abcdefghijklmnop1234 and AKIAIOSFODNN7EXAMPLE')?.kind).toBe('bearer-token');
  });
});

describe('redact', () => {
  it('replaces each secret with a marker and keeps the context', () => {
    expect(redact('password=hunter2&user=bob')).toBe('password=[REDACTED:password]&user=bob');
    expect(redact('Bearer 9f8e7d6c5b4a39281706abcd ok')).toBe('Bearer [REDACTED:bearer-token] ok');
    expect(redact('key AKIAIOSFODNN7EXAMPLE')).toBe('key [REDACTED:aws-key]');
    expect(redact('postgres://admin:hunter2@db/app')).toBe('postgres://admin:[REDACTED:url-credentials]@db/app');
    expect(redact(`jwt ${JWT}`)).toBe('jwt [REDACTED:jwt]');
  });

  it('leaves text without secrets unchanged, and is idempotent', () => {
    const text = 'request 123e4567-e89b-12d3-a456-426614174000 failed';
    expect(redact(text)).toBe(text);
    const once = redact('password=hunter2 sk_live_4eC39HqLyjWDarjtT1zdp7dc');
    expect(redact(once)).toBe(once);
    expect(once).not.toMatch(/hunter2|4eC39/);
  });

  it('redacts JSON values deeply, including values under credential keys', () => {
    const frame = { error: { message: 'Bearer 9f8e7d6c5b4a39281706abcd', data: { password: 'pw', list: ['AKIAIOSFODNN7EXAMPLE'] } } };
    expect(redactValue(frame)).toEqual({
      error: { message: 'Bearer [REDACTED:bearer-token]', data: { password: '[REDACTED:password]', list: ['[REDACTED:aws-key]'] } },
    });
  });
});

describe('secrets glued to escape sequences and controls', () => {
  const KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz123456';
  const GH = 'ghp_0123456789abcdefghijABCDEFGHIJ012345';
  it.each([
    ['a colour code', `key \u001b[33m${KEY}\u001b[0m`, KEY, 'key \u001b[33m[REDACTED:openai-key]\u001b[0m'],
    ['a C1 CSI', `\u009b1m${GH}`, GH, '\u009b1m[REDACTED:github-token]'],
    ['a colour code already shown as an escape', `key \\u001b[33m${KEY}`, KEY, 'key \\u001b[33m[REDACTED:openai-key]'],
    ["JSON's escaped newline", `{"error":"failed\\n${GH}"}`, GH, '{"error":"failed\\n[REDACTED:github-token]"}'],
    ['a bell', `token\u0007AKIAIOSFODNN7EXAMPLE`, 'AKIAIOSFODNN7EXAMPLE', 'token\u0007[REDACTED:aws-key]'],
    ['an OSC 8 link around credentials', `\u001b]8;;postgres://admin:hunter2@db/app\u0007db\u001b]8;;\u0007`, 'hunter2', '\u001b]8;;postgres://admin:[REDACTED:url-credentials]@db/app\u0007db\u001b]8;;\u0007'],
  ])('after %s: found with its own text, and redacted with the sequence kept', (_, text, match, redacted) => {
    expect(findSecret(text)).toMatchObject({ match });
    expect(text.slice(findSecret(text)!.index)).toMatch(new RegExp(`^${match}`));
    expect(redact(text)).toBe(redacted);
  });

  it('leave text without secrets unchanged', () => {
    const text = '\u001b[31merror\u001b[0m: ask the sk-learn maintainers\n\\u001b[2J';
    expect(findSecret(text)).toBeNull();
    expect(redact(text)).toBe(text);
  });
});

describe('performance', () => {
  it('scans and redacts a 1 MB echo quickly', () => {
    const started = Date.now();
    for (const big of ['a-'.repeat(500_000), 'a:'.repeat(500_000), 'Bearer '.concat('a'.repeat(1_000_000)), '\u001b[1m'.repeat(250_000)]) {
      findSecret(big);
      redact(big);
    }
    // 0.4-0.6 s on a quiet machine, 5.2 s while five builds ran beside it; a pattern that backtracks on these would
    // take hours (quadratic on 1 MB is 10^12 steps), so the bound is far from both.
    expect(Date.now() - started).toBeLessThan(60_000);
  });
});

describe('extra secret patterns', () => {
  const opts = { extraPatterns: ['ACME-KEY-[0-9a-f]{8}', 'sess=(?<secret>\\w{10,})'] };

  it('are found as kind custom, after the built-in ones', () => {
    expect(findSecret('key ACME-KEY-deadbeef')).toBeNull();
    expect(findSecret('key ACME-KEY-deadbeef', opts)).toMatchObject({ kind: 'custom', match: 'ACME-KEY-deadbeef' });
    expect(findSecret('sess=abcdefghijkl', opts)).toMatchObject({ kind: 'custom', match: 'abcdefghijkl' });
  });

  it('are redacted, keeping context outside a secret group', () => {
    expect(redact('key ACME-KEY-deadbeef, sess=abcdefghijkl', opts)).toBe('key [REDACTED:custom], sess=[REDACTED:custom]');
  });

  it('reject a broken regex with the rule name', () => {
    expect(() => findSecrets('x', { extraPatterns: ['(unclosed'] })).toThrow(/no-secrets: invalid extra pattern/);
  });

  it('never loop on a pattern that matches the empty string', () => {
    expect(findSecrets('abc', { extraPatterns: ['x*'] })).toEqual([]);
    expect(redact('abc', { extraPatterns: ['x*'] })).toBe('abc');
  });
});
