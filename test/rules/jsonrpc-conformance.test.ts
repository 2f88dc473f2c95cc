// Table tests for jsonrpc-conformance: bad frames, the unknown method, batches by version, and the shape of every answer.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/jsonrpc-conformance.js';
import { exchange, grade } from '../helpers/exchange.js';

const raw = (text: string, expectCode: number, label: string, spec: Parameters<typeof exchange>[0] = {}) =>
  exchange({ probe: 'jsonrpc', expectCode, label, delivery: { kind: 'raw', text }, ...spec });
const parseError = (spec: Parameters<typeof exchange>[0]) => raw('{"jsonrpc":"2.0","id":"{id}","method":"tools/list",', -32700, 'truncated JSON', spec);
const idNull = (spec: Parameters<typeof exchange>[0]) => raw('{"jsonrpc":"2.0","id":null,"method":"tools/list","params":{}}', -32600, 'request with id null', spec);
const methodNumber = (spec: Parameters<typeof exchange>[0]) => raw('{"jsonrpc":"2.0","id":"{id}","method":5}', -32600, 'method is a number', spec);
const unknownMethod = (spec: Parameters<typeof exchange>[0]) =>
  exchange({ probe: 'jsonrpc', expectCode: -32601, label: 'unknown method', delivery: { kind: 'request', method: 'errlint/no-such-method', params: {} }, ...spec });
const batch = (spec: Parameters<typeof exchange>[0]) =>
  raw('[{"jsonrpc":"2.0","id":"{id}","method":"tools/list","params":{}}]', -32600, 'a batch of one request', spec);

const rpcError = (id: unknown, code: number, message: string) => ({ jsonrpc: '2.0', id, error: { code, message } });
const toolsList = { jsonrpc: '2.0', id: 7, result: { tools: [] } };

describe('jsonrpc-conformance: the jsonrpc probe', () => {
  it.each([
    ['-32700 with id null', parseError({ error: { code: -32700, message: 'Parse error' }, response: rpcError(null, -32700, 'Parse error') })],
    ['-32600 with id null for id null', idNull({ error: { code: -32600, message: 'Invalid Request' }, response: rpcError(null, -32600, 'Invalid Request') })],
    ['-32600 with the readable id echoed', methodNumber({ error: { code: -32600, message: 'Invalid Request' } })],
    ['-32601 with the id echoed', unknownMethod({ error: { code: -32601, message: 'Method not found' } })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex, { version: '2025-11-25' })).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['silence on bad JSON', parseError({ silent: true }), 'silent', 'note', { expected: -32700 }],
    ['silence on an invalid request', idNull({ silent: true }), 'silent', 'note', { expected: -32600 }],
    ['-32600 for bad JSON', parseError({ error: { code: -32600, message: 'x' }, response: rpcError(null, -32600, 'x') }), 'wrongCode', 'warning', { expected: -32700, code: -32600 }],
    ['-32700 with an id', parseError({ error: { code: -32700, message: 'Parse error' } }), 'idNotNull', 'warning', { received: '7' }],
    ['-32601 for method 5', methodNumber({ error: { code: -32601, message: 'Method not found' } }), 'wrongCode', 'warning', { expected: -32600, code: -32601 }],
    ['-32600 with id null although the id was readable', methodNumber({ error: { code: -32600, message: 'x' }, response: rpcError(null, -32600, 'x') }), 'idNotEchoed', 'warning', { sent: '7', received: 'null' }],
    ['a result for an id-null request', idNull({ result: { tools: [] }, response: { jsonrpc: '2.0', id: null, result: { tools: [] } } }), 'accepted', 'warning', { expected: -32600 }],
    ['-32603 for an unknown method', unknownMethod({ error: { code: -32603, message: 'x' } }), 'wrongCode', 'warning', { expected: -32601, code: -32603 }],
    ['no answer to an unknown method', unknownMethod({ timeout: true }), 'noAnswer', 'warning', { expected: -32601 }],
    ['an id-null answer to an unknown method', unknownMethod({ timeout: true, unmatched: [rpcError(null, -32601, 'Method not found')] }), 'idNotEchoed', 'warning', { received: 'null' }],
  ])('fails: %s', (_name, ex, messageId, severity, data) => {
    const { findings } = grade(rule, ex, { version: '2025-11-25' });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId, data });
    expect(findings[0].severity).toBe(severity);
  });

  it('a string code "-32700" with id 0 for bad JSON: the wrong code, a non-null id and a non-integer code', () => {
    const ex = parseError({ error: { code: '-32700', message: 'Parse error' }, response: rpcError(0, '-32700' as unknown as number, 'Parse error') });
    const { findings } = grade(rule, ex, { version: '2025-11-25' });
    expect(findings.map((f) => [f.messageId, f.data])).toEqual([
      ['wrongCode', { label: 'truncated JSON', expected: -32700, code: '"-32700"', codeAsSent: 'code "-32700", a string, not an integer' }],
      ['idNotNull', { label: 'truncated JSON', received: '0' }],
      ['badErrorCode', { code: '"-32700"', codeAsSent: 'code "-32700", a string, not an integer' }],
    ]);
  });

  it('a hung raw frame or a crash is not graded here (timely-response, server-survives)', () => {
    expect(grade(rule, parseError({ timeout: true })).applies).toBe(false);
    expect(grade(rule, parseError({ closed: { exitCode: 1, signal: null } })).applies).toBe(false);
  });

  it('silence is a note in both profiles, and stays one under a level the user sets (it caps nothing); the user\'s level caps it', () => {
    const ex = parseError({ silent: true });
    const severityWith = (profile: 'recommended' | 'strict', level?: 'error' | 'warning' | 'note') =>
      grade(rule, ex, { version: '2025-11-25', profile, level }).findings.map((f) => f.severity);
    expect(severityWith('recommended')).toEqual(['note']);
    expect(severityWith('strict')).toEqual(['note']);
    expect(severityWith('recommended', 'error')).toEqual(['note']);
    // a message that follows the rule's level takes the user's: the unknown method's missing -32601
    expect(grade(rule, unknownMethod({ timeout: true }), { version: '2025-11-25', level: 'error' }).findings.map((f) => f.severity)).toEqual(['error']);
    expect(grade(rule, unknownMethod({ timeout: true }), { version: '2025-11-25', level: 'note' }).findings.map((f) => f.severity)).toEqual(['note']);
  });
});

