// Table tests for retry-after-on-transient: transient errors (by metadata or text) must carry a delay.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/retry-after-on-transient.js';
import { exchange, grade } from '../helpers/exchange.js';

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
});
