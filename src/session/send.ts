// Writes frames of ours on the wire and builds their exchanges: requests (one, or a burst), frames that cannot be
// answered by id (closed by a barrier, or by their own end where the wire tells it), and variants sent beside the session.
import type { SessionFacts } from './types.js';
import { encodeFrame } from '../transport/frame.js';
import { refusalOf } from '../transport/refusal.js';
import type { Variant } from '../transport/wire.js';
import { throwIfInterrupted } from '../interrupt.js';
import type { Correlator } from './correlate.js';
import { answerParts, barrierMethodOf, closedOutcome, isStandIn, withEnvelope, withProgressToken, type RawExchange } from './exchange.js';

/**
 * A lone call whose only answer carries an id we never sent (or none) takes that answer after this long: the server
 * answered it with the wrong id, and waiting out the timeout for every call would take a run minutes. Once the last
 * few calls were all answered so, the next one takes such an answer at once.
 */
const ADOPT_STRAY_AFTER_MS = 50;
const ADOPT_AT_ONCE_AFTER = 3;
/**
 * A request of ours that a server may leave unanswered (a malformed call) but answers late, after a barrier's quicker
 * answer (a handler that awaits, a server that holds answers): it gets twice the slowest recent answer, within bounds.
 * So a server that answers in microseconds costs the floor, not a fixed quarter of a second.
 */
const ECHO_WAIT_FLOOR_MS = 5;
const ECHO_WAIT_CEILING_MS = 250;
/** How many recent answer times the echo wait looks at. */
const RECENT_ANSWERS = 16;

/**
 * A tools/call that keeps reporting progress has its deadline pushed back by the per-call timeout at each
 * notification, as MCP clients do (the TypeScript SDK's resetTimeoutOnProgress), but never past this many timeouts.
 */
export const MAX_PROGRESS_TIMEOUTS = 6;

/**
 * A tools/call still reporting progress after half the per-call timeout is alive and long-running by design: it is
 * cancelled (notifications/cancelled, as a client may) instead of waited out, since mcp-errlint grades failures, not
 * long work. The engine then sends that tool no more valid inputs.
 */
const CANCEL_PROGRESSING_AFTER = 0.5;

export class Sender {
  /** Lone calls in a row answered only under an id we never sent. */
  private foreignStreak = 0;
  /** How long the last RECENT_ANSWERS answered requests took (ms), oldest first. */
  private readonly recentAnswerMs: number[] = [];

  constructor(
    private readonly c: Correlator,
    private readonly signal: AbortSignal | undefined,
    /** What the handshake settled (the era decides the envelope and the barrier). */
    private readonly facts: () => SessionFacts | undefined,
  ) {}

  private get barrierMethod(): string {
    return barrierMethodOf(this.facts()!);
  }

