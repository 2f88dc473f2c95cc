// Table tests across rules: which rules grade the answers to protocol probes and bursts, and which leave them to the protocol rules;
// the http probe's answers; an oversized body refused with 413, which no rule holds against the server.
import { describe, expect, it } from 'vitest';
import { RULES, ruleById } from '../../rules/index.js';
import { exchange, grade, httpCases, httpExchange, type HttpAnswer } from '../helpers/exchange.js';
import { EVERYTHING, EXPRESS, FRONT, SDK1, SDK2 } from '../helpers/http-answers.js';
import type { Exchange } from '../../src/exchange.js';

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

describe('the http probe\'s answers', () => {
  const HTTP_RULES = ['http-origin', 'http-session', 'http-status'];
  const cases = httpCases('2025-11-25', true);
  const answers: HttpAnswer[] = [...Object.values(SDK1), ...Object.values(SDK2), ...Object.values(FRONT), ...Object.values(EXPRESS), ...Object.values(EVERYTHING)];
  const graded = (id: string) => cases.flatMap((c) => answers.map((a) => grade(ruleById(id)!, httpExchange(c, a), { version: '2025-11-25', transport: 'http', sessionIssued: true })));

  it.each(RULES.map((r) => r.meta.id).filter((id) => !HTTP_RULES.includes(id) && !['no-stack-trace', 'no-internal-details', 'no-secrets', 'server-survives', 'timely-response', 'error-size-bounded', 'jsonrpc-conformance'].includes(id)))('%s does not grade them (the HTTP rules do)', (id) => {
    expect(graded(id).filter((g) => g.applies)).toEqual([]);
  });

  it('jsonrpc-conformance takes an id-less error under a 4xx (id null, or none) as Streamable HTTP allows it', () => {
    expect(graded('jsonrpc-conformance').flatMap((g) => g.findings)).toEqual([]);
  });

  it('a stack in an error page is found by the content rules', () => {
    const typeCase = cases.find((c) => c.http?.aspect === 'content-type')!;
    const ex = httpExchange(typeCase, SDK1.stackPage);
    expect(grade(ruleById('no-stack-trace')!, ex, { version: '2025-11-25', transport: 'http' }).findings.map((f) => f.messageId)).toEqual(['stackTrace']);
    expect(grade(ruleById('no-internal-details')!, ex, { version: '2025-11-25', transport: 'http' }).findings.map((f) => f.messageId)).toEqual(['leak']);
  });
});

describe('an oversized body refused with 413', () => {
  const big = 'errlint '.repeat(12_800);
  /** An oversized probe's tools/call answered with `answer` (express.json()'s 100 kB limit, the hand-written front's, a bare one). */
  function refused(answer: HttpAnswer, jsonRpc?: Record<string, unknown>): Exchange {
    const base = exchange({ probe: 'oversized', tool: 'lookup_user', expect: 'invalid-input', args: { email: big }, target: { kind: 'arguments', paths: [['email']], keyword: 'size' }, alive: true });
    const outcome: Exchange['outcome'] = jsonRpc ? { kind: 'error', error: jsonRpc.error as { code: number; message: string } } : { kind: 'http', status: 413, contentType: answer.contentType, body: answer.body };
    const { response: _none, ...rest } = base;
    return { ...rest, ...(jsonRpc ? { response: jsonRpc } : {}), outcome, http: { status: 413, contentType: answer.contentType, body: jsonRpc ? 'json' : answer.body === '' ? 'empty' : 'other', ...(jsonRpc || answer.body === '' ? {} : { text: answer.body }) } };
  }
  const front = '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Payload Too Large"}}';
  const sdk1 = '{"jsonrpc":"2.0","error":{"code":-32000,"message":"Payload Too Large: Request body must not exceed 4194304 bytes"},"id":null}';
  const ANSWERS: Array<[string, Exchange]> = [
    // fixtures/http/no-origin-check.mjs (createMcpExpressApp, NODE_ENV production) to the 100 KB string.
    ['express\'s production page', refused({ status: 413, contentType: 'text/html; charset=utf-8', body: '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Payload Too Large</pre>\n</body>\n</html>\n' })],
    // sdk 1.x StreamableHTTPServerTransport past its maxRequestBodySize (4 MB by default): a JSON-RPC error with no id.
    ['sdk 1.x\'s JSON-RPC error', refused({ status: 413, contentType: 'application/json', body: sdk1 }, JSON.parse(sdk1) as Record<string, unknown>)],
    // fixtures/lib/http-front.mjs past 16 MB: likewise.
    ['the front\'s JSON-RPC error', refused({ status: 413, contentType: 'application/json', body: front }, JSON.parse(front) as Record<string, unknown>)],
    // fixtures/lib/http-listen.mjs fetchListener (server 2.x fixtures) past 16 MB.
    ['a plain-text 413', refused({ status: 413, contentType: 'text/plain', body: 'Payload Too Large' })],
    ['a bare 413', refused({ status: 413, contentType: null, body: '' })],
  ];

  it.each(ANSWERS)('no rule holds it against the server, in either era and profile: %s', (_name, ex) => {
    for (const version of ['2025-11-25', '2026-07-28']) {
      for (const rule of RULES) expect(grade(rule, ex, { version, transport: 'http', profile: 'strict' }).findings, rule.meta.id).toEqual([]);
    }
  });
});
