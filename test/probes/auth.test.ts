// The auth probe: what it sends (the handshake and tools/list without the token, with a malformed one, with a wrong one
// of its shape, each of the last two after its control; the RFC 9728 metadata), what it expects by era, and where it is
// not planned. And the discovery it makes, as a client does, against a stand-in session.
import { describe, expect, it } from 'vitest';
import { authCase, probe, wellKnownPaths } from '../../probes/auth.js';
import { discover } from '../../src/engine/discovery.js';
import { decoyAuthorization } from '../../src/matchers/bearer.js';
import type { RawExchange, Session } from '../../src/session/session.js';
import { NO_TOOL, type ProbeContext, type ProbePlan } from '../../src/plan/types.js';
import type { Delivery, HttpVariant, ProbeCase } from '../../src/probe-case.js';
import type { SessionFacts, ToolInfo } from '../../src/session/types.js';

const placeholder: ToolInfo = { name: NO_TOOL, inputSchema: { type: 'object' } };
const URL = 'http://127.0.0.1:3000/mcp';
const TOKEN = 'Bearer eyJhbGciOi.eyJzdWIiOiIx.Sfl-KxwRJ_4';

function context(facts: Partial<SessionFacts>): ProbeContext {
  const none = { declared: false, items: [] };
  return {
    facts: { protocolVersion: '2025-11-25', era: 'legacy', capabilities: {}, transport: 'http', timeoutMs: 1000, url: URL, ...facts },
    surfaces: { resources: none, templates: none, prompts: none },
  };
}

function cases(facts: Partial<SessionFacts>): ProbeCase[] {
  const planned = probe.plan(placeholder, [], context(facts));
  expect('skip' in planned, JSON.stringify(planned)).toBe(false);
  expect((planned as ProbePlan).arbitrary).toBeNull();
  return (planned as ProbePlan).enumerated;
}

const variant = (c: ProbeCase) => (c.delivery as Extract<Delivery, { kind: 'http' }>).request;

