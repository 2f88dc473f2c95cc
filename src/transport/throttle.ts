// How a server over HTTP asks its clients to slow down (429, or 503 with Retry-After; the RateLimit headers), and the
// pace the run keeps because of it: every request waits out the longest pause asked for, then the throttled one is resent.
import type { IncomingHttpHeaders } from 'node:http';

/** The longest single wait the run accepts; a server that asks for more ends the run as throttled past its budget. */
export const MAX_THROTTLE_WAIT_MS = 60_000;
/** How often one request is resent after being throttled before the run gives up on the server. */
export const MAX_THROTTLED_RESENDS = 8;
/** Waits after a 429 that names no delay: doubling, as a client backs off. */
const BACKOFF_MS = [1000, 2000, 4000, 8000];

/**
 * The wait a throttled answer asks for, or undefined when the answer is no throttle. A 429 without a delay gets a
 * backoff (the missing Retry-After is a finding of its own); a 503 without Retry-After is an answer, graded as one.
 */
export function throttleWait(status: number, headers: IncomingHttpHeaders, attempt: number, now = Date.now()): number | undefined {
  if (status !== 429 && status !== 503) return undefined;
  const asked = retryAfterMs(one(headers['retry-after']), now);
  if (asked !== undefined) return asked;
  if (status === 503) return undefined;
  return exhaustedFor(headers, now) ?? BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)];
}

/** Retry-After as delta-seconds or an HTTP-date, in ms from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) || !/[a-z]/i.test(text) ? undefined : Math.max(0, date - now);
}

/**
 * How long until the rate-limit window resets, when the answer's headers say none is left; undefined otherwise. Reads
 * the IETF draft's `RateLimit: limit=5, remaining=0, reset=1` (draft 7) and `RateLimit: "default";r=0;t=1` (draft 8 on),
 * `RateLimit-Remaining` / `RateLimit-Reset` (draft 6), and `X-RateLimit-Remaining` / `X-RateLimit-Reset` (seconds, or a
 * Unix time as GitHub sends it).
 */
export function exhaustedFor(headers: IncomingHttpHeaders, now = Date.now()): number | undefined {
  const combined = one(headers.ratelimit);
  if (combined !== undefined) {
    const remaining = /(?:^|[;,\s])(?:remaining|r)=(\d+)/i.exec(combined)?.[1];
    const reset = /(?:^|[;,\s])(?:reset|t)=(\d+)/i.exec(combined)?.[1];
    if (remaining === '0' && reset !== undefined) return Number(reset) * 1000;
  }
  for (const prefix of ['ratelimit-', 'x-ratelimit-']) {
    const remaining = one(headers[`${prefix}remaining`]);
    const reset = Number(one(headers[`${prefix}reset`]));
    if (remaining?.trim() !== '0' || !Number.isFinite(reset) || reset < 0) continue;
    // A reset past a billion seconds is a Unix time, not a number of seconds.
    return reset > 1e9 ? Math.max(0, reset * 1000 - now) : reset * 1000;
  }
  return undefined;
}

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The run's pace: one pause every request waits out, and what the server's throttling cost. */
export class Throttle {
  /** Answers that asked the run to wait (each throttled request was resent after its wait). */
  answers = 0;
  /** Wall time the run spent paused, overlapping pauses counted once. */
  waitedMs = 0;
  private until = 0;
  private readonly sleepers = new Set<() => void>();

  /** Pause every request until `ms` from now (the longest pause asked for wins). */
  hold(ms: number): void {
    const now = Date.now();
    const end = now + ms;
    if (end <= this.until) return;
    this.waitedMs += end - Math.max(now, this.until);
    this.until = end;
  }

  /** How long a request sent now must wait first. */
  get pauseMs(): number {
    return Math.max(0, this.until - Date.now());
  }

  /** Wait out the pause; resolves false when `cancel` is called (or the throttle is ended) before it is over. */
  wait(cancelled: (cancel: () => void) => void = () => {}): Promise<boolean> {
    return new Promise((resolve) => {
      const wake = () => {
        const left = this.pauseMs;
        if (left > 0) return void (timer = setTimeout(wake, left));
        this.sleepers.delete(stop);
        resolve(true);
      };
      const stop = () => {
        clearTimeout(timer);
        this.sleepers.delete(stop);
        resolve(false);
      };
      let timer: NodeJS.Timeout | undefined;
      this.sleepers.add(stop);
      cancelled(stop);
      wake();
    });
  }

  /** Nothing waits any longer (the transport closed). */
  end(): void {
    for (const stop of [...this.sleepers]) stop();
  }
}
