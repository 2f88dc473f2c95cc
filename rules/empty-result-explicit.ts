// Rule empty-result-explicit: a success result says what it found, even "nothing": empty content and no structuredContent is ambiguous.
import type { Rule } from '../src/grade/rule.js';
import { isBlank } from '../src/matchers/surface.js';
import { isRecord } from '../src/util/guards.js';

/** A content item that says nothing: a text item with blank text (images, resources and links say something). */
function saysNothing(item: unknown): boolean {
  return isRecord(item) && item.type === 'text' && (typeof item.text !== 'string' || isBlank(item.text));
}

export const rule: Rule = {
  meta: {
    id: 'empty-result-explicit',
    description: 'A success result with empty content and no structuredContent: the model cannot tell "nothing found" from "silently failed".',
    severity: { recommended: 'warning', strict: 'warning' },
    tags: ['recovery'],
    fix: 'Return at least one text item that says what the call found or did, even when that is nothing ("No open orders for CUST-001."), or return structuredContent.',
    messages: {
      noContent: 'The success result ({label}) has no content at all and no structuredContent: say what happened, e.g. "No orders match status \'open\'."',
      blankContent: 'The success result ({label}) has only blank text ({items} item(s)) and no structuredContent: say what happened, e.g. "No orders match status \'open\'."',
    },
  },

  // Successes of tool calls; a success to a protocol probe is the protocol rules' business.
  appliesTo(r) {
    return r.kind === 'success' && r.toolCall;
  },

  check(r, ctx) {
    const ex = r.exchange;
    if (ex.outcome.kind !== 'result') return;
    const { content, structuredContent } = ex.outcome.result;
    // structuredContent null counts as absent: it carries no more than an empty text.
    if (structuredContent !== undefined && structuredContent !== null) return;
    const items = Array.isArray(content) ? content : [];
    const label = ex.case.label;
    if (items.length === 0) ctx.report({ messageId: 'noContent', data: { label } });
    // A blank answer to a deliberately empty input can be the exact answer (the base64 of "" is ""), as can our own
    // blank value given back (calc-mcp formats the time with the format " " as " ").
    else if (items.every(saysNothing) && ex.probe !== 'empty-values' && !givesBackOurBlank(items, ex.case.arguments)) ctx.report({ messageId: 'blankContent', data: { label, items: items.length } });
  },
};

/** Is every blank text exactly a blank (but not empty) string we sent? */
function givesBackOurBlank(items: readonly unknown[], args: unknown): boolean {
  if (!isRecord(args)) return false;
  const sent = new Set(Object.values(args).filter((v): v is string => typeof v === 'string' && v !== '' && isBlank(v)));
  return sent.size > 0 && items.every((item) => isRecord(item) && typeof item.text === 'string' && sent.has(item.text));
}