describe('auth probe', () => {
  it('is not planned over stdio, nor without the session', () => {
    expect(probe.plan(placeholder, [], context({ transport: 'stdio' }))).toEqual({ skip: 'HTTP requests only: this server runs over stdio' });
    expect('skip' in probe.plan(placeholder, [], undefined)).toBe(true);
  });

  it('without a token of the user’s: the handshake and tools/list without one, and the metadata', () => {
    const planned = cases({});
    expect(planned.map((c) => [c.auth?.sends, c.name])).toEqual([
      ['no-token', 'initialize'],
      ['no-token', 'tools/list'],
      ['metadata', '/.well-known/oauth-protected-resource/mcp'],
    ]);
    for (const c of planned) expect(c.expect).toBe('unauthorized');
    expect(variant(planned[0])).toEqual({ method: 'POST', message: { method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-errlint', version: expect.any(String) } } }, headers: { authorization: null } });
    expect(planned[2].delivery).toEqual({ kind: 'metadata', challenge: variant(planned[0]), wellKnown: ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource'] });
  });

  it('with the user’s token: a malformed and a wrong one as well, each after its control (the same request without a token)', () => {
    const decoy = decoyAuthorization(TOKEN);
    const planned = cases({ authorized: true, decoyAuthorization: decoy });
    expect(planned.map((c) => `${c.auth?.sends} ${c.name}`)).toEqual([
      'no-token initialize', 'malformed-token initialize', 'wrong-token initialize',
      'no-token tools/list', 'malformed-token tools/list', 'wrong-token tools/list',
      'metadata /.well-known/oauth-protected-resource/mcp',
    ]);
    const sent = planned.filter((c) => c.delivery?.kind === 'http').map((c) => variant(c).headers?.authorization);
    expect(sent).toEqual([null, 'Bearer', decoy, null, 'Bearer errlint!not-a-token68', decoy]);
    for (const c of planned.filter((p) => p.auth?.sends === 'malformed-token' || p.auth?.sends === 'wrong-token')) {
      const { request, control } = c.delivery as Extract<Delivery, { kind: 'http' }>;
      expect(control).toEqual({ ...request, headers: { authorization: null } });
    }
  });

  it('expects what the negotiated version asks: nothing in 2024-11-05, 401 from 2025-03-26, invalid_token and RFC 9728 from 2025-06-18', () => {
    expect(authCase('2024-11-05', 'wrong-token')).toEqual({ sends: 'wrong-token' });
    expect(authCase('2025-03-26', 'wrong-token')).toEqual({ sends: 'wrong-token', statuses: [401] });
    expect(authCase('2025-03-26', 'malformed-token')).toEqual({ sends: 'malformed-token', statuses: [400, 401] });
    expect(authCase('2025-06-18', 'wrong-token')).toEqual({ sends: 'wrong-token', statuses: [401], challengeError: 'invalid_token' });
    expect(authCase('2025-06-18', 'no-token')).toEqual({ sends: 'no-token', statuses: [401] });
    const sends = (version: string) => cases({ protocolVersion: version }).map((c) => c.auth?.sends);
    expect(sends('2024-11-05')).not.toContain('metadata');
    expect(sends('2025-03-26')).not.toContain('metadata');
    expect(sends('2025-06-18')).toContain('metadata');
  });

  it('opens with server/discover in the 2026-07-28 era, and asks the root metadata alone for a server at the root', () => {
    expect(cases({ protocolVersion: '2026-07-28', era: 'modern' })[0].name).toBe('server/discover');
    expect(wellKnownPaths('https://mcp.example.com/')).toEqual(['/.well-known/oauth-protected-resource']);
    expect(wellKnownPaths('https://mcp.example.com/public/mcp/')).toEqual(['/.well-known/oauth-protected-resource/public/mcp', '/.well-known/oauth-protected-resource']);
  });
});

describe('decoyAuthorization', () => {
  it('keeps the scheme and the token’s shape, and owes nothing else to it', () => {
    const decoy = decoyAuthorization(TOKEN);
    const shape = (value: string) => value.replace(/[a-z]/g, 'a').replace(/[A-Z]/g, 'A').replace(/[0-9]/g, '0');
    expect(decoy).toBe('Bearer erRliNteRr.liNteRRlInTe.Rrl-IntER_0');
    expect(shape(decoy)).toBe(shape(TOKEN));
    expect(decoyAuthorization(`Bearer ${shape(TOKEN.slice(7))}`)).toBe(decoy); // same shape, same decoy: nothing else of the token is in it
    expect(decoyAuthorization('Bearer 9f3a0c')).toBe('Bearer 0e0e0e'); // hex stays hex
    expect(decoyAuthorization('Bearer errlint')).toBe('Bearer xxxxxxx'); // never the token itself
    expect(decoyAuthorization('sk-abc123')).toBe('er-rli000'); // no scheme: the whole value
  });
});

describe('discover (RFC 9728, as a client finds the metadata)', () => {
  /** A stand-in session: answers each variant from `answers` by path (the challenge has none), and records what was asked. */
  function stand(answers: Record<string, { status: number; headers?: Record<string, string> }>) {
    const asked: HttpVariant[] = [];
    const session = {
      facts: { url: URL },
      async variant(v: HttpVariant): Promise<RawExchange> {
        asked.push(v);
        const answer = answers[v.path ?? 'challenge'] ?? { status: 404 };
        return { request: {}, elapsedMs: 1, outcome: { kind: 'http', status: answer.status, contentType: null, body: '' }, http: { status: answer.status, contentType: null, body: 'empty', ...(answer.headers ? { headers: answer.headers } : {}) } };
      },
    } as unknown as Session;
    return { session, asked };
  }
  const delivery = { kind: 'metadata' as const, challenge: { method: 'POST' as const, message: { method: 'initialize' }, headers: { authorization: null } }, wellKnown: wellKnownPaths(URL) };
  const challenge = (metadata: string) => ({ status: 401, headers: { 'www-authenticate': `Bearer error="invalid_token", resource_metadata="${metadata}"` } });

  it('asks the resource_metadata the 401 names, and nothing else', async () => {
    const { session, asked } = stand({ challenge: challenge('http://127.0.0.1:3000/prm/mcp'), '/prm/mcp': { status: 200 } });
    const found = await discover(session, delivery);
    expect(asked.map((v) => v.path)).toEqual([undefined, '/prm/mcp']);
    expect(asked[1]).toMatchObject({ method: 'GET', headers: { authorization: null } });
    expect(found.discovery).toEqual({ challenge: { status: 401, resourceMetadata: 'http://127.0.0.1:3000/prm/mcp' }, tried: [{ path: '/prm/mcp', via: 'resource_metadata', status: 200 }] });
  });

  it('falls back to the well-known URIs in order, and stops at the first found', async () => {
    const { session } = stand({ challenge: { status: 401 }, '/.well-known/oauth-protected-resource': { status: 200 } });
    const found = await discover(session, delivery);
    expect(found.discovery?.tried).toEqual([
      { path: '/.well-known/oauth-protected-resource/mcp', via: 'well-known', status: 404 },
      { path: '/.well-known/oauth-protected-resource', via: 'well-known', status: 200 },
    ]);
    expect(found.http?.status).toBe(200);
  });

  it('never asks another origin: a resource_metadata there is noted, and the well-known URIs asked for what they show', async () => {
    const { session, asked } = stand({ challenge: challenge('https://auth.example.com/.well-known/oauth-protected-resource') });
    const found = await discover(session, delivery);
    expect(found.discovery?.foreign).toBe('https://auth.example.com/.well-known/oauth-protected-resource');
    expect(asked.every((v) => v.path === undefined || v.path.startsWith('/'))).toBe(true);
    expect(found.discovery?.tried.map((t) => t.via)).toEqual(['well-known', 'well-known']);
  });
});
