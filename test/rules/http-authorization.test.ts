// Table tests for http-authorization, from the answers the SDKs' auth middleware gives (server 2.4.0's requireBearerAuth
// behind well-behaved.mjs --auth, sdk 1.32.2's on express behind fixtures/http/auth-*.mjs), recorded by the auth probe.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/http-authorization.js';
import { rule as noStackTrace } from '../../rules/no-stack-trace.js';
import { rule as noInternalDetails } from '../../rules/no-internal-details.js';
import { rule as noSecrets } from '../../rules/no-secrets.js';
import { authCase } from '../../probes/auth.js';
import { NO_TOOL } from '../../src/plan/types.js';
import type { AuthCase } from '../../src/probe-case.js';
import type { Discovery, Exchange, HttpFacts } from '../../src/exchange.js';
import { exchange, grade, type GradeOptions } from '../helpers/exchange.js';

const URL = 'http://127.0.0.1:38747/mcp';
const METADATA = 'http://127.0.0.1:38747/.well-known/oauth-protected-resource/mcp';
const challenge = (error: string, description: string, metadata = true) =>
  `Bearer error="${error}", error_description="${description}"${metadata ? `, resource_metadata="${METADATA}"` : ''}`;
const oauth = (error: string, description: string) => JSON.stringify({ error, error_description: description });

/** An HTTP answer with no JSON-RPC message, as the transport keeps it. */
interface Answer {
  status: number;
  type?: string;
  headers?: Record<string, string>;
  text?: string;
}

// server 2.4.0 (requireBearerAuth + oauthMetadataResponse, well-behaved.mjs --auth).
const MISSING: Answer = { status: 401, type: 'application/json', headers: { 'www-authenticate': challenge('invalid_token', 'Missing Authorization header') }, text: oauth('invalid_token', 'Missing Authorization header') };
const FORMAT: Answer = { status: 401, type: 'application/json', headers: { 'www-authenticate': challenge('invalid_token', "Invalid Authorization header format, expected 'Bearer TOKEN'") }, text: oauth('invalid_token', "Invalid Authorization header format, expected 'Bearer TOKEN'") };
const INVALID: Answer = { status: 401, type: 'application/json', headers: { 'www-authenticate': challenge('invalid_token', 'The access token is not valid for this server') }, text: oauth('invalid_token', 'The access token is not valid for this server') };
// sdk 1.32.2 requireBearerAuth without a resourceMetadataUrl (fixtures/http/auth-no-discovery.mjs).
const NO_METADATA: Answer = { ...MISSING, type: 'application/json; charset=utf-8', headers: { 'www-authenticate': challenge('invalid_token', 'Missing Authorization header', false) } };
// fixtures/http/auth-html-401.mjs.
const HTML_401: Answer = { status: 401, type: 'text/html; charset=utf-8', headers: { 'www-authenticate': `Bearer resource_metadata="${METADATA}"` }, text: '<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>401 Unauthorized</title></head>\n<body>\n<h1>Unauthorized</h1>\n<p>Sign in to use this service.</p>\n</body>\n</html>\n' };
// What sdk 1.32.2's mcpAuthMetadataRouter serves, and express's own 404.
const PRM = { resource: URL, authorization_servers: ['http://127.0.0.1:38747'], resource_name: 'auth-well-behaved' };
const EXPRESS_404: Answer = { status: 404, type: 'text/html; charset=utf-8', text: '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot GET /.well-known/oauth-protected-resource</pre>\n</body>\n</html>\n' };
/** A served initialize over Streamable HTTP (fixtures/http/auth-any-token.mjs with a wrong token). */
const SERVED = { result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'auth-any-token', version: '1.0.0' } } };

