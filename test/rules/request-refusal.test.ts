// Table tests for request-refusal: the protocol's own requests a server must refuse get the code the spec names
// (answers from server-everything 2026.8.31 and the SDK 2.x well-behaved fixture).
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/request-refusal.js';
import { grade, surfaceExchange } from '../helpers/exchange.js';
import { surfaceCase } from '../../probes/surface-case.js';

const request = (method: string, params: Record<string, unknown>, label: string, expectCode: number, extra = {}) =>
  surfaceCase(method, params, { name: method, expect: 'protocol-error', label, expectCode, requirement: 'should', ...extra });
const cursor = request('tools/list', { cursor: 'errlint-invalid-cursor' }, 'tools/list with an invalid cursor', -32602);
const level = request('logging/setLevel', { level: 'errlint-not-a-level' }, 'logging/setLevel with an invalid level', -32602, { breaks: 'a level outside LoggingLevel' });
const undeclared = request('prompts/list', {}, 'prompts/list without the prompts capability', -32601);
const completion = surfaceCase('completion/complete', { ref: { type: 'ref/prompt', name: 'errlint_no_such_prompt' }, argument: { name: 'value', value: '' } }, { name: 'errlint_no_such_prompt', expect: 'refused', label: 'completion for a prompt that does not exist', expectCode: -32602 });

describe('request-refusal', () => {
  it.each([
    ['an invalid cursor refused with -32602', 'protocol-requests', cursor, { error: { code: -32602, message: 'Invalid cursor' } }],
    ['an undeclared capability refused with -32601', 'protocol-requests', undeclared, { error: { code: -32601, message: 'Method not found' } }],
    ['an unknown completion reference refused with -32602 (server-everything)', 'completions', completion, { error: { code: -32602, message: 'MCP error -32602: Prompt errlint_no_such_prompt not found' } }],
  ] as const)('passes: %s', (_name, probe, c, spec) => {
    expect(grade(rule, surfaceExchange(probe, c, spec))).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['an invalid cursor ignored (server-everything lists page one)', 'protocol-requests', cursor, { result: { tools: [] } }, 'ignored', 'note'],
    ['an invalid level with -32603 (server-everything)', 'protocol-requests', level, { error: { code: -32603, message: '[ { "code": "invalid_value", "path": [ "params", "level" ] } ]' } }, 'internalCode', 'warning'],
    ['an invalid level taken', 'protocol-requests', level, { result: {} }, 'accepted', 'warning'],
    ['an undeclared capability served', 'protocol-requests', undeclared, { result: { prompts: [] } }, 'undeclaredServed', 'warning'],
    ['an undeclared capability with -32600', 'protocol-requests', undeclared, { error: { code: -32600, message: 'Invalid request' } }, 'wrongCode', 'note'],
    ['an unknown completion reference answered with values', 'completions', completion, { result: { completion: { values: [] } } }, 'accepted', 'warning'],
    ['no answer', 'protocol-requests', cursor, { timeout: true }, 'noAnswer', 'warning'],
  ] as const)('fails: %s', (_name, probe, c, spec, messageId, severity) => {
    const { findings } = grade(rule, surfaceExchange(probe, c, spec));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId, severity });
  });

  it('leaves tool probes, resources/read and prompts/get to their own rules', () => {
    expect(grade(rule, surfaceExchange('malformed-request', cursor, { error: { code: -32603, message: 'x' } })).applies).toBe(false);
    const read = surfaceCase('resources/read', { uri: 'x://y' }, { name: 'x://y', expect: 'refused', label: 'missing', expectCode: -32002 });
    expect(grade(rule, surfaceExchange('resources', read, { result: { contents: [] } })).applies).toBe(false);
  });
});
