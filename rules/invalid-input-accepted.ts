// Rule invalid-input-accepted: input that violates the tool's inputSchema must not get a plain success.
import type { Exchange, Rule } from '../src/types.js';
import { answerKind, isAnswered, resultText, snippet } from '../src/matchers/surface.js';
import { findFailurePhrase, jsonErrorMarker } from '../src/matchers/phrases.js';

export const rule: Rule = {
  meta: {
    id: 'invalid-input-accepted',
    description: 'Schema-violating input (missing required, wrong type, null, out of range) is rejected, not run as if valid.',
    severity: { recommended: 'warning', strict: 'error' },
    tags: ['validation', 'robustness'],
    messages: {
      accepted: 'Schema-violating input ({label}) was accepted with a plain success result; validate arguments and return isError: true naming the argument. Text: "{text}"',
    },
  },

  appliesTo(ex: Exchange): boolean {
    return ex.case.expect === 'invalid-input' && isAnswered(ex);
  },

  check(ex, ctx) {
    if (answerKind(ex) !== 'success' || ex.outcome.kind !== 'result') return;
    const text = resultText(ex);
    // A success whose text reads as a failure is a disguised error: no-error-as-success reports it, not this rule.
    if (findFailurePhrase(text) !== null || jsonErrorMarker(text) !== null || jsonErrorMarker(ex.outcome.result.structuredContent) !== null) return;
    ctx.report({ messageId: 'accepted', data: { label: ex.case.label, probe: ex.probe, text: snippet(text) } });
  },
};
