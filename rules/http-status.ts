// Rule http-status: Streamable HTTP requests a client would not send (no Accept, a body that is not JSON, a GET to a
// server without an event stream, a DELETE with no session to end) get the 4xx the era names, never a server error.
import type { Rule } from '../src/grade/rule.js';
import { httpAnswerWords, httpVerdict } from '../src/matchers/http-status.js';

const ASPECTS = new Set(['accept', 'content-type', 'method']);

export const rule: Rule = {
  meta: {
    id: 'http-status',
    description: 'Streamable HTTP requests without Accept, with a Content-Type other than JSON, or with GET or DELETE get the 4xx the era names (406, 415, 405), never a server error.',
    severity: { recommended: 'warning', strict: 'error' },
    tags: ['protocol', 'http'],
    fix: 'Refuse a request the transport does not take with a 4xx (415 for a non-JSON body, 405 for a GET or DELETE you do not serve, 406 without Accept), never a 5xx.',
    messages: {
      serverError: 'The request ({label}) got {answer}: a server error for a request the server only had to refuse ({expected}).',
      servedMust: 'The request ({label}) was answered as usual ({answer}); protocol {version} requires {expected}.',
      served: { text: 'The request ({label}) was answered as usual ({answer}); a correct server refuses it ({expected}).', severity: 'note' },
      otherStatusMust: 'The request ({label}) was refused with {answer}; protocol {version} requires {expected}.',
      otherStatus: { text: 'The request ({label}) was refused with {answer}; protocol {version} asks for {expected}.', severity: 'note' },
    },
  },

  appliesTo(r) {
    const ex = r.exchange;
    return ex.probe === 'http' && ASPECTS.has(ex.case.http?.aspect ?? '') && httpVerdict(ex) !== undefined;
  },

  check(r, ctx) {
    const ex = r.exchange;
    const expected = ex.case.http!;
    const verdict = httpVerdict(ex);
    if (verdict === 'right' || verdict === undefined) return;
    const also = (expected.alsoRight ?? []).map((a) => (a === 'stream' ? 'an event stream' : a === 'served' ? 'the answer' : `HTTP ${a}`));
    const data = { label: ex.case.label, answer: httpAnswerWords(ex), expected: [`HTTP ${expected.status}`, ...also].join(' or '), version: ctx.session.protocolVersion };
    const must = expected.requirement === 'must';
    if (verdict === 'server-error') ctx.report({ messageId: 'serverError', data });
    else if (verdict === 'served') ctx.report({ messageId: must ? 'servedMust' : 'served', data });
    else ctx.report({ messageId: must ? 'otherStatusMust' : 'otherStatus', data });
  },
};
