// Table tests for malformed-request: a malformed tools/call gets -32602; -32603, isError, silence and success are findings.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/malformed-request.js';
import { exchange, grade } from '../helpers/exchange.js';

const malformed = (spec: Parameters<typeof exchange>[0] = {}, params: unknown = { name: 'search_docs', arguments: 'not an object' }) =>
  exchange({
    probe: 'malformed-request',
    expectCode: -32602,
    label: "'search_docs' with arguments a string",
    delivery: { kind: 'request', method: 'tools/call', params },
    ...spec,
  });

const zodDump = '[{"expected":"record","code":"invalid_type","path":["params","arguments"],"message":"Invalid input: expected record, received string"}]';

describe('malformed-request', () => {
  it.each([
    ['-32602, 2025-11-25', malformed({ error: { code: -32602, message: "Invalid params: 'arguments' must be an object" } }), '2025-11-25'],
    ['-32602, 2024-11-05', malformed({ error: { code: -32602, message: 'Invalid params' } }), '2024-11-05'],
    ['-32602 for params: []', malformed({ error: { code: -32602, message: 'params must be an object' } }, []), '2026-07-28'],
    ['-32602 for no params at all', malformed({ error: { code: -32602, message: 'missing params' } }, undefined), '2025-06-18'],
  ])('passes: %s', (_name, ex, version) => {
    expect(grade(rule, ex, { version })).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['-32603 with a zod dump (SDK 1.x)', malformed({ error: { code: -32603, message: zodDump } }), 'internalError', 'warning', { code: -32603, expected: -32602 }],
    ['-32601', malformed({ error: { code: -32601, message: 'Method not found' } }), 'wrongCode', 'warning', { code: -32601 }],
    ['-32600 (near miss: right family, wrong code)', malformed({ error: { code: -32600, message: 'Invalid Request' } }), 'wrongCode', 'warning', { code: -32600 }],
    ['a non-numeric code', malformed({ error: { code: 'E_PARAMS', message: 'bad' } }), 'wrongCode', 'warning', { code: '"E_PARAMS"', codeAsSent: 'code "E_PARAMS", a string, not an integer' }],
    ['-32602 as a string', malformed({ error: { code: '-32602', message: 'Invalid params' } }), 'wrongCode', 'warning', { code: '"-32602"', codeAsSent: 'code "-32602", a string, not an integer', expected: -32602 }],
    ['no code', malformed({ error: { code: undefined, message: 'Invalid params' } }), 'wrongCode', 'warning', { code: 'none', codeAsSent: 'no code' }],
    ['an isError result', malformed({ isError: true, text: 'arguments must be an object' }), 'toolErrorResult', 'warning', { expected: -32602 }],
    ['a success result', malformed({ text: 'ok' }), 'success', 'error', { text: 'ok' }],
    ['no answer before the timeout (params: [])', malformed({ timeout: true }, []), 'noAnswer', 'warning', { outcome: 'no answer within 10000 ms' }],
    ['silence', malformed({ silent: true }), 'noAnswer', 'warning', { outcome: 'no answer' }],
  ])('fails: %s', (_name, ex, messageId, severity, data) => {
    const { findings } = grade(rule, ex, { version: '2025-11-25' });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId, data });
    expect(findings[0].severity).toBe(severity);
  });

  it('uses the probe case\'s expected code', () => {
    const ex = malformed({ expectCode: -32600, error: { code: -32600, message: 'Invalid Request' } });
    expect(grade(rule, ex).findings).toEqual([]);
  });

  it.each([
    ['another probe', exchange({ probe: 'wrong-type', error: { code: -32603, message: 'x' } })],
    ['a crash (server-survives reports it)', malformed({ closed: { exitCode: 1, signal: null } })],
  ])('does not apply to %s', (_name, ex) => {
    expect(grade(rule, ex).applies).toBe(false);
  });
});