/** An exchange of the auth probe: the request it sent (what `sends`), and the answer, as the session records it. */
function auth(sends: AuthCase['sends'], method: string, answer: Answer | typeof SERVED | { error: { code: number; message: string }; status: number; headers?: Record<string, string> }, extra: { version?: string; control?: number; discovery?: Discovery } = {}): Exchange {
  const version = extra.version ?? '2025-11-25';
  const authorization = { 'no-token': null, 'malformed-token': 'Bearer', 'wrong-token': 'Bearer errl-errlinterrlin', metadata: null }[sends];
  let http: HttpFacts;
  let outcome: Exchange['outcome'];
  if ('result' in answer) [http, outcome] = [{ status: 200, contentType: 'text/event-stream', body: 'sse' }, { kind: 'result', result: answer.result }];
  else if ('error' in answer) [http, outcome] = [{ status: answer.status, contentType: 'application/json', body: 'json', ...(answer.headers ? { headers: answer.headers } : {}) }, { kind: 'error', error: answer.error }];
  else {
    http = { status: answer.status, contentType: answer.type ?? null, body: answer.text ? 'other' : 'empty', ...(answer.text ? { text: answer.text } : {}), ...(answer.headers ? { headers: answer.headers } : {}) };
    outcome = { kind: 'http', status: answer.status, contentType: answer.type ?? null, body: answer.text ?? '' };
  }
  const base = exchange({ probe: 'auth', tool: NO_TOOL, expect: 'unauthorized', request: sends === 'metadata' ? {} : { jsonrpc: '2.0', id: 'errlint-9', method, params: {} } });
  return {
    ...base,
    case: { name: method, arguments: { authorization }, expect: 'unauthorized', label: `${method} (${sends})`, auth: authCase(version, sends) },
    outcome,
    http,
    ...('result' in answer ? { response: { jsonrpc: '2.0', id: 'errlint-9', result: answer.result } } : 'error' in answer ? { response: { jsonrpc: '2.0', id: 'errlint-9', error: answer.error } } : {}),
    ...(extra.control !== undefined ? { control: { outcome: 'http' as const, status: extra.control } } : {}),
    ...(extra.discovery ? { discovery: extra.discovery } : {}),
  };
}

const metadata = (answer: Answer, discovery: Discovery) => auth('metadata', '/.well-known/oauth-protected-resource/mcp', answer, { discovery });
const found = (body: unknown): Answer => ({ status: 200, type: 'application/json; charset=utf-8', text: JSON.stringify(body) });
const named = { challenge: { status: 401, resourceMetadata: METADATA }, tried: [{ path: '/.well-known/oauth-protected-resource/mcp', via: 'resource_metadata' as const, status: 200 }] };
const unnamed: Discovery = { challenge: { status: 401 }, tried: [{ path: '/.well-known/oauth-protected-resource/mcp', via: 'well-known', status: 404 }, { path: '/.well-known/oauth-protected-resource', via: 'well-known', status: 404 }] };
const withToken: GradeOptions = { version: '2025-11-25', transport: 'http', http: { url: URL, authorized: true } };
const noToken: GradeOptions = { version: '2025-11-25', transport: 'http', http: { url: URL } };

