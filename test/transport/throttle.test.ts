// How a throttled HTTP answer is read (Retry-After, the RateLimit headers, backoff) and the one pause every request waits out.
import { describe, expect, it } from 'vitest';
import { exhaustedFor, retryAfterMs, Throttle, throttleWait } from '../../src/transport/throttle.js';

const NOW = Date.parse('2026-11-26T12:00:00Z');

describe('retryAfterMs', () => {
  it.each([
    ['1', 1000],
    ['0', 0],
    [' 2.5 ', 2500],
    ['Thu, 26 Nov 2026 12:00:30 GMT', 30_000],
    ['Thu, 26 Nov 2026 11:00:00 GMT', 0], // a date past is no wait
  ])('reads %j as %d ms', (value, ms) => {
    expect(retryAfterMs(value, NOW)).toBe(ms);
  });

  it.each([[undefined], ['soon'], ['-1'], ['1e3'], ['']])('reads %j as no delay', (value) => {
    expect(retryAfterMs(value, NOW)).toBeUndefined();
  });
});

describe('exhaustedFor (the RateLimit headers, when none is left)', () => {
  it.each([
    ['draft 8 (express-rate-limit 8)', { ratelimit: '"default"; r=0; t=3', 'ratelimit-policy': '"default"; q=5; w=1' }, 3000],
    ['draft 7', { ratelimit: 'limit=5, remaining=0, reset=2' }, 2000],
    ['draft 6', { 'ratelimit-remaining': '0', 'ratelimit-reset': '4' }, 4000],
    ['X-RateLimit with a Unix time (GitHub)', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 7) }, 7000],
  ])('%s', (_name, headers, ms) => {
    expect(exhaustedFor(headers, NOW)).toBe(ms);
  });

  it.each([
    ['some left', { ratelimit: '"default"; r=2; t=3' }],
    ['draft 7, some left', { ratelimit: 'limit=5, remaining=1, reset=2' }],
    ['no reset', { 'ratelimit-remaining': '0' }],
    ['none', {}],
  ])('no wait: %s', (_name, headers) => {
    expect(exhaustedFor(headers, NOW)).toBeUndefined();
  });
});

describe('throttleWait', () => {
  it('waits what Retry-After says, on 429 and 503', () => {
    expect(throttleWait(429, { 'retry-after': '2' }, 0, NOW)).toBe(2000);
    expect(throttleWait(503, { 'retry-after': '5' }, 0, NOW)).toBe(5000);
  });

  it('on a 429 without Retry-After, waits for the window the RateLimit headers name, else backs off, doubling', () => {
    expect(throttleWait(429, { ratelimit: '"default"; r=0; t=1' }, 0, NOW)).toBe(1000);
    expect([0, 1, 2, 3, 4].map((attempt) => throttleWait(429, {}, attempt, NOW))).toEqual([1000, 2000, 4000, 8000, 8000]);
  });

  it('takes a 503 without Retry-After as an answer, and any other status too', () => {
    expect(throttleWait(503, {}, 0, NOW)).toBeUndefined();
    expect(throttleWait(500, { 'retry-after': '1' }, 0, NOW)).toBeUndefined();
    expect(throttleWait(200, { ratelimit: '"default"; r=0; t=1' }, 0, NOW)).toBeUndefined();
  });
});

describe('Throttle', () => {
  it('holds every request to the longest pause asked for, counting overlapping pauses once', async () => {
    const throttle = new Throttle();
    throttle.hold(60);
    throttle.hold(20); // inside the first
    expect(throttle.pauseMs).toBeGreaterThan(20);
    expect(throttle.waitedMs).toBe(60);
    const started = performance.now();
    expect(await throttle.wait()).toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(50);
    expect(throttle.pauseMs).toBe(0);
    expect(await throttle.wait()).toBe(true); // no pause: at once
  });

  it('lets a wait be cancelled, and ends every wait when the transport closes', async () => {
    const throttle = new Throttle();
    throttle.hold(10_000);
    let cancel = () => {};
    const one = throttle.wait((stop) => (cancel = stop));
    const other = throttle.wait();
    cancel();
    expect(await one).toBe(false);
    throttle.end();
    expect(await other).toBe(false);
  });
});
