// A Session against a server that needs a token, on 127.0.0.1: refused with 401 at the handshake and given no token, it
// opens without a session (for the auth probe's requests alone); given a token, or refused otherwise, it fails to start.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Session, SessionStartError } from '../../src/session/session.js';

const servers: Server[] = [];
const sessions: Session[] = [];

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())))));
});

const CHALLENGE = 'Bearer error="invalid_token", resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource/mcp"';

/** A server that answers every request with `status` (401: the OAuth error JSON and a Bearer challenge), and records them. */
async function refusing(status: number) {
  const seen: Array<{ method: string; url: string; authorization?: string }> = [];
  const server = createServer((req, res: ServerResponse) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    req.resume();
    req.on('end', () => res.writeHead(status, { 'content-type': 'application/json', ...(status === 401 ? { 'www-authenticate': CHALLENGE } : {}) }).end(JSON.stringify({ error: status === 401 ? 'invalid_token' : 'forbidden' })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, seen };
}

async function open(url: string, extra: { headers?: Record<string, string>; transport?: 'http' | 'sse'; protocolVersion?: string } = {}): Promise<Session> {
  const session = await Session.open({ target: { url: `${url}?key=not-kept#frag`, ...(extra.headers ? { headers: extra.headers } : {}), ...(extra.transport ? { transport: extra.transport } : {}) }, protocolVersion: extra.protocolVersion, timeoutMs: 2000 });
  sessions.push(session);
  return session;
}

describe('a server that refuses the handshake with 401', () => {
  it('without a token: opens with no session, facts that say so, and a transport the auth probe can use', async () => {
    const server = await refusing(401);
    const session = await open(server.url);
    expect(session.facts).toEqual({ protocolVersion: '2025-11-25', era: 'legacy', capabilities: {}, transport: 'http', timeoutMs: 2000, url: server.url, needsAuthorization: true });
    const refused = await session.variant({ method: 'POST', message: { method: 'tools/list', params: {} }, headers: { authorization: null } });
    expect(refused.http).toMatchObject({ status: 401, headers: { 'www-authenticate': CHALLENGE } });
    expect(await session.isAlive()).toBe(true); // its refusal is its answer
    expect(server.seen.every((s) => s.authorization === undefined)).toBe(true);
  });

  it('over legacy HTTP+SSE (the event stream refused) and with a version pinned: the same', async () => {
    const server = await refusing(401);
    const session = await open(server.url, { transport: 'sse', protocolVersion: '2024-11-05' });
    expect(session.facts).toMatchObject({ protocolVersion: '2024-11-05', transport: 'sse', needsAuthorization: true });
    expect((await session.variant({ method: 'POST', message: { method: 'initialize', params: {} } })).http?.status).toBe(401);
    expect(server.seen.at(-1)).toMatchObject({ method: 'POST', url: '/mcp?key=not-kept' });
  });

  it('with a token: does not start (the token is the user’s to fix)', async () => {
    const server = await refusing(401);
    await expect(open(server.url, { headers: { Authorization: 'Bearer wrong' } })).rejects.toThrow(SessionStartError);
  });

  it('refused with 403 instead: does not start', async () => {
    const server = await refusing(403);
    await expect(open(server.url)).rejects.toThrow(/denied access \(HTTP 403\)/);
  });
});