describe('jsonrpc-conformance: batches by negotiated version', () => {
  const accepted = batch({ result: { tools: [] }, response: toolsList });
  const rejected = batch({ error: { code: -32600, message: 'batches are not supported' }, response: rpcError(null, -32600, 'batches are not supported') });
  const silent = batch({ silent: true });

  it.each([
    ['2024-11-05', rejected, []],
    ['2024-11-05', accepted, [['batchAcceptedUnversioned', 'note']]],
    ['2024-11-05', silent, [['silent', 'note']]],
    ['2025-03-26', accepted, []],
    ['2025-03-26', rejected, [['batchRejected', 'warning']]],
    ['2025-03-26', silent, [['batchUnanswered', 'warning']]],
    ['2025-06-18', rejected, []],
    ['2025-06-18', accepted, [['batchAccepted', 'warning']]],
    ['2025-06-18', silent, [['silent', 'note']]],
    ['2025-11-25', batch({ error: { code: -32700, message: 'x' }, response: rpcError(null, -32700, 'x') }), [['wrongCode', 'warning']]],
    ['2026-07-28', batch({ error: { code: -32600, message: 'x' }, response: rpcError('x', -32600, 'x') }), [['idNotNull', 'warning']]],
    ['2026-07-28', rejected, []],
  ])('at %s: %#', (version, ex, expected) => {
    const { applies, findings } = grade(rule, ex, { version });
    expect(applies).toBe(true);
    expect(findings.map((f) => [f.messageId, f.severity])).toEqual(expected);
  });

  it('over Streamable HTTP a bare 4xx is the rejection where batches are gone (a refused POST MAY carry an error), a failure where they are required', () => {
    // The hand-written front's 400 to a batch, its JSON-RPC body left out.
    const bare = { ...batch({}), outcome: { kind: 'http' as const, status: 400, contentType: 'text/plain', body: 'Bad Request' }, response: undefined, http: { status: 400, contentType: 'text/plain', body: 'other' as const, text: 'Bad Request' } };
    expect(grade(rule, bare, { version: '2025-06-18', transport: 'http' }).findings).toEqual([]);
    expect(grade(rule, bare, { version: '2026-07-28', transport: 'http' }).findings).toEqual([]);
    expect(grade(rule, bare, { version: '2025-03-26', transport: 'http' }).findings.map((f) => f.messageId)).toEqual(['batchRejected']);
    // A 5xx is no rejection; nor is a bare status on the legacy HTTP+SSE transport, whose refusals come on the stream.
    expect(grade(rule, { ...bare, outcome: { ...bare.outcome, status: 500 } }, { version: '2025-06-18', transport: 'http' }).findings.map((f) => f.messageId)).toEqual(['httpOnly']);
    expect(grade(rule, bare, { version: '2025-06-18', transport: 'sse' }).findings.map((f) => f.messageId)).toEqual(['httpOnly']);
  });

  it('the same rejection passes at 2025-06-18 and fails at 2025-03-26', () => {
    expect(grade(rule, rejected, { version: '2025-06-18' }).findings).toEqual([]);
    expect(grade(rule, rejected, { version: '2025-03-26' }).findings.map((f) => f.messageId)).toEqual(['batchRejected']);
  });
});

