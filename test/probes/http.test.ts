// The http probe's plan: what it sends a server reached over Streamable HTTP, and what it expects, per era; skipped elsewhere.
import { describe, expect, it } from 'vitest';
import { probeByKind } from '../../probes/index.js';
import { FOREIGN_ORIGIN, UNKNOWN_SESSION } from '../../probes/http.js';
import { NO_TOOL, type ProbeContext } from '../../src/plan/types.js';
import type { HttpVariant, ProbeCase } from '../../src/probe-case.js';
import type { TransportKind } from '../../src/transport/wire.js';

const none = { declared: false, items: [] };
function plan(version: string, transport: TransportKind, sessionIssued = false): ProbeCase[] | string {
  const context: ProbeContext = {
    facts: { protocolVersion: version, era: version >= '2026-07-28' ? 'modern' : 'legacy', transport, timeoutMs: 1000, capabilities: {}, ...(sessionIssued ? { sessionIssued } : {}) },
    surfaces: { resources: none, templates: none, prompts: none },
  };
  const planned = probeByKind('http').plan({ name: NO_TOOL, inputSchema: { type: 'object' } }, [], context);
  return 'skip' in planned ? planned.skip : planned.enumerated;
}
const request = (c: ProbeCase): HttpVariant => (c.delivery?.kind === 'http' ? c.delivery.request : (undefined as never));
/** label → [status, requirement, also right] */
const expectations = (cases: ProbeCase[]) => Object.fromEntries(cases.map((c) => [c.label, [c.http!.status, c.http!.requirement, c.http!.alsoRight ?? []]]));

describe('http probe', () => {
  it('2025-03-26 and 2025-06-18, with a session: Origin validated (no status named), sessions 404/400, 406 or served, 415 or 400, GET a stream or 405', () => {
    for (const version of ['2025-03-26', '2025-06-18']) {
      expect(expectations(plan(version, 'http', true) as ProbeCase[])).toEqual({
        'a foreign Origin': [403, 'none', []],
        'an unknown Mcp-Session-Id': [404, 'must', []],
        'no Mcp-Session-Id': [400, 'should', []],
        'no Accept header': [406, 'none', ['served']],
        'Content-Type text/plain': [415, 'none', [400]],
        'GET on the MCP endpoint': [405, 'must', ['stream']],
        'DELETE of an unknown session': [404, 'must', [405]],
      });
    }
  });

  it('2025-11-25 names 403 for a foreign Origin (MUST); without a session issued, no session case and a DELETE with nothing to end', () => {
    expect(expectations(plan('2025-11-25', 'http') as ProbeCase[])).toEqual({
      'a foreign Origin': [403, 'must', []],
      'no Accept header': [406, 'none', ['served']],
      'Content-Type text/plain': [415, 'none', [400]],
      'GET on the MCP endpoint': [405, 'must', ['stream']],
      'DELETE without a session': [405, 'none', ['served']],
    });
  });

  it('2026-07-28: no sessions, GET and DELETE SHOULD get 405', () => {
    const cases = plan('2026-07-28', 'http', true) as ProbeCase[]; // a modern server issues none; the facts say so, not the era
    expect(expectations(cases.filter((c) => c.http!.aspect !== 'session'))).toEqual({
      'a foreign Origin': [403, 'must', []],
      'no Accept header': [406, 'none', ['served']],
      'Content-Type text/plain': [415, 'none', [400]],
      'GET on the MCP endpoint': [405, 'should', ['stream']],
    });
    expect(expectations(plan('2026-07-28', 'http') as ProbeCase[])['DELETE without a session']).toEqual([405, 'should', []]);
  });

  it('departs from what a client sends in one way per case, never to another origin, and ends with the DELETE', () => {
    const cases = plan('2025-11-25', 'http', true) as ProbeCase[];
    expect(cases.map((c) => [c.http!.aspect, request(c).method, request(c).headers ?? {}])).toEqual([
      ['origin', 'POST', { origin: FOREIGN_ORIGIN }],
      ['method', 'GET', {}], // before the malformed POSTs, which may end a session on a server that drops it on an error
      ['session', 'POST', { 'mcp-session-id': UNKNOWN_SESSION }],
      ['session', 'POST', { 'mcp-session-id': null }],
      ['accept', 'POST', { accept: null }],
      ['content-type', 'POST', { 'content-type': 'text/plain' }],
      ['session', 'DELETE', { 'mcp-session-id': UNKNOWN_SESSION, accept: null }],
    ]);
    for (const c of cases) {
      expect(c).toMatchObject({ expect: 'http', breaks: expect.any(String) });
      expect(request(c).path).toBeUndefined();
      if (request(c).method === 'POST') expect(request(c).message).toEqual({ method: 'tools/list', params: {} });
    }
  });

  it('is skipped, with the reason, on stdio, on the legacy HTTP+SSE transport, and without the session', () => {
    expect(plan('2025-11-25', 'stdio')).toMatch(/not reached over HTTP/);
    expect(plan('2024-11-05', 'sse')).toMatch(/legacy HTTP\+SSE transport answers on the event stream/);
    expect(probeByKind('http').plan({ name: NO_TOOL, inputSchema: { type: 'object' } }, [])).toEqual({ skip: "the server's capabilities and lists were not read" });
  });
});
