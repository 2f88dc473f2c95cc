// Table tests for concurrent-calls: each request of a burst answered exactly once, with its id and its own answer.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/concurrent-calls.js';
import { exchange, grade } from '../helpers/exchange.js';

const names = Array.from({ length: 8 }, (_, i) => `errlint_concurrent_${i + 1}`);
const delivery = { kind: 'burst' as const, calls: names.map((name) => ({ name, arguments: {} })) };
const member = (index: number, spec: Parameters<typeof exchange>[0] = {}) =>
  exchange({ probe: 'concurrency', name: names[index], label: '8 unknown tools at once', delivery, burst: { index, size: 8 }, answers: 1, ...spec });
const unknown = (name: string) => ({ code: -32602, message: `Tool ${name} not found` });

describe('concurrent-calls', () => {
  it.each([
    ['its own -32602', member(1, { error: unknown('errlint_concurrent_2') })],
    ['its own isError', member(1, { isError: true, text: 'MCP error -32602: Tool errlint_concurrent_2 not found' })],
    ['an answer naming no tool', member(1, { error: { code: -32602, message: 'Unknown tool' } })],
    ['near miss: errlint_concurrent_1 is no mention of errlint_concurrent_10', exchange({ probe: 'concurrency', name: 'errlint_concurrent_10', delivery: { kind: 'burst', calls: [{ name: 'errlint_concurrent_1', arguments: {} }, { name: 'errlint_concurrent_10', arguments: {} }] }, burst: { index: 1, size: 2 }, answers: 1, error: unknown('errlint_concurrent_10') })],
    ['its own name beside another (a list of tools)', member(0, { error: { code: -32602, message: 'errlint_concurrent_1 not found; did you mean errlint_concurrent_2?' } })],
    ['identical invalid calls to one tool', exchange({ probe: 'concurrency', name: 'lookup_user', delivery: { kind: 'burst', calls: Array.from({ length: 8 }, () => ({ name: 'lookup_user', arguments: {} })) }, burst: { index: 3, size: 8 }, answers: 1, isError: true, text: "Missing 'email'" })],
    ['a late answer with a real id among the unmatched', member(0, { error: unknown('errlint_concurrent_1'), unmatched: [{ jsonrpc: '2.0', id: 'errlint-3', result: {} }] })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['a timeout', member(2, { timeout: true }), ['lost'], { index: 3, size: 8, name: 'errlint_concurrent_3', outcome: 'no answer within 10000 ms' }],
    ['the server exited', member(2, { closed: { exitCode: 1, signal: null } }), ['lost'], { outcome: 'the server exited' }],
    ['answered twice', member(4, { error: unknown('errlint_concurrent_5'), answers: 2 }), ['duplicated'], { answers: 2, index: 5 }],
    ['an answer with another id', member(1, { error: unknown('errlint_concurrent_2'), response: { jsonrpc: '2.0', id: 9, error: unknown('errlint_concurrent_2') } }), ['wrongId'], { sent: '7', received: '9' }],
    ['a crossed -32602', member(1, { error: unknown('errlint_concurrent_5') }), ['crossed'], { name: 'errlint_concurrent_2', other: 'errlint_concurrent_5' }],
    ['a crossed isError', member(0, { isError: true, text: 'MCP error -32602: Tool errlint_concurrent_8 not found' }), ['crossed'], { other: 'errlint_concurrent_8' }],
    ['id-less answers while in flight (first request only)', member(0, { error: unknown('errlint_concurrent_1'), unmatched: [{ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }] }), ['strayAnswer'], { count: 1, size: 8 }],
  ])('fails: %s', (_name, ex, messageIds, data) => {
    const { findings } = grade(rule, ex);
    expect(findings.map((f) => f.messageId)).toEqual(messageIds);
    expect(findings[0]).toMatchObject({ data });
  });

  it('reports the shared stray answers once, on the first request of the burst', () => {
    const unmatched = [{ jsonrpc: '2.0', id: null, error: { code: -32603, message: 'x' } }];
    expect(grade(rule, member(3, { error: unknown('errlint_concurrent_4'), unmatched })).findings).toEqual([]);
  });

  it('does not apply outside a burst', () => {
    expect(grade(rule, exchange({ probe: 'unknown-tool', error: unknown('no_such_tool') })).applies).toBe(false);
  });
});
