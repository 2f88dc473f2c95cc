// Table tests for concurrent-calls: each request of a burst answered exactly once, with its id and its own answer.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/concurrent-calls.js';
import { exchange, grade } from '../helpers/exchange.js';

const names = Array.from({ length: 8 }, (_, i) => `errlint_concurrent_${i + 1}`);
const delivery = { kind: 'burst' as const, calls: names.map((name) => ({ name, arguments: {} })) };
const member = (index: number, spec: Parameters<typeof exchange>[0] = {}) =>
  exchange({ probe: 'concurrency', name: names[index], label: '8 unknown tools at once', delivery, burst: { index, size: 8 }, answers: 1, ...spec });
const unknown = (name: string) => ({ code: -32602, message: `Tool ${name} not found` });
type Member = { outcome: 'result' | 'error' | 'timeout' | 'closed' | 'silent'; elapsedMs: number };
/** How an 8-request burst went: every request answered with -32602 after 2 ms each, except `index`, which went as `it`. */
const burstOf = (index: number, it: Member, others: (i: number) => Member = (i) => ({ outcome: 'error', elapsedMs: 2 * (i + 1) })): Member[] =>
  names.map((_, i) => (i === index ? it : others(i)));

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
    [
      'a timeout while the others were answered at once',
      member(2, { timeout: true, answers: 0, burst: { index: 2, size: 8, members: burstOf(2, { outcome: 'timeout', elapsedMs: 10_000 }) } }),
      ['lost'],
      { index: 3, size: 8, name: 'errlint_concurrent_3', outcome: 'no answer within 10000 ms, while 7 other request(s) of the burst were answered within 16 ms' },
    ],
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

  describe('a timeout is lost only when the rest of the burst was answered (else timely-response has it)', () => {
    const timedOut: Member = { outcome: 'timeout', elapsedMs: 10_000 };
    it.each([
      // A slow server: the whole burst timed out (e.g. every call waits on a cold upstream).
      ['every request of the burst timed out', member(5, { timeout: true, answers: 0, burst: { index: 5, size: 8, members: burstOf(5, timedOut, () => timedOut) } })],
      // A server working through the burst one by one, 1.8 s per call: answers kept coming until the deadline.
      ['answers still coming near the deadline', member(7, { timeout: true, answers: 0, burst: { index: 7, size: 8, members: burstOf(7, timedOut, (i) => (i < 5 ? { outcome: 'result', elapsedMs: 1800 * (i + 1) } : timedOut)) } })],
      ['answered just after the deadline (counted in the grace period)', member(3, { timeout: true, answers: 1, burst: { index: 3, size: 8, members: burstOf(3, timedOut) } })],
      ['the burst was not recorded: a timeout alone proves nothing', member(2, { timeout: true, answers: 0 })],
    ])('passes: %s', (_name, ex) => {
      expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
    });

    it('fails: the others answered within the first half of the timeout, this one never', () => {
      const ex = member(6, { timeout: true, answers: 0, burst: { index: 6, size: 8, members: burstOf(6, timedOut, (i) => ({ outcome: 'result', elapsedMs: 600 * (i + 1) })) } });
      expect(grade(rule, ex).findings).toEqual([
        { messageId: 'lost', severity: 'error', data: { index: 7, size: 8, name: 'errlint_concurrent_7', outcome: 'no answer within 10000 ms, while 7 other request(s) of the burst were answered within 4800 ms' } },
      ]);
    });
  });

  it('does not apply outside a burst', () => {
    expect(grade(rule, exchange({ probe: 'unknown-tool', error: unknown('no_such_tool') })).applies).toBe(false);
  });
});
