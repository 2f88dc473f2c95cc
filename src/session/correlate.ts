// Matches what the server sends to the frames of ours in flight: answers by id, progress, strays and orphans, and the
// end of each frame's exchange as the wire tells it; with the timers that wait for them.
import type { CapLog } from '../transport/caps.js';
import type { EndedExchange, ExchangeFacts, WireHooks, WireTransport } from '../transport/wire.js';
import { INTERNAL_ERROR } from '../jsonrpc-codes.js';
import { ID_PREFIX, standIn } from './exchange.js';

/** Answers that matched no waiting id kept per call (a flood of strays is counted, not kept). */
export const MAX_STRAYS = 32;

/** What a pending request resolves with when the run is interrupted (never a server's answer). */
const ABORTED: Record<string, unknown> = Object.freeze({});

export interface Pending {
  resolve: (message: Record<string, unknown>) => void;
  /** Called for each notifications/progress that names this request's progress token. */
  onProgress?: () => void;
  /** Where answers that match no waiting id go while this request is in flight. */
  collected: Record<string, unknown>[];
  /** Called for an answer whose id we never sent (or none): perhaps this request's answer under a wrong id. */
  onForeign?: (message: Record<string, unknown>) => void;
}

export class Correlator {
  /** The wire frames go out on: the latest connection's. */
  wire!: WireTransport;
  private readonly pending = new Map<string, Pending>();
  private readonly answerCounts = new Map<string, number>();
  private readonly sentIds = new Set<string>();
  /** The wire's facts of each answer whose head was read, by our tag for the frame, until its exchange is built. */
  private readonly facts = new Map<string, ExchangeFacts>();
  /** Where each request's exchange ends on its own: who waits for the end of the exchange of a frame. */
  private readonly endWaiters = new Map<string, () => void>();
  /** How long each frame in flight was held back because the server asked the run to wait (ms), by tag. */
  private readonly held = new Map<string, number>();
  private nextId = 1;
  /** Calls waiting on the current server's exit; each leaves once settled (a reaction per call on the exit promise kept every answer alive to the end). */
  private exitWaiters = new Set<() => void>();

  /** What the wire tells of the frames sent through it. */
  readonly hooks: WireHooks;

  constructor(private readonly signal: AbortSignal | undefined, private readonly caps: CapLog, stop: (reason: string) => void) {
    // Whatever is in flight stops waiting; the sender then throws Interrupted, so nothing half-answered is graded.
    signal?.addEventListener('abort', () => {
      for (const pending of this.pending.values()) pending.resolve(ABORTED);
    }, { once: true });
    this.hooks = {
      // Kept only for a frame someone waits on (a cancellation notice, say, has no exchange to carry its facts).
      onfacts: (tag, facts) => {
        if (this.pending.has(tag)) this.facts.set(tag, facts);
      },
      onended: (tag, end) => this.ended(tag, end),
      onheld: (tag, ms) => this.held.set(tag, (this.held.get(tag) ?? 0) + ms),
      onstop: stop,
    };
  }

  /** Frames now go out on `wire`: who waits for an answer is told when its server exits. */
  watch(wire: WireTransport): void {
    this.wire = wire;
    const waiters = new Set<() => void>();
    this.exitWaiters = waiters;
    void wire.whenExited().then(() => {
      for (const waiter of waiters) waiter();
      waiters.clear();
    });
  }

  allocateId(): string {
    return `${ID_PREFIX}${this.nextId++}`;
  }

  /** A frame carrying this id went out: an answer under it is ours. */
  sent(id: string): void {
    this.sentIds.add(id);
  }

  isOurs(id: unknown): boolean {
    return typeof id === 'string' && this.sentIds.has(id);
  }

  /** How many answers carried this id, or undefined for none. */
  answersTo(id: string): number | undefined {
    return this.answerCounts.get(id);
  }

  /** How long the frame sent with `tag` was held back so far because the server asked the run to wait (ms). */
  heldMs(tag: string): number {
    return this.held.get(tag) ?? 0;
  }

  /** Register interest in one id; answers that match nothing we wait for go to `collected`. */
  expect(id: string, collected: Record<string, unknown>[]) {
    let settled: Record<string, unknown> | undefined;
    const waiters = this.exitWaiters;
    let pending!: Pending;
    const promise = new Promise<Record<string, unknown> | 'closed'>((resolve) => {
      const onExit = () => resolve('closed');
      pending = {
        collected,
        resolve: (message) => {
          settled = message;
          waiters.delete(onExit);
          resolve(message);
        },
      };
      this.pending.set(id, pending);
      if (this.wire.exit !== null || this.wire.spawnError !== null) onExit();
      else waiters.add(onExit);
    });
    return { promise, pending, settledWith: () => settled };
  }

  /** Resolves at the end of the exchange of the frame sent with `tag`, where each request's exchange ends on its own. */
  whenEnded(tag: string): Promise<void> {
    return new Promise<void>((resolve) => this.endWaiters.set(tag, resolve));
  }

  /** Nobody waits for the end of the exchange of `tag` any more. */
  forgetEnd(tag: string): void {
    this.endWaiters.delete(tag);
  }

