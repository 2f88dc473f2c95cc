// Tests for the internal-details matcher: each leak kind, allowed hosts, extra patterns, echoes, and near misses.
import { describe, expect, it } from 'vitest';
import { findLeak, findLeaks } from '../../src/matchers/leaks.js';

describe('findLeak', () => {
  it.each([
    ['absolute-path', "ENOENT: no such file or directory, open '/home/deploy/app/config.json'", '/home/deploy/app/config.json'],
    ['absolute-path', 'cannot read /var/lib/acme/db.sqlite', '/var/lib/acme/db.sqlite'],
    ['absolute-path', 'loaded from /app/dist/tools.js', '/app/dist/tools.js'],
    ['absolute-path', 'see /tmp/upload-123/x.bin', '/tmp/upload-123/x.bin'],
    ['absolute-path', 'at C:\\Users\\svc\\server\\index.js', 'C:\\Users\\svc\\server\\index.js'],
    ['absolute-path', 'module file:///opt/server/index.mjs failed', 'file:///opt/server/index.mjs'],
    ['internal-host', 'Connection to db-prod-3.internal:5432 refused.', 'db-prod-3.internal:5432'],
    ['internal-host', 'upstream search.svc.cluster.local unreachable', 'search.svc.cluster.local'],
    ['internal-host', 'GET http://billing.corp/api failed', 'billing.corp'],
    ['private-address', 'connect ECONNREFUSED 127.0.0.1:6379', '127.0.0.1:6379'],
    ['private-address', 'proxy 10.0.12.7:8080 timed out', '10.0.12.7:8080'],
    ['private-address', 'http://192.168.1.20:3000/health', '192.168.1.20:3000'],
    ['private-address', 'fetch failed: localhost:8000', 'localhost:8000'],
    ['connection-string', 'cannot connect to postgres://admin:hunter2@db:5432/app', 'postgres://admin:hunter2@db:5432/app'],
    ['object-dump', 'Error: [object Object]', '[object Object]'],
    ['exception-dump', 'java.lang.NullPointerException: null', 'java.lang.NullPointerException'],
    ['exception-dump', "TypeError: Cannot read properties of undefined (reading 'id')", 'TypeError: '],
    ['exception-dump', "KeyError: 'id'", 'KeyError: '],
    ['exception-dump', 'System.NullReferenceException: Object reference not set', 'System.NullReferenceException'],
    ['exception-dump', "AttributeError: 'NoneType' object has no attribute 'get'", 'AttributeError: '],
  ])('finds %s in %j', (kind, text, match) => {
    expect(findLeak(text)).toMatchObject({ kind, match });
  });

  it.each([
    'Edit src/index.ts and rerun',
    "Parameter 'path' must look like a/b",
    'See https://example.com/docs/usr/guide for details',
    'Scheduled for 2024-01-01T10:20:30Z',
    'Use "/" alone to list the root',
    'Config lives in settings.local.json',
    'Invalid value for .env.local',
    'Server at 8.8.8.8:53 is public',
    'localhost is not allowed without a port',
    'Validation error: expected number, received string',
    'Order 10.5.2 not found',
    'GET /users/42 returned 404',
    '',
  ])('finds nothing in %j', (text) => {
    expect(findLeak(text)).toBeNull();
  });

  it('skips allowed hosts and their subdomains', () => {
    expect(findLeak('api.acme.internal:443 refused', { allowedHosts: ['acme.internal'] })).toBeNull();
    expect(findLeak('db.other.internal refused', { allowedHosts: ['acme.internal'] })).toMatchObject({ kind: 'internal-host' });
    expect(findLeak('connect localhost:8080', { allowedHosts: ['localhost'] })).toBeNull();
  });

  it('reports extra patterns as custom', () => {
    expect(findLeak('tenant ACME-00042 failed', { extraPatterns: ['ACME-\\d{5}'] })).toMatchObject({ kind: 'custom', match: 'ACME-00042' });
    expect(findLeak('tenant acme failed', { extraPatterns: [/ACME-\d{5}/] })).toBeNull();
    expect(() => findLeak('x', { extraPatterns: ['(unclosed'] })).toThrow(/invalid extra pattern/);
  });

  it('does not report an echo of what we sent', () => {
    expect(findLeak("Unknown tool '/tmp/x/../../etc/passwd'", { sent: '"name": "/tmp/x/../../etc/passwd"' })).toBeNull();
    expect(findLeak("Unknown tool '/tmp/x/y'", { sent: '"name": "other"' })).toMatchObject({ kind: 'absolute-path' });
  });

  it('reports a connection string once, not also as host or path', () => {
    expect(findLeaks('mysql://root:pw@db.internal:3306/x')).toHaveLength(1);
  });

  it('orders leaks by position', () => {
    expect(findLeaks('[object Object] at /home/a/b').map((l) => l.kind)).toEqual(['object-dump', 'absolute-path']);
  });

  it('scans a 1 MB echo quickly', () => {
    const started = Date.now();
    expect(findLeak('a-'.repeat(500_000))).toBeNull();
    expect(findLeak('a.'.repeat(500_000))).toBeNull();
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe('findLeak: a path at the end of a sentence', () => {
  it('leaves out the full stop, so an echo of our own path is recognised', () => {
    expect(findLeak('Cannot open /home/ada/report.pdf.')?.match).toBe('/home/ada/report.pdf');
    expect(findLeak('Cannot open /home/ada/report.pdf.', { sent: '{"path":"/home/ada/report.pdf"}' })).toBeNull();
  });
});
