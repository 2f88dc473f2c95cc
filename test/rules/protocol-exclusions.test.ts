// Table tests across rules: which rules grade the answers to protocol probes and bursts, and which leave them to the protocol rules.
import { describe, expect, it } from 'vitest';
import { ruleById } from '../../rules/index.js';
import { exchange, grade } from '../helpers/exchange.js';

/** Answers the protocol probes get from well-behaved and from SDK-built servers, each of which the tool-level rules used to misjudge. */
const PROTOCOL_ANSWERS = {
  'malformed -32602': exchange({ probe: 'malformed-request', expectCode: -32602, delivery: { kind: 'request', method: 'tools/call', params: { arguments: {} } }, error: { code: -32602, message: 'Invalid params' } }),
  'malformed -32603 zod dump': exchange({ probe: 'malformed-request', expectCode: -32602, delivery: { kind: 'request', method: 'tools/call', params: { name: 42 } }, error: { code: -32603, message: '[{"code":"invalid_type","path":["params","name"]}]' } }),
  'malformed isError': exchange({ probe: 'malformed-request', expectCode: -32602, isError: true, text: '' }),
  'malformed success': exchange({ probe: 'malformed-request', expectCode: -32602, text: 'Error: no tool' }),
  'parse error': exchange({ probe: 'jsonrpc', expectCode: -32700, delivery: { kind: 'raw', text: 'not json' }, error: { code: -32700, message: 'Parse error' } }),
  'invalid request': exchange({ probe: 'jsonrpc', expectCode: -32600, delivery: { kind: 'raw', text: '{"id":"{id}","method":"x"}' }, error: { code: -32600, message: 'Invalid Request' } }),
  'method not found': exchange({ probe: 'jsonrpc', expectCode: -32601, delivery: { kind: 'request', method: 'errlint/no-such-method', params: {} }, error: { code: -32601, message: 'Method not found' } }),
  'answered notification': exchange({ probe: 'notification', delivery: { kind: 'notification', method: 'tools/call', params: {} }, isError: true, text: 'try again later', response: { jsonrpc: '2.0', id: null, result: {} } }),
};
const BURST = exchange({
  probe: 'concurrency',
  name: 'errlint_concurrent_1',
  delivery: { kind: 'burst', calls: [{ name: 'errlint_concurrent_1', arguments: {} }] },
  burst: { index: 0, size: 8 },
  answers: 1,
  error: { code: -32601, message: 'Method not found' },
});

describe('protocol probes and bursts', () => {
  const leftToProtocolRules = ['error-channel', 'recovery-hint', 'error-not-generic', 'unknown-tool', 'invalid-input-accepted', 'no-error-as-success', 'retry-after-on-transient', 'error-not-empty', 'structured-error-metadata', 'customer-message', 'empty-result-explicit', 'output-schema-conformance'];

  for (const id of leftToProtocolRules) {
    it.each(Object.entries(PROTOCOL_ANSWERS))(`${id} does not grade: %s`, (_name, ex) => {
      expect(grade(ruleById(id)!, ex).applies).toBe(false);
    });
  }

  it.each(['error-channel', 'recovery-hint', 'unknown-tool', 'no-error-as-success', 'structured-error-metadata'])('%s does not grade a burst answer (concurrent-calls does)', (id) => {
    expect(grade(ruleById(id)!, BURST).applies).toBe(false);
  });

  it.each(['no-stack-trace', 'no-internal-details', 'no-secrets', 'server-survives', 'timely-response', 'error-size-bounded', 'jsonrpc-conformance', 'stdout-clean'])('%s still grades protocol answers and bursts', (id) => {
    const rule = ruleById(id)!;
    expect(grade(rule, PROTOCOL_ANSWERS['parse error']).applies).toBe(true);
    expect(grade(rule, PROTOCOL_ANSWERS['method not found']).applies).toBe(id !== 'timely-response'); // §3: its silence is a warning, jsonrpc-conformance's
    expect(grade(rule, PROTOCOL_ANSWERS['malformed -32603 zod dump']).applies).toBe(id !== 'timely-response'); // likewise malformed-request's
    expect(grade(rule, BURST).applies).toBe(true);
  });

  it('a stack trace in the answer to a bad frame is still found', () => {
    const ex = exchange({ probe: 'jsonrpc', expectCode: -32700, error: { code: -32700, message: 'Parse error', data: 'SyntaxError: Unexpected token\n    at JSON.parse (<anonymous>)\n    at Server.onLine (/srv/app/server.js:40:21)' } });
    expect(grade(ruleById('no-stack-trace')!, ex).findings.map((f) => f.messageId)).toEqual(['stackTrace']);
  });

  it('error-not-generic and retry-after-on-transient still grade bursts (their verdict does not depend on the input)', () => {
    const generic = exchange({ probe: 'concurrency', burst: { index: 0, size: 8 }, isError: true, text: 'Internal error' });
    expect(grade(ruleById('error-not-generic')!, generic).findings.map((f) => f.messageId)).toEqual(['generic']);
    const limited = exchange({ probe: 'concurrency', burst: { index: 0, size: 8 }, isError: true, text: 'Rate limit exceeded' });
    expect(grade(ruleById('retry-after-on-transient')!, limited).findings.map((f) => f.messageId)).toEqual(['noDelay']);
  });
});
