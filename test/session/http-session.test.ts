// A session over Streamable HTTP with a server that throttles (429 + Retry-After), refuses by status with an id-null
// error, or forgets the session it issued: the throttle is waited out without counting against the per-call timeout,
// the refusal answers its POST, and a lost session is a closed connection the run recovers from with a new session.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Session } from '../../src/session/session.js';
import { Interrupted } from '../../src/interrupt.js';

const servers: Server[] = [];
const sessions: Session[] = [];

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  })));
});

/** A 2025-06-18 server whose tools/call of `throttle` is refused `throttles` times with 429, and of `refused` with 400 and id null. */
async function serve(throttles: number, retryAfter = '1.5') {
  let left = throttles;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const message = JSON.parse(body) as { id?: unknown; method: string; params?: { name?: string } };
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(payload));
      };
      if (message.id === undefined) return void res.writeHead(202).end();
      if (message.method === 'initialize') return send(200, { jsonrpc: '2.0', id: message.id, result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'limited', version: '1' } } });
      const refusal = (code: number, text: string) => ({ jsonrpc: '2.0', id: null, error: { code, message: text } });
      if (message.params?.name === 'throttle' && left-- > 0) return send(429, refusal(-32000, 'Too many requests'), { 'retry-after': retryAfter });
      if (message.params?.name === 'refused') return send(400, refusal(-32000, 'Bad Request: No valid session ID provided'));
      send(200, { jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: 'ok' }] } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

/** A per-call timeout of 1 s: room for a local round trip on a loaded machine, and less than the 1.5 s the throttle asks for. */
const TIMEOUT_MS = 1000;

async function open(url: string, stop?: (reason: Interrupted) => void) {
  const session = await Session.open({ target: { url, transport: 'http' }, protocolVersion: '2025-06-18', timeoutMs: TIMEOUT_MS, stop });
  sessions.push(session);
  return session;
}

describe('a throttling server over Streamable HTTP', () => {
  it('waits out Retry-After past the per-call timeout, resends, and counts the wait as neither timeout nor slowness', async () => {
    const session = await open(await serve(1));
    const answer = await session.request('tools/call', { name: 'throttle', arguments: {} });
    expect(answer.outcome.kind).toBe('result'); // not a timeout, though the wait was longer than the per-call timeout
    expect(answer.elapsedMs).toBeLessThan(TIMEOUT_MS); // the 1.5 s waited is not in it
    expect(answer.http?.throttled).toEqual([{ status: 429, retryAfter: '1.5', waitMs: 1500 }]);
    expect(session.throttle).toEqual({ answers: 1, waitedMs: 1500 });
  });

  it('takes an id-null error in the answer to a POST as that POST’s answer, at once', async () => {
    const session = await open(await serve(0));
    const started = performance.now();
    const answer = await session.request('tools/call', { name: 'refused', arguments: {} });
    expect(answer.outcome).toMatchObject({ kind: 'error', error: { code: -32000 } });
    expect(answer.http?.status).toBe(400);
    expect(answer.unmatched).toEqual([]);
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS); // waiting for an answer by id would end in the timeout
  });

  it('stops the run, by the throttle, when the server asks for more than the run waits', async () => {
    const reasons: Interrupted[] = [];
    const session = await open(await serve(1, '3600'), (reason) => reasons.push(reason));
    await session.request('tools/call', { name: 'throttle', arguments: {} });
    expect(reasons.map((r) => [r.by, r.message])).toEqual([['throttled', expect.stringContaining('asked to wait 3600 s')]]);
    expect(session.throttle).toBeUndefined();
  });
});

describe('a server that forgets the session it issued', () => {
  /** Issues session `s<n>` at each initialize; a tools/call of `forget` makes it forget the current one (404 afterwards). */
  async function forgetful() {
    let sessions = 0;
    const known = new Set<string>();
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        if (req.method === 'DELETE') return void res.writeHead(200).end();
        const message = JSON.parse(body) as { id?: unknown; method: string; params?: { name?: string } };
        const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
          res.writeHead(status, { 'content-type': 'application/json', ...headers });
          res.end(JSON.stringify(payload));
        };
        if (message.method === 'initialize') {
          const id = `s${++sessions}`;
          known.add(id);
          return send(200, { jsonrpc: '2.0', id: message.id, result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'forgetful', version: '1' } } }, { 'mcp-session-id': id });
        }
        const session = req.headers['mcp-session-id'] as string;
        if (!known.has(session)) return send(404, { jsonrpc: '2.0', id: message.id ?? null, error: { code: -32000, message: 'Session not found or expired' } });
        if (message.id === undefined) return void res.writeHead(202).end();
        if (message.params?.name === 'forget') known.delete(session);
        send(200, { jsonrpc: '2.0', id: message.id, result: message.method === 'tools/call' ? { content: [{ type: 'text', text: 'ok' }] } : {} });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, sessions: () => sessions };
  }

  it('takes a 404 to its session id as the connection lost, never as the tool’s answer; recover starts a new session', async () => {
    const server = await forgetful();
    const session = await open(server.url);
    expect((await session.request('tools/call', { name: 'forget', arguments: {} })).outcome.kind).toBe('result');
    const lost = await session.request('tools/call', { name: 'lookup', arguments: {} });
    expect(lost.outcome).toMatchObject({ kind: 'closed', lostSession: true, error: expect.stringMatching(/no longer knows the session/) });
    expect(lost.response).toBeUndefined();
    expect(session.lostSession).toBe(true);
    expect(await session.isAlive()).toBe(false);
    await session.recover();
    expect(session.gone).toBeNull();
    expect(session.restarts).toBe(1);
    expect(server.sessions()).toBe(2);
    expect((await session.request('tools/call', { name: 'lookup', arguments: {} })).outcome.kind).toBe('result');
  });
});
