// Rule error-not-empty: an isError result carries at least one non-blank text content item.
import type { Rule } from '../src/grade/rule.js';
import { isBlank } from '../src/matchers/surface.js';

export const rule: Rule = {
  meta: {
    id: 'error-not-empty',
    description: 'An isError result has at least one non-blank text content item: an empty error is the worst possible answer for an agent.',
    severity: { recommended: 'error', strict: 'error' },
    tags: ['recovery'],
    fix: 'Put at least one non-blank text item in every isError result, saying what failed and what to do next.',
    messages: {
      noContent: 'The isError result has no content items: the model learns that something failed and nothing else.',
      noText: 'The isError result has {items} content item(s) but no text item: say in text what failed.',
      blankText: 'The isError result has only blank text ({items} text item(s)): say what failed and what to do next.',
    },
  },

  // An isError answer to a protocol probe is already the wrong kind of answer: malformed-request and notification-silence say so.
  appliesTo(r) {
    // A tool's result shape: an isError answer to resources/read is resource-not-found's (toolError).
    return r.kind === 'tool-error' && r.toolCall;
  },

  check(r, ctx) {
    const { outcome } = r.exchange;
    if (outcome.kind !== 'result') return;
    const content = outcome.result.content;
    const items = Array.isArray(content) ? content.length : 0;
    if (items === 0) {
      ctx.report({ messageId: 'noContent', data: { items } });
      return;
    }
    const texts = r.textItems;
    if (texts.length === 0) {
      ctx.report({ messageId: 'noText', data: { items } });
      return;
    }
    if (texts.every((t) => isBlank(t.text))) ctx.report({ messageId: 'blankText', data: { items: texts.length } });
  },
};
