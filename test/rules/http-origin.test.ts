// Table tests for http-origin, from real answers (test/helpers/http-answers.ts): a foreign Origin refused, per era.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/http-origin.js';
import { grade, httpCases, httpExchange, type HttpAnswer } from '../helpers/exchange.js';
import { FRONT, SDK1, SDK2 } from '../helpers/http-answers.js';

const ERAS = ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];
const origin = (version: string) => httpCases(version, false).find((c) => c.http?.aspect === 'origin')!;
const graded = (version: string, answer: HttpAnswer) => grade(rule, httpExchange(origin(version), answer), { version, transport: 'http' });
const ORIGIN = 'http://errlint-foreign.example';

describe('http-origin', () => {
  it.each(ERAS)('passes at %s: 403 from server 2.x, sdk 1.x with its DNS-rebinding protection, the hand-written front', (version) => {
    for (const answer of [SDK2.originRefused, SDK1.originRefused, FRONT.originRefused]) expect(graded(version, answer)).toEqual({ applies: true, findings: [] });
  });

  it.each(ERAS.slice(0, 3))('fails at %s: sdk 1.x as its example wires it serves a foreign Origin (a warning)', (version) => {
    expect(graded(version, SDK1.served).findings).toEqual([
      { messageId: 'served', severity: 'warning', data: { origin: ORIGIN, answer: 'HTTP 200 text/event-stream, a result', version } },
    ]);
  });

  it('a refusal with another status: fine where the era names none, a note from 2025-11-25 (MUST 403)', () => {
    // A 400 refusal: the hand-written front's answer to a request without a session, its message made an Origin's.
    const badRequest = { ...FRONT.missingSession, body: '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: Origin not allowed"}}' };
    expect(graded('2025-06-18', badRequest).findings).toEqual([]);
    expect(graded('2025-11-25', badRequest).findings).toEqual([
      { messageId: 'otherStatus', severity: 'note', data: { origin: ORIGIN, answer: 'HTTP 400 application/json, a JSON-RPC error with code -32000', version: '2025-11-25' } },
    ]);
  });

  it('a server error is a warning, in strict an error', () => {
    const ex = httpExchange(origin('2026-07-28'), SDK1.stackPage);
    expect(grade(rule, ex, { version: '2026-07-28', transport: 'http' }).findings.map((f) => [f.messageId, f.severity])).toEqual([['serverError', 'warning']]);
    expect(grade(rule, ex, { version: '2026-07-28', transport: 'http', profile: 'strict' }).findings.map((f) => [f.messageId, f.severity])).toEqual([['serverError', 'error']]);
  });

  it('gives no verdict on a rate limit, or on another case of the probe', () => {
    expect(graded('2025-11-25', { status: 429, contentType: 'text/plain', body: 'Too Many Requests' }).applies).toBe(false);
    const accept = httpCases('2025-11-25', false).find((c) => c.http?.aspect === 'accept')!;
    expect(grade(rule, httpExchange(accept, SDK1.served), { version: '2025-11-25', transport: 'http' }).applies).toBe(false);
  });
});
