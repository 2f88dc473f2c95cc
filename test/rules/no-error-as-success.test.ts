// Table tests for no-error-as-success: failure text in a success, strictly for inputs that must fail, leniently otherwise.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/no-error-as-success.js';
import { exchange, grade } from '../helpers/exchange.js';

describe('no-error-as-success', () => {
  it.each([
    ['isError result on invalid input', exchange({ probe: 'wrong-type', isError: true, text: 'Error: count must be an integer' })],
    ['-32602 on invalid input', exchange({ probe: 'missing-required', error: { code: -32602, message: 'Invalid params' } })],
    ['plain success on invalid input (invalid-input-accepted owns it)', exchange({ probe: 'wrong-type', text: '3 documents' })],
    ['near miss: "not found" inside a valid search result', exchange({ probe: 'positive', text: '0 results, not found in index' })],
    ['near miss: empty result opening with "Not found"', exchange({ probe: 'positive', text: 'Not found: no documents match "zzz"' })],
    ['near miss: "errors" in a valid lint result', exchange({ probe: 'positive', text: 'Lint: 0 errors, 1 warning' })],
    ['near miss: valid empty JSON result', exchange({ probe: 'positive', text: '{"found": false, "message": "No orders found"}' })],
    ['extra properties ignored with a remark', exchange({ probe: 'extra-properties', text: "Ignored unknown property 'zzz'. 2 results." })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['invalid input, failure word anywhere', exchange({ probe: 'missing-required', label: "omit required 'query'", text: 'Sorry, query is invalid' }), 'failureTextOnInvalidInput', { phrase: 'invalid', label: "omit required 'query'" }],
    ['unknown tool answered "not found" as success', exchange({ probe: 'unknown-tool', text: 'Tool not found' }), 'failureTextOnInvalidInput', { phrase: 'not found' }],
    ['valid input, success opening with "Error:"', exchange({ probe: 'positive', text: 'Error: ECONNRESET while fetching page' }), 'leadingFailureText', { phrase: 'Error' }],
    ['extra properties, success reading as an error (§3 row 3)', exchange({ probe: 'extra-properties', text: 'Failed to parse arguments' }), 'leadingFailureText', { phrase: 'Failed' }],
    ['valid input, JSON error object in text', exchange({ probe: 'positive', text: '{"error": "database unreachable"}' }), 'jsonErrorObject', { phrase: '"error"', where: 'content' }],
    ['valid input, JSON error object in structuredContent', exchange({ probe: 'positive', text: 'done', structuredContent: { status: 'error' } }), 'jsonErrorObject', { phrase: '"status": "error"', where: 'structuredContent' }],
  ])('fails: %s', (_name, ex, messageId, data) => {
    const { findings } = grade(rule, ex);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId, data });
  });

  it('redacts the evidence', () => {
    const ex = exchange({ probe: 'positive', text: 'Error: login failed for password=hunter2' });
    expect(grade(rule, ex).findings[0].data?.text).toBe('Error: login failed for password=[REDACTED:password]');
  });

  it('does not apply to tool errors on valid input, or to timeouts', () => {
    expect(grade(rule, exchange({ probe: 'positive', isError: true, text: 'Error' })).applies).toBe(false);
    expect(grade(rule, exchange({ probe: 'wrong-type', timeout: true })).applies).toBe(false);
  });
});
