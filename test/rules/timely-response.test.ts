// Table tests for timely-response: a timeout outcome fails with the session's timeout as evidence.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/timely-response.js';
import { exchange, grade } from '../helpers/exchange.js';

describe('timely-response', () => {
  it.each([
    ['a result', exchange({ text: 'ok', elapsedMs: 9_999 })],
    ['a JSON-RPC error', exchange({ error: { code: -32602, message: 'x' } })],
    ['a closed connection (server-survives owns it)', exchange({ closed: { exitCode: 1, signal: null } })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it('passes a call we cancelled while it still reported progress (long-running by design, alive)', () => {
    const ex = { ...exchange({ probe: 'positive', timeout: true, elapsedMs: 6_000 }), progress: 3, cancelled: true as const };
    expect(grade(rule, ex).findings).toEqual([]);
  });

  it('reports a timeout that did not happen again when re-sent alone as flaky, a note', () => {
    const ex = { ...exchange({ probe: 'positive', label: 'a', timeout: true, elapsedMs: 5_001 }), recheck: { reproduced: false, elapsedMs: 40 } };
    expect(grade(rule, ex, { timeoutMs: 5_000 }).findings).toEqual([
      { messageId: 'flaky', data: { timeoutMs: 5_000, elapsedMs: 5_001, label: 'a', recheckMs: 40 }, severity: 'note' },
    ]);
    const reproduced = { ...ex, recheck: { reproduced: true, elapsedMs: 5_000 } };
    expect(grade(rule, reproduced, { timeoutMs: 5_000 }).findings).toEqual([{ messageId: 'timeout', severity: 'error', data: { timeoutMs: 5_000, elapsedMs: 5_001, label: 'a' } }]);
  });

  it('fails on a timeout, with the configured timeout', () => {
    const ex = exchange({ probe: 'oversized', label: '1 MB string', timeout: true, elapsedMs: 5_003 });
    expect(grade(rule, ex, { timeoutMs: 5_000 }).findings).toEqual([
      { messageId: 'timeout', severity: 'error', data: { timeoutMs: 5_000, elapsedMs: 5_003, label: '1 MB string' } },
    ]);
  });
});

describe('timely-response options', () => {
  it('has none: the timeout is the run\'s --timeout, read from the session', () => {
    expect(rule.meta.options?.schema).toBeUndefined();
    const { findings } = grade(rule, exchange({ probe: 'positive', timeout: true }), { timeoutMs: 2500 });
    expect(findings[0]).toMatchObject({ messageId: 'timeout', data: { timeoutMs: 2500 } });
  });
});

describe('timely-response and protocol probes', () => {
  it('leaves a malformed tools/call or an unknown method that gets no answer to malformed-request and jsonrpc-conformance (§3: a warning)', () => {
    const malformed = exchange({ probe: 'malformed-request', expectCode: -32602, delivery: { kind: 'request', method: 'tools/call', params: [] }, timeout: true });
    const unknownMethod = exchange({ probe: 'jsonrpc', expectCode: -32601, delivery: { kind: 'request', method: 'errlint/x', params: {} }, timeout: true });
    expect(grade(rule, malformed).applies).toBe(false);
    expect(grade(rule, unknownMethod).applies).toBe(false);
  });

  it('still reports a raw frame after which the server stops answering (the barrier ping timed out)', () => {
    const hung = exchange({ probe: 'jsonrpc', expectCode: -32700, delivery: { kind: 'raw', text: 'not json' }, timeout: true });
    expect(grade(rule, hung).findings.map((f) => f.messageId)).toEqual(['timeout']);
  });
});
