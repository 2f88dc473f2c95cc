// Table tests for no-internal-details: leaks in error surfaces, near misses, echoes of our input, and rule options.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/no-internal-details.js';
import { exchange, grade } from '../helpers/exchange.js';

describe('no-internal-details', () => {
  it.each([
    ['clean error', exchange({ isError: true, text: 'Database temporarily unavailable. Retry in 30 seconds.' })],
    ['near miss: relative path', exchange({ isError: true, text: 'Schema error in src/index.ts: a/b is not a valid key' })],
    ['near miss: public docs URL', exchange({ isError: true, text: 'Invalid date; see https://example.com/docs/dates' })],
    ['near miss: ISO date with colons', exchange({ isError: true, text: 'Token expired at 2024-01-01T10:20:30Z' })],
    ['echo of a path-like unknown tool name', exchange({ probe: 'unknown-tool', name: '/tmp/../etc/passwd', error: { code: -32602, message: 'Unknown tool: /tmp/../etc/passwd' } })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['internal host in content', exchange({ isError: true, text: 'Connection to db-prod-3.internal:5432 refused.' }), { kind: 'internal-host', where: 'content[0].text', match: 'db-prod-3.internal:5432' }],
    ['absolute path in JSON-RPC message', exchange({ error: { code: -32603, message: "ENOENT: open '/home/deploy/app/data.json'" } }), { kind: 'absolute-path', where: 'error.message' }],
    ['private address in data', exchange({ error: { code: -32603, message: 'fetch failed', data: { cause: 'connect ECONNREFUSED 10.1.2.3:6379' } } }), { kind: 'private-address', where: 'error.data', match: '10.1.2.3:6379' }],
    ['[object Object]', exchange({ isError: true, text: 'Error: [object Object]' }), { kind: 'object-dump', match: '[object Object]' }],
    ['exception class dump', exchange({ isError: true, text: "KeyError: 'id'" }), { kind: 'exception-dump' }],
    ['connection string, shown redacted', exchange({ isError: true, text: 'cannot reach postgres://admin:hunter2@db:5432/app' }), { kind: 'connection-string', match: 'postgres://admin:[REDACTED:url-credentials]@db:5432/app' }],
  ])('fails: %s', (_name, ex, data) => {
    const { findings } = grade(rule, ex);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId: 'leak', data });
  });

  it('honours allowedHosts and extraPatterns', () => {
    const host = exchange({ isError: true, text: 'api.acme.internal refused the call; retry in 5 s' });
    expect(grade(rule, host, { options: { allowedHosts: ['acme.internal'] } }).findings).toEqual([]);
    expect(grade(rule, host).findings).toHaveLength(1);
    const tenant = exchange({ isError: true, text: 'Tenant ACME-00042 is over quota' });
    expect(grade(rule, tenant).findings).toEqual([]);
    expect(grade(rule, tenant, { options: { extraPatterns: ['ACME-\\d{5}'] } }).findings[0]).toMatchObject({ data: { kind: 'custom', match: 'ACME-00042' } });
  });

  it('declares its options schema', () => {
    expect(rule.meta.optionsSchema).toMatchObject({ properties: { extraPatterns: { type: 'array' }, allowedHosts: { type: 'array' } } });
  });

  it('does not apply to successes (a file tool may return paths)', () => {
    expect(grade(rule, exchange({ text: 'Wrote /home/me/notes.txt' })).applies).toBe(false);
  });
});
