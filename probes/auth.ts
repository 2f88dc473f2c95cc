// Probe (once per server, over HTTP only): the handshake and tools/list again without the user's token, with a malformed
// one and with a wrong one of its shape (each after the same request without any token: its control), and the RFC 9728
// protected-resource metadata, found as a client finds it. Read-only; what a correct server answers is data, by version.
import type { AuthCase, HttpVariant, ProbeCase } from '../src/probe-case.js';
import type { Probe } from '../src/plan/types.js';
import type { SessionFacts } from '../src/session/types.js';
import { versionAtLeast } from '../src/protocol-version.js';
import { TOOL_NAME, TOOL_VERSION } from '../src/version.js';
import { HTTP_ONLY, NO_CONTEXT } from './surface-case.js';

/** Credentials that are no token68 (RFC 7235 §2.1): no verifier can take them for a token. */
const NOT_TOKEN68 = 'errlint!not-a-token68';
const WELL_KNOWN = '/.well-known/oauth-protected-resource';

/** What the negotiated version's authorization spec asks of the answer to a request that sends this (rulebook §3, Over HTTP). */
export function authCase(version: string, sends: AuthCase['sends']): AuthCase {
  // 2024-11-05 has no authorization spec; 2025-03-26 asks for 401 (400 for a malformed request); 2025-06-18 adds RFC 9728.
  if (sends === 'metadata' || !versionAtLeast(version, '2025-03-26')) return { sends };
  const statuses = sends === 'malformed-token' ? [400, 401] : [401];
  return { sends, statuses, ...(sends === 'wrong-token' && versionAtLeast(version, '2025-06-18') ? { challengeError: 'invalid_token' as const } : {}) };
}

/** The well-known URIs of the metadata for a server URL, in the order a client asks them (path-suffixed first). */
export function wellKnownPaths(url: string): string[] {
  const path = new URL(url).pathname.replace(/\/+$/, '');
  return path === '' ? [WELL_KNOWN] : [`${WELL_KNOWN}${path}`, WELL_KNOWN];
}

/** The session's opening request of its era, sent again. */
function handshake(facts: SessionFacts): NonNullable<HttpVariant['message']> {
  if (facts.era === 'modern') return { method: 'server/discover', params: {} };
  return { method: 'initialize', params: { protocolVersion: facts.protocolVersion, capabilities: {}, clientInfo: { name: TOOL_NAME, version: TOOL_VERSION } } };
}

export const probe: Probe = {
  kind: 'auth',
  description: 'The handshake and tools/list without the Authorization header, with a malformed one and with a wrong token of the same shape, and the RFC 9728 protected-resource metadata, over HTTP.',
  scope: 'server',
  httpOnly: true,
  plan(_placeholder, _tools, context) {
    if (!context) return NO_CONTEXT;
    const { facts } = context;
    if (facts.transport === 'stdio') return HTTP_ONLY;
    const { protocolVersion: version, decoyAuthorization: decoy } = facts;
    const opening = handshake(facts);
    const request = (message: NonNullable<HttpVariant['message']>, authorization: string | null, sends: AuthCase['sends'], label: string, control?: HttpVariant): ProbeCase => ({
      name: message.method,
      arguments: { authorization },
      expect: 'unauthorized',
      label: `${message.method} ${label}`,
      auth: authCase(version, sends),
      delivery: { kind: 'http', request: { method: 'POST', message, headers: { authorization } }, ...(control ? { control } : {}) },
    });
    const cases: ProbeCase[] = [];
    for (const message of [opening, { method: 'tools/list', params: {} }]) {
      const without: HttpVariant = { method: 'POST', message, headers: { authorization: null } };
      cases.push(request(message, null, 'no-token', 'without the Authorization header'));
      if (decoy === undefined) continue; // with no token of the user's, there is none to get wrong
      const scheme = /^(\S+)\s/.exec(decoy)?.[1] ?? 'Bearer';
      const malformed = message === opening ? scheme : `${scheme} ${NOT_TOKEN68}`;
      cases.push(request(message, malformed, 'malformed-token', `with a malformed Authorization header (${message === opening ? 'a scheme and no token' : 'not token68'})`, without));
      cases.push(request(message, decoy, 'wrong-token', 'with a wrong token of the same shape', without));
    }
    // RFC 9728 discovery is the spec's from 2025-06-18 (2025-03-26 had RFC 8414 metadata, SHOULD, with default paths).
    if (versionAtLeast(version, '2025-06-18') && facts.url !== undefined) {
      const wellKnown = wellKnownPaths(facts.url);
      cases.push({
        name: wellKnown[0],
        arguments: undefined,
        expect: 'unauthorized',
        label: 'the protected-resource metadata (RFC 9728), found as a client finds it',
        auth: authCase(version, 'metadata'),
        delivery: { kind: 'metadata', challenge: { method: 'POST', message: opening, headers: { authorization: null } }, wellKnown },
      });
    }
    return { enumerated: cases, arbitrary: null };
  },
};
