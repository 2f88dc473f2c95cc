// Table tests for server-survives: a closed connection or a failed liveness check fails.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/server-survives.js';
import { exchange, grade } from '../helpers/exchange.js';

describe('server-survives', () => {
  it.each([
    ['an answer, alive', exchange({ text: 'ok', alive: true })],
    ['an answer, no liveness check', exchange({ isError: true, text: 'bad' })],
    ['a timeout, still alive (timely-response owns it)', exchange({ timeout: true, alive: true })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['process exited', exchange({ probe: 'oversized', closed: { exitCode: 1, signal: null } }), 'exited', { exitCode: 1, signal: 'none' }],
    ['process killed', exchange({ probe: 'unicode', closed: { exitCode: null, signal: 'SIGSEGV' } }), 'exited', { exitCode: 'none', signal: 'SIGSEGV' }],
    ['answered, then dead', exchange({ probe: 'oversized', error: { code: -32603, message: 'x' }, alive: false }), 'unresponsive', { outcome: 'error' }],
    ['timed out, then dead', exchange({ timeout: true, alive: false }), 'unresponsive', { outcome: 'timeout' }],
    // n8n-mcp 2.x over Streamable HTTP after a tools/call with params []: 404 {"error":{"code":-32000,"message":"Session not found or expired"}}
    ['its own answer a 404 to the session id', { ...exchange({ probe: 'missing-required' }), outcome: { kind: 'closed' as const, exitCode: null, signal: null, error: 'the server no longer knows the session it issued (HTTP 404 for its Mcp-Session-Id)', lostSession: true as const } }, 'lostSession', {}],
    ['answered, then the liveness check got a 404 to the session id', { ...exchange({ probe: 'malformed-request', error: { code: -32602, message: 'x' }, alive: false }), lostSession: true as const }, 'lostSession', {}],
  ])('fails: %s', (_name, ex, messageId, data) => {
    const { findings } = grade(rule, ex);
    expect(findings).toEqual([{ messageId, severity: 'error', data }]);
  });

  it.each([
    // a busy process (n8n-mcp on a slow SQLite query) missed one liveness check but answered the same input alone
    ['answered, missed a ping, fine when re-sent alone', { ...exchange({ probe: 'oversized', text: 'ok', alive: false }), recheck: { reproduced: false, elapsedMs: 900 } }, 'stopped answering'],
    ['exited once, not when re-sent alone', { ...exchange({ probe: 'oversized', closed: { exitCode: 137, signal: null } }), recheck: { reproduced: false, elapsedMs: 20 } }, 'exited'],
    ['lost the session once, not when re-sent alone on a new one', { ...exchange({ probe: 'wrong-type', alive: false }), lostSession: true as const, recheck: { reproduced: false, elapsedMs: 20 } }, 'lost the session it issued'],
  ])('reports a failure that did not reproduce as flaky, a note: %s', (_name, ex, what) => {
    expect(grade(rule, ex).findings).toEqual([{ messageId: 'flaky', data: { what }, severity: 'note' }]);
  });

  it('keeps a failure that reproduced', () => {
    const ex = { ...exchange({ probe: 'unicode', closed: { exitCode: 1, signal: null } }), recheck: { reproduced: true, elapsedMs: 3 } };
    expect(grade(rule, ex).findings).toEqual([{ messageId: 'exited', severity: 'error', data: { exitCode: 1, signal: 'none' } }]);
  });
});
