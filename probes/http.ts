// Probe (once per server, Streamable HTTP only): requests that depart on purpose from what a client sends (a foreign
// Origin, an unknown or a missing session, no Accept, a wrong Content-Type, a GET, a DELETE), each with the answer the
// negotiated era's transport section asks for.
import type { HttpExpectation, HttpVariant, ProbeCase } from '../src/probe-case.js';
import type { Probe, ProbeContext } from '../src/plan/types.js';
import { versionAtLeast } from '../src/protocol-version.js';
import { NO_CONTEXT, from2026 } from './surface-case.js';

/** An origin no server of ours is at; it is only ever sent as a header, never contacted. */
export const FOREIGN_ORIGIN = 'http://errlint-foreign.example';
/** A session id no server issued. */
export const UNKNOWN_SESSION = 'errlint-unknown-session';
/** The message the POSTs carry: read-only, answered by every server in every era (the session adds the era's envelope). */
const LIST = { method: 'tools/list', params: {} };

function httpCase(label: string, request: HttpVariant, http: HttpExpectation, breaks: string): ProbeCase {
  return { name: '', arguments: undefined, expect: 'http', http, label, delivery: { kind: 'http', request }, breaks };
}

/** The cases for a server reached over Streamable HTTP, by what the era says and whether it issued a session. */
function cases(context: ProbeContext): ProbeCase[] {
  const modern = from2026(context);
  const sessions = context.facts.sessionIssued === true;
  const list: ProbeCase[] = [
    // 2025-11-25 on: "If the Origin header is present and invalid, servers MUST respond with HTTP 403 Forbidden"; before, MUST validate it (no status named).
    httpCase('a foreign Origin', { method: 'POST', message: LIST, headers: { origin: FOREIGN_ORIGIN } }, { aspect: 'origin', status: 403, requirement: versionAtLeast(context.facts.protocolVersion, '2025-11-25') ? 'must' : 'none' }, `Origin: ${FOREIGN_ORIGIN}`),
    // Before the malformed POSTs below: a server whose transport drops its session on an error (n8n-mcp) would meet the
    // GET with a session already gone. Up to 2025-11-25 a GET MUST get an event stream or 405; 2026-07-28 removed the
    // GET stream (SHOULD answer 405).
    httpCase('GET on the MCP endpoint', { method: 'GET' }, { aspect: 'method', status: 405, requirement: modern ? 'should' : 'must', alsoRight: ['stream'] }, 'a GET'),
  ];
  if (sessions) {
    // Sessions exist up to 2025-11-25: an unknown one MUST get 404 (a client then starts a new one), a missing one SHOULD get 400.
    list.push(
      httpCase('an unknown Mcp-Session-Id', { method: 'POST', message: LIST, headers: { 'mcp-session-id': UNKNOWN_SESSION } }, { aspect: 'session', status: 404, requirement: 'must' }, 'a session id the server never issued'),
      httpCase('no Mcp-Session-Id', { method: 'POST', message: LIST, headers: { 'mcp-session-id': null } }, { aspect: 'session', status: 400, requirement: 'should' }, 'the session id left out'),
    );
  }
  list.push(
    // Every era puts Accept on the client ("MUST include an Accept header listing both"); the server may refuse (406) or serve.
    httpCase('no Accept header', { method: 'POST', message: LIST, headers: { accept: null } }, { aspect: 'accept', status: 406, requirement: 'none', alsoRight: ['served'] }, 'the Accept header left out'),
    // No era names a status for a body that is not JSON: HTTP's own is 415 (RFC 9110), and 400 is as right.
    httpCase('Content-Type text/plain', { method: 'POST', message: LIST, headers: { 'content-type': 'text/plain' } }, { aspect: 'content-type', status: 415, requirement: 'none', alsoRight: [400] }, 'Content-Type: text/plain'),
  );
  // Last: a server that does not check sessions might end ours. 404 for a session it never issued, 405 if it lets no client end one.
  if (sessions) list.push(httpCase('DELETE of an unknown session', { method: 'DELETE', headers: { 'mcp-session-id': UNKNOWN_SESSION, accept: null } }, { aspect: 'session', status: 404, requirement: 'must', alsoRight: [405] }, 'a DELETE naming a session id the server never issued'));
  // No session to end: 2026-07-28 SHOULD answer 405; up to 2025-11-25 the spec says nothing of it.
  else list.push(httpCase('DELETE without a session', { method: 'DELETE', headers: { accept: null } }, modern ? { aspect: 'method', status: 405, requirement: 'should' } : { aspect: 'method', status: 405, requirement: 'none', alsoRight: ['served'] }, 'a DELETE'));
  return list;
}

export const probe: Probe = {
  kind: 'http',
  description: 'Streamable HTTP requests a client would not send: a foreign Origin, an unknown or missing session id, no Accept, Content-Type text/plain, a GET, a DELETE.',
  scope: 'server',
  plan(_placeholder, _tools, context) {
    if (!context) return NO_CONTEXT;
    const { transport } = context.facts;
    if (transport === 'stdio') return { skip: 'the server was not reached over HTTP' };
    // HTTP+SSE answers on the session's event stream, never on the POST: a request beside the session has no answer of its own.
    if (transport === 'sse') return { skip: 'the legacy HTTP+SSE transport answers on the event stream, not on the request: its HTTP answers are not probed' };
    return { enumerated: cases(context), arbitrary: null };
  },
};
