// Table tests for error-channel: which layer a failure is reported on, by negotiated version.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/error-channel.js';
import { exchange, grade } from '../helpers/exchange.js';

const invalidParams = { code: -32602, message: "Invalid arguments for tool search_docs: 'query' expected string" };

describe('error-channel', () => {
  it.each([
    ['isError result on invalid input, 2025-11-25', exchange({ probe: 'wrong-type', isError: true, text: "'query' must be a string" }), '2025-11-25'],
    ['-32602 on invalid input, 2025-06-18', exchange({ probe: 'missing-required', error: invalidParams }), '2025-06-18'],
    ['-32602 on invalid input, 2024-11-05', exchange({ probe: 'missing-required', error: invalidParams }), '2024-11-05'],
    ['-32602 on an oversized (any) input, 2025-11-25', exchange({ probe: 'oversized', error: invalidParams }), '2025-11-25'],
    ['success on valid input', exchange({ probe: 'positive', text: '3 documents' }), '2025-11-25'],
    ['isError on valid input', exchange({ probe: 'positive', isError: true, text: 'Upstream down; retry in 5 s' }), '2025-11-25'],
  ])('passes: %s', (_name, ex, version) => {
    expect(grade(rule, ex, { version })).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['-32602 on invalid input, 2025-11-25', exchange({ probe: 'wrong-type', error: invalidParams }), '2025-11-25', 'invalidParamsSince2025_11_25', 'warning', -32602],
    ['-32602 on invalid input, 2026-07-28', exchange({ probe: 'null-values', error: invalidParams }), '2026-07-28', 'invalidParamsSince2025_11_25', 'warning', -32602],
    ['-32603 on invalid input', exchange({ probe: 'missing-required', error: { code: -32603, message: 'Internal error' } }), '2025-06-18', 'internalErrorOnInvalidInput', 'error', -32603],
    ['-32603 on valid input', exchange({ probe: 'positive', error: { code: -32603, message: 'db down' } }), '2025-06-18', 'internalErrorOnToolFailure', 'error', -32603],
    ['-32603 on any input', exchange({ probe: 'unicode', error: { code: -32603, message: 'boom' } }), '2025-11-25', 'internalErrorOnToolFailure', 'error', -32603],
    ['-32601 on a tools/call', exchange({ probe: 'positive', error: { code: -32601, message: 'Method not found' } }), '2025-06-18', 'unexpectedCode', 'warning', -32601],
    ['-32000 on invalid input', exchange({ probe: 'wrong-type', error: { code: -32000, message: 'Server error' } }), '2025-06-18', 'unexpectedCode', 'warning', -32000],
    ['-32602 on valid input', exchange({ probe: 'positive', error: invalidParams }), '2025-06-18', 'unexpectedCode', 'warning', -32602],
    ['"-32602" (a string) on valid input', exchange({ probe: 'positive', error: { code: '-32602', message: 'Invalid params' } }), '2025-06-18', 'unexpectedCode', 'warning', '"-32602"'],
  ])('fails: %s', (_name, ex, version, messageId, severity, code) => {
    const { findings } = grade(rule, ex, { version });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId, severity, data: { code, version } });
  });

  it('shows a code that is not an integer as it was sent, and does not take the string "-32602" for -32602', () => {
    const ex = exchange({ probe: 'extra-properties', error: { code: '-32602', message: "Unknown property 'zzz'" } });
    expect(grade(rule, ex).findings).toEqual([
      { messageId: 'unexpectedCode', severity: 'warning', data: { code: '"-32602"', codeAsSent: 'code "-32602", a string, not an integer', label: 'extra-properties case', version: '2025-06-18' } },
    ]);
    expect(grade(rule, exchange({ probe: 'extra-properties', error: { code: -32602, message: "Unknown property 'zzz'" } })).findings).toEqual([]);
  });

  it('grades -32602 on invalid input at the rule\'s level (error) in the strict profile instead of the recommended warning', () => {
    const ex = exchange({ probe: 'wrong-type', error: invalidParams });
    const severity = (opts: Parameters<typeof grade>[2]) => grade(rule, ex, { version: '2025-11-25', ...opts }).findings.map((f) => [f.messageId, f.severity]);
    expect(severity({ profile: 'strict' })).toEqual([['invalidParamsSince2025_11_25', 'error']]);
    expect(severity({ profile: 'recommended' })).toEqual([['invalidParamsSince2025_11_25', 'warning']]);
  });

  it('grades every message at a level the user sets, "error" included (the profile\'s warning no longer applies)', () => {
    const ex = exchange({ probe: 'wrong-type', error: invalidParams });
    expect(grade(rule, ex, { version: '2025-11-25', level: 'error' }).findings.map((f) => f.severity)).toEqual(['error']);
    expect(grade(rule, exchange({ probe: 'positive', error: { code: -32601, message: 'x' } }), { level: 'error' }).findings.map((f) => f.severity)).toEqual(['error']);
    // a fixed lower severity (a 503 says "later") is capped by the user's level, not raised by it
    expect(grade(rule, exchange({ probe: 'positive', error: { code: -32603, message: 'x' } }), { level: 'note' }).findings.map((f) => f.severity)).toEqual(['note']);
  });

  it('is version-dependent for the same exchange', () => {
    const ex = exchange({ probe: 'missing-required', error: invalidParams });
    expect(grade(rule, ex, { version: '2025-06-18' }).findings).toEqual([]);
    expect(grade(rule, ex, { version: '2025-11-25' }).findings.map((f) => f.messageId)).toEqual(['invalidParamsSince2025_11_25']);
  });

  it.each([
    ['the unknown-tool probe', exchange({ probe: 'unknown-tool', error: { code: -32603, message: 'x' } })],
    ['a timeout', exchange({ probe: 'positive', timeout: true })],
    ['a closed connection', exchange({ probe: 'positive', closed: { exitCode: 1, signal: null } })],
  ])('does not apply to %s', (_name, ex) => {
    expect(grade(rule, ex).applies).toBe(false);
  });
});
