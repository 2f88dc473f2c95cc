// Table tests for error-not-generic: a bare generic phrase fails unless details come with it.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/error-not-generic.js';
import { exchange, grade } from '../helpers/exchange.js';

describe('error-not-generic', () => {
  it.each([
    ['specific tool error', exchange({ isError: true, text: "Repository 'acme/missing' not found. Check the owner/repo format." })],
    ['generic word inside a specific text', exchange({ isError: true, text: 'Operation failed: upstream timed out after 30 s' })],
    ['specific JSON-RPC message', exchange({ error: { code: -32602, message: 'Invalid params: count must be an integer' } })],
    ['generic message with details in error.data', exchange({ error: { code: -32602, message: 'Invalid params', data: { field: 'count', expected: 'integer' } } })],
    ['generic text with structured metadata', exchange({ isError: true, text: 'Operation failed', structuredContent: { errorCategory: 'transient', isRetryable: true, retryAfterSeconds: 30 } })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['"Operation failed"', exchange({ isError: true, text: 'Operation failed' }), { phrase: 'Operation failed', kind: 'tool-error' }],
    ['"Error: Internal error."', exchange({ isError: true, text: 'Error: Internal error.' }), { phrase: 'Internal error', kind: 'tool-error' }],
    ['"undefined"', exchange({ isError: true, text: 'undefined' }), { phrase: 'undefined' }],
    ['JSON-RPC -32603 "Internal error"', exchange({ error: { code: -32603, message: 'Internal error' } }), { phrase: 'Internal error', kind: 'protocol-error' }],
    ['JSON-RPC -32602 bare "Invalid params"', exchange({ probe: 'wrong-type', error: { code: -32602, message: 'Invalid params' } }), { phrase: 'Invalid params' }],
    ['generic text, generic structuredContent', exchange({ isError: true, text: 'Something went wrong', structuredContent: { error: 'Something went wrong' } }), { phrase: 'Something went wrong' }],
    ['generic text, metadata only in _meta (the model never sees it)', exchange({ isError: true, text: 'Error', _meta: { errorCategory: 'transient' } }), { phrase: 'Error' }],
  ])('fails: %s', (_name, ex, data) => {
    const { findings } = grade(rule, ex);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId: 'generic', data });
  });

  it('does not apply to blank tool errors (error-not-empty) or successes', () => {
    expect(grade(rule, exchange({ isError: true, text: ' ' })).applies).toBe(false);
    expect(grade(rule, exchange({ text: 'Error' })).applies).toBe(false);
  });
});

describe('error-not-generic options', () => {
  it('extraPhrases adds whole-text generic phrases, in any case and with punctuation', () => {
    const ex = exchange({ probe: 'positive', isError: true, text: 'Request could not be processed.' });
    expect(grade(rule, ex).findings).toEqual([]);
    expect(grade(rule, ex, { options: { extraPhrases: ['request COULD NOT be processed'] } }).findings[0]).toMatchObject({
      messageId: 'generic',
      data: { phrase: 'Request could not be processed' },
    });
  });

  it('an extra phrase inside a longer text is no match (near miss)', () => {
    const ex = exchange({ probe: 'positive', isError: true, text: 'Request could not be processed: the order ord_1 is already shipped.' });
    expect(grade(rule, ex, { options: { extraPhrases: ['Request could not be processed'] } }).findings).toEqual([]);
  });

  it('declares its options schema', () => {
    expect(rule.meta.options?.schema).toMatchObject({ type: 'object', additionalProperties: false, properties: { extraPhrases: { type: 'array' } } });
  });
});
