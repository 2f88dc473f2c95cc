// Rule structured-error-metadata: a tool error carries a category and a retryable flag (rulebook §5), consistent with each other and with the probe.
import type { Rule } from '../src/grade/rule.js';
import type { ErrorCategory } from '../src/matchers/metadata.js';

/** What the retryable flag must be for each category. */
const RETRYABLE: Record<ErrorCategory, boolean> = { transient: true, validation: false, permission: false, business: false };

export const rule: Rule = {
  meta: {
    id: 'structured-error-metadata',
    description: 'An isError result carries machine-readable metadata: a category (transient, validation, permission, business) and a retryable flag, consistent with each other and with the input.',
    severity: { recommended: 'note', strict: 'error' },
    tags: ['recovery', 'metadata'],
    fix: 'Add an errorCategory (transient, validation, permission or business) and an isRetryable flag, true only for transient, to every tool error, e.g. in structuredContent.',
    messages: {
      missing: 'The tool error carries no machine-readable category or retryable flag: add e.g. structuredContent {errorCategory, isRetryable} so the agent can branch without parsing prose.',
      missingCategory: 'The tool error has a retryable flag ({retryableWhere}) but no category: add one of transient, validation, permission, business.',
      unmappedCategory: {
        text: 'The tool error\'s category "{value}" ({where}) is none of transient, validation, permission, business{retryableNote}.',
        fix: "Use transient, validation, permission or business as the error's category, or a value that maps to one, such as timeout, invalid_input or forbidden.",
      },
      missingRetryable: 'The tool error has a category ({category} at {categoryWhere}) but no retryable flag: add isRetryable: {retryable}.',
      inconsistent: {
        text: 'The tool error says category {category} ({categoryWhere}) but retryable {retryable} ({retryableWhere}): a {category} error is {expected}.',
        fix: 'Make the retryable flag agree with the category: isRetryable true for transient errors, false for validation, permission and business ones.',
      },
      probeMismatch: {
        text: 'Schema-violating input ({label}) got a tool error of category {category} ({categoryWhere}); a schema violation is a validation error.',
        fix: 'Categorise the errors for arguments that break the input schema as validation, with isRetryable: false.',
      },
    },
  },

  // Tool errors of real tool calls; an unknown tool's isError is unknown-tool's, a burst repeats inputs other probes grade.
  appliesTo(r) {
    return r.kind === 'tool-error' && r.toolCall && r.exchange.case.expect !== 'unknown-tool' && r.exchange.burst === undefined;
  },

  check(r, ctx) {
    const ex = r.exchange;
    const meta = r.metadata;
    const { category, retryable } = meta;
    const categoryWhere = meta.fields.category?.where ?? '';
    const retryableWhere = meta.fields.retryable?.where ?? '';
    if (category === undefined) {
      if (meta.unmappedCategory) {
        const retryableNote = retryable === undefined ? ', and there is no retryable flag' : '';
        ctx.report({ messageId: 'unmappedCategory', data: { value: String(meta.unmappedCategory.value), where: meta.unmappedCategory.where, retryableNote } });
      } else if (retryable === undefined) ctx.report({ messageId: 'missing', data: {} });
      else ctx.report({ messageId: 'missingCategory', data: { retryableWhere, retryable: String(retryable) } });
      return;
    }
    if (ex.case.expect === 'invalid-input' && category !== 'validation') {
      ctx.report({ messageId: 'probeMismatch', data: { label: ex.case.label, category, categoryWhere } });
      return;
    }
    if (retryable === undefined) {
      ctx.report({ messageId: 'missingRetryable', data: { category, categoryWhere, retryable: String(RETRYABLE[category]) } });
      return;
    }
    if (retryable !== RETRYABLE[category]) {
      const expected = RETRYABLE[category] ? 'retryable' : 'not retryable';
      ctx.report({ messageId: 'inconsistent', data: { category, categoryWhere, retryable: String(retryable), retryableWhere, expected } });
    }
  },
};
