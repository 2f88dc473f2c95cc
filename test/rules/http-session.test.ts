// Table tests for http-session, from real answers (test/helpers/http-answers.ts): an unknown session 404, a missing one
// 400, a DELETE of an unknown one 404 or 405, once the server issued a session.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/http-session.js';
import { grade, httpCases, httpExchange, type HttpAnswer } from '../helpers/exchange.js';
import { EVERYTHING, FRONT, SDK1, SDK2 } from '../helpers/http-answers.js';

const ERAS = ['2025-03-26', '2025-06-18', '2025-11-25'];
const byLabel = (version: string, label: string) => httpCases(version, true).find((c) => c.label === label)!;
const graded = (version: string, label: string, answer: HttpAnswer, sessionIssued = true) =>
  grade(rule, httpExchange(byLabel(version, label), answer), { version, transport: 'http', sessionIssued });
const UNKNOWN = 'an unknown Mcp-Session-Id';
const MISSING = 'no Mcp-Session-Id';
const DELETE = 'DELETE of an unknown session';

describe('http-session', () => {
  it.each(ERAS)('passes at %s: sdk 1.x and the hand-written front answer 404, 400, and 404 to the DELETE', (version) => {
    for (const [label, answer] of [
      [UNKNOWN, SDK1.unknownSession],
      [MISSING, SDK1.missingSession],
      [DELETE, SDK1.unknownSession],
      [UNKNOWN, FRONT.unknownSession],
      [MISSING, FRONT.missingSession],
      [DELETE, FRONT.unknownSession],
      [DELETE, SDK2.methodNotAllowed], // a server that lets no client end a session
    ] as const) expect(graded(version, label, answer)).toEqual({ applies: true, findings: [] });
  });

  it.each(ERAS)('fails at %s: the sessions-unchecked front serves an unknown session and a missing one (warnings)', (version) => {
    for (const [label, expected] of [
      [UNKNOWN, 'HTTP 404'],
      [MISSING, 'HTTP 400'],
    ] as const) {
      expect(graded(version, label, FRONT.servedUnchecked).findings).toEqual([
        { messageId: 'served', severity: 'warning', data: { label, answer: 'HTTP 200 application/json, a result', expected, version } },
      ]);
    }
  });

  it('an unknown session refused with 400 strands the client (a warning, server-everything); a missing one refused with 404 is a note', () => {
    for (const label of [UNKNOWN, DELETE]) {
      expect(graded('2025-06-18', label, EVERYTHING.unknownSession).findings).toEqual([
        { messageId: 'unknownNot404', severity: 'warning', data: { label, answer: 'HTTP 400 application/json, a JSON-RPC error with code -32000', expected: 'HTTP 404', version: '2025-06-18' } },
      ]);
    }
    expect(graded('2025-06-18', MISSING, SDK1.unknownSession).findings.map((f) => [f.messageId, f.severity])).toEqual([['otherStatus', 'note']]);
  });

  it('a server error is a warning', () => {
    expect(graded('2025-11-25', UNKNOWN, SDK1.stackPage).findings).toEqual([
      { messageId: 'serverError', severity: 'warning', data: { label: UNKNOWN, answer: 'HTTP 500 text/html', expected: 'HTTP 404', version: '2025-11-25' } },
    ]);
  });

  it('does not apply when the server issued no session, or to a rate limit', () => {
    expect(graded('2025-11-25', UNKNOWN, FRONT.servedUnchecked, false).applies).toBe(false);
    expect(graded('2025-11-25', UNKNOWN, { status: 429, contentType: null, body: '' }).applies).toBe(false);
  });
});
