// Probe (once per server): frames that break JSON-RPC itself: bad JSON, invalid request objects, an unknown method, a batch.
import type { Probe } from '../src/plan/types.js';
import type { ProbeCase } from '../src/probe-case.js';
import { INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR } from '../src/jsonrpc-codes.js';

/** `{id}` in a raw frame becomes an id of ours, so an answer that echoes it can be matched. */
const raw = (text: string, expectCode: number, label: string): ProbeCase => ({
  name: '',
  arguments: undefined,
  expect: 'protocol-error',
  expectCode,
  label,
  delivery: { kind: 'raw', text },
  breaks: label,
});

export const probe: Probe = {
  kind: 'jsonrpc',
  description: 'Invalid JSON, invalid request objects (id null, method not a string, no jsonrpc), an unknown method, a batch.',
  scope: 'server',
  plan() {
    return {
      enumerated: [
        raw('{"jsonrpc":"2.0","id":"{id}","method":"tools/list",', PARSE_ERROR, 'truncated JSON'),
        raw('not json at all', PARSE_ERROR, 'a line that is not JSON'),
        raw('{"jsonrpc":"2.0","id":null,"method":"tools/list","params":{}}', INVALID_REQUEST, 'request with id null'),
        raw('{"jsonrpc":"2.0","id":"{id}","method":5}', INVALID_REQUEST, 'method is a number'),
        raw('{"id":"{id}","method":"tools/list","params":{}}', INVALID_REQUEST, 'no jsonrpc member'),
        raw('{"jsonrpc":"1.0","id":"{id}","method":"tools/list","params":{}}', INVALID_REQUEST, 'jsonrpc "1.0"'),
        {
          name: '',
          arguments: undefined,
          expect: 'protocol-error',
          expectCode: METHOD_NOT_FOUND,
          label: 'unknown method',
          delivery: { kind: 'request', method: 'errlint/no-such-method', params: {} },
        },
        raw('[{"jsonrpc":"2.0","id":"{id}","method":"tools/list","params":{}}]', INVALID_REQUEST, 'a batch of one request'),
      ],
      arbitrary: null,
    };
  },
};
