// Test data: what real Streamable HTTP servers answered the http probe's requests, captured with the fixtures that serve
// them (node fixtures/<name>.mjs --transport http), the tool lists abridged. The HTTP rules' tables are built from these.
import type { HttpAnswer } from './exchange.js';

const json = 'application/json';
/** A tools/list result as an SSE stream (sdk 1.x answers every POST so) or as JSON, the tool list abridged. */
const listed = (era: 'legacy' | 'modern') => `{"result":{"tools":[{"name":"lookup_user","inputSchema":{"type":"object"}}]${era === 'modern' ? ',"resultType":"complete"' : ''}},"jsonrpc":"2.0","id":7}`;
const rpcError = (code: number, message: string) => `{"jsonrpc":"2.0","error":{"code":${code},"message":${JSON.stringify(message)}},"id":null}`;
/** express's own error page (finalhandler): the status's name in production, the stack in development. */
const expressPage = (pre: string) => `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>${pre}</pre>\n</body>\n</html>\n`;

/**
 * @modelcontextprotocol/sdk 1.32.2: StreamableHTTPServerTransport with stateful sessions on express, wired as the SDK's
 * simpleStreamableHttp example wires it (fixtures/generic-error.mjs, fixtures/http/no-origin-check.mjs): 404 for an
 * unknown session, 400 without one (the example's own answers), and the transport's 406, 415 and event stream for GET.
 */
export const SDK1 = {
  served: { status: 200, contentType: 'text/event-stream', body: `event: message\ndata: ${listed('legacy')}\n\n` },
  /** With enableDnsRebindingProtection and allowedOrigins (fixtures/http/stack-trace-pages.mjs); without them, a foreign Origin is served. */
  originRefused: { status: 403, contentType: json, body: rpcError(-32000, 'Invalid Origin header: http://errlint-foreign.example') },
  unknownSession: { status: 404, contentType: 'application/json; charset=utf-8', body: rpcError(-32001, 'Session not found') },
  missingSession: { status: 400, contentType: 'application/json; charset=utf-8', body: rpcError(-32000, 'Bad Request: No valid session ID provided') },
  notAcceptable: { status: 406, contentType: json, body: rpcError(-32000, 'Not Acceptable: Client must accept both application/json and text/event-stream') },
  unsupportedMediaType: { status: 415, contentType: json, body: rpcError(-32000, 'Unsupported Media Type: Content-Type must be application/json') },
  /** GET with the session's id: the SDK's standalone event stream (the probe reads no further than its head). */
  stream: { status: 200, contentType: 'text/event-stream', body: '' },
  /** createMcpExpressApp in development, its POST handler reading req.body.method for a text/plain body (fixtures/http/stack-trace-pages.mjs; the checkout's path made /srv/app). */
  stackPage: {
    status: 500,
    contentType: 'text/html; charset=utf-8',
    body: expressPage(
      'TypeError: Cannot destructure property &#39;method&#39; of &#39;req.body&#39; as it is undefined.<br> &nbsp; &nbsp;at onPost (file:///srv/app/fixtures/http/stack-trace-pages.mjs:20:13)<br> &nbsp; &nbsp;at file:///srv/app/fixtures/lib/sdk1-http.mjs:83:5<br> &nbsp; &nbsp;at Layer.handleRequest (/srv/app/node_modules/router/lib/layer.js:169:33)',
    ),
  },
} satisfies Record<string, HttpAnswer>;

/**
 * @modelcontextprotocol/server 2.4.0: createMcpHandler behind its own localhost Host and Origin checks (fixtures/lib/sdk2-http.mjs,
 * fixtures/well-behaved.mjs): stateless, no session issued; 405 for GET and DELETE in every era.
 */
export const SDK2 = {
  originRefused: { status: 403, contentType: json, body: rpcError(-32000, 'Invalid Origin: errlint-foreign.example') },
  notAcceptable: { status: 406, contentType: json, body: rpcError(-32000, 'Not Acceptable: Client must accept both application/json and text/event-stream') },
  /** 2026-07-28: a POST without Accept is answered as any other. */
  servedModern: { status: 200, contentType: json, body: listed('modern') },
  unsupportedMediaType: { status: 415, contentType: json, body: rpcError(-32000, 'Unsupported Media Type: Content-Type must be application/json') },
  methodNotAllowed: { status: 405, contentType: json, body: rpcError(-32000, 'Method not allowed.') },
} satisfies Record<string, HttpAnswer>;

/** The hand-written front (fixtures/lib/http-front.mjs), and its sessions-unchecked defect (fixtures/http/sessions-unchecked.mjs). */
export const FRONT = {
  originRefused: { status: 403, contentType: json, body: '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Forbidden: Origin is not allowed"}}' },
  unknownSession: { status: 404, contentType: json, body: '{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"Session not found"}}' },
  missingSession: { status: 400, contentType: json, body: '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: Mcp-Session-Id header is required"}}' },
  methodNotAllowed: { status: 405, contentType: 'text/plain', body: 'Method Not Allowed' },
  /** sessions-unchecked: a request with an unknown session id, or none, served by the session opened last. */
  servedUnchecked: { status: 200, contentType: json, body: '{"jsonrpc":"2.0","id":7,"result":{"tools":[{"name":"lookup_user","inputSchema":{"type":"object"}}]}}' },
} satisfies Record<string, HttpAnswer>;

/**
 * @modelcontextprotocol/server-everything 2026.8.31 (`streamableHttp`, on sdk 1.x; test/e2e/real-servers.test.ts lints
 * it): a session it never issued, in a POST or a DELETE, gets 400 and an error with no id at all.
 */
export const EVERYTHING = {
  unknownSession: { status: 400, contentType: 'application/json; charset=utf-8', body: '{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: No valid session ID provided"}}' },
} satisfies Record<string, HttpAnswer>;

/** express 5 with only app.post('/mcp') (what many hand-written servers are): every other method gets its 404 page. */
export const EXPRESS = {
  cannotGet: { status: 404, contentType: 'text/html; charset=utf-8', body: expressPage('Cannot GET /mcp') },
  cannotDelete: { status: 404, contentType: 'text/html; charset=utf-8', body: expressPage('Cannot DELETE /mcp') },
} satisfies Record<string, HttpAnswer>;
