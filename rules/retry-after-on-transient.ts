// Rule retry-after-on-transient: a transient error says when to retry, so the agent neither hammers nor gives up.
import type { Rule } from '../src/grade/rule.js';
import type { Reading } from '../src/grade/reading.js';
import { snippet } from '../src/matchers/surface.js';
import { findDelayText, findTransientMarker } from '../src/matchers/phrases.js';

/** Why this error counts as transient, or null: metadata first; text markers only when metadata does not say otherwise. */
function transientSignal(r: Reading): { signal: string; marker: string } | null {
  const meta = r.metadata;
  if (meta.category === 'transient') return { signal: 'category', marker: String(meta.fields.category?.value) };
  if (meta.retryable === true) return { signal: 'retryable', marker: `${meta.fields.retryable?.where}: true` };
  if (meta.category !== undefined || meta.retryable === false) return null;
  // A rejected bad input is not transient even if it mentions e.g. its 'timeout' argument.
  const { expect } = r.exchange.case;
  if (expect === 'invalid-input' || expect === 'unknown-tool') return null;
  const marker = findTransientMarker(r.surfaceText);
  return marker === null ? null : { signal: 'text', marker };
}

export const rule: Rule = {
  meta: {
    id: 'retry-after-on-transient',
    description: 'A transient error (timeout, rate limit, unavailable, retryable) carries a retry delay, as a field or as text.',
    severity: { recommended: 'warning', strict: 'error' },
    tags: ['recovery'],
    messages: {
      noDelay:
        'The error is transient ({signal}: "{marker}") but gives no retry delay: add retryAfterSeconds (or "retry after N seconds") so the agent waits instead of hammering.',
    },
  },

  // A protocol probe's error (bad frame, unknown method) is about the request, never transient.
  appliesTo(r) {
    return r.isError && !r.protocolProbe && transientSignal(r) !== null;
  },

  check(r, ctx) {
    const signal = transientSignal(r);
    if (signal === null || r.metadata.retryAfter !== undefined || findDelayText(r.surfaceText) !== null) return;
    ctx.report({ messageId: 'noDelay', data: { signal: signal.signal, marker: snippet(signal.marker, 60) } });
  },
};
