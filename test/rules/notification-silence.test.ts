// Table tests for notification-silence: a notification gets no answer at all; late answers to other requests don't count.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/notification-silence.js';
import { exchange, grade } from '../helpers/exchange.js';

const notification = (spec: Parameters<typeof exchange>[0] = {}, method = 'notifications/errlint/unknown') =>
  exchange({ probe: 'notification', label: 'an unknown notification', delivery: { kind: 'notification', method, params: {} }, ...spec });
const methodNotFound = { jsonrpc: '2.0', id: null, error: { code: -32601, message: 'Method not found' } };

describe('notification-silence', () => {
  it.each([
    ['silence', notification({ silent: true })],
    ['silence on notifications/cancelled', notification({ silent: true }, 'notifications/cancelled')],
    ['a late answer to another request (it carries a real id)', notification({ result: {}, response: { jsonrpc: '2.0', id: 'errlint-6', result: {} } })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['an id-null error', notification({ error: { code: -32601, message: 'Method not found' }, response: methodNotFound }), { answer: 'error -32601 "Method not found"', more: '', method: 'notifications/errlint/unknown' }],
    ['a result without an id', notification({ result: {}, response: { jsonrpc: '2.0', result: {} } }), { answer: 'a result' }],
    [
      'an error and more frames',
      notification({ error: { code: -32601, message: 'Method not found' }, response: methodNotFound, unmatched: [methodNotFound, { jsonrpc: '2.0', id: 'errlint-3', result: {} }] }),
      { more: ' and 1 more frame(s)' },
    ],
    ['an answer with an id we never used (0)', notification({ error: { code: -32601, message: 'Method not found' }, response: { jsonrpc: '2.0', id: 0, error: { code: -32601, message: 'Method not found' } } }), { answer: 'error -32601 "Method not found"' }],
    ['a tools/call without an id answered', notification({ isError: true, text: 'Unknown tool', response: { jsonrpc: '2.0', id: null, result: { isError: true } } }, 'tools/call'), { method: 'tools/call' }],
  ])('fails: %s', (_name, ex, data) => {
    const { findings } = grade(rule, ex);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId: 'answered', data });
  });

  it('does not apply to requests, or to a hang or crash after the notification', () => {
    expect(grade(rule, exchange({ probe: 'positive', text: 'ok' })).applies).toBe(false);
    expect(grade(rule, notification({ timeout: true })).applies).toBe(false);
    expect(grade(rule, notification({ closed: { exitCode: 1, signal: null } })).applies).toBe(false);
  });
});