  /**
   * Send a frame that cannot be answered by id (bad JSON, a notification): `{id}` in the text becomes a fresh id of
   * ours; then a barrier request follows and everything that comes back before the barrier's answer is collected.
   */
  async unanswerable(text: string, timeoutMs: number): Promise<RawExchange> {
    const { c } = this;
    const id = c.allocateId();
    const frame = text.replaceAll('{id}', id);
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(frame);
    } catch {
      request = { raw: frame };
    }
    const started = performance.now();
    const collected: Record<string, unknown>[] = [];
    const echoed = c.expect(id, collected);
    if (frame.includes(id)) c.sent(id);
    let ended: RawExchange['outcome'] | undefined;
    if (c.wire.hasPerRequestStream) {
      // Each request is answered on its own: the end of this one is the end of all it can bring, no barrier needed.
      const over = c.whenEnded(id);
      c.wire.sendRaw(frame, id);
      if (!(await c.within(over, timeoutMs, id))) ended = { kind: 'timeout' };
      c.forgetEnd(id);
    } else {
      c.wire.sendRaw(frame, id);
      const [barrier] = await this.inFlight([{ method: this.barrierMethod, params: {} }], timeoutMs, false, collected);
      // A request of ours may be answered by an async handler after the barrier's quick answer: it gets a wait scaled to
      // how fast this server answers, never a fixed one.
      if (!echoed.settledWith() && frame.includes(id) && barrier.outcome.kind === 'result') {
        const slowest = Math.max(0, ...this.recentAnswerMs);
        await c.within(echoed.promise.then(() => {}), Math.min(ECHO_WAIT_CEILING_MS, Math.max(ECHO_WAIT_FLOOR_MS, 2 * slowest)));
      }
      if (barrier.outcome.kind === 'timeout' || barrier.outcome.kind === 'closed') ended = barrier.outcome;
    }
    throwIfInterrupted(this.signal);
    c.wire.release(id);
    const direct = echoed.settledWith();
    const { facts, heldMs } = c.finish(id);
    const elapsedMs = Math.round(performance.now() - started - heldMs);
    if (direct) return { request, ...answerParts(direct), elapsedMs, unmatched: collected, answers: c.answersTo(id) ?? (isStandIn(direct) ? 0 : 1), ...facts };
    if (ended) return { request, outcome: ended, elapsedMs, unmatched: collected, ...facts };
    // The answer to this frame has id null (or one we never sent); a late answer to an earlier request of ours is not it.
    const first = collected.find((m) => !c.isOurs(m.id));
    const rest = collected.filter((m) => m !== first);
    if (first) return { request, ...answerParts(first), elapsedMs, unmatched: rest, answers: 0, ...facts };
    // No JSON-RPC answer; a refusal on the wire (a status, a failed connection) is still an answer of a kind.
    const refusal = refusalOf(facts);
    if (refusal) return { request, outcome: refusal, elapsedMs, unmatched: [], answers: 0, ...facts };
    return { request, outcome: { kind: 'silent' }, elapsedMs, unmatched: [], answers: 0, ...facts };
  }

  /**
   * Send one request that departs on purpose from what a client sends (see Variant), beside the session; its answer is
   * this exchange's alone. A request it carries gets an id of ours and the era's envelope.
   */
  async variant(variant: Variant, timeoutMs: number): Promise<RawExchange> {
    throwIfInterrupted(this.signal);
    const { message } = variant;
    const id = message && !message.notification ? this.c.allocateId() : undefined;
    // Ours: where answers come on one stream, its answer must not pass for another call's.
    if (id !== undefined) this.c.sent(id);
    const request: Record<string, unknown> = message ? { jsonrpc: '2.0', ...(id !== undefined ? { id } : {}), method: message.method } : {};
    if (message?.params !== undefined) request.params = withEnvelope(message.params, this.facts());
    const text = message ? JSON.stringify(request) : variant.body;
    if (message === undefined && variant.body !== undefined) request.raw = variant.body;
    const started = performance.now();
    const answer = await this.c.wire.sendVariant({ method: variant.method, headers: variant.headers, path: variant.path, text, id }, timeoutMs);
    throwIfInterrupted(this.signal);
    const elapsedMs = Math.round(performance.now() - started);
    const { messages } = answer;
    // Its own answer, or else an error for a frame the server could not read (id null): what a client would be given.
    const own = messages.find((m) => id !== undefined && m.id === id) ?? messages.find((m) => 'error' in m);
    const base = { request, elapsedMs, unmatched: messages.filter((m) => m !== own), answers: messages.filter((m) => id !== undefined && m.id === id).length, ...answer.facts };
    if (own) return { ...base, ...answerParts(own) };
    return { ...base, outcome: answer.outcome };
  }

  /**
   * `closeWithBarrier`: once every request is answered, late duplicates and strays are still gathered: where each
   * request's exchange ends on its own until each has ended, elsewhere until a barrier request sent after them is answered.
   * `adoptForeign`: a lone request takes an answer with an id we never sent as its own if its own never comes.
   */
  async inFlight(requests: Array<{ method: string; params: unknown }>, timeoutMs: number, closeWithBarrier = false, collected: Record<string, unknown>[] = [], adoptForeign = false): Promise<RawExchange[]> {
    throwIfInterrupted(this.signal);
    const { c } = this;
    const wire = c.wire;
    const frames = requests.map(({ method, params }) => {
      const id = c.allocateId();
      const request: Record<string, unknown> = { jsonrpc: '2.0', id, method };
      if (params !== undefined) request.params = withEnvelope(method === 'tools/call' ? withProgressToken(params, id) : params, this.facts());
      return request;
    });
    if (!wire.running) return frames.map((request) => ({ request, outcome: closedOutcome(wire), elapsedMs: 0, unmatched: [] }));
    const started = performance.now();
    const progress = new Map<string, number>();
    const cancelled = new Set<string>();
    const adopted = new Set<string>();
    const timers: Array<() => void> = [];
    const giveUp = new Map<string, () => void>();
    const waits = frames.map((request) => {
      const id = request.id as string;
      const expected = c.expect(id, collected);
      const answered = expected.promise.then((answer) => ({ answer, elapsedMs: Math.round(performance.now() - started) }));
      const { pending } = expected;
      if (adoptForeign && frames.length === 1) {
        pending.onForeign = (message) => {
          pending.onForeign = undefined;
          const adopt = setTimeout(() => {
            if (c.answersTo(id) !== undefined) return; // its own answer came after all
            adopted.add(id);
            pending.resolve(message);
          }, this.foreignStreak >= ADOPT_AT_ONCE_AFTER ? 0 : ADOPT_STRAY_AFTER_MS);
          timers.push(() => clearTimeout(adopt));
        };
      }
      // Each request has its own deadline: progress it reports pushes it back, up to MAX_PROGRESS_TIMEOUTS timeouts in all.
      const timedOut = new Promise<'timeout'>((resolve) => {
        giveUp.set(id, () => resolve('timeout'));
        let stop = c.timerFor(id, timeoutMs, () => resolve('timeout'));
        timers.push(() => stop());
        const latest = started + timeoutMs * MAX_PROGRESS_TIMEOUTS;
        pending.onProgress = () => {
          progress.set(id, (progress.get(id) ?? 0) + 1);
          stop();
          const ran = performance.now() - started - c.heldMs(id);
          if (request.method === 'tools/call' && ran >= timeoutMs * CANCEL_PROGRESSING_AFTER) {
            cancelled.add(id);
            this.cancel(id);
            resolve('timeout');
            return;
          }
          stop = c.timerFor(id, Math.max(0, Math.min(timeoutMs, latest + c.heldMs(id) - performance.now())), () => resolve('timeout'));
        };
      });
      return Promise.race([answered, timedOut]);
    });
    // Where each request's exchange ends on its own, the end of each (all it can bring has come).
    const ends = closeWithBarrier && wire.hasPerRequestStream ? frames.map((request) => c.whenEnded(request.id as string)) : [];
    for (const request of frames) {
      c.sent(request.id as string);
      // Not written (a server that stopped reading has a full queue already): its answer cannot come, so no wait.
      if (!wire.sendRaw(encodeFrame(request), request.id as string)) giveUp.get(request.id as string)!();
    }
    const settled = await Promise.all(waits);
    for (const stop of timers) stop();
    if (closeWithBarrier && wire.running) {
      const left = Math.max(1, timeoutMs - (performance.now() - started));
      if (wire.hasPerRequestStream) await c.within(Promise.all(ends).then(() => {}), left);
      else await this.inFlight([{ method: this.barrierMethod, params: {} }], left, false, collected);
    }
    for (const request of frames) {
      wire.release(request.id as string);
      c.forgetEnd(request.id as string);
    }
    throwIfInterrupted(this.signal);
    return frames.map((request, i) => {
      const id = request.id as string;
      const result = settled[i];
      if (adoptForeign && frames.length === 1) this.foreignStreak = adopted.has(id) ? this.foreignStreak + 1 : result !== 'timeout' && result.answer !== 'closed' ? 0 : this.foreignStreak;
      if (adopted.has(id) && result !== 'timeout' && result.answer !== 'closed') collected.splice(collected.indexOf(result.answer), 1);
      // Time the server made it wait before it was sent is not time it took to answer.
      const { facts, heldMs } = c.finish(id);
      const base = {
        request,
        unmatched: collected,
        answers: c.answersTo(id) ?? 0,
        ...(progress.has(id) ? { progress: progress.get(id) } : {}),
        ...(cancelled.has(id) ? { cancelled: true as const } : {}),
        ...facts,
      };
      if (result === 'timeout') return { ...base, outcome: { kind: 'timeout' }, elapsedMs: Math.round(performance.now() - started - heldMs) };
      const elapsedMs = Math.max(0, result.elapsedMs - heldMs);
      if (result.answer === 'closed') return { ...base, outcome: closedOutcome(wire), elapsedMs };
      this.recentAnswerMs.push(elapsedMs);
      if (this.recentAnswerMs.length > RECENT_ANSWERS) this.recentAnswerMs.shift();
      return { ...base, ...answerParts(result.answer), elapsedMs };
    });
  }

  /**
   * Stop a call still reporting progress: `notifications/cancelled`, as a client may; where each request's exchange ends
   * on its own, in the 2026-07-28 era closing it is the cancellation (released once the call is given up).
   */
  private cancel(id: string): void {
    if (this.c.wire.hasPerRequestStream && this.facts()!.era === 'modern') return;
    const notice = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: withEnvelope({ requestId: id, reason: 'mcp-errlint: long-running call, progress seen' }, this.facts()) });
    this.c.wire.sendRaw(notice, `${id}-cancel`);
  }
}
