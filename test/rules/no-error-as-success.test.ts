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

  describe('a failure word the call asked for is the requested content', () => {
    // @modelcontextprotocol/server-everything get-annotated-message returns this example error message by design.
    const annotated = (args: Record<string, unknown>, text: string, probe: 'positive' | 'extra-properties' | 'wrong-type' = 'positive') =>
      exchange({ probe, tool: 'get-annotated-message', args, result: { content: [{ type: 'text', text, annotations: { priority: 1, audience: ['user', 'assistant'] } }] } });

    it.each([
      ['get-annotated-message {messageType: "error"}', annotated({ messageType: 'error' }, 'Error: Operation failed')],
      ['the same with an undeclared property', annotated({ messageType: 'error', __errlint_extra: 'x' }, 'Error: Operation failed', 'extra-properties')],
      ['the value in another case', annotated({ messageType: 'ERROR' }, 'Error: Operation failed')],
      ['a log tool asked for failed jobs', exchange({ probe: 'positive', tool: 'list_jobs', args: { status: 'failed', limit: 5 }, text: 'Failed: job 12 (timeout), job 19 (exit 1)' })],
      ['a nested value', exchange({ probe: 'positive', tool: 'render', args: { sample: { kind: 'exception' } }, text: 'Exception: sample stack trace' })],
      ['an invalid input whose failure word is the asked-for one', annotated({ messageType: 'error', includeImage: 'yes' }, 'Error: Operation failed', 'wrong-type')],
    ])('passes: %s', (_name, ex) => {
      expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
    });

    it.each([
      // context7: the call sent a library id, not the word "error"
      ['context7 failing upstream', exchange({ probe: 'positive', tool: 'get-library-docs', args: { context7CompatibleLibraryID: '/vercel/next.js' }, text: 'Error fetching library context. Please try again later. TypeError: fetch failed' }), 'leadingFailureText', 'Error'],
      ['a value that only contains the word', annotated({ messageType: 'error handling' }, 'Error: ECONNRESET while fetching page'), 'leadingFailureText', 'Error'],
      ['a value naming another failure word', annotated({ messageType: 'error' }, 'Failed to render the message'), 'leadingFailureText', 'Failed'],
      ['the word as a key, not a value', exchange({ probe: 'positive', args: { error: true }, text: 'Error: Operation failed' }), 'leadingFailureText', 'Error'],
      // server-aws-kb-retrieval: {} sends no value at all
      ['aws-kb-retrieval for {}', exchange({ probe: 'missing-required', tool: 'retrieve_from_aws_kb', args: {}, text: 'Retrieval failed or returned no results.' }), 'failureTextOnInvalidInput', 'failed'],
      ['invalid input with a non-string value', annotated({ messageType: 7 }, 'Error: Operation failed', 'wrong-type'), 'failureTextOnInvalidInput', 'Error'],
    ])('fails: %s', (_name, ex, messageId, phrase) => {
      expect(grade(rule, ex).findings).toEqual([expect.objectContaining({ messageId, data: expect.objectContaining({ phrase }) })]);
    });

    it.each(['recommended', 'strict'] as const)('a success opening with failure text for schema-valid input is a warning (%s)', (profile) => {
      const ex = exchange({ probe: 'positive', tool: 'get-annotated-message', args: { messageType: 'success' }, text: 'Error: Operation failed' });
      expect(grade(rule, ex, { profile }).findings).toEqual([
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