describe('http-authorization', () => {
  it.each([
    ['no token: 401 with a challenge naming the metadata (server 2.x)', auth('no-token', 'initialize', MISSING), withToken],
    ['a scheme and no token: 401 invalid_token (server 2.x; 400 is the spec table, 401 the SDKs)', auth('malformed-token', 'initialize', FORMAT, { control: 401 }), withToken],
    ['a malformed header refused with 400 invalid_request', auth('malformed-token', 'tools/list', { status: 400, type: 'application/json', text: oauth('invalid_request', 'malformed') }, { control: 401 }), withToken],
    ['a wrong token: 401 with error="invalid_token"', auth('wrong-token', 'tools/list', INVALID, { control: 401 }), withToken],
    ['a 401 whose body is a JSON-RPC error', auth('no-token', 'tools/list', { status: 401, error: { code: -32001, message: 'Unauthorized' }, headers: MISSING.headers }), withToken],
    ['a public server, no token of the user’s: served', auth('no-token', 'tools/list', SERVED), noToken],
    ['a public server: a wrong token served as no token is', auth('wrong-token', 'tools/list', SERVED, { control: 200 }), withToken],
    ['2024-11-05 (no authorization spec): a bare 401', auth('no-token', 'initialize', { status: 401 }, { version: '2024-11-05' }), { ...withToken, version: '2024-11-05' }],
    ['2025-03-26: a wrong token refused without error="invalid_token"', auth('wrong-token', 'tools/list', { ...INVALID, headers: { 'www-authenticate': 'Bearer realm="mcp"' } }, { control: 401, version: '2025-03-26' }), { ...withToken, version: '2025-03-26' }],
    ['the metadata the 401 names (sdk 1.x mcpAuthMetadataRouter)', metadata(found(PRM), named), withToken],
    ['the metadata naming the server’s origin as its resource', metadata(found({ ...PRM, resource: 'http://127.0.0.1:38747/' }), named), withToken],
    ['no metadata from a server that never asked for a token', metadata(EXPRESS_404, { ...unnamed, challenge: { status: 200 } }), noToken],
    ['a resource_metadata on another origin (never asked)', metadata(EXPRESS_404, { ...unnamed, challenge: { status: 401, resourceMetadata: 'https://auth.example.com/prm' }, foreign: 'https://auth.example.com/prm' }), noToken],
  ] as const)('passes: %s', (_name, ex, opts) => {
    expect(grade(rule, ex, opts)).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['a wrong token served while no token gets 401 (auth-any-token)', auth('wrong-token', 'initialize', SERVED, { control: 401 }), withToken, 'badTokenServed', 'error', { answer: 'HTTP 200 with a result', control: 401 }],
    ['a malformed (not token68) token served', auth('malformed-token', 'tools/list', SERVED, { control: 401 }), withToken, 'badTokenServed', 'error', { control: 401 }],
    ['tools/list served without the token the user gave', auth('no-token', 'tools/list', SERVED), withToken, 'tokenNotNeeded', 'note', { answer: 'HTTP 200 with a result' }],
    ['a 401 with an HTML page (auth-html-401)', auth('no-token', 'initialize', HTML_401), noToken, 'notJson', 'warning', { answer: 'HTTP 401 text/html' }],
    ['a 401 without WWW-Authenticate', auth('no-token', 'initialize', { status: 401, type: 'application/json', text: oauth('unauthorized', 'no token') }), noToken, 'noChallenge', 'warning', { challenge: 'none' }],
    ['a 401 with a Basic challenge only', auth('no-token', 'initialize', { status: 401, headers: { 'www-authenticate': 'Basic realm="mcp"' } }), noToken, 'noChallenge', 'warning', { challenge: 'Basic realm="mcp"' }],
    ['a wrong token refused without error="invalid_token" (2025-06-18 on)', auth('wrong-token', 'tools/list', { status: 401, headers: { 'www-authenticate': `Bearer resource_metadata="${METADATA}"` } }, { control: 401 }), withToken, 'noInvalidToken', 'note', { error: 'none' }],
    ['no token refused with 403', auth('no-token', 'tools/list', { status: 403, type: 'application/json', text: oauth('access_denied', 'no') }), noToken, 'wrongStatus', 'warning', { expected: '401' }],
    ['no token refused with HTTP 200 and a JSON-RPC error', auth('no-token', 'tools/list', { status: 200, error: { code: -32001, message: 'Unauthorized: missing bearer token' } }), noToken, 'wrongStatus', 'warning', { answer: 'HTTP 200 with JSON-RPC error -32001', expected: '401' }],
    ['a wrong token refused with 500', auth('wrong-token', 'tools/list', { status: 500, type: 'application/json', text: oauth('server_error', 'Internal Server Error') }, { control: 401 }), withToken, 'wrongStatus', 'warning', { expected: '401' }],
    ['no metadata named, none at the well-known URIs (auth-no-discovery)', metadata(EXPRESS_404, unnamed), noToken, 'noDiscovery', 'warning', { asked: 'GET /.well-known/oauth-protected-resource/mcp: HTTP 404; GET /.well-known/oauth-protected-resource: HTTP 404' }],
    ['the metadata the 401 names is not served', metadata(EXPRESS_404, { ...named, tried: [{ ...named.tried[0], status: 404 }] }), noToken, 'noDiscovery', 'warning', { asked: 'GET /.well-known/oauth-protected-resource/mcp: HTTP 404, named by the 401' }],
    ['metadata served as an HTML page (an SPA catch-all)', metadata({ status: 200, type: 'text/html', text: '<!doctype html><div id="app"></div>' }, unnamed), noToken, 'noDiscovery', 'warning', {}],
    ['metadata without authorization_servers', metadata(found({ resource: URL }), named), noToken, 'metadataInvalid', 'warning', { problem: 'has no authorization_servers (at least one is required)' }],
    ['metadata for another resource', metadata(found({ ...PRM, resource: 'https://mcp.example.com/mcp' }), named), noToken, 'metadataInvalid', 'warning', { problem: `names the resource https://mcp.example.com/mcp, not this server (${URL})` }],
  ] as const)('fails: %s', (_name, ex, opts, messageId, severity, data) => {
    const { findings } = grade(rule, ex, opts);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId, severity, data });
  });

  it('grades by the era: a 401 without a challenge before 2025-03-26 is no finding, invalid_token is asked from 2025-06-18', () => {
    const bare = auth('no-token', 'initialize', { status: 401 }, { version: '2025-03-26' });
    expect(grade(rule, bare, { ...noToken, version: '2025-03-26' }).findings.map((f) => f.messageId)).toEqual(['noChallenge']);
    const vague = (version: string) => auth('wrong-token', 'tools/list', { status: 401, headers: { 'www-authenticate': 'Bearer realm="mcp"' } }, { control: 401, version });
    expect(grade(rule, vague('2025-03-26'), { ...withToken, version: '2025-03-26' }).findings).toEqual([]);
    expect(grade(rule, vague('2025-06-18'), { ...withToken, version: '2025-06-18' }).findings.map((f) => f.messageId)).toEqual(['noInvalidToken']);
  });

  it('in strict, every deviation but the note of a token not needed is an error', () => {
    expect(grade(rule, auth('no-token', 'initialize', HTML_401), { ...noToken, profile: 'strict' }).findings[0]).toMatchObject({ messageId: 'notJson', severity: 'error' });
    expect(grade(rule, auth('no-token', 'tools/list', SERVED), { ...withToken, profile: 'strict' }).findings[0]).toMatchObject({ messageId: 'tokenNotNeeded', severity: 'note' });
  });

  it('grades a 403 with a Bearer challenge wherever it comes (2025-11-25 on): insufficient_scope and the scope it needs', () => {
    const forbidden = (header: string, version = '2025-11-25') => {
      const ex = exchange({ probe: 'positive', tool: 'search_docs', args: { q: 'x' } });
      return grade(rule, { ...ex, outcome: { kind: 'http', status: 403, contentType: 'application/json', body: oauth('insufficient_scope', 'Insufficient scope') }, http: { status: 403, contentType: 'application/json', body: 'other', headers: { 'www-authenticate': header } } }, { ...withToken, version });
    };
    expect(forbidden(`Bearer error="insufficient_scope", scope="files:read", resource_metadata="${METADATA}"`)).toEqual({ applies: true, findings: [] });
    expect(forbidden('Bearer error="insufficient_scope"').findings).toMatchObject([{ messageId: 'scopeNotNamed', severity: 'warning', data: { missing: 'scope=' } }]);
    expect(forbidden('Bearer error="invalid_token"').findings).toMatchObject([{ messageId: 'scopeNotNamed', data: { missing: 'error="insufficient_scope" and scope=' } }]);
    expect(forbidden('Bearer error="insufficient_scope"', '2025-06-18').applies).toBe(false);
    const origin = exchange({ probe: 'positive' });
    expect(grade(rule, { ...origin, http: { status: 403, contentType: 'text/plain', body: 'other', text: 'Forbidden' } }, withToken).applies).toBe(false); // an Origin refusal: no challenge
  });

  it('applies to the auth probe’s answers only when they came (a timeout is timely-response’s)', () => {
    expect(grade(rule, { ...auth('no-token', 'initialize', MISSING), outcome: { kind: 'timeout' } }, noToken).applies).toBe(false);
    expect(grade(rule, exchange({ probe: 'positive' }), noToken).applies).toBe(false);
  });
});