describe('jsonrpc-conformance: the shape of every answer', () => {
  it.each([
    ['a tool result', exchange({ probe: 'positive', text: 'ok' })],
    ['a -32602 for an unknown tool', exchange({ probe: 'unknown-tool', error: { code: -32602, message: 'Unknown tool' } })],
    ['MCP -32002 resource not found', exchange({ probe: 'positive', error: { code: -32002, message: 'Resource not found' } })],
    ['MCP -32042 URL elicitation required', exchange({ probe: 'positive', error: { code: -32042, message: 'Authorize first', data: { elicitations: [] } } })],
    ['an application code outside the reserved range', exchange({ probe: 'positive', error: { code: 404, message: 'not found' } })],
    ['-32021 in the 2026-07-28 era', exchange({ probe: 'positive', error: { code: -32021, message: 'Missing client capability' } }), '2026-07-28'],
    ['-32600 for a malformed request (malformed-request grades it)', exchange({ probe: 'malformed-request', error: { code: -32600, message: 'x' } })],
    // sdk 1.x StreamableHTTPServerTransport without the session id it issued: 400 and id null, before it reads the body.
    ['id null in an HTTP 400 refusal by a layer in front', { ...exchange({ probe: 'positive', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, response: rpcError(null, -32000, 'Bad Request: No valid session ID provided') }), http: { status: 400, contentType: 'application/json', body: 'json' as const } }],
    // Streamable HTTP: a request refused by its status may carry an error that has no id (sdk 1.x's 413 past its 4 MB limit, a 403 for a foreign Origin).
    ['an error with no id member under HTTP 400 (server-everything 2026.8.31, an unknown session)', { ...exchange({ probe: 'http', expect: 'http', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, response: { jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' } } }), http: { status: 400, contentType: 'application/json; charset=utf-8', body: 'json' as const } }],
    ['an id-less error under HTTP 413', { ...exchange({ probe: 'oversized', error: { code: -32000, message: 'Payload Too Large: Request body must not exceed 4194304 bytes' }, response: rpcError(null, -32000, 'Payload Too Large: Request body must not exceed 4194304 bytes') }), http: { status: 413, contentType: 'application/json', body: 'json' as const } }],
  ])('passes: %s', (_name, ex, version = '2025-11-25') => {
    expect(grade(rule, ex, { version })).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['jsonrpc "1.0"', exchange({ probe: 'positive', text: 'ok', response: { jsonrpc: '1.0', id: 7, result: {} } }), 'badVersion', { value: '"1.0"' }],
    ['no jsonrpc member', exchange({ probe: 'positive', text: 'ok', response: { id: 7, result: {} } }), 'badVersion', { value: '(none)' }],
    ['both result and error', exchange({ probe: 'positive', error: { code: -32603, message: 'x' }, response: { jsonrpc: '2.0', id: 7, result: {}, error: { code: -32603, message: 'x' } } }), 'resultAndError', {}],
    ['neither result nor error', exchange({ probe: 'positive', text: 'ok', response: { jsonrpc: '2.0', id: 7 } }), 'neitherResultNorError', {}],
    ['another id', exchange({ probe: 'positive', text: 'ok', response: { jsonrpc: '2.0', id: 8, result: {} } }), 'idMismatch', { sent: '7', received: '8' }],
    ['the id as a number for a string id (near miss)', exchange({ probe: 'positive', text: 'ok', request: { jsonrpc: '2.0', id: '7', method: 'tools/call', params: { name: 'search_docs' } }, response: { jsonrpc: '2.0', id: 7, result: {} } }), 'idMismatch', { sent: '"7"', received: '7' }],
    ['id null on a -32603', exchange({ probe: 'positive', error: { code: -32603, message: 'x' }, response: rpcError(null, -32603, 'x') }), 'idMismatch', { received: 'null' }],
    ['id null on a -32603 under HTTP 200', { ...exchange({ probe: 'positive', error: { code: -32603, message: 'x' }, response: rpcError(null, -32603, 'x') }), http: { status: 200, contentType: 'application/json', body: 'json' as const } }, 'idMismatch', { received: 'null' }],
    ['a string error code', exchange({ probe: 'positive', error: { code: '500', message: 'x' } }), 'badErrorCode', { code: '"500"', codeAsSent: 'code "500", a string, not an integer' }],
    ['a fractional error code', exchange({ probe: 'positive', error: { code: -32000.5, message: 'x' } }), 'badErrorCode', { code: -32000.5, codeAsSent: 'code -32000.5, not an integer' }],
    ['no error code', exchange({ probe: 'positive', error: { code: undefined, message: 'x' }, response: { jsonrpc: '2.0', id: 7, error: { message: 'x' } } }), 'badErrorCode', { code: 'none', codeAsSent: 'no code' }],
    ['an object as message', exchange({ probe: 'positive', error: { code: -32000, message: { text: 'x' } } }), 'badErrorMessage', { value: '{"text":"x"}' }],
    ['an error that is a string', exchange({ probe: 'positive', error: { code: 1, message: 'x' }, response: { jsonrpc: '2.0', id: 7, error: 'boom' } }), 'errorNotObject', { value: '"boom"' }],
    ['reserved -32099 - 1', exchange({ probe: 'positive', error: { code: -32100, message: 'x' } }), 'reservedCode', { code: -32100 }],
    ['reserved -32604', exchange({ probe: 'positive', error: { code: -32604, message: 'x' } }), 'reservedCode', { code: -32604 }],
    ['-32022 before 2026-07-28', exchange({ probe: 'positive', error: { code: -32022, message: 'Unsupported protocol version', data: { supported: [], requested: 'x' } } }), 'modernCode', { code: -32022, version: '2025-11-25' }],
    ['-32700 for a well-formed tools/call', exchange({ probe: 'wrong-type', error: { code: -32700, message: 'Parse error' } }), 'misusedCode', { code: -32700, method: 'tools/call' }],
  ])('fails: %s', (_name, ex, messageId, data) => {
    const { findings } = grade(rule, ex, { version: '2025-11-25' });
    expect(findings.map((f) => f.messageId)).toEqual([messageId]);
    expect(findings[0]).toMatchObject({ data });
  });

  it('requires resultType on results in the 2026-07-28 era only', () => {
    const bare = exchange({ probe: 'positive', text: 'ok', response: { jsonrpc: '2.0', id: 7, result: { content: [] } } });
    const complete = exchange({ probe: 'positive', text: 'ok', response: { jsonrpc: '2.0', id: 7, result: { content: [], resultType: 'complete' } } });
    expect(grade(rule, bare, { version: '2026-07-28' }).findings).toEqual([expect.objectContaining({ messageId: 'missingResultType', data: { version: '2026-07-28' } })]);
    expect(grade(rule, complete, { version: '2026-07-28' }).findings).toEqual([]);
    expect(grade(rule, bare, { version: '2025-11-25' }).findings).toEqual([]);
  });

  it('checks an answered notification\'s shape but not its id (notification-silence reports the answer)', () => {
    const ex = exchange({ probe: 'notification', delivery: { kind: 'notification', method: 'x', params: {} }, error: { code: -32601, message: 'x' }, response: rpcError(null, -32601, 'x') });
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it('does not apply to unanswered exchanges of other probes', () => {
    expect(grade(rule, exchange({ probe: 'positive', timeout: true })).applies).toBe(false);
    expect(grade(rule, exchange({ probe: 'notification', delivery: { kind: 'notification', method: 'x' }, silent: true })).applies).toBe(false);
  });
});
