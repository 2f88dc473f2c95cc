// Rule agent-recovers: a deterministic agent that reads only the answer can recover from the refused call (rulebook §9).
import type { Rule } from '../src/grade/rule.js';
import { snippet } from '../src/matchers/surface.js';

export const rule: Rule = {
  meta: {
    id: 'agent-recovers',
    description: 'A refused call can be recovered from its answer alone: a deterministic agent fixes what the answer singles out, waits and retries, stops, or calls the tool it names, and the schema and the server judge it.',
    severity: { recommended: 'warning', strict: 'error' },
    tags: ['recovery'],
    messages: {
      validation: 'An agent could not repair the refused call ({label}) from its answer: {verdict}. It read: {understood}',
      unknownTool: "An agent that called the unknown tool '{name}' cannot find the tool it meant: the answer names none the server has. It read: {understood}",
      transient: 'An agent retried the passing failure ({label}) as the answer allowed, and it failed again: {verdict}',
      business: 'An agent cannot tell whether to retry ({label}): {verdict}. It read: {understood}',
    },
  },

  // Only the refused calls the repair agent took carry its record.
  appliesTo(r) {
    return r.exchange.repair !== undefined;
  },

  check(r, ctx) {
    const repair = r.exchange.repair!;
    if (repair.recovered) return;
    const data = { label: r.exchange.case.label, name: snippet(r.exchange.case.name, 60), verdict: repair.verdict, understood: snippet(repair.steps[0]?.understood ?? '', 200) };
    const messageId = repair.category === 'unknown-tool' ? 'unknownTool' : repair.category;
    ctx.report({ messageId, data });
  },
};
