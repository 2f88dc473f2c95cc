// Table tests for unknown-tool: -32602 naming the tool passes; other answers get §3's per-deviation severities.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/unknown-tool.js';
import { exchange, grade } from '../helpers/exchange.js';

const probe = 'unknown-tool' as const;

describe('unknown-tool', () => {
  it.each([
    ['-32602 naming the tool', exchange({ probe, name: 'no_such_tool', error: { code: -32602, message: 'Tool no_such_tool not found' } })],
    ['-32602 naming the tool in another case', exchange({ probe, name: 'No_Such_Tool', error: { code: -32602, message: "Unknown tool 'no_such_tool'" } })],
    ['-32602 for an empty name without naming it', exchange({ probe, name: '', error: { code: -32602, message: 'Tool name is required' } })],
    ['-32602 for a 129-char name without echoing it', exchange({ probe, name: 'x'.repeat(129), error: { code: -32602, message: 'Unknown tool' } })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['isError result (recommended)', exchange({ probe, isError: true, text: 'Unknown tool: no_such_tool' }), 'recommended', 'toolErrorResult', 'note', {}],
    ['isError result (strict)', exchange({ probe, isError: true, text: 'Unknown tool: no_such_tool' }), 'strict', 'toolErrorResult', 'warning', {}],
    ['-32601', exchange({ probe, error: { code: -32601, message: 'Method not found' } }), 'recommended', 'wrongCode', 'warning', { code: -32601 }],
    ['-32603', exchange({ probe, error: { code: -32603, message: 'Internal error' } }), 'recommended', 'wrongCode', 'warning', { code: -32603 }],
    ['-32602 sent as a string is not -32602', exchange({ probe, error: { code: '-32602', message: 'Tool no_such_tool not found' } }), 'recommended', 'wrongCode', 'warning', { code: '"-32602"', codeAsSent: 'code "-32602", a string, not an integer' }],
    ['-32602.5 is not -32602', exchange({ probe, error: { code: -32602.5, message: 'Tool no_such_tool not found' } }), 'recommended', 'wrongCode', 'warning', { code: -32602.5, codeAsSent: 'code -32602.5, not an integer' }],
    ['no code', exchange({ probe, error: { code: undefined, message: 'Tool no_such_tool not found' } }), 'recommended', 'wrongCode', 'warning', { code: 'none', codeAsSent: 'no code' }],
    ['success', exchange({ probe, text: 'done' }), 'recommended', 'success', 'error', {}],
    ['-32602 not naming the tool', exchange({ probe, error: { code: -32602, message: 'Invalid params' } }), 'recommended', 'unnamed', 'note', { message: 'Invalid params' }],
  ] as const)('fails: %s', (_name, ex, profile, messageId, severity, data) => {
    const { findings } = grade(rule, ex, { profile });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId, severity, data: { name: 'no_such_tool', ...data } });
  });

  it('does not apply to other probes, or to unanswered calls', () => {
    expect(grade(rule, exchange({ probe: 'positive', text: 'ok' })).applies).toBe(false);
    expect(grade(rule, exchange({ probe, timeout: true })).applies).toBe(false);
    expect(grade(rule, exchange({ probe, closed: { exitCode: 1, signal: null } })).applies).toBe(false);
  });
});
