// Rule invalid-input-accepted: input that violates the tool's inputSchema must not get a plain success.
import type { Rule } from '../src/grade/rule.js';
import { snippet } from '../src/matchers/surface.js';
import { findFailurePhrase, jsonErrorMarker } from '../src/matchers/phrases.js';

export const rule: Rule = {
  meta: {
    id: 'invalid-input-accepted',
    description: 'Schema-violating input (missing required, wrong type, null, out of range) is rejected, not run as if valid.',
    severity: { recommended: 'warning', strict: 'error' },
    tags: ['validation', 'robustness'],
    fix: "Validate arguments against the tool's inputSchema before acting and return an isError result that names the argument at fault and the value expected.",
    messages: {
      accepted: 'Schema-violating input ({label}) was accepted with a plain success result; validate arguments and return isError: true naming the argument. Text: "{text}"',
    },
  },

  appliesTo(r) {
    return r.exchange.case.expect === 'invalid-input' && r.answered;
  },

  check(r, ctx) {
    const ex = r.exchange;
    if (r.kind !== 'success' || ex.outcome.kind !== 'result') return;
    const text = r.resultText;
    // A success whose text reads as a failure is a disguised error: no-error-as-success reports it, not this rule.
    if (findFailurePhrase(text) !== null || jsonErrorMarker(text) !== null || jsonErrorMarker(ex.outcome.result.structuredContent) !== null) return;
    ctx.report({ messageId: 'accepted', data: { label: ex.case.label, probe: ex.probe, text: snippet(text) } });
  },
};
