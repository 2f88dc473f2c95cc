// Does the answer say the failure is passing (rate limit, 503, "try again in 30 seconds", retryable metadata), and after how long?
import { findDelayText, findTransientMarker } from '../matchers/phrases.js';
import type { AnswerView, Diagnosis } from './diagnosis.js';
import { clip } from './culprit.js';

/** Signs the shared matcher leaves out: DNS and refused connections, "temporarily", a status the text opens with. */
const MORE = /\btemporar(?:il)?y\b|\boverloaded\b|^\W*(?:429|503)\b/i;

const UNITS: [RegExp, number][] = [
  [/^(?:ms|milliseconds?)$/i, 0.001],
  [/^(?:s|secs?|seconds?)$/i, 1],
  [/^(?:m|mins?|minutes?)$/i, 60],
  [/^(?:h|hours?)$/i, 3600],
];

/** Seconds a delay phrase states ("in 30 seconds", "retry after 5s", "Retry-After: 5"); undefined for a clock time. */
export function delaySeconds(phrase: string): number | undefined {
  const m = /(\d+(?:\.\d+)?)\s*([a-z]+)?/i.exec(phrase.replace(/^.*?(?=\d)/, ''));
  if (!m || /\d{1,2}:\d{2}/.test(phrase)) return undefined;
  if (m[2] === undefined) return /retry-after/i.test(phrase) ? Number(m[1]) : undefined;
  const unit = UNITS.find(([re]) => re.test(m[2]));
  return unit ? Number(m[1]) * unit[1] : undefined;
}

/** A Retry-After header: delay-seconds, or an HTTP date. */
function fromHeader(header: string): { afterSeconds?: number; notBefore?: string } | undefined {
  const h = header.trim();
  if (/^\d+$/.test(h)) return { afterSeconds: Number(h) };
  const t = Date.parse(h);
  return Number.isNaN(t) ? undefined : { notBefore: new Date(t).toISOString() };
}

/**
 * What the structured metadata says: a transient category, a delay, or retryable true. A validation answer that is
 * "retryable" means retry once corrected: retryable counts only without another category and with nothing located.
 */
export function transientFromMetadata(answer: AnswerView, located: boolean): Diagnosis['transient'] {
  const { metadata } = answer;
  const delay = metadata.retryAfter;
  const header = answer.retryAfterHeader === undefined ? undefined : fromHeader(answer.retryAfterHeader);
  const retryable = metadata.retryable === true && metadata.category === undefined && !located;
  if (metadata.category !== 'transient' && !retryable && delay === undefined && header === undefined) return undefined;
  const where = metadata.fields.category ?? metadata.fields.retryable ?? metadata.fields.retryAfter;
  const evidence = where ? `${where.where}: ${JSON.stringify(where.value)}` : `Retry-After: ${answer.retryAfterHeader}`;
  return {
    ...(delay?.seconds !== undefined ? { afterSeconds: delay.seconds } : header?.afterSeconds !== undefined ? { afterSeconds: header.afterSeconds } : {}),
    ...(delay?.notBefore !== undefined ? { notBefore: delay.notBefore } : header?.notBefore !== undefined ? { notBefore: header.notBefore } : {}),
    evidence: clip(evidence),
  };
}

/** What the words say: a transient marker, and a delay when one is stated. */
export function transientFromText(texts: readonly string[]): Diagnosis['transient'] {
  for (const text of texts) {
    const marker = findTransientMarker(text) ?? MORE.exec(text)?.[0] ?? null;
    if (marker === null) continue;
    const delay = findDelayText(text);
    const seconds = delay === null ? undefined : delaySeconds(delay);
    const at = text.indexOf(marker);
    return { ...(seconds !== undefined ? { afterSeconds: seconds } : {}), evidence: clip(text.slice(Math.max(0, at - 60), at + marker.length + 100)) };
  }
  return undefined;
}
