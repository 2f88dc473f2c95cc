// Table tests for http-status, from real answers (test/helpers/http-answers.ts): no Accept, Content-Type text/plain, a
// GET and a DELETE, per era.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/http-status.js';
import { grade, httpCases, httpExchange, type HttpAnswer } from '../helpers/exchange.js';
import { EXPRESS, FRONT, SDK1, SDK2 } from '../helpers/http-answers.js';

const ERAS = ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];
const byLabel = (version: string, label: string, sessionIssued = false) => httpCases(version, sessionIssued).find((c) => c.label === label)!;
const graded = (version: string, label: string, answer: HttpAnswer, sessionIssued = false) =>
  grade(rule, httpExchange(byLabel(version, label, sessionIssued), answer), { version, transport: 'http', sessionIssued });
const ACCEPT = 'no Accept header';
const TYPE = 'Content-Type text/plain';
const GET = 'GET on the MCP endpoint';
const DELETE = 'DELETE without a session';

describe('http-status', () => {
  it.each(ERAS)('passes at %s: server 2.x (406, 415, 405, 405), stateless', (version) => {
    const accept = version === '2026-07-28' ? SDK2.servedModern : SDK2.notAcceptable; // 2.4.0 serves a 2026-07-28 POST without Accept
    for (const [label, answer] of [
      [ACCEPT, accept],
      [TYPE, SDK2.unsupportedMediaType],
      [GET, SDK2.methodNotAllowed],
      [DELETE, SDK2.methodNotAllowed],
    ] as const) expect(graded(version, label, answer)).toEqual({ applies: true, findings: [] });
  });

  it.each(ERAS.slice(0, 3))('passes at %s: sdk 1.x with sessions (406, 415, its event stream for GET), the front (405 text/plain)', (version) => {
    for (const [label, answer] of [
      [ACCEPT, SDK1.notAcceptable],
      [TYPE, SDK1.unsupportedMediaType],
      [GET, SDK1.stream],
      [GET, FRONT.methodNotAllowed],
    ] as const) expect(graded(version, label, answer, true)).toEqual({ applies: true, findings: [] });
  });

  it('fails: express\'s development error page for a body it could not read (500 with the stack)', () => {
    expect(graded('2025-11-25', TYPE, SDK1.stackPage, true).findings).toEqual([
      { messageId: 'serverError', severity: 'warning', data: { label: TYPE, answer: 'HTTP 500 text/html', expected: 'HTTP 415 or HTTP 400', version: '2025-11-25' } },
    ]);
  });

  it('GET on an express app that only routes POST: 404, where up to 2025-11-25 an event stream or 405 is a MUST (2026-07-28: SHOULD 405)', () => {
    expect(graded('2025-06-18', GET, EXPRESS.cannotGet).findings).toEqual([
      { messageId: 'otherStatusMust', severity: 'warning', data: { label: GET, answer: 'HTTP 404 text/html', expected: 'HTTP 405 or an event stream', version: '2025-06-18' } },
    ]);
    expect(graded('2026-07-28', GET, EXPRESS.cannotGet).findings.map((f) => [f.messageId, f.severity])).toEqual([['otherStatus', 'note']]);
  });

  it('DELETE without a session on that express app: any refusal up to 2025-11-25, a note from 2026-07-28 (SHOULD 405)', () => {
    expect(graded('2025-11-25', DELETE, EXPRESS.cannotDelete).findings).toEqual([]);
    expect(graded('2026-07-28', DELETE, EXPRESS.cannotDelete).findings.map((f) => [f.messageId, f.severity])).toEqual([['otherStatus', 'note']]);
  });

  it('a body that is not JSON served as JSON is a note; a GET served with a page, not a stream, breaks a MUST', () => {
    // sdk 1.x's served answer, as from a server that reads any body as JSON.
    expect(graded('2025-11-25', TYPE, SDK1.served, true).findings.map((f) => [f.messageId, f.severity])).toEqual([['served', 'note']]);
    expect(graded('2025-11-25', GET, { status: 200, contentType: 'text/html', body: '<h1>MCP server</h1>' }).findings.map((f) => [f.messageId, f.severity])).toEqual([['servedMust', 'warning']]);
  });

  it('leaves the Origin and session cases to their rules, and a rate limit to none', () => {
    const origin = httpCases('2025-11-25', true).find((c) => c.http?.aspect === 'origin')!;
    expect(grade(rule, httpExchange(origin, SDK1.served), { version: '2025-11-25', transport: 'http' }).applies).toBe(false);
    expect(graded('2025-11-25', ACCEPT, { status: 429, contentType: null, body: '' }).applies).toBe(false);
  });
});
