// Table tests for prompt-contract: an unknown prompt, a missing required argument or a non-string one is refused with
// -32602 (answers from server-everything 2026.8.31 and the fixtures' defects).
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/prompt-contract.js';
import { grade, surfaceExchange } from '../helpers/exchange.js';
import { surfaceCase } from '../../probes/surface-case.js';

const get = (name: string, args: Record<string, unknown> | undefined, label: string, extra = {}) =>
  surfaceCase('prompts/get', args === undefined ? { name } : { name, arguments: args }, { name, expect: 'refused', label, expectCode: -32602, requirement: 'should', ...extra });
const unknown = get('simple-prompt_x', undefined, 'an unknown prompt name');
const missing = get('args-prompt', {}, "'args-prompt' without its required argument 'city'");
const numeric = get('args-prompt', { city: 42 }, "'args-prompt' with 'city' a number", { breaks: 'a prompt argument that is not a string' });
const served = { result: { messages: [{ role: 'user', content: { type: 'text', text: "What's weather in undefined?" } }] } };

describe('prompt-contract', () => {
  it.each([
    ['unknown name, -32602 (server-everything)', unknown, { error: { code: -32602, message: 'MCP error -32602: Prompt simple-prompt_x not found' } }],
    ['missing argument, -32602 (server-everything)', missing, { error: { code: -32602, message: 'MCP error -32602: Invalid arguments for prompt args-prompt: Invalid input: expected string, received undefined' } }],
  ] as const)('passes: %s', (_name, c, spec) => {
    expect(grade(rule, surfaceExchange('prompts', c, spec))).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['an unknown prompt served', unknown, served, 'unknownAccepted', 'error'],
    ['a missing required argument served', missing, served, 'missingAccepted', 'warning'],
    ['a number served', numeric, served, 'typeAccepted', 'note'],
    ["-32603 with the SDK's zod dump (server-everything)", numeric, { error: { code: -32603, message: '[ { "expected": "string", "code": "invalid_type", "path": [ "params", "arguments", "city" ] } ]' } }, 'wrongCode', 'warning'],
    ['-32603 with a crash text (fixture prompt-crash)', missing, { error: { code: -32603, message: "Cannot read properties of undefined (reading 'trim')" } }, 'wrongCode', 'warning'],
    ['an isError result', unknown, { isError: true, text: 'no such prompt' }, 'toolError', 'warning'],
  ] as const)('fails: %s', (_name, c, spec, messageId, severity) => {
    const { findings } = grade(rule, surfaceExchange('prompts', c, spec));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId, severity });
  });

  it('does not grade an undeclared extra argument, which may be ignored', () => {
    const extra = get('args-prompt', { city: 'a', errlint_extra: 'x' }, 'extra', { expect: 'any' });
    expect(grade(rule, surfaceExchange('prompts', extra, served)).applies).toBe(false);
  });
});
