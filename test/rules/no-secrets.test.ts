// Table tests for no-secrets: credentials in error surfaces fail and are reported redacted; UUIDs and prose pass.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/no-secrets.js';
import { exchange, grade } from '../helpers/exchange.js';

describe('no-secrets', () => {
  it.each([
    ['clean error', exchange({ isError: true, text: 'API key is expired or invalid. Re-authenticate with auth_refresh.' })],
    ['near miss: a UUID', exchange({ isError: true, text: 'Request 123e4567-e89b-12d3-a456-426614174000 failed; quote it to support' })],
    ['near miss: "Bearer" in prose', exchange({ error: { code: -32001, message: 'Bearer authentication required' } })],
    ['near miss: a password rule', exchange({ probe: 'constraint-violations', isError: true, text: 'password must be at least 12 characters' })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['AWS key in content', exchange({ isError: true, text: 'S3 AccessDenied for AKIAIOSFODNN7EXAMPLE' }), { kind: 'aws-key', where: 'content[0].text', match: 'S3 AccessDenied for [REDACTED:aws-key]' }],
    ['bearer token in JSON-RPC data', exchange({ error: { code: -32603, message: 'upstream 401', data: { headers: { authorization: 'Bearer 9f8e7d6c5b4a39281706abcd' } } } }), { kind: 'bearer-token', where: 'error.data' }],
    ['password in structuredContent', exchange({ isError: true, text: 'login failed', structuredContent: { user: 'bob', password: 'hunter2' } }), { kind: 'password', where: 'structuredContent' }],
    ['stripe key in the message', exchange({ error: { code: -32603, message: 'charge failed for sk_live_4eC39HqLyjWDarjtT1zdp7dc' } }), { kind: 'stripe-key', where: 'error.message' }],
  ])('fails: %s', (_name, ex, data) => {
    const { findings } = grade(rule, ex);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId: 'secret', data });
  });

  it('never puts the raw secret in the finding', () => {
    const ex = exchange({ isError: true, text: `${'x'.repeat(40)} token=1 Bearer abcdefghijklmnop1234567890 and sk_live_4eC39HqLyjWDarjtT1zdp7dc` });
    const json = JSON.stringify(grade(rule, ex).findings);
    expect(json).toContain('[REDACTED:');
    expect(json).not.toMatch(/abcdefghijklmnop|4eC39Hq/);
  });

  it('does not apply to successes (a vault tool may return a credential it was asked for)', () => {
    expect(grade(rule, exchange({ text: 'AKIAIOSFODNN7EXAMPLE' })).applies).toBe(false);
  });
});

describe('no-secrets options', () => {
  it('extraPatterns finds a custom credential format, reported as custom and redacted', () => {
    const ex = exchange({ isError: true, text: 'Upstream refused key ACME-KEY-0123456789abcdef0123456789abcdef for tenant 7' });
    expect(grade(rule, ex).findings).toEqual([]);
    const { findings } = grade(rule, ex, { options: { extraPatterns: ['ACME-KEY-[0-9a-f]{32}'] } });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId: 'secret', data: { kind: 'custom', where: 'content[0].text' } });
    expect(String(findings[0].data?.match)).toContain('[REDACTED:custom]');
    expect(String(findings[0].data?.match)).not.toContain('0123456789abcdef');
  });

  it('a named group `secret` keeps the rest of the match as context', () => {
    const ex = exchange({ isError: true, text: 'call failed: session=Zq8vT2kL9mN4pR7sW1xY3bC6 rejected' });
    const { findings } = grade(rule, ex, { options: { extraPatterns: ['session=(?<secret>[A-Za-z0-9]{24})'] } });
    expect(String(findings[0].data?.match)).toContain('session=[REDACTED:custom]');
  });

  it('declares its options schema', () => {
    expect(rule.meta.options?.schema).toMatchObject({ type: 'object', additionalProperties: false, properties: { extraPatterns: { type: 'array' } } });
  });
});
