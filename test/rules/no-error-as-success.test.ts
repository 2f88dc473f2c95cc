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
    ['valid input, JSON error object in text', exchange({ probe: 'positive', text: '{"error": "database unreachable"}' }), 'jsonErrorObjectOnValidInput', { phrase: '"error"', where: 'content' }],
    ['valid input, JSON error object in structuredContent', exchange({ probe: 'positive', text: 'done', structuredContent: { status: 'error' } }), 'jsonErrorObjectOnValidInput', { phrase: '"status": "error"', where: 'structuredContent' }],
  ])('fails: %s', (_name, ex, messageId, data) => {
    const { findings } = grade(rule, ex);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId, data });
    // Input that must fail keeps the configured level; a schema-valid (or 'any') input is at most a warning.
    expect(findings[0].severity).toBe(ex.case.expect === 'invalid-input' || ex.case.expect === 'unknown-tool' ? 'error' : 'warning');
  });

  it('redacts the evidence', () => {
    const ex = exchange({ probe: 'positive', text: 'Error: login failed for password=hunter2' });
    expect(grade(rule, ex).findings[0].data?.text).toBe('Error: login failed for password=[REDACTED:password]');
  });

  it('does not apply to tool errors on valid input, or to timeouts', () => {
    expect(grade(rule, exchange({ probe: 'positive', isError: true, text: 'Error' })).applies).toBe(false);
    expect(grade(rule, exchange({ probe: 'wrong-type', timeout: true })).applies).toBe(false);
  });

  describe('failure words in data are not a failure', () => {
    // A tool that ignores a wrong-typed argument and returns its usual statistics.
    const stats = '[{"tool":"echo","calls":3,"failed":0},{"tool":"add","calls":1,"failed":0}]';
    it.each([
      ['a JSON list of call counts', exchange({ probe: 'wrong-type', label: "'limit' as string", args: { limit: 'ten' }, text: stats })],
      ['a count of zero in prose', exchange({ probe: 'null-values', text: 'Processed 10 items, 0 failed' })],
      ['a counted failure word', exchange({ probe: 'wrong-type', text: 'Imported 12 contacts; 2 invalid emails were skipped' })],
      ['keys and one-word values of a JSON payload', exchange({ probe: 'missing-required', text: '{"jobs":[{"id":1,"status":"failed"}],"error_count":0}' })],
      ['a Python dict repr with a zero counter', exchange({ probe: 'wrong-type', text: "Summary: {'ok': 10, 'failed': 0, 'error': None}" })],
      ['"no errors"', exchange({ probe: 'wrong-type', text: 'Checked 3 files: no error found' })],
      ['a JSON payload opening a valid answer', exchange({ probe: 'positive', text: '{"failed": 0, "passed": 12}' })],
    ])('passes: %s', (_name, ex) => {
      expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
    });

    it.each([
      ['a message field of a JSON payload', exchange({ probe: 'wrong-type', text: '{"ok": true, "message": "Sorry, the email is invalid"}' }), 'invalid'],
      ['a failure next to a zero counter', exchange({ probe: 'wrong-type', text: 'failed: 0 retries left; request failed' }), 'failed'],
      ['a labelled line after a number', exchange({ probe: 'wrong-type', text: 'Line 3 error: unexpected token' }), 'error'],
    ])('fails: %s', (_name, ex, phrase) => {
      expect(grade(rule, ex).findings).toEqual([{ messageId: 'failureTextOnInvalidInput', severity: 'error', data: expect.objectContaining({ phrase }) }]);
    });
  });

  describe('a success for schema-valid input is at most a warning', () => {
    // @modelcontextprotocol/server-everything get-annotated-message returns this example error message by design.
    const annotated = exchange({
      probe: 'positive',
      tool: 'get-annotated-message',
      args: { messageType: 'error' },
      result: { content: [{ type: 'text', text: 'Error: Operation failed', annotations: { priority: 1, audience: ['user', 'assistant'] } }] },
    });

    it.each(['recommended', 'strict'] as const)('get-annotated-message {messageType: "error"} (%s)', (profile) => {
      expect(grade(rule, annotated, { profile }).findings).toEqual([
        { messageId: 'leadingFailureText', severity: 'warning', data: { phrase: 'Error', label: 'positive case', text: 'Error: Operation failed' } },
      ]);
    });

    it('input that must fail keeps the configured level', () => {
      const ex = exchange({ probe: 'wrong-type', args: { messageType: 7 }, text: 'Error: Operation failed' });
      expect(grade(rule, ex).findings).toEqual([{ messageId: 'failureTextOnInvalidInput', severity: 'error', data: { phrase: 'Error', label: 'wrong-type case', text: 'Error: Operation failed' } }]);
    });
  });

  it('shows the failure phrase in the evidence, wherever it sits', () => {
    const rows = Array.from({ length: 12 }, (_, i) => `doc-${i + 1}: Onboarding guide, section ${i + 1}`).join('\n');
    const ex = exchange({ probe: 'wrong-type', label: "'limit' as string", args: { limit: 'ten' }, text: `${rows}\n(limit "ten" is invalid, using 10)` });
    const [finding] = grade(rule, ex).findings;
    expect(finding).toMatchObject({ messageId: 'failureTextOnInvalidInput', data: { phrase: 'invalid' } });
    expect(String(finding.data?.text)).toContain('is invalid, using 10)');
    expect(String(finding.data?.text).startsWith('…')).toBe(true);
    expect(String(finding.data?.text).length).toBeLessThanOrEqual(160);
  });
});
