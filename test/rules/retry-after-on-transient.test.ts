// Table tests for retry-after-on-transient: transient errors (by metadata or text) must carry a delay.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/retry-after-on-transient.js';
import { exchange, grade } from '../helpers/exchange.js';
import type { Exchange } from '../../src/exchange.js';

describe('retry-after-on-transient', () => {
  it.each([
    ['text marker with a text delay', exchange({ isError: true, text: 'Rate limit exceeded (429). Retry after 30 seconds.' })],
    ['metadata with a delay field', exchange({ isError: true, text: 'Service busy', structuredContent: { errorCategory: 'transient', isRetryable: true, retryAfterSeconds: 30 } })],
    ['retryable in _meta with retryAfterMs', exchange({ isError: true, text: 'busy', _meta: { 'io.modelcontextprotocol/toolFailure': { retryable: true, retryAfterMs: 500 } } })],
    ['JSON-RPC timeout with Retry-After text', exchange({ error: { code: -32001, message: 'Request timed out. Retry-After: 5' } })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['text marker, no delay', exchange({ isError: true, text: 'Database query timed out after 30s' }), { signal: 'text', marker: 'timed out' }],
    ['category transient, no delay', exchange({ isError: true, text: 'Upstream busy', structuredContent: { errorCategory: 'transient' } }), { signal: 'category', marker: 'transient' }],
    ['retryable true, no delay', exchange({ error: { code: -32603, message: 'x', data: { isRetryable: true } } }), { signal: 'retryable', marker: 'error.data.isRetryable: true' }],
    ['ECONNREFUSED, no delay', exchange({ isError: true, text: 'connect ECONNREFUSED' }), { signal: 'text', marker: 'ECONNREFUSED' }],
  ])('fails: %s', (_name, ex, data) => {
    const { findings } = grade(rule, ex);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId: 'noDelay', data });
  });

  it.each([
    ['a non-transient error', exchange({ isError: true, text: 'Permission denied for repo acme/app' })],
    ['near miss: a validation error about a "timeout" argument', exchange({ probe: 'wrong-type', isError: true, text: "'timeout' must be an integer" })],
    ['transient wording but metadata says validation', exchange({ isError: true, text: 'try again with a valid id', structuredContent: { errorCategory: 'validation', isRetryable: false } })],
    ['near miss: order number 429', exchange({ isError: true, text: 'Order #429 not found' })],
    ['a success', exchange({ text: 'Request timed out on page 3 but the rest is here' })],
    ['a timeout outcome (timely-response owns it)', exchange({ timeout: true })],
  ])('does not apply to %s', (_name, ex) => {
    expect(grade(rule, ex).applies).toBe(false);
  });

  it('reads the server\'s own metadata field names (the top-level metadata setting), as every rule does', () => {
    const ex = exchange({ isError: true, text: 'Upstream busy', structuredContent: { failureClass: 'unavailable', backoffMs: 2000 } });
    expect(grade(rule, ex).applies).toBe(false);
    expect(grade(rule, ex, { metadata: { categoryFields: ['failureClass'] } }).findings.map((f) => f.messageId)).toEqual(['noDelay']);
    expect(grade(rule, ex, { metadata: { categoryFields: ['failureClass'], delayFields: ['backoffMs'] } })).toEqual({ applies: true, findings: [] });
  });

  describe('over HTTP', () => {
    // express-rate-limit 8's default answer (legacyHeaders off, standardHeaders draft-7): 429, text/html body, Retry-After.
    const limited = (headers: Record<string, string>) => ({ status: 429, contentType: 'text/html; charset=utf-8', body: 'other' as const, text: 'Too many requests, please try again later.', headers });
    const over = (http: Exchange['http'], spec: Parameters<typeof exchange>[0] = {}) => ({ ...exchange(spec), http });

    it('passes a request throttled with Retry-After, then answered', () => {
      const ex = over({ status: 200, contentType: 'application/json', body: 'json', throttled: [{ status: 429, retryAfter: '1', waitMs: 1000 }] });
      expect(grade(rule, ex).applies).toBe(false);
    });

    it.each([
      ['a 429 without Retry-After, backed off from and resent', over({ status: 200, contentType: 'application/json', body: 'json', throttled: [{ status: 429, waitMs: 1000 }] }), 429, true],
      ['the kept answer a 503 without Retry-After', over({ status: 503, contentType: 'text/plain', body: 'other', text: 'Service Unavailable' }, { probe: 'jsonrpc' }), 503, false],
      ['a 429 past the budget, kept as the answer, with only RateLimit headers', over(limited({ ratelimit: 'limit=5, remaining=0, reset=120' })), 429, false],
    ])('fails: %s', (_name, ex, status, resent) => {
      expect(grade(rule, ex).findings.map((f) => [f.messageId, f.data.status, f.data.resent !== ''])).toEqual([['noRetryAfterHeader', status, resent]]);
    });

    it('passes a kept 429 that carries Retry-After (a run stopped past its budget)', () => {
      const ex = over(limited({ 'retry-after': '120', ratelimit: 'limit=5, remaining=0, reset=120' }));
      expect(grade(rule, ex).findings).toEqual([]);
    });
  });
});
