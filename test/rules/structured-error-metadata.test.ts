// Table tests for structured-error-metadata: category and retryable flag present, consistent, and matching the probe; the options add field names.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/structured-error-metadata.js';
import { exchange, grade } from '../helpers/exchange.js';

const toolError = (structuredContent?: unknown, probe: Parameters<typeof exchange>[0]['probe'] = 'positive', extra: Parameters<typeof exchange>[0] = {}) =>
  exchange({ probe, isError: true, text: 'It failed.', structuredContent, ...extra });

describe('structured-error-metadata', () => {
  it.each([
    ['validation, not retryable, on a schema violation', toolError({ errorCategory: 'validation', isRetryable: false, field: 'limit' }, 'wrong-type')],
    ['transient, retryable', toolError({ errorCategory: 'RATE_LIMIT', retryable: true, retryAfterSeconds: 5 })],
    ['business, not retryable, in the proposed toolFailure _meta', toolError(undefined, 'positive', { _meta: { 'io.modelcontextprotocol/toolFailure': { category: 'policy', retryable: false } } })],
    ['permission, in a whole-JSON text item', exchange({ probe: 'positive', isError: true, text: '{"errorType":"forbidden","isRetryable":"false","message":"no access"}' })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['no metadata at all', toolError(), 'missing', {}],
    ['only a retryable flag', toolError({ retryable: false }), 'missingCategory', { retryableWhere: 'structuredContent.retryable' }],
    ['an unmapped category', toolError({ errorCategory: 'NOT_FOUND', isRetryable: false }), 'unmappedCategory', { value: 'NOT_FOUND', where: 'structuredContent.errorCategory', retryableNote: '' }],
    ['only a category', toolError({ errorCategory: 'transient' }), 'missingRetryable', { category: 'transient', categoryWhere: 'structuredContent.errorCategory', retryable: 'true' }],
    ['transient but not retryable', toolError({ errorCategory: 'timeout', isRetryable: false }), 'inconsistent', { category: 'transient', retryable: 'false', expected: 'retryable', retryableWhere: 'structuredContent.isRetryable' }],
    ['validation but retryable', toolError({ errorCategory: 'validation', isRetryable: true }), 'inconsistent', { category: 'validation', retryable: 'true', expected: 'not retryable' }],
    ['a schema violation categorised transient', toolError({ errorCategory: 'transient', isRetryable: true }, 'missing-required'), 'probeMismatch', { category: 'transient' }],
    ['near miss: a "type" that is no category', toolError({ type: 'order', isRetryable: false }), 'missingCategory', {}],
  ])('fails: %s', (_name, ex, messageId, data) => {
    const { findings } = grade(rule, ex);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId, data });
  });

  it.each([
    ['a success', exchange({ probe: 'positive', text: 'ok' })],
    ['a JSON-RPC error', exchange({ probe: 'positive', error: { code: -32603, message: 'x' } })],
    ['an unknown tool\'s isError (unknown-tool grades it)', exchange({ probe: 'unknown-tool', isError: true, text: 'no such tool' })],
    ['a burst', exchange({ probe: 'concurrency', isError: true, text: 'x', burst: { index: 0, size: 8 } })],
    ['an isError answer to a malformed request', exchange({ probe: 'malformed-request', isError: true, text: 'x' })],
  ])('does not apply to %s', (_name, ex) => {
    expect(grade(rule, ex).applies).toBe(false);
  });

  describe('the metadata setting (field names of the server\'s own, one setting for every rule)', () => {
    it('categoryFields and retryableFields add field names', () => {
      const ex = toolError({ failureClass: 'unavailable', canRetry: true });
      expect(grade(rule, ex).findings.map((f) => f.messageId)).toEqual(['missing']);
      expect(grade(rule, ex, { metadata: { categoryFields: ['failureClass'], retryableFields: ['canRetry'] } }).findings).toEqual([]);
    });

    it('an unmapped value of a configured category field is reported as such', () => {
      const ex = toolError({ failureClass: 'mystery', isRetryable: false });
      expect(grade(rule, ex, { metadata: { categoryFields: ['failureClass'] } }).findings[0]).toMatchObject({ messageId: 'unmappedCategory', data: { value: 'mystery' } });
    });

    it('delayFields and userMessageFields reach the extractor (seconds, or ms by name)', async () => {
      const { extractMetadata } = await import('../../src/matchers/metadata.js');
      const ex = toolError({ backoffMs: 1500, waitFor: 3, displayMessage: 'Please try later' });
      expect(extractMetadata(ex)).toEqual({ fields: {} });
      const meta = extractMetadata(ex, { delayFields: ['backoffMs'], userMessageFields: ['displayMessage'] });
      expect(meta).toMatchObject({ retryAfter: { seconds: 1.5 }, userMessage: 'Please try later' });
      expect(extractMetadata(ex, { delayFields: ['waitFor'] }).retryAfter).toEqual({ seconds: 3 });
    });

    it('takes no rule options: the field names are the top-level setting', () => {
      expect(rule.meta.options).toBeUndefined();
    });
  });
});
