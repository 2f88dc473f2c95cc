// Rule error-not-generic: an error's text is not a bare generic phrase ("Operation failed", "Error", "Internal error", …).
import type { Rule } from '../src/grade/rule.js';
import type { Reading } from '../src/grade/reading.js';
import { isBlank } from '../src/matchers/surface.js';
import { genericPhrase } from '../src/matchers/phrases.js';

interface Options {
  extraPhrases: string[];
}

/** The string leaves of a JSON value. */
function strings(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object' || depth > 8) return [];
  return Object.values(value).flatMap((v) => strings(v, depth + 1));
}

/**
 * Details beside the generic text that the reader also gets: structuredContent (tool errors) or error.data
 * (JSON-RPC, whose message is short by design) with a non-generic string or recognised metadata.
 * _meta does not count: the model never sees it.
 */
function detailElsewhere(r: Reading, extra: readonly string[]): boolean {
  const { outcome } = r.exchange;
  const details = outcome.kind === 'error' ? outcome.error.data : outcome.kind === 'result' ? outcome.result.structuredContent : undefined;
  if (details === undefined || details === null) return false;
  if (strings(details).some((s) => !isBlank(s) && genericPhrase(s, extra) === null)) return true;
  return Object.values(r.metadata.fields).some((f) => f !== undefined && /^(?:structuredContent|error\.data)/.test(f.where));
}

export const rule: Rule<Options> = {
  meta: {
    id: 'error-not-generic',
    description: 'Error text says what failed: a bare "Operation failed" or "Internal error" leaves the agent guessing whether to retry, fix or escalate.',
    severity: { recommended: 'warning', strict: 'error' },
    tags: ['recovery'],
    fix: 'Replace catch-all texts such as "Operation failed" with what failed, with which input and what to do next, by classifying the exception before building the error.',
    messages: {
      generic: 'The error text is only "{phrase}" ({kind}): say what failed, with which input, and what to do next.',
    },
    options: {
      schema: {
        type: 'object',
        additionalProperties: false,
        properties: {
          extraPhrases: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'More whole-text phrases that count as generic (any case).' },
        },
      },
      defaults: { extraPhrases: [] },
    },
  },

  // Blank tool errors belong to error-not-empty. Protocol probes get JSON-RPC's standard messages ("Parse error",
  // "Method not found", "Invalid params") by design: malformed-request and jsonrpc-conformance grade those answers.
  appliesTo(r) {
    if (r.protocolProbe) return false;
    return r.kind === 'protocol-error' || (r.kind === 'tool-error' && !isBlank(r.errorText));
  },

  check(r, ctx) {
    const extra = ctx.options.extraPhrases.filter((p) => p.trim() !== '');
    const phrase = genericPhrase(r.errorText, extra);
    if (phrase === null || detailElsewhere(r, extra)) return;
    ctx.report({ messageId: 'generic', data: { phrase, kind: r.kind } });
  },
};
