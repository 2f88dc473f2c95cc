// Tests for structured error metadata extraction (rulebook §5): each place, each key family, precedence.
import { describe, expect, it } from 'vitest';
import { categoryOf, extractMetadata } from '../../src/matchers/metadata.js';
import { exchange } from '../helpers/exchange.js';

describe('extractMetadata', () => {
  it('reads structuredContent', () => {
    const ex = exchange({
      isError: true,
      text: 'Refund of $750 exceeds $500 policy limit',
      structuredContent: { errorCategory: 'business', isRetryable: false, customerMessage: 'Needs approval', suggestedAction: 'escalate_to_human' },
    });
    const meta = extractMetadata(ex);
    expect(meta).toMatchObject({ category: 'business', retryable: false, userMessage: 'Needs approval' });
    expect(meta.fields.category).toEqual({ value: 'business', where: 'structuredContent.errorCategory' });
    expect(meta.fields.suggestedAction?.where).toBe('structuredContent.suggestedAction');
  });

  it('reads the proposed toolFailure _meta key', () => {
    const ex = exchange({ isError: true, text: 'busy', _meta: { 'io.modelcontextprotocol/toolFailure': { category: 'RATE_LIMIT', retryable: true, retryAfterMs: 2500 } } });
    const meta = extractMetadata(ex);
    expect(meta).toMatchObject({ category: 'transient', retryable: true, retryAfter: { seconds: 2.5 } });
    expect(meta.fields.retryable?.where).toBe('_meta["io.modelcontextprotocol/toolFailure"].retryable');
  });

  it('reads a text item that is a whole JSON object, but not prose containing JSON', () => {
    const json = exchange({ isError: true, text: ['Timed out', '{"errorType":"timeout","retry":"true","retryAfterSeconds":"30"}'] });
    expect(extractMetadata(json)).toMatchObject({ category: 'transient', retryable: true, retryAfter: { seconds: 30 } });
    expect(extractMetadata(json).fields.category?.where).toBe('content[1].text.errorType');
    const prose = exchange({ isError: true, text: 'failed: {"errorType":"timeout"} see logs' });
    expect(extractMetadata(prose)).toEqual({ fields: {} });
  });

  it('reads JSON-RPC error.data, nested', () => {
    const ex = exchange({ error: { code: -32602, message: 'Invalid params', data: { error: { kind: 'invalid_argument', field: 'count', expected: 'integer' } } } });
    const meta = extractMetadata(ex);
    expect(meta.category).toBe('validation');
    expect(meta.fields.field).toEqual({ value: 'count', where: 'error.data.error.field' });
    expect(meta.fields.expected?.value).toBe('integer');
  });

  it('reads retryNotBefore and a date in retryAfter as timestamps', () => {
    expect(extractMetadata(exchange({ isError: true, structuredContent: { retryNotBefore: '2026-01-01T00:00:00Z' } })).retryAfter).toEqual({
      notBefore: '2026-01-01T00:00:00Z',
    });
    expect(extractMetadata(exchange({ isError: true, structuredContent: { retry_after: 'Wed, 21 Oct 2026 07:28:00 GMT' } })).retryAfter).toEqual({
      notBefore: 'Wed, 21 Oct 2026 07:28:00 GMT',
    });
  });

  it('ignores a "type" that is not an error category, and prefers the shallowest, earliest place', () => {
    const ex = exchange({
      isError: true,
      structuredContent: { type: 'order', details: { category: 'permission' } },
      _meta: { category: 'business' },
    });
    expect(extractMetadata(ex).category).toBe('permission');
    expect(extractMetadata(ex).fields.category?.where).toBe('structuredContent.details.category');
  });

  it('finds nothing in a plain error', () => {
    expect(extractMetadata(exchange({ isError: true, text: 'Database query timed out after 30s' }))).toEqual({ fields: {} });
  });
});

describe('categoryOf', () => {
  it.each([
    ['transient', 'transient'],
    ['Temporary', 'transient'],
    ['rate-limit', 'transient'],
    ['RateLimitError', 'transient'],
    ['VALIDATION_ERROR', 'validation'],
    ['invalid_input', 'validation'],
    ['BadRequest', 'validation'],
    ['access_denied', 'permission'],
    ['Forbidden', 'permission'],
    ['governance', 'permission'],
    ['policy', 'business'],
    ['conflict', 'business'],
    ['text', undefined],
    ['order', undefined],
    [42, undefined],
  ])('%j → %s', (value, category) => {
    expect(categoryOf(value)).toBe(category);
  });
});

describe('extractMetadata: unmapped categories and configured field names', () => {
  it('keeps an explicit category field whose value maps to none of the four', () => {
    const ex = exchange({ isError: true, structuredContent: { errorCategory: 'NOT_FOUND', isRetryable: false } });
    expect(extractMetadata(ex)).toMatchObject({ retryable: false, unmappedCategory: { value: 'NOT_FOUND', where: 'structuredContent.errorCategory' } });
    expect(extractMetadata(ex).category).toBeUndefined();
  });

  it('does not treat "type" or "kind" values as unmapped categories (they name too many other things)', () => {
    expect(extractMetadata(exchange({ isError: true, structuredContent: { type: 'order', kind: 'shipment' } })).unmappedCategory).toBeUndefined();
  });

  it('reads configured names for category, retryable, delay (s or ms by name) and user message', () => {
    const ex = exchange({ isError: true, structuredContent: { failureClass: 'throttled_rate_limit', canRetry: 'true', backoff_ms: 500, shownToUser: 'Busy, try later' } });
    const opts = { categoryFields: ['failureClass'], retryableFields: ['canRetry'], delayFields: ['backoff_ms'], userMessageFields: ['shownToUser'] };
    expect(extractMetadata(ex, opts)).toMatchObject({ unmappedCategory: { value: 'throttled_rate_limit' }, retryable: true, retryAfter: { seconds: 0.5 }, userMessage: 'Busy, try later' });
    expect(extractMetadata(exchange({ isError: true, structuredContent: { failureClass: 'RATE_LIMIT' } }), opts).category).toBe('transient');
  });
});
