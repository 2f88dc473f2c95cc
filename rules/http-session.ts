// Rule http-session: once a Streamable HTTP server issued an Mcp-Session-Id, a request naming a session it never issued
// gets 404 Not Found (the one status on which a client starts a new session) and a request without one gets 400.
import type { Rule } from '../src/grade/rule.js';
import { httpAnswerWords, httpVerdict } from '../src/matchers/http-status.js';

const NOT_FOUND = 404;

export const rule: Rule = {
  meta: {
    id: 'http-session',
    description: 'After a Streamable HTTP server issued an Mcp-Session-Id, a request with an unknown session id gets 404 Not Found and one without a session id 400 Bad Request.',
    severity: { recommended: 'warning', strict: 'error' },
    tags: ['protocol', 'http'],
    fix: 'Look up the Mcp-Session-Id of every request and answer an unknown one with 404 Not Found and a missing one with 400 Bad Request, never serving such a request or failing with a 5xx.',
    messages: {
      served: 'The request ({label}) was served ({answer}) although the server issued a session: it does not check which session a request belongs to. Answer {expected}.',
      serverError: 'The request ({label}) got {answer}: a server error, where protocol {version} asks for {expected}.',
      unknownNot404: 'The request ({label}) was refused with {answer}; protocol {version} requires 404 Not Found, the one status on which a client starts a new session: with any other it cannot recover.',
      otherStatus: { text: 'The request ({label}) was refused with {answer}; protocol {version} asks for {expected}.', severity: 'note' },
    },
  },

  appliesTo(r, session) {
    const ex = r.exchange;
    return ex.probe === 'http' && ex.case.http?.aspect === 'session' && session.sessionIssued === true && httpVerdict(ex) !== undefined;
  },

  check(r, ctx) {
    const ex = r.exchange;
    const expected = ex.case.http!;
    const verdict = httpVerdict(ex);
    if (verdict === 'right' || verdict === undefined) return;
    const data = { label: ex.case.label, answer: httpAnswerWords(ex), expected: `HTTP ${expected.status}`, version: ctx.session.protocolVersion };
    if (verdict === 'served') ctx.report({ messageId: 'served', data });
    else if (verdict === 'server-error') ctx.report({ messageId: 'serverError', data });
    else ctx.report({ messageId: expected.status === NOT_FOUND ? 'unknownNot404' : 'otherStatus', data });
  },
};