describe('the content rules read the auth probe’s answers', () => {
  it('a stack trace in a 401 body', () => {
    const trace = { ...MISSING, text: 'TokenError: jwt malformed\n    at verify (/srv/app/node_modules/jsonwebtoken/verify.js:75:17)' };
    expect(grade(noStackTrace, auth('wrong-token', 'tools/list', trace, { control: 401 }), withToken).findings.map((f) => f.messageId)).toEqual(['stackTrace']);
  });

  it('a secret in a 401 body', () => {
    const leak = { ...MISSING, text: oauth('invalid_token', 'expected sk_live_51HxT2bJ3kQ9zR8vW4mN7pL0cY6dF1gH, got another token') };
    expect(grade(noSecrets, auth('wrong-token', 'tools/list', leak, { control: 401 }), withToken).findings).toHaveLength(1);
  });

  it('the metadata naming the server’s own (loopback) URL is no internal detail; another internal host is', () => {
    expect(grade(noInternalDetails, metadata(found(PRM), named), withToken)).toEqual({ applies: true, findings: [] });
    expect(grade(noInternalDetails, metadata(found(PRM), named), { version: '2025-11-25', transport: 'http' }).findings).toHaveLength(1); // not knowing the URL
    const internal = found({ ...PRM, authorization_servers: ['http://auth.corp.internal:8443'] });
    expect(grade(noInternalDetails, metadata(internal, named), withToken).findings).toHaveLength(1);
  });
});
