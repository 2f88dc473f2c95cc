// Rule agent-recovers: a deterministic agent that reads only the answer can recover from the refused call (rulebook §9).
import type { Rule } from '../src/grade/rule.js';
import { snippet } from '../src/matchers/surface.js';

export const rule: Rule = {
  meta: {
    id: 'agent-recovers',
    description: 'A refused call can be recovered from its answer alone: a deterministic agent fixes what the answer singles out, waits and retries, stops, or calls the tool it names; a finding only where the answer gives an agent nothing.',
    severity: { recommended: 'warning', strict: 'error' },
    tags: ['recovery'],
    fix: 'Name the argument at fault and what a valid value looks like in every refusal, so an agent can build a corrected call from the answer alone.',
    messages: {
      validation: 'An agent could not repair the refused call ({label}) from its answer: {verdict}. It read: {understood}',
      transient: {
        text: 'An agent retried the passing failure ({label}) as the answer allowed, and it failed again: {verdict}',
        fix: 'Say when a passing failure may be retried (retryAfterSeconds, or "retry after N seconds"), or mark it not retryable if a plain retry cannot succeed.',
      },
      business: {
        text: 'An agent cannot tell what to do after the refusal ({label}): {verdict}. It read: {understood}',
        fix: 'Say in a refusal whether a retry can succeed (isRetryable: false, "not found", "needs approval") and what to do instead: the tool to call first or the value to change.',
      },
    },
  },

  // Only the refused calls the repair agent took carry its record.
  appliesTo(r) {
    return r.exchange.repair !== undefined;
  },

  // A finding only where the answer gives an agent nothing (or advice refused again for the same reason): an answer that
  // names something the agent could not act on is undetermined, and an unknown tool or a fault outside the call (an upstream
  // down, a program missing, a credential unset) is out of the rate.
  check(r, ctx) {
    const repair = r.exchange.repair!;
    if (repair.result !== 'not-recoverable' || repair.outOfRate !== undefined || repair.category === 'unknown-tool') return;
    const data = { label: r.exchange.case.label, verdict: repair.verdict, understood: snippet(repair.steps[0]?.understood ?? '', 200) };
    ctx.report({ messageId: repair.category, data });
  },
};