  /** The wait for `id` is over: what the wire told of its answer, and how long it was held back. */
  finish(id: string): { facts: ExchangeFacts; heldMs: number } {
    const facts = this.facts.get(id) ?? {};
    const heldMs = this.heldMs(id);
    this.pending.delete(id);
    this.facts.delete(id);
    this.held.delete(id);
    return { facts, heldMs };
  }

  /**
   * Calls `fire` after `ms`, pushed back by each wait the server imposed on the frame sent with `tag`
   * meanwhile (a throttled frame waits, then is resent). Returns what cancels it.
   */
  timerFor(tag: string | undefined, ms: number, fire: () => void): () => void {
    const heldFor = () => (tag === undefined ? 0 : this.heldMs(tag));
    let counted = heldFor();
    const check = () => {
      const held = heldFor();
      if (held <= counted) return fire();
      timer = setTimeout(check, held - counted);
      counted = held;
    };
    let timer = setTimeout(check, ms);
    return () => clearTimeout(timer);
  }

  /** Does `promise` settle within `ms` (pushed back by the waits the server imposed on `tag`), or before the run is interrupted? */
  async within(promise: Promise<void>, ms: number, tag?: string): Promise<boolean> {
    let stop = () => {};
    const { signal } = this;
    let onAbort = () => {};
    const gaveUp = new Promise<false>((resolve) => {
      stop = this.timerFor(tag, ms, () => resolve(false));
      onAbort = () => resolve(false);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([promise.then(() => true as const), gaveUp]);
    } finally {
      stop();
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * The exchange of a frame of ours is over: a request it carried that got no JSON-RPC message at all gets the end the
   * wire told (its refusal, a failed connection, or simply its end where each request's exchange ends on its own).
   */
  private ended(tag: string, end: EndedExchange): void {
    this.endWaiters.get(tag)?.();
    const pending = this.pending.get(tag);
    if (!pending || this.answerCounts.has(tag)) return;
    // An error with id null in the answer to a frame that carried our id answers that frame: middleware (a rate limit,
    // an auth check) refuses before it reads an id. It is taken out of the strays it was counted among.
    const orphan = this.sentIds.has(tag) ? end.orphans[0] : undefined;
    if (orphan) {
      for (const other of this.pending.values()) {
        const at = other.collected.indexOf(orphan);
        if (at >= 0) other.collected.splice(at, 1);
      }
      pending.resolve(orphan);
      return;
    }
    // A message it did bring (an answer under a wrong id) is graded as any other would be.
    if (end.messages > 0) return;
    if (end.outcome) pending.resolve(standIn(end.outcome));
  }

  /** Progress for a request of ours in flight: its deadline moves (our progress tokens are our request ids). */
  private takeProgress(message: Record<string, unknown>): boolean {
    const token = (message.params as { progressToken?: unknown } | undefined)?.progressToken;
    const pending = typeof token === 'string' && this.sentIds.has(token) ? this.pending.get(token) : undefined;
    pending?.onProgress?.();
    return pending !== undefined;
  }

  /** A message from the server: true when it is ours to keep from the SDK client (an answer or progress for a frame of ours). */
  take(message: Record<string, unknown>): boolean {
    if (message.method === 'notifications/progress') return this.takeProgress(message);
    if (!('result' in message || 'error' in message)) return false; // a server request or notification: the SDK's business
    const id = message.id;
    // Only ids we actually sent: an answer to an id we never used (one we would send later, or invented) is a stray.
    const ours = typeof id === 'string' && this.sentIds.has(id);
    if (!ours) readableForSdk(message);
    if (ours) this.answerCounts.set(id, (this.answerCounts.get(id) ?? 0) + 1);
    const pending = ours ? this.pending.get(id) : undefined;
    if (pending && this.answerCounts.get(id as string) === 1) {
      pending.resolve(message);
      return true;
    }
    // A duplicate, a late answer, an answer to a notification or an id-null error: nobody waits for it by id.
    const collectors = new Set([...this.pending.values()].map((p) => p.collected));
    for (const collected of collectors) {
      if (collected.length < MAX_STRAYS) collected.push(message);
      else this.caps.hit('strays', 1, (times) => `strays: ${times} answer(s) matching no request in flight were counted, not kept (at most ${MAX_STRAYS} are kept per call)`);
    }
    // An id we never sent, or none (an id-null error is the right answer to a frame whose id cannot be read).
    const foreign = !ours && !(id === null && 'error' in message);
    if (foreign) for (const pending of this.pending.values()) pending.onForeign?.(message);
    return ours || collectors.size > 0;
  }
}

/**
 * An error whose code is not an integer (`"-32601"`) fails the SDK client's message schema and is dropped, so its
 * own requests (the server/discover era probe) would wait out their timeout. What the SDK reads gets the code as a
 * number (or -32603); the frame as sent is already recorded, and rules grade that.
 */
function readableForSdk(message: Record<string, unknown>): void {
  const error = message.error;
  if (typeof error !== 'object' || error === null || Number.isInteger((error as { code?: unknown }).code)) return;
  const code = Number((error as { code?: unknown }).code);
  (error as { code: number }).code = Number.isInteger(code) ? code : INTERNAL_ERROR;
  if (typeof (error as { message?: unknown }).message !== 'string') (error as { message: string }).message = String((error as { message?: unknown }).message ?? '');
}
