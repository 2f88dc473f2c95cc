// The recording HTTP transport against tiny node:http servers on 127.0.0.1: JSON, SSE, empty and HTML answers, no
// redirects followed, refused connections, release, request headers, legacy HTTP+SSE, the fallback to it, and close.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { headerValue, MAX_OTHER_BODY_CHARS, RecordingHttpTransport } from '../../src/transport/http.js';
import { CapLog } from '../../src/transport/caps.js';
import type { HttpTarget } from '../../src/target/target.js';
import type { HttpFacts } from '../../src/transport/wire.js';

/** One request as the server saw it; `aborted` once the client closed it before the server finished its answer. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  aborted: boolean;
}

type Handler = (req: IncomingMessage, res: ServerResponse, seen: Seen) => void;

const servers: Server[] = [];
const transports: RecordingHttpTransport[] = [];

afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

/** A server on 127.0.0.1 that records every request (its body read first) and hands it to `handler`. */
async function serve(handler: Handler) {
  const seen: Seen[] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    const entry: Seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: '', aborted: false };
    seen.push(entry);
    res.on('close', () => {
      if (!res.writableFinished) entry.aborted = true;
    });
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (entry.body += chunk));
    req.on('end', () => handler(req, res, entry));
  });
  server.on('connection', (socket) => {
    connections++;
    socket.on('close', () => connections--);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, url: `http://127.0.0.1:${port}/mcp`, seen, connections: () => connections };
}

/** A transport to `url` whose messages, answer heads and settled exchanges are recorded (facts copied when told). */
function open(url: string, target: Omit<HttpTarget, 'url'> = {}) {
  const transport = new RecordingHttpTransport({ url, ...target }, new CapLog(), 2000);
  transports.push(transport);
  const got: Record<string, unknown>[] = [];
  const responses: { tag: string; facts: HttpFacts }[] = [];
  const settled: { tag: string; facts: HttpFacts; messages: number; orphans?: Record<string, unknown>[] }[] = [];
  transport.intercept = (message) => {
    got.push(message);
    return true;
  };
  transport.onresponse = (tag, facts) => responses.push({ tag, facts: { ...facts } });
  transport.onsettled = (tag, facts, messages, orphans) => settled.push({ tag, facts: { ...facts }, messages, ...(orphans.length > 0 ? { orphans } : {}) });
  return { transport, got, responses, settled };
}

async function until(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const json = (res: ServerResponse, body: unknown, status = 200, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const sseEvent = (message: unknown, event = 'message') => `event: ${event}\ndata: ${JSON.stringify(message)}\n\n`;

const call = (id: number, name = 'lookup_user', meta?: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: { email: 'ada@example.com' }, ...(meta ? { _meta: meta } : {}) } });

const answer = (id: unknown, result: unknown = { content: [], isError: false }) => ({ jsonrpc: '2.0', id, result });

const initialize: JSONRPCMessage = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
};

const MODERN = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };

describe('answers to a POST', () => {
  it('delivers a JSON answer through intercept, and tells its head and its end', async () => {
    const server = await serve((_req, res, seen) => json(res, answer(JSON.parse(seen.body).id)));
    const { transport, got, responses, settled } = open(server.url);
    await transport.start();
    expect(transport.sendRaw(call(1), 'a')).toBe(true);
    await until(() => settled.length === 1, 'settled');
    expect(got).toEqual([answer(1)]);
    expect(responses).toEqual([{ tag: 'a', facts: expect.objectContaining({ status: 200, contentType: 'application/json' }) }]);
    expect(settled).toEqual([{ tag: 'a', facts: { status: 200, contentType: 'application/json', body: 'json' }, messages: 1 }]);
    expect(server.seen).toMatchObject([{ method: 'POST', url: '/mcp', body: call(1) }]);
  });

  it('hands a message to onmessage when intercept declines it', async () => {
    const server = await serve((_req, res) => json(res, answer(1)));
    const { transport, settled } = open(server.url);
    const sdk: JSONRPCMessage[] = [];
    transport.intercept = () => false;
    transport.onmessage = (message) => sdk.push(message);
    transport.sendRaw(call(1), 'a');
    await until(() => settled.length === 1, 'settled');
    expect(sdk).toEqual([answer(1)]);
  });

  it('delivers the events of an SSE answer in order (progress, then the answer), skipping other events', async () => {
    const progress = { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1, total: 2 } };
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
      res.write(': a comment\n\n');
      res.write(sseEvent(progress));
      res.write('event: ping\ndata: {"jsonrpc":"2.0","method":"not-a-message-event"}\n\n');
      setTimeout(() => res.end(`data: ${JSON.stringify(answer(1))}\n\n`), 30);
    });
    const { transport, got, responses, settled } = open(server.url);
    transport.sendRaw(call(1), 'a');
    await until(() => settled.length === 1, 'settled');
    expect(got).toEqual([progress, answer(1)]);
    expect(responses[0].facts).toMatchObject({ status: 200, contentType: 'text/event-stream; charset=utf-8' });
    expect(settled).toEqual([{ tag: 'a', facts: { status: 200, contentType: 'text/event-stream; charset=utf-8', body: 'sse' }, messages: 2 }]);
  });

  it('tells an SSE event that is no JSON-RPC message as noise', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('data: starting up...\n\n');
    });
    const { transport, got, settled } = open(server.url);
    const noise: string[] = [];
    transport.onnoise = (text) => noise.push(text);
    transport.sendRaw(call(1), 'a');
    await until(() => settled.length === 1, 'settled');
    expect(noise).toEqual(['starting up...']);
    expect(got).toEqual([]);
    expect(settled[0].messages).toBe(0);
  });

  it('takes 202 without a body as an empty answer with no message', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(202);
      res.end();
    });
    const { transport, got, settled } = open(server.url);
    transport.sendRaw(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), 'n');
    await until(() => settled.length === 1, 'settled');
    expect(settled).toEqual([{ tag: 'n', facts: { status: 202, contentType: null, body: 'empty' }, messages: 0 }]);
    expect(got).toEqual([]);
  });

  it('keeps the start of an HTML error page as text, and delivers nothing', async () => {
    const page = `<!DOCTYPE html><html><body><h1>500 Internal Server Error</h1><pre>${'Traceback (most recent call last): ...\n'.repeat(1000)}</pre></body></html>`;
    expect(page.length).toBeGreaterThan(MAX_OTHER_BODY_CHARS);
    const server = await serve((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page);
    });
    const { transport, got, settled } = open(server.url);
    transport.sendRaw(call(1), 'a');
    await until(() => settled.length === 1, 'settled');
    expect(got).toEqual([]);
    const [{ facts, messages }] = settled;
    expect(messages).toBe(0);
    expect(facts).toMatchObject({ status: 500, contentType: 'text/html; charset=utf-8', body: 'other' });
    expect(facts.text).toBe(page.slice(0, MAX_OTHER_BODY_CHARS));
  });

  it('keeps X-Powered-By (the framework that answered, for the causes stage) among the headers, and no other header it was not asked to', async () => {
    const server = await serve((req, res) => json(res, answer(1), 200, { 'X-Powered-By': 'Express', 'X-Request-Id': 'r-1' }));
    const { transport, settled } = open(server.url);
    transport.sendRaw(call(1), 'a');
    await until(() => settled.length === 1, 'settled');
    expect(settled[0].facts.headers).toEqual({ 'x-powered-by': 'Express' });
  });

  it('does not follow a redirect: the other path never gets a request', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/mcp') {
        res.writeHead(307, { location: '/elsewhere' });
        res.end();
      } else json(res, answer(1));
    });
    const { transport, got, settled } = open(server.url);
    transport.sendRaw(call(1), 'a');
    await until(() => settled.length === 1, 'settled');
    // A redirect followed would be requested before the first answer settles: what the server saw by then is all.
    expect(settled[0].facts).toMatchObject({ status: 307, headers: { location: '/elsewhere' }, body: 'empty' });
    expect(server.seen.map((s) => s.url)).toEqual(['/mcp']);
    expect(got).toEqual([]);
  });

  it('settles a refused connection with status 0 and ECONNREFUSED, without an answer head', async () => {
    const url = await unusedUrl();
    const { transport, responses, settled } = open(url);
    transport.sendRaw(call(1), 'a');
    await until(() => settled.length === 1, 'settled');
    expect(settled).toEqual([{ tag: 'a', facts: expect.objectContaining({ status: 0, error: 'ECONNREFUSED' }), messages: 0 }]);
    expect(responses).toEqual([]);
    await expect(transport.send(initialize)).rejects.toThrow(/could not reach .*ECONNREFUSED/);
  });
});

