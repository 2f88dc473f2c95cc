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

  it('fails on a timeout, with the configured timeout', () => {
    const ex = exchange({ probe: 'oversized', label: '1 MB string', timeout: true, elapsedMs: 5_003 });
    expect(grade(rule, ex, { timeoutMs: 5_000 }).findings).toEqual([
      { messageId: 'timeout', data: { timeoutMs: 5_000, elapsedMs: 5_003, label: '1 MB string' } },
    ]);
  });
});
