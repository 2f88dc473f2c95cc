// Rule retry-after-on-transient: a transient error says when to retry, so the agent neither hammers nor gives up.
import type { Rule } from '../src/grade/rule.js';
import type { Reading } from '../src/grade/reading.js';
import type { Exchange } from '../src/exchange.js';
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

/**
 * An HTTP answer that throttled this exchange without a Retry-After header: a 429 the run had to back off from blindly,
 * or the kept answer's own 429 or 503. Its status, or undefined.
 */
function throttleWithoutDelay(ex: Exchange): { status: number; resent: boolean } | undefined {
  const throttle = ex.http?.throttled?.find((event) => event.retryAfter === undefined);
  if (throttle) return { status: throttle.status, resent: true };
  const status = ex.http?.status;
  return (status === 429 || status === 503) && ex.http?.headers?.['retry-after'] === undefined ? { status, resent: false } : undefined;
}

export const rule: Rule = {
  meta: {
    id: 'retry-after-on-transient',
    description: 'A transient error (timeout, rate limit, unavailable, retryable) carries a retry delay, as a field or as text.',
    severity: { recommended: 'warning', strict: 'error' },
    tags: ['recovery'],
    fix: 'Give every transient error a retry delay: retryAfterSeconds in its structuredContent, or "retry after N seconds" in its text.',
    messages: {
      noDelay:
        'The error is transient ({signal}: "{marker}") but gives no retry delay: add retryAfterSeconds (or "retry after N seconds") so the agent waits instead of hammering.',
      noRetryAfterHeader: {
        text: 'The server answered HTTP {status} without a Retry-After header{resent}: a client can only guess how long to back off. Send Retry-After (seconds) with every 429 and 503.',
        fix: 'Send a Retry-After header (in seconds) with every HTTP 429 and 503 response.',
      },
    },
  },

  // A protocol probe's error (bad frame, unknown method) is about the request, never transient; an HTTP throttle is, whatever was sent.
  appliesTo(r) {
    return throttleWithoutDelay(r.exchange) !== undefined || (r.isError && !r.protocolProbe && transientSignal(r) !== null);
  },

  check(r, ctx) {
    const throttle = throttleWithoutDelay(r.exchange);
    if (throttle !== undefined) {
      const resent = throttle.resent ? ' (mcp-errlint backed off and resent the request; the answer shown came after)' : '';
      return ctx.report({ messageId: 'noRetryAfterHeader', data: { status: throttle.status, resent } });
    }
    const signal = transientSignal(r);
    if (signal === null || r.metadata.retryAfter !== undefined || findDelayText(r.surfaceText) !== null) return;
    ctx.report({ messageId: 'noDelay', data: { signal: signal.signal, marker: snippet(signal.marker, 60) } });
  },
};
