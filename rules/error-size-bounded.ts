// Rule error-size-bounded: an error answer is small (≤ 8 KiB of text by default) and does not echo an oversized argument back.
import type { Rule } from '../src/grade/rule.js';
import type { Reading } from '../src/grade/reading.js';
import { snippet } from '../src/matchers/surface.js';

const DEFAULT_MAX_BYTES = 8192;
/** An echo is a run of at least this many characters of one sent value in the answer. */
const ECHO_RUN = 1000;
// Windows of WINDOW characters every STEP characters of the answer: any run of ECHO_RUN ≥ WINDOW + STEP - 1 contains one.
const WINDOW = 800;
const STEP = 200;
/** Only the first part of a huge answer is searched for an echo (it is over the size bound anyway). */
const ECHO_SCAN_CHARS = 256 * 1024;

/** The text a reader of the error gets: the text content of an isError result, or a JSON-RPC error's message and data. */
function errorBodyText(r: Reading): string {
  const { outcome } = r.exchange;
  if (outcome.kind === 'error') {
    const { message, data } = outcome.error;
    const parts = [typeof message === 'string' ? message : JSON.stringify(message) ?? ''];
    if (data !== undefined) parts.push(JSON.stringify(data) ?? '');
    return parts.join('\n');
  }
  return r.kind === 'tool-error' ? r.resultText : '';
}

/** Sent values long enough to count as oversized: long strings anywhere in the arguments, and long arrays/objects as JSON. */
function oversizedValues(args: unknown, out: string[] = [], depth = 0): string[] {
  if (typeof args === 'string') {
    if (args.length >= ECHO_RUN) out.push(args);
    return out;
  }
  if (args === null || typeof args !== 'object' || depth > 64) return out;
  if (depth > 0) {
    const json = JSON.stringify(args) ?? '';
    if (json.length >= ECHO_RUN && !Object.values(args).some((v) => typeof v === 'string' && v.length >= ECHO_RUN)) out.push(json);
  }
  for (const value of Object.values(args)) oversizedValues(value, out, depth + 1);
  return out;
}

/** The length of the longest run of `sent` found in `answer` that is at least ECHO_RUN long, or 0. */
function echoedRun(answer: string, sent: string): number {
  const scanned = answer.slice(0, ECHO_SCAN_CHARS);
  for (let at = 0; at + WINDOW <= scanned.length; at += STEP) {
    if (!sent.includes(scanned.slice(at, at + WINDOW))) continue;
    // Grow the window while it is still a substring of what we sent.
    let start = at;
    let end = at + WINDOW;
    while (start > 0 && sent.includes(scanned.slice(start - 1, end))) start = Math.max(0, start - 1);
    while (end < scanned.length && sent.includes(scanned.slice(start, end + 50))) end = Math.min(scanned.length, end + 50);
    while (end < scanned.length && sent.includes(scanned.slice(start, end + 1))) end++;
    if (end - start >= ECHO_RUN) return end - start;
    at = end - STEP;
  }
  return 0;
}

export const rule: Rule<{ maxBytes: number }> = {
  meta: {
    id: 'error-size-bounded',
    description: 'An error answer is at most 8 KiB of text and does not echo back an oversized argument: a huge error floods the model\'s context.',
    severity: { recommended: 'warning', strict: 'warning' },
    tags: ['robustness'],
    fix: 'Keep error text within the size bound: say what failed in a sentence or two and log long details on the server.',
    messages: {
      tooLarge: 'The error answer is {bytes} bytes of text ({where}), over the {maxBytes}-byte bound: say what failed in a sentence; log the details.',
      echoed: {
        text: 'The error answer echoes at least {run} characters of an oversized argument back ({where}): "{excerpt}". Describe the input (its size, its field) instead of repeating it.',
        fix: 'Describe an oversized argument in the error (its field, its size, the limit) instead of repeating its value.',
      },
    },
    options: {
      schema: {
        type: 'object',
        additionalProperties: false,
        properties: { maxBytes: { type: 'integer', minimum: 1, description: 'The largest error text allowed, in UTF-8 bytes.' } },
      },
      defaults: { maxBytes: DEFAULT_MAX_BYTES },
    },
  },

  appliesTo(r) {
    return r.isError;
  },

  check(r, ctx) {
    const ex = r.exchange;
    const { maxBytes } = ctx.options;
    const body = errorBodyText(r);
    // A huge answer was cut before it was kept: what was cut still counts (at least one byte per character).
    const bytes = Buffer.byteLength(body, 'utf8') + (ex.responseCut ?? 0);
    const where = ex.outcome.kind === 'error' ? 'error.message and error.data' : 'text content';
    if (bytes > maxBytes) ctx.report({ messageId: 'tooLarge', data: { bytes, maxBytes, where } });

    const sent = oversizedValues(Array.isArray(ex.request) ? undefined : (ex.request.params as Record<string, unknown> | undefined)?.arguments ?? ex.case.arguments);
    if (sent.length === 0) return;
    for (const surface of r.surfaces) {
      for (const value of sent) {
        const run = echoedRun(surface.text, value);
        if (run === 0) continue;
        ctx.report({ messageId: 'echoed', data: { run, where: surface.where, excerpt: snippet(value.slice(0, 40), 40) } });
        return;
      }
    }
  },
};
