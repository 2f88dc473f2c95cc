// Rule retry-after-on-transient: a transient error says when to retry, so the agent neither hammers nor gives up.
import type { Exchange, Rule } from '../src/types.js';
import { errorSurfaces, isErrorAnswer, isProtocolProbe, snippet } from '../src/matchers/surface.js';
import { extractMetadata, type ErrorMetadata } from '../src/matchers/metadata.js';
import { findDelayText, findTransientMarker } from '../src/matchers/phrases.js';

function readable(ex: Exchange): string {
  return errorSurfaces(ex)
    .map((s) => s.text)
    .join('\n');
}

/** Why this error counts as transient, or null: metadata first; text markers only when metadata does not say otherwise. */
function transientSignal(ex: Exchange, meta: ErrorMetadata): { signal: string; marker: string } | null {
  if (meta.category === 'transient') return { signal: 'category', marker: String(meta.fields.category?.value) };
  if (meta.retryable === true) return { signal: 'retryable', marker: `${meta.fields.retryable?.where}: true` };
  if (meta.category !== undefined || meta.retryable === false) return null;
  // A rejected bad input is not transient even if it mentions e.g. its 'timeout' argument.
  if (ex.case.expect === 'invalid-input' || ex.case.expect === 'unknown-tool') return null;
  const marker = findTransientMarker(readable(ex));
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
  appliesTo(ex: Exchange): boolean {
    return isErrorAnswer(ex) && !isProtocolProbe(ex) && transientSignal(ex, extractMetadata(ex)) !== null;
  },

  check(ex, ctx) {
    const meta = extractMetadata(ex);
    const signal = transientSignal(ex, meta);
    if (signal === null || meta.retryAfter !== undefined || findDelayText(readable(ex)) !== null) return;
    ctx.report({ messageId: 'noDelay', data: { signal: signal.signal, marker: snippet(signal.marker, 60) } });
  },
};
