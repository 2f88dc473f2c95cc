// Rule http-origin: a Streamable HTTP request with a foreign Origin is refused, with 403 Forbidden from 2025-11-25 on:
// servers MUST validate Origin, or a web page the user visits can reach a local server through DNS rebinding.
import type { Rule } from '../src/grade/rule.js';
import { httpAnswerWords, httpVerdict } from '../src/matchers/http-status.js';

export const rule: Rule = {
  meta: {
    id: 'http-origin',
    description: 'A Streamable HTTP request with a foreign Origin header is refused (403 Forbidden from 2025-11-25 on): servers must validate Origin against DNS rebinding.',
    severity: { recommended: 'warning', strict: 'error' },
    tags: ['security', 'http'],
    securitySeverity: '6.5',
    fix: 'Check the Origin header of every request against the origins you allow and refuse any other with HTTP 403 Forbidden before handling the request.',
    messages: {
      served: 'A request with the foreign Origin {origin} was served ({answer}): a web page the user visits can reach this server through DNS rebinding. Validate Origin and refuse a foreign one with 403 Forbidden.',
      serverError: 'A request with the foreign Origin {origin} got {answer}: a server error, where protocol {version} asks for a refusal (403 Forbidden).',
      otherStatus: { text: 'A request with the foreign Origin {origin} was refused with {answer}; protocol {version} requires 403 Forbidden.', severity: 'note' },
    },
  },

  appliesTo(r) {
    const ex = r.exchange;
    return ex.probe === 'http' && ex.case.http?.aspect === 'origin' && httpVerdict(ex) !== undefined;
  },

  check(r, ctx) {
    const ex = r.exchange;
    const verdict = httpVerdict(ex);
    if (verdict === 'right' || verdict === undefined) return;
    const origin = ex.case.delivery?.kind === 'http' ? (ex.case.delivery.request.headers?.origin ?? '(none)') : '(none)';
    const messageId = verdict === 'served' ? 'served' : verdict === 'server-error' ? 'serverError' : 'otherStatus';
    ctx.report({ messageId, data: { origin, answer: httpAnswerWords(ex), version: ctx.session.protocolVersion } });
  },
};
