// Table tests for stdout-clean: a stdio server's stdout carries only JSON-RPC; noise is reported with its first line, redacted.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/stdout-clean.js';
import { exchange, grade } from '../helpers/exchange.js';

describe('stdout-clean', () => {
  it.each([
    ['no noise', exchange({ probe: 'positive', text: 'ok' })],
    ['an empty noise list', exchange({ probe: 'jsonrpc', silent: true, noise: [] })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['a log line during a call', exchange({ seq: 12, probe: 'positive', text: 'ok', noise: ['Connecting to db...', 'connected'] }), { count: 2, line: 'Connecting to db...', when: 'during this call' }],
    ['a banner during the handshake (first exchange)', exchange({ seq: 1, probe: 'malformed-request', error: { code: -32602, message: 'x' }, noise: ['Server v1.2 ready'] }), { count: 1, when: 'before or during this first call' }],
    ['noise on a timeout', exchange({ seq: 3, probe: 'oversized', timeout: true, noise: ['FATAL: out of memory'] }), { line: 'FATAL: out of memory' }],
    ['a secret in the noise is redacted', exchange({ seq: 2, probe: 'positive', text: 'ok', noise: ['using key sk_live_4eC39HqLyjWDarjtT1zdp7dc'] }), { line: 'using key [REDACTED:stripe-key]' }],
  ])('fails: %s', (_name, ex, data) => {
    const { findings } = grade(rule, ex);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId: 'noise', data });
  });
});
