// The session keeps bounded amounts of a hostile server's output, says which caps it hit, and matches foreign-id answers.
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Session, MAX_STRAYS } from '../../src/session/session.js';
import { STDERR_TAIL_CHARS } from '../../src/transport/stdio.js';
import { CapLog, ownCopy, ownTail } from '../../src/transport/caps.js';
import { ROOT } from '../helpers/cli.js';

const hostile = (name: string) => ({ command: process.execPath, args: [join(ROOT, 'fixtures', 'hostile', `${name}.mjs`)] });

let session: Session | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

/** A 5 s default per request: far beyond these servers' answers (milliseconds); a call meant to time out says its own. */
async function open(name: string, env: Record<string, string> = {}, timeoutMs = 5000): Promise<Session> {
  session = await Session.open({ target: { ...hostile(name), env }, timeoutMs });
  return session;
}

const call = (name: string, args: unknown = {}) => ({ method: 'tools/call', params: { name, arguments: args } });

describe('caps', () => {
  it('CapLog says each cap once, with how often it was hit and how much it cut', () => {
    const caps = new CapLog();
    for (const amount of [10, 20]) caps.hit('a', amount, (times, total) => `a: ${times}× ${total}`);
    caps.hit('b', 1, (times) => `b: ${times}×`);
    expect(caps.messages).toEqual(['a: 2× 30', 'b: 1×']);
  });

  it('ownCopy and ownTail keep the characters asked for', () => {
    const text = 'ab'.repeat(5000);
    expect(ownCopy(text, 3)).toBe('aba');
    expect(ownTail(text, 3)).toBe('bab');
    expect(ownTail('short', 10)).toBe('short');
  });
});

describe('a hostile server', () => {
  it('keeps only the tail of a stderr flood, and says so', async () => {
    const s = await open('floods-stderr', { ERRLINT_FLOOD_MB: '6', ERRLINT_FLOOD_STEP_MB: '3' });
    for (let i = 0; i < 2; i++) expect((await s.request('ping', {})).outcome.kind).toBe('result');
    expect(s.stderr.length).toBeLessThanOrEqual(2 * STDERR_TAIL_CHARS);
    expect(s.stderr.length).toBeGreaterThan(STDERR_TAIL_CHARS / 2);
    expect(/stderr flood/.test(s.stderr.slice(-100))).toBe(true); // the tail, not the head
    expect(s.caps.messages).toEqual([expect.stringMatching(/^server stderr: only its last 64 KB were kept/)]);
  });

  it('stops writing to a server that stopped reading: frames past the queue cap count as unanswered at once', async () => {
    const s = await open('stops-reading-stdin');
    const big = 'x'.repeat(1024 * 1024);
    const started = performance.now();
    const answers = await s.burst(Array.from({ length: 12 }, () => call('lookup_user', { email: big })), 1500);
    expect(answers.every((a) => a.outcome.kind === 'timeout')).toBe(true);
    // The frames that were sent wait out the 1.5 s, those past the cap nothing: a bound only against a burst that never
    // ends (a server that stopped reading never drains). What was not sent is counted in the cap's message.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(s.caps.messages).toEqual([expect.stringMatching(/^server stdin: 8\.0 MB were already queued for a server that stopped reading, so [1-9]\d* frame\(s\) \([\d.]+ MB\) were not sent/)]);
  });

  it('takes an answer under an id it never sent as the lone call\'s answer, without waiting out the timeout', async () => {
    const s = await open('wrong-ids', { ERRLINT_IDS: 'wrong' }, 20_000);
    const started = performance.now();
    for (let i = 0; i < 5; i++) {
      const answer = await s.request('tools/call', call('lookup_user', { email: 'ada@example.com' }).params);
      expect(answer.response?.id).toBe(`x-${answer.request.id as string}`);
      expect(answer.outcome.kind).toBe('result');
      expect(answer.answers).toBe(0);
      expect(answer.unmatched).toEqual([]);
    }
    // Five answers taken in well under a second; waiting out a timeout would take 20 s for one call.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('takes an answer without an id the same way, but never a late answer to an earlier call of ours', async () => {
    const s = await open('wrong-ids', { ERRLINT_IDS: 'missing' }, 5000);
    const answer = await s.request('tools/call', call('lookup_user', { email: 'ada@example.com' }).params);
    expect(answer.response).toBeDefined();
    expect('id' in answer.response!).toBe(false);
  });

  it('keeps at most MAX_STRAYS strays per call and counts the rest', async () => {
    const s = await open('wrong-ids', { ERRLINT_IDS: 'missing' });
    // 3 s for every stray to arrive (they come within milliseconds): the count in the cap's message is exact.
    const answers = await s.burst(Array.from({ length: MAX_STRAYS + 8 }, () => call('lookup_user', { email: 'ada@example.com' })), 3000);
    expect(answers[0].unmatched).toHaveLength(MAX_STRAYS);
    expect(s.caps.messages).toEqual([expect.stringMatching(/^strays: 8 answer\(s\) matching no request in flight were counted, not kept/)]);
  });

  it('cuts a huge answer before keeping it, and records how much was cut', async () => {
    const s = await open('huge-answers', { ERRLINT_ANSWER_MB: '2' });
    const answer = await s.request('tools/call', call('lookup_user', { email: 'ada@example.com' }).params);
    const text = ((answer.response?.result as { content: Array<{ text: string }> }).content[0]).text;
    expect(text.length).toBeLessThan(70 * 1024);
    // Head and tail are kept: what a server says after an echoed value (often the hint) survives the cut.
    expect(text).toMatch(/^.{1000,}…\[\d+ characters cut by mcp-errlint\]….{1000,}$/s);
    expect(text.endsWith(`${'x'.repeat(1000)})`)).toBe(true);
    expect(answer.responseCut).toBeGreaterThan(2 * 1024 * 1024 - 70 * 1024);
    expect(s.caps.messages).toEqual([expect.stringMatching(/^answers: 1 answer\(s\) longer than 128 KB had 1\.9 MB of long strings or arrays cut/)]);
  });
});