/** A URL on 127.0.0.1 where nothing listens (a port just released). */
async function unusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/mcp`;
}

describe('release', () => {
  it('aborts a POST whose SSE answer is still open; no onsettled follows', async () => {
    const server = await serve((_req, res, seen) => {
      if (JSON.parse(seen.body).id === 2) return json(res, answer(2));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(sseEvent({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } }));
    });
    const { transport, got, settled } = open(server.url);
    transport.sendRaw(call(1), 'a');
    await until(() => got.length === 1, 'the progress notification');
    transport.release('a');
    await until(() => server.seen[0]?.aborted, 'the server sees the request closed');
    // A frame sent after the release settles after anything the release set off: only it is told.
    transport.sendRaw(call(2), 'b');
    await until(() => settled.length > 0, 'the later frame settles');
    expect(settled.map((s) => s.tag)).toEqual(['b']);
  });

  it('aborts a POST not yet answered at all; no onsettled follows', async () => {
    const server = await serve((_req, res, seen) => {
      if (JSON.parse(seen.body).id === 2) json(res, answer(2));
    });
    const { transport, responses, settled } = open(server.url);
    transport.sendRaw(call(1), 'a');
    await until(() => server.seen.length === 1 && server.seen[0].body !== '', 'the request reaches the server');
    transport.release('a');
    await until(() => server.seen[0].aborted, 'the server sees the request closed');
    // A frame sent after the release settles after anything the release set off: only it is told.
    transport.sendRaw(call(2), 'b');
    await until(() => settled.length > 0, 'the later frame settles');
    expect(responses.map((r) => r.tag)).toEqual(['b']);
    expect(settled.map((s) => s.tag)).toEqual(['b']);
  });

  it('leaves the other open POSTs alone', async () => {
    const server = await serve((_req, res, seen) => {
      const { id } = JSON.parse(seen.body);
      if (id === 2) setTimeout(() => json(res, answer(2)), 100);
    });
    const { transport, settled } = open(server.url);
    transport.sendRaw(call(1), 'one');
    transport.sendRaw(call(2), 'two');
    await until(() => server.seen.length === 2 && server.seen.every((s) => s.body !== ''), 'both requests reach the server');
    transport.release('one');
    await until(() => settled.length === 1, 'the other one settles');
    expect(settled.map((s) => [s.tag, s.messages])).toEqual([['two', 1]]);
  });
});

describe('request headers', () => {
  /** A server that answers every POST with an empty result (and initialize with a session id) and records what it saw. */
  async function recordingServer() {
    return serve((_req, res, seen) => {
      let message: Record<string, unknown> = {};
      try {
        message = JSON.parse(seen.body);
      } catch {
        // a malformed frame is answered like a notification
      }
      if (message.method === 'initialize') json(res, answer(message.id, { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's', version: '1' } }), 200, { 'mcp-session-id': 'sess-1' });
      else if ('id' in message) json(res, answer(message.id, {}));
      else {
        res.writeHead(202);
        res.end();
      }
    });
  }

  /** The headers of the request the server got for `text`, sent raw. */
  async function headersFor(transport: RecordingHttpTransport, server: Awaited<ReturnType<typeof serve>>, settled: unknown[], text: string) {
    const before = settled.length;
    transport.sendRaw(text, `t${before}`);
    await until(() => settled.length === before + 1, 'settled');
    return server.seen.find((s) => s.body === text)!.headers;
  }

  it('sends JSON with the accept header MCP asks for, and the user’s headers', async () => {
    const server = await recordingServer();
    const { transport, settled } = open(server.url, { headers: { Authorization: 'Bearer tok-123456', 'X-Tenant': 'acme' } });
    const headers = await headersFor(transport, server, settled, call(1));
    expect(headers).toMatchObject({ 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: 'Bearer tok-123456', 'x-tenant': 'acme' });
    for (const name of ['mcp-session-id', 'mcp-protocol-version', 'mcp-method', 'mcp-name']) expect(headers).not.toHaveProperty(name);
  });

  it('lets no user header replace the content type or accept header', async () => {
    const server = await recordingServer();
    const { transport, settled } = open(server.url, { headers: { 'content-type': 'text/plain', accept: 'text/html' } });
    const headers = await headersFor(transport, server, settled, call(1));
    expect(headers).toMatchObject({ 'content-type': 'application/json', accept: 'application/json, text/event-stream' });
  });

  it('sends the session id an initialize answer carried (sent with send) on every later request, not on initialize', async () => {
    const server = await recordingServer();
    const { transport, got, settled } = open(server.url);
    await transport.send(initialize);
    expect(transport.sessionId).toBe('sess-1');
    expect(got).toEqual([expect.objectContaining({ id: 0, result: expect.objectContaining({ protocolVersion: '2025-06-18' }) })]);
    expect(server.seen[0].headers).not.toHaveProperty('mcp-session-id');
    expect(await headersFor(transport, server, settled, call(1))).toMatchObject({ 'mcp-session-id': 'sess-1' });
    expect(await headersFor(transport, server, settled, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }))).toMatchObject({ 'mcp-session-id': 'sess-1' });
  });

  it('sends mcp-protocol-version once a version of 2025-06-18 or later is set, never on initialize', async () => {
    const server = await recordingServer();
    const { transport, settled } = open(server.url);
    transport.setProtocolVersion('2025-03-26');
    expect(await headersFor(transport, server, settled, call(1))).not.toHaveProperty('mcp-protocol-version');
    transport.setProtocolVersion('2025-06-18');
    expect(await headersFor(transport, server, settled, call(2))).toMatchObject({ 'mcp-protocol-version': '2025-06-18' });
    expect(await headersFor(transport, server, settled, JSON.stringify(initialize))).not.toHaveProperty('mcp-protocol-version');
    // Only 2026-07-28 derives headers from the body.
    expect(await headersFor(transport, server, settled, call(3))).not.toHaveProperty('mcp-method');
  });

  it('derives mcp-method and mcp-name from a body that claims 2026-07-28 in params._meta', async () => {
    const server = await recordingServer();
    const { transport, settled } = open(server.url);
    transport.setProtocolVersion('2025-06-18');
    expect(await headersFor(transport, server, settled, call(1, 'lookup_user', MODERN))).toMatchObject({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'lookup_user' });
    const list = await headersFor(transport, server, settled, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: MODERN } }));
    expect(list).toMatchObject({ 'mcp-method': 'tools/list' });
    expect(list).not.toHaveProperty('mcp-name');
    const read = await headersFor(transport, server, settled, JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: 'file:///a b.txt', _meta: MODERN } }));
    expect(read).toMatchObject({ 'mcp-method': 'resources/read', 'mcp-name': 'file:///a b.txt' });
  });

  it('sends a non-ASCII tool name in mcp-name in the Base64 sentinel form', async () => {
    const server = await recordingServer();
    const { transport, settled } = open(server.url);
    const headers = await headersFor(transport, server, settled, call(1, 'café_lookup', MODERN));
    expect(headers['mcp-name']).toBe(`=?base64?${Buffer.from('café_lookup', 'utf8').toString('base64')}?=`);
    expect(Buffer.from(String(headers['mcp-name']).slice(9, -2), 'base64').toString('utf8')).toBe('café_lookup');
  });

  it('still sends a raw frame whose method cannot be a header value, its mcp-method in the Base64 sentinel form', async () => {
    const server = await recordingServer();
    const { transport, settled } = open(server.url);
    for (const method of ['tools/\ncall', 'tools/呼ぶ', 'tools/cäll']) {
      const headers = await headersFor(transport, server, settled, JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { _meta: MODERN } }));
      expect(headers['mcp-method']).toBe(headerValue(method));
      expect(headers['mcp-method']).toMatch(/^=\?base64\?/);
    }
    expect(settled.map((s) => s.facts.status)).toEqual([200, 200, 200]);
  });

  it('sends the request of a malformed body with our headers alone', async () => {
    const server = await recordingServer();
    const { transport, settled } = open(server.url);
    transport.setProtocolVersion('2025-06-18');
    transport.sendRaw('{"jsonrpc": "2.0", "id": 1, "method": "tools/call", ', 'bad');
    await until(() => settled.length === 1, 'settled');
    expect(server.seen[0].headers).toMatchObject({ 'content-type': 'application/json', 'mcp-protocol-version': '2025-06-18' });
    expect(server.seen[0].headers).not.toHaveProperty('mcp-method');
  });
});

describe('variant (a request that departs on purpose, answered to the caller alone)', () => {
  /** 401 without a token; with one, the session's answer (and a session id on initialize); GET gets an event stream. */
  async function guarded() {
    return serve((req, res, seen) => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(': open\n\n');
        return;
      }
      if (req.method === 'DELETE') {
        res.writeHead(200);
        return res.end();
      }
      const message = JSON.parse(seen.body || '{}') as Record<string, unknown>;
      if (req.headers.authorization !== 'Bearer good') return json(res, { error: 'invalid_token' }, 401, { 'www-authenticate': 'Bearer error="invalid_token", resource_metadata="http://x/.well-known/oauth-protected-resource"' });
      json(res, answer(message.id, {}), 200, message.method === 'initialize' ? { 'mcp-session-id': `sess-${seen.body.length}` } : {});
    });
  }

  it('leaves out the header it is told to whatever case the user wrote, and the session never sees the answer', async () => {
    const server = await guarded();
    const { transport, got } = open(server.url, { headers: { Authorization: 'Bearer good' } });
    const answered = await transport.variant({ method: 'POST', text: call(7), id: '7', headers: { authorization: null } }, 2000);
    expect(server.seen[0].headers).not.toHaveProperty('authorization');
    expect(answered.facts).toMatchObject({ status: 401, body: 'other', text: '{"error":"invalid_token"}', headers: { 'www-authenticate': expect.stringContaining('invalid_token') } });
    expect(answered.messages).toEqual([]); // {error: "invalid_token"} is no JSON-RPC message
    expect(got).toEqual([]);
  });

  it('replaces a header, and returns the JSON-RPC answer it carried', async () => {
    const server = await guarded();
    const { transport, got } = open(server.url, { headers: { authorization: 'Bearer wrong' } });
    const answered = await transport.variant({ method: 'POST', text: call(8), id: 8 as unknown as string, headers: { Authorization: 'Bearer good', origin: 'http://evil.example' } }, 2000);
    expect(server.seen[0].headers).toMatchObject({ authorization: 'Bearer good', origin: 'http://evil.example' });
    expect(answered.facts.status).toBe(200);
    expect(answered.messages).toEqual([answer(8, {})]);
    expect(got).toEqual([]);
  });

  it('ends a session its answer opened with DELETE, and takes a GET that opens an event stream at its head', async () => {
    const server = await guarded();
    const { transport } = open(server.url, { headers: { authorization: 'Bearer good' } });
    const init = JSON.stringify(initialize);
    await transport.variant({ method: 'POST', text: init }, 2000);
    await until(() => server.seen.some((s) => s.method === 'DELETE'), 'DELETE');
    expect(server.seen.find((s) => s.method === 'DELETE')!.headers['mcp-session-id']).toBe(`sess-${init.length}`);
    const get = await transport.variant({ method: 'GET' }, 2000);
    expect(get.facts).toMatchObject({ status: 200, body: 'sse' });
    expect(get.timedOut).toBeUndefined();
  });

  it('asks only the server’s own origin: a path elsewhere is refused before anything is sent', async () => {
    const server = await guarded();
    const { transport } = open(server.url);
    await expect(transport.variant({ method: 'GET', path: 'http://127.0.0.2:1/x' }, 2000)).rejects.toThrow(/only talks to/);
    const metadata = await transport.variant({ method: 'GET', path: '/.well-known/oauth-protected-resource/mcp', headers: { accept: 'application/json' } }, 2000);
    expect(server.seen.map((s) => s.url)).toEqual(['/.well-known/oauth-protected-resource/mcp']);
    expect(metadata.facts.status).toBe(200);
  });

  it('gives up at its timeout when no answer comes', async () => {
    const server = await serve(() => {}); // never answers
    const { transport } = open(server.url);
    const answered = await transport.variant({ method: 'POST', text: call(9), id: '9' }, 100);
    expect(answered).toMatchObject({ timedOut: true, facts: { status: 0 } });
  });
});

describe('throttled answers (429, 503 with Retry-After)', () => {
  /** Refuses the first `refusals` POSTs as express-rate-limit does (id null), then answers; `headers` go with each refusal. */
  async function limited(refusals: number, headers: Record<string, string> = { 'retry-after': '1' }, status = 429) {
    let left = refusals;
    return serve((_req, res, seen) => {
      if (left-- > 0) return json(res, { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Too many requests' } }, status, headers);
      json(res, answer(JSON.parse(seen.body).id));
    });
  }

  it('waits out Retry-After, resends the same frame, and tells the session the wait and the throttles before the answer kept', async () => {
    const server = await limited(1, { 'retry-after': '0.2' });
    const { transport, got, settled } = open(server.url);
    const held: [string, number][] = [];
    transport.onthrottled = (tag, ms) => held.push([tag, ms]);
    const started = performance.now();
    transport.sendRaw(call(1), 't1');
    await until(() => settled.length === 1, 'settled');
    expect(performance.now() - started).toBeGreaterThanOrEqual(180);
    expect(server.seen.map((s) => s.body)).toEqual([call(1), call(1)]);
    expect(got).toEqual([answer(1)]); // the id-null refusal was never delivered
    expect(settled[0].facts).toMatchObject({ status: 200, throttled: [{ status: 429, retryAfter: '0.2', waitMs: 200 }] });
    expect(held).toEqual([['t1', expect.any(Number)]]);
    expect(transport.throttle).toMatchObject({ answers: 1, waitedMs: 200 });
  });

  it('holds every request to the pause, and backs off from a 429 that names no delay', async () => {
    const server = await limited(1, {});
    const { transport, settled } = open(server.url);
    const held: string[] = [];
    transport.onthrottled = (tag) => held.push(tag);
    transport.sendRaw(call(1), 't1');
    await until(() => transport.throttle.answers === 1, 'throttled');
    transport.sendRaw(call(2), 't2'); // sent during the pause: waits too
    await until(() => settled.length === 2, 'settled', 5000);
    const ids = server.seen.map((s) => JSON.parse(s.body).id);
    expect(ids[0]).toBe(1); // the resend of 1 and the held 2 leave together, in either order
    expect(ids.slice(1).sort()).toEqual([1, 2]);
    expect(held.sort()).toEqual(['t1', 't2']);
    expect(settled.find((s) => s.tag === 't1')!.facts.throttled).toEqual([{ status: 429, waitMs: 1000 }]);
  });

  it('keeps a 503 without Retry-After as the answer: the request got an id-null error, not silence', async () => {
    const server = await limited(1, {}, 503);
    const { transport, settled } = open(server.url);
    transport.sendRaw(call(1), 't1');
    await until(() => settled.length === 1, 'settled');
    expect(settled[0].facts.status).toBe(503);
    expect(settled[0].orphans).toEqual([{ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Too many requests' } }]);
    expect(server.seen).toHaveLength(1);
  });

  it('stops waiting when the frame is released, and sends it no more', async () => {
    const server = await limited(1, { 'retry-after': '0.2' });
    const { transport, settled } = open(server.url);
    transport.sendRaw(call(1), 't1');
    await until(() => transport.throttle.answers === 1, 'throttled');
    transport.release('t1');
    // A frame sent now waits out the same pause, so a resend of the released one would leave with it, not after.
    transport.sendRaw(call(2), 't2');
    await until(() => settled.length > 0, 'the later frame settles');
    expect(server.seen.map((s) => s.body)).toEqual([call(1), call(2)]);
    expect(settled.map((s) => s.tag)).toEqual(['t2']);
  });

  it('gives up past the budget: the run is told why, and the throttle is kept as the answer', async () => {
    const server = await limited(1, { 'retry-after': '3600' });
    const { transport, settled } = open(server.url);
    const reasons: string[] = [];
    transport.onthrottledout = (reason) => reasons.push(reason);
    transport.sendRaw(call(1), 't1');
    await until(() => settled.length === 1, 'settled');
    expect(settled[0].facts).toMatchObject({ status: 429, headers: { 'retry-after': '3600' } });
    expect(reasons).toEqual([expect.stringMatching(/asked to wait 3600 s \(HTTP 429\), more than the 60 s mcp-errlint waits at once/)]);
  });

  it('paces the run when an answer says the window is used up', async () => {
    const server = await serve((_req, res, seen) => json(res, answer(JSON.parse(seen.body).id), 200, { ratelimit: '"default"; r=0; t=1' }));
    const { transport, settled } = open(server.url);
    transport.sendRaw(call(1), 't1');
    await until(() => settled.length === 1, 'settled');
    expect(transport.throttle.pauseMs).toBeGreaterThan(500);
    expect(transport.throttle.answers).toBe(0);
  });
});

describe('headerValue', () => {
  it.each([
    ['lookup_user', 'lookup_user'],
    ['two words', 'two words'],
    ['file:///etc/hosts', 'file:///etc/hosts'],
  ])('sends plain visible ASCII %j as it is', (value, sent) => {
    expect(headerValue(value)).toBe(sent);
  });

  it.each(['café', ' leading', 'trailing ', 'line\nbreak', 'tab\there', '=?base64?abc?=', '日本語'])('sends %j in the Base64 sentinel form, decoding to itself', (value) => {
    const sent = headerValue(value);
    expect(sent).toMatch(/^=\?base64\?[A-Za-z0-9+/]*={0,2}\?=$/);
    expect(Buffer.from(sent.slice(9, -2), 'base64').toString('utf8')).toBe(value);
  });
});

describe('send (the SDK client’s messages)', () => {
  it('throws an HTTP refusal with its status in data', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not Found');
    });
    const { transport } = open(server.url);
    const error = await transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as { data?: { status?: number; text?: string } }).data).toMatchObject({ status: 404, text: 'Not Found' });
    expect((error as Error).message).toMatch(/HTTP 404 text\/plain: "Not Found"/);
  });

  it('throws for an initialize refused with --transport http, without trying the legacy transport', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(405, { 'content-type': 'text/plain' });
      res.end('Method Not Allowed');
    });
    const { transport } = open(server.url, { transport: 'http' });
    await expect(transport.send(initialize)).rejects.toMatchObject({ data: { status: 405 } });
    expect(server.seen.map((s) => s.method)).toEqual(['POST']);
  });
});

/** A legacy HTTP+SSE server: GET /sse names `endpoint`; a POST there is accepted (202) and answered on the stream. */
async function legacyServer(options: { endpoint?: (origin: string) => string; endAfterEndpoint?: boolean; streamPath?: string; postOnStreamPath?: Handler } = {}) {
  const streams: ServerResponse[] = [];
  let origin = '';
  const server = await serve((req, res, seen) => {
    const path = options.streamPath ?? '/sse';
    if (req.method === 'GET' && req.url === path) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const endpoint = options.endpoint?.(origin) ?? '/messages?sessionId=abc';
      res.write(`event: endpoint\ndata: ${endpoint}\n\n`);
      if (options.endAfterEndpoint) res.end();
      else streams.push(res);
    } else if (req.method === 'POST' && req.url === '/messages?sessionId=abc') {
      res.writeHead(202, { 'content-type': 'text/plain' });
      res.end('Accepted');
      const message = JSON.parse(seen.body);
      if ('id' in message) for (const stream of streams) stream.write(sseEvent(message.method === 'initialize' ? answer(message.id, { protocolVersion: '2024-11-05', capabilities: {}, serverInfo: { name: 'legacy', version: '1' } }) : answer(message.id)));
    } else if (req.method === 'POST' && req.url === path && options.postOnStreamPath) options.postOnStreamPath(req, res, seen);
    else {
      res.writeHead(404);
      res.end();
    }
  });
  origin = server.origin;
  return { ...server, streams };
}

describe('legacy HTTP+SSE (transport: sse)', () => {
  it('opens the event stream, POSTs to the endpoint it names, and takes answers from the stream', async () => {
    const server = await legacyServer();
    const { transport, got, settled } = open(`${server.origin}/sse`, { transport: 'sse', headers: { Authorization: 'Bearer tok-123456' } });
    await transport.start();
    expect(transport.kind).toBe('sse');
    expect(transport.hasPerRequestStream).toBe(false);
    expect(server.seen[0]).toMatchObject({ method: 'GET', url: '/sse', headers: { accept: 'text/event-stream', authorization: 'Bearer tok-123456' } });
    transport.sendRaw(call(5), 'a');
    await until(() => got.length === 1 && settled.length === 1, 'the answer and the POST settled');
    expect(got).toEqual([answer(5)]);
    expect(settled[0]).toMatchObject({ tag: 'a', facts: { status: 202 } });
    const post = server.seen.find((s) => s.method === 'POST')!;
    expect(post).toMatchObject({ url: '/messages?sessionId=abc', body: call(5), headers: { authorization: 'Bearer tok-123456', 'content-type': 'application/json' } });
    expect(post.headers).not.toHaveProperty('mcp-session-id');
  });

  it('refuses an endpoint on another origin, and POSTs nothing', async () => {
    const elsewhere = await serve((_req, res) => json(res, answer(1)));
    const server = await legacyServer({ endpoint: () => `${elsewhere.origin}/messages?sessionId=abc` });
    const { transport, settled } = open(`${server.origin}/sse`, { transport: 'sse' });
    await expect(transport.start()).rejects.toThrow(/another origin/);
    // A frame sent after the refusal has no endpoint to go to: it settles unsent, where an adopted endpoint would be POSTed.
    transport.sendRaw(call(1), 'after');
    await until(() => settled.length === 1, 'the later frame settles');
    expect(settled[0].facts.status).toBe(0);
    expect(elsewhere.seen).toEqual([]);
    expect(server.seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /sse']);
  });

  it('refuses an endpoint that is no URL, rather than throwing out of the stream’s data handler', async () => {
    const server = await legacyServer({ endpoint: () => 'http://[::1' });
    const { transport } = open(`${server.origin}/sse`, { transport: 'sse' });
    await expect(transport.start()).rejects.toThrow(/named an endpoint that is no URL/);
  });

  it('fails start when the stream ends before naming an endpoint, or is no event stream', async () => {
    const plain = await serve((_req, res) => json(res, { hello: 'world' }));
    await expect(open(`${plain.origin}/sse`, { transport: 'sse' }).transport.start()).rejects.toThrow(/answered HTTP 200 application\/json, not an event stream/);
    const silent = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(': nothing\n\n');
    });
    await expect(open(`${silent.origin}/sse`, { transport: 'sse' }).transport.start()).rejects.toThrow(/ended before it named an endpoint/);
  });

  it('takes the end of the event stream as the server gone: exit is set and whenExited resolves', async () => {
    const server = await legacyServer({ endAfterEndpoint: true });
    const { transport, settled } = open(`${server.origin}/sse`, { transport: 'sse' });
    let closed = 0;
    transport.onclose = () => closed++;
    await transport.start();
    const exit = await transport.whenExited();
    expect(exit).toEqual({ exitCode: null, signal: null, error: 'the event stream closed' });
    expect(transport.exit).toEqual(exit);
    expect(transport.running).toBe(false);
    expect(closed).toBe(1);
    expect(transport.sendRaw(call(1), 'late')).toBe(true);
    // A POST of the late frame would leave at once; one sent by the test after it arrives after it.
    await fetch(`${server.origin}/after`, { method: 'POST', body: '{}' });
    expect(server.seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /sse', 'POST /after']);
    expect(settled).toEqual([]);
  });
});

describe('auto: Streamable HTTP, falling back to legacy HTTP+SSE', () => {
  it('falls back when initialize gets 405 with a body that is no JSON-RPC message', async () => {
    const server = await legacyServer({
      streamPath: '/mcp',
      postOnStreamPath: (_req, res) => {
        res.writeHead(405, { 'content-type': 'text/plain', allow: 'GET' });
        res.end('Method Not Allowed');
      },
    });
    const { transport, got } = open(server.url);
    expect(transport.kind).toBe('http');
    await transport.send(initialize);
    expect(transport.kind).toBe('sse');
    expect(server.seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /mcp', 'GET /mcp', 'POST /messages?sessionId=abc']);
    await until(() => got.length === 1, 'the initialize answer on the stream');
    expect(got[0]).toMatchObject({ id: 0, result: { protocolVersion: '2024-11-05' } });
  });

  it('does not fall back when the 405 body is a JSON-RPC error (the server speaks MCP)', async () => {
    const server = await serve((_req, res) => json(res, { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Method not allowed.' } }, 405));
    const { transport } = open(server.url);
    // The refusal quotes the JSON-RPC body, as the SDK's own transport does.
    await expect(transport.send(initialize)).rejects.toMatchObject({ data: { status: 405, text: expect.stringContaining('Method not allowed.') }, message: expect.stringContaining('Method not allowed.') });
    expect(transport.kind).toBe('http');
    expect(server.seen.map((s) => s.method)).toEqual(['POST']);
  });

  it('does not fall back for a message other than initialize', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(405, { 'content-type': 'text/plain' });
      res.end('Method Not Allowed');
    });
    const { transport } = open(server.url);
    await expect(transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' })).rejects.toMatchObject({ data: { status: 405 } });
    expect(server.seen.map((s) => s.method)).toEqual(['POST']);
  });
});

describe('close', () => {
  it('aborts what is open, ends the session with DELETE, and leaves no connection open', async () => {
    const server = await serve((_req, res, seen) => {
      if (seen.method === 'DELETE') {
        res.writeHead(200);
        res.end();
        return;
      }
      const message = JSON.parse(seen.body);
      if (message.method === 'initialize') json(res, answer(message.id, { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's', version: '1' } }), 200, { 'mcp-session-id': 'sess-1' });
      else {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(': held open\n\n');
      }
    });
    const { transport, settled } = open(server.url, { headers: { Authorization: 'Bearer tok-123456' } });
    let closed = 0;
    transport.onclose = () => closed++;
    await transport.send(initialize);
    transport.setProtocolVersion('2025-06-18');
    transport.sendRaw(call(1), 'held');
    await until(() => server.seen.length === 2, 'the held POST reaches the server');
    expect(server.connections()).toBeGreaterThan(0);
    await transport.close();
    const deletes = server.seen.filter((s) => s.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]).toMatchObject({ url: '/mcp', headers: { 'mcp-session-id': 'sess-1', 'mcp-protocol-version': '2025-06-18', authorization: 'Bearer tok-123456' } });
    await until(() => server.seen[1].aborted, 'the held POST closed');
    await until(() => server.connections() === 0, 'every connection closed');
    expect(closed).toBe(1);
    expect(transport.running).toBe(false);
    await transport.close();
    expect(closed).toBe(1);
    expect(settled).toEqual([]);
  });

  it('sends no DELETE without a session id', async () => {
    const server = await serve((_req, res) => json(res, answer(0, { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's', version: '1' } })));
    const { transport } = open(server.url);
    await transport.send(initialize);
    await transport.close();
    await until(() => server.connections() === 0, 'every connection closed');
    expect(server.seen.map((s) => s.method)).toEqual(['POST']);
  });

  it('closes a legacy event stream without reading as the server exiting', async () => {
    const server = await legacyServer();
    const { transport } = open(`${server.origin}/sse`, { transport: 'sse' });
    await transport.start();
    await transport.close();
    await until(() => server.connections() === 0, 'every connection closed');
    expect(server.seen.map((s) => s.method)).toEqual(['GET']);
    expect(transport.exit).toBeNull();
  });
});
