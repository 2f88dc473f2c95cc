// Rule timely-response: every tool call is answered within the per-call timeout.
import type { Exchange, Rule } from '../src/types.js';

export const rule: Rule = {
  meta: {
    id: 'timely-response',
    description: 'Every request is answered within the per-call timeout: a hang stalls the agent with no signal to act on.',
    severity: { recommended: 'error', strict: 'error' },
    tags: ['robustness'],
    messages: {
      timeout: 'No answer within {timeoutMs} ms ({label}): bound slow work and answer with an isError result (transient, with a retry delay) instead.',
    },
  },

  // Not a request that must get a JSON-RPC error (a malformed tools/call, an unknown method): §3 grades its silence as a
  // warning, which malformed-request and jsonrpc-conformance report; every official SDK is silent on params: [].
  appliesTo(ex: Exchange): boolean {
    return !(ex.case.expect === 'protocol-error' && ex.case.delivery?.kind === 'request');
  },

  check(ex, ctx) {
    if (ex.outcome.kind !== 'timeout') return;
    ctx.report({ messageId: 'timeout', data: { timeoutMs: ctx.session.timeoutMs, elapsedMs: ex.elapsedMs, label: ex.case.label } });
  },
};
