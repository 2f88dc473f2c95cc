// Rule timely-response: every tool call is answered within the per-call timeout (progress pushes it back); a timeout that does not reproduce is a note.
import type { Rule } from '../src/grade/rule.js';

export const rule: Rule = {
  meta: {
    id: 'timely-response',
    description: 'Every request is answered within the per-call timeout: a hang stalls the agent with no signal to act on.',
    severity: { recommended: 'error', strict: 'error' },
    tags: ['robustness'],
    capsGrade: 'D',
    fix: "Bound slow work with a timeout shorter than the client's and answer with an isError result (transient, with a retry delay) instead of leaving the call unanswered.",
    messages: {
      timeout: 'No answer within {timeoutMs} ms ({label}): bound slow work and answer with an isError result (transient, with a retry delay) instead.',
      // Only a timeout that happens again caps the grade: one that does not is a note.
      flaky: {
        text: 'No answer within {timeoutMs} ms ({label}), but the same input sent again alone was answered in {recheckMs} ms: a flaky delay (a loaded machine, a stalled lookup), not a hang.',
        severity: 'note',
        fix: "Keep answers well inside the client's timeout under load: move long blocking work off the request path, or send progress notifications during long calls.",
      },
    },
  },

  // Not a request that must get a JSON-RPC error (a malformed tools/call, an unknown method): §3 grades its silence as a
  // warning, which malformed-request and jsonrpc-conformance report; every official SDK is silent on params: [].
  appliesTo(r) {
    const { expect, delivery } = r.exchange.case;
    return !(expect === 'protocol-error' && delivery?.kind === 'request');
  },

  check(r, ctx) {
    const ex = r.exchange;
    // A call we cancelled while it still reported progress was alive and working: progress is liveness.
    if (ex.outcome.kind !== 'timeout' || ex.cancelled) return;
    const data = { timeoutMs: ctx.session.timeoutMs, elapsedMs: ex.elapsedMs, label: ex.case.label };
    if (ex.recheck?.reproduced === false) ctx.report({ messageId: 'flaky', data: { ...data, recheckMs: ex.recheck.elapsedMs } });
    else ctx.report({ messageId: 'timeout', data });
  },
};
