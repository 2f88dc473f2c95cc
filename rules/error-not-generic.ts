// Rule error-not-generic: an error's text is not a bare generic phrase ("Operation failed", "Error", "Internal error", …).
import type { Exchange, Rule } from '../src/types.js';
import { answerKind, errorText, isBlank, isProtocolProbe } from '../src/matchers/surface.js';
import { extractMetadata } from '../src/matchers/metadata.js';
import { genericPhrase } from '../src/matchers/phrases.js';

/** The string leaves of a JSON value. */
function strings(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object' || depth > 8) return [];
  return Object.values(value).flatMap((v) => strings(v, depth + 1));
}

function extraPhrases(options: Record<string, unknown>): string[] {
  return Array.isArray(options.extraPhrases) ? options.extraPhrases.filter((p): p is string => typeof p === 'string' && p.trim() !== '') : [];
}

/**
 * Details beside the generic text that the reader also gets: structuredContent (tool errors) or error.data
 * (JSON-RPC, whose message is short by design) with a non-generic string or recognised metadata.
 * _meta does not count: the model never sees it.
 */
function detailElsewhere(ex: Exchange, extra: readonly string[]): boolean {
  const details = ex.outcome.kind === 'error' ? ex.outcome.error.data : ex.outcome.kind === 'result' ? ex.outcome.result.structuredContent : undefined;
  if (details === undefined || details === null) return false;
  if (strings(details).some((s) => !isBlank(s) && genericPhrase(s, extra) === null)) return true;
  return Object.values(extractMetadata(ex).fields).some((f) => f !== undefined && /^(?:structuredContent|error\.data)/.test(f.where));
}

export const rule: Rule = {
  meta: {
    id: 'error-not-generic',
    description: 'Error text says what failed: a bare "Operation failed" or "Internal error" leaves the agent guessing whether to retry, fix or escalate.',
    severity: { recommended: 'warning', strict: 'error' },
    tags: ['recovery'],
    messages: {
      generic: 'The error text is only "{phrase}" ({kind}): say what failed, with which input, and what to do next.',
    },
    optionsSchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        extraPhrases: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'More whole-text phrases that count as generic (any case).' },
      },
    },
  },

  // Blank tool errors belong to error-not-empty. Protocol probes get JSON-RPC's standard messages ("Parse error",
  // "Method not found", "Invalid params") by design: malformed-request and jsonrpc-conformance grade those answers.
  appliesTo(ex: Exchange): boolean {
    if (isProtocolProbe(ex)) return false;
    const kind = answerKind(ex);
    return kind === 'protocol-error' || (kind === 'tool-error' && !isBlank(errorText(ex)));
  },

  check(ex, ctx) {
    const extra = extraPhrases(ctx.options);
    const phrase = genericPhrase(errorText(ex), extra);
    if (phrase === null || detailElsewhere(ex, extra)) return;
    ctx.report({ messageId: 'generic', data: { phrase, kind: answerKind(ex) } });
  },
};
