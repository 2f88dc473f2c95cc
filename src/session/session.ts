// A live, recorded connection to one MCP server: negotiate the era and version, list tools, send raw requests.
import {
  Client,
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  SdkHttpError,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/client';
import type { HttpTarget, HttpVariant, Listed, Outcome, ProtocolEra, ServerSurfaces, SessionFacts, ToolInfo, JsonRpcError } from '../types.js';
import { isRecord } from '../util/guards.js';
import { RecordingStdioTransport } from '../transport/stdio.js';
import { RecordingHttpTransport, httpRefusal } from '../transport/http.js';
import { cutOf, type HttpFacts, type WireTransport } from '../transport/wire.js';
import { encodeFrame } from '../transport/frame.js';
import { isHttpTarget, type ServerTarget } from '../target/target.js';
import { CapLog, ownCopy } from '../transport/caps.js';
import { TOOL_VERSION } from '../version.js';
import { MODERN_ERA_SINCE, versionAtLeast } from '../protocol-version.js';
import { INTERNAL_ERROR } from '../jsonrpc-codes.js';
import { Interrupted, interruptionOf, throwIfInterrupted } from '../interrupt.js';
import { Throttle } from '../transport/throttle.js';
import { HandshakeTimeout, httpStartupFailure, startupFailure, stdoutSighting, type StartupEnd } from '../transport/startup.js';
import { decoyAuthorization } from '../matchers/bearer.js';

export interface SessionOptions {
  target: ServerTarget;
  /** Pin one protocol version instead of negotiating the newest the server speaks. */
  protocolVersion?: string;
  timeoutMs: number;
  /** Aborting it (the run's deadline, a signal) ends every wait at once: requests then throw Interrupted. */
  signal?: AbortSignal;
  /** How long start-up may take (default: the per-call timeout, and never less than 10 s). */
  handshakeTimeoutMs?: number;
  /** Ends the run now, for this reason (a server that asks for more waiting than the run allows); `signal` then aborts. */
  stop?: (reason: Interrupted) => void;
}

/** Every request id of ours is this and a number, counted per session (how many came before it, not the input). */
export const ID_PREFIX = 'errlint-';

/** What one raw request produced on the wire. */
export interface RawExchange {
  request: Record<string, unknown>;
  response?: Record<string, unknown>;
  outcome: Outcome;
  elapsedMs: number;
  /** Answers that matched no id we waited for, seen while this was in flight. */
  unmatched?: Record<string, unknown>[];
  /** How many answers carried this request's id. */
  answers?: number;
  /** Progress notifications the server sent for this request (each one extended its deadline). */
  progress?: number;
  /** We cancelled this call while it was still reporting progress (outcome timeout): long-running by design, not hung. */
  cancelled?: true;
  /** Characters of the answer's long strings and arrays cut before it was kept (the answer was larger by this much). */
  responseCut?: number;
  /** Over HTTP: how the answer came (status, content type, body kind). */
  http?: HttpFacts;
}

/** The server could not be started or did not complete the handshake: the run cannot go on (exit 2). */
export class SessionStartError extends Error {
  constructor(message: string, readonly stderr: string) {
    super(message);
  }
}

const CLIENT_INFO = { name: 'mcp-errlint', version: TOOL_VERSION };

/** When start-up is given up (a performance.now() time); `hear` moves it once, at the server's first JSON-RPC message. */
interface HandshakeDeadline {
  at: number;
  heard: boolean;
  hear: () => void;
  /** Set by the attempt under way, to rearm its timer. */
  onMove: () => void;
}

/** What a pending request resolves with when the run is interrupted (never a server's answer). */
const ABORTED: Record<string, unknown> = Object.freeze({});

interface Pending {
  resolve: (message: Record<string, unknown>) => void;
  /** Called for each notifications/progress that names this request's progress token. */
  onProgress?: () => void;
  /** Where answers that match no waiting id go while this request is in flight. */
  collected: Record<string, unknown>[];
  /** Called for an answer whose id we never sent (or none): perhaps this request's answer under a wrong id. */
  onForeign?: (message: Record<string, unknown>) => void;
}

/**
 * The era probe goes out as the process starts, so its wait includes the server's start-up (an SDK server on a busy
 * machine can take seconds): a short per-call timeout must not turn a modern server into a legacy one.
 */
const DISCOVER_TIMEOUT_MS = 5000;
/** The handshake also waits out start-up (npx, interpreters), so it never gets less than this. */
const HANDSHAKE_TIMEOUT_MS = 10_000;

/** Non-JSON-RPC stdout lines kept per call (stdout-clean quotes the first), and the most kept of each. */
const MAX_NOISE_LINES = 20;
const MAX_NOISE_LINE_CHARS = 1024;
/** Answers that matched no waiting id kept per call (a flood of strays is counted, not kept). */
export const MAX_STRAYS = 32;
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

/** A tools/list that pages past this is not going to end. */
const MAX_LIST_PAGES = 100;

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

/** What a server that refused the handshake with 401 is graded by: the newest version of the initialize handshake, which the client offered. */
const UNAUTHORIZED_VERSION = '2025-11-25';


export class Session {
  facts!: SessionFacts;
  serverInfo: { name?: string; version?: string } = {};
  restarts = 0;
  /** Caps on kept server output that were hit, each said once (for the report). */
  readonly caps = new CapLog();
  /** Why the server can no longer be probed (it died and could not be restarted), or null. */
  gone: string | null = null;

  private transport!: WireTransport;
  /** Over HTTP: the facts of each answer whose head was read, by our tag for the frame, until its exchange is built. */
  private readonly httpFacts = new Map<string, HttpFacts>();
  /** Over Streamable HTTP: who waits for the end of the exchange of a frame (its POST answered in full). */
  private readonly settleWaiters = new Map<string, () => void>();
  private client!: Client;
  private readonly pending = new Map<string, Pending>();
  private readonly answerCounts = new Map<string, number>();
  private readonly sentIds = new Set<string>();
  private noise: string[] = [];
  /** Lone calls in a row answered only under an id we never sent. */
  private foreignStreak = 0;
  private nextId = 1;
  /** Calls waiting on the current server's exit; each leaves once settled (a reaction per call on the exit promise kept every answer alive to the end). */
  private exitWaiters = new Set<() => void>();
  private readonly startedAt = Date.now();
  /** Over HTTP: the pace the server asked for, kept across the sessions of the run (a lost session is started anew). */
  private readonly pace = new Throttle();
  /** Over HTTP: how long each frame in flight was held back because the server asked the run to wait (ms), by tag. */
  private readonly held = new Map<string, number>();
  /** How long the last RECENT_ANSWERS answered requests took (ms), oldest first. */
  private readonly recentAnswerMs: number[] = [];

  private constructor(private readonly options: SessionOptions) {
    // Whatever is in flight stops waiting; inFlight then throws Interrupted, so nothing half-answered is graded.
    options.signal?.addEventListener('abort', () => {
      for (const pending of this.pending.values()) pending.resolve(ABORTED);
    }, { once: true });
  }

  static async open(options: SessionOptions): Promise<Session> {
    const session = new Session(options);
    await session.connect(options.protocolVersion);
    return session;
  }

  private get handshakeTimeoutMs(): number {
    return this.options.handshakeTimeoutMs ?? Math.max(this.options.timeoutMs, HANDSHAKE_TIMEOUT_MS);
  }

  get stderr(): string {
    return this.transport.stderrText;
  }

  get running(): boolean {
    return this.transport.running;
  }

  /** Over Streamable HTTP: the server answered 404 to the session id it issued (until a new session is started). */
  get lostSession(): boolean {
    return this.transport.exit?.lostSession === true;
  }

  /** Over HTTP: how long the run waited because the server asked it to, and how many answers throttled it; undefined when it never waited. */
  get throttle(): { answers: number; waitedMs: number } | undefined {
    return this.pace.waitedMs > 0 ? { answers: this.pace.answers, waitedMs: this.pace.waitedMs } : undefined;
  }

  /** The latest handshake attempt: whether the legacy handshake went out tells a failed era probe from a failed initialize. */
  private attempt = { initializeSent: false };

  /**
   * Spawn and handshake within one handshake timeout; the first JSON-RPC message from the server proves it speaks the
   * protocol and restarts that timeout once (a busy server gets the time it had before). A server that exits during the
   * server/discover probe (some end at an unknown first request), or answers it in a way the client cannot use, is
   * retried once as legacy, within the same time; a silent one, or one whose legacy handshake failed, is not.
   */
  private async connect(pin: string | undefined): Promise<void> {
    const deadline = this.handshakeDeadline();
    try {
      await this.connectOnce(pin, pin === undefined ? 'auto' : undefined, deadline);
    } catch (error) {
      if (error instanceof Interrupted) {
        void this.transport.close();
        throw error;
      }
      const transport = this.transport;
      // Over HTTP the client's own era probe already falls back to initialize; a retry would only repeat the failure.
      const legacyMayWork = pin === undefined && transport.kind === 'stdio' && !this.attempt.initializeSent && !(error instanceof HandshakeTimeout) && transport.spawnError === null
        && (transport.exit !== null || stdoutSighting(transport.stdoutHead).kind === 'json-rpc');
      if (!legacyMayWork && isHttpTarget(this.options.target) && !authorizationOf(this.options.target) && refusedUnauthorized(error)) return this.withoutAuthorization(pin);
      if (!legacyMayWork) throw await this.startError(error);
      await transport.close(); // ends what the first process may have started
      await this.connectOnce(undefined, 'legacy', deadline).catch(async (retryError) => {
        throw retryError instanceof Interrupted ? retryError : await this.startError(retryError);
      });
    }
  }

  /** When a handshake (and its retry) is given up: one timeout from now, moved once by the server's first JSON-RPC message. */
  private handshakeDeadline(): HandshakeDeadline {
    const deadline: HandshakeDeadline = {
      at: performance.now() + this.handshakeTimeoutMs,
      heard: false,
      onMove: () => {},
      hear: () => {
        if (deadline.heard) return;
        deadline.heard = true;
        deadline.at = performance.now() + this.handshakeTimeoutMs;
        deadline.onMove();
      },
    };
    return deadline;
  }

  /** One spawn and handshake, given up at the deadline. */
  private async connectOnce(pin: string | undefined, mode: 'auto' | 'legacy' | undefined, deadline: HandshakeDeadline): Promise<void> {
    const { target } = this.options;
    const transport: WireTransport = isHttpTarget(target)
      ? new RecordingHttpTransport(target, this.caps, this.handshakeTimeoutMs, this.pace)
      : new RecordingStdioTransport(target, this.startedAt, this.caps);
    this.transport = transport;
    if (transport instanceof RecordingHttpTransport) {
      // Kept only for a frame someone waits on (a cancellation notice, say, has no exchange to carry its facts).
      transport.onresponse = (tag, facts) => {
        if (this.pending.has(tag)) this.httpFacts.set(tag, facts);
      };
      transport.onsettled = (tag, facts, messages, orphans) => this.settled(tag, facts, messages, orphans);
      transport.onthrottled = (tag, ms) => this.held.set(tag, (this.held.get(tag) ?? 0) + ms);
      transport.onthrottledout = (reason) => this.options.stop?.(new Interrupted('throttled', reason));
    }
    const attempt = { initializeSent: false };
    this.attempt = attempt;
    const waiters = new Set<() => void>();
    this.exitWaiters = waiters;
    void transport.whenExited().then(() => {
      for (const waiter of waiters) waiter();
      waiters.clear();
    });
    // No frame log: nothing reads one. Noise is kept (stdout-clean grades it), a few copied lines per call.
    transport.onnoise = (text) => {
      if (this.noise.length < MAX_NOISE_LINES) this.noise.push(ownCopy(text, MAX_NOISE_LINE_CHARS));
      else this.caps.hit('noise', 1, (times) => `server stdout: ${times} non-JSON-RPC line(s) beyond the first ${MAX_NOISE_LINES} of a call were counted, not kept`);
    };
    transport.intercept = (message) => {
      deadline.hear();
      return this.takeAnswer(message);
    };
    const send = transport.send.bind(transport);
    transport.send = (message) => {
      if ('method' in message && message.method === 'initialize') attempt.initializeSent = true;
      return send(message);
    };
    const remaining = () => Math.max(1, Math.round(deadline.at - performance.now()));
    const modern = pin !== undefined && versionAtLeast(pin, MODERN_ERA_SINCE);
    const client = new Client(CLIENT_INFO, {
      capabilities: {},
      supportedProtocolVersions: pin === undefined ? [...SUPPORTED_PROTOCOL_VERSIONS] : [pin],
      versionNegotiation: {
        mode: modern ? { pin: pin! } : (mode ?? 'legacy'),
        probe: { timeoutMs: Math.min(Math.max(this.options.timeoutMs, DISCOVER_TIMEOUT_MS), remaining()) },
      },
    });
    client.onerror = () => {}; // protocol noise during probing is recorded as frames; the verdicts come from rules
    this.client = client;
    const died = transport.whenExited().then((exit) => {
      throw new Error(exit.error !== undefined ? `${exit.error} during the handshake` : `server exited during the handshake (exit code ${exit.exitCode ?? 'none'}${exit.signal ? `, signal ${exit.signal}` : ''})`);
    });
    died.catch(() => {});
    const { signal } = this.options;
    throwIfInterrupted(signal);
    const interrupted = new Promise<never>((_, reject) => signal?.addEventListener('abort', () => reject(interruptionOf(signal)), { once: true }));
    interrupted.catch(() => {});
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      deadline.onMove = () => {
        clearTimeout(timer);
        timer = setTimeout(() => reject(new HandshakeTimeout()), remaining());
      };
      deadline.onMove();
    });
    timedOut.catch(() => {});
    try {
      // The client's own timeout bounds its initialize request; ours bounds the whole start-up.
      await Promise.race([client.connect(transport, { timeout: this.handshakeTimeoutMs }), died, interrupted, timedOut]);
    } finally {
      clearTimeout(timer);
      deadline.onMove = () => {};
    }
    const version = client.getNegotiatedProtocolVersion() ?? pin ?? 'unknown';
    const era: ProtocolEra = client.getProtocolEra() === 'modern' ? 'modern' : 'legacy';
    transport.setProtocolVersion?.(version);
    this.facts = {
      protocolVersion: version,
      era,
      capabilities: { ...(client.getServerCapabilities() ?? {}) },
      transport: transport.kind,
      timeoutMs: this.options.timeoutMs,
      ...(isHttpTarget(target)
        ? { ...(transport instanceof RecordingHttpTransport && transport.sessionId !== undefined ? { sessionIssued: true } : {}), ...httpFactsOf(target) }
        : { userSupplied: { args: target.args ?? [], cwd: target.cwd ?? process.cwd() } }),
    };
    const info = client.getServerVersion();
    this.serverInfo = { name: info?.name, version: info?.version };
  }

  /**
   * The handshake was refused with 401 and the user gave no token: no session, only a transport for the requests of the
   * auth probe, which asks what the server does without a token. The run then says what needs authorization.
   */
  private async withoutAuthorization(pin: string | undefined): Promise<void> {
    const target = this.options.target as HttpTarget;
    await this.transport.close();
    this.transport = new RecordingHttpTransport(target, this.caps, this.handshakeTimeoutMs);
    const version = pin ?? UNAUTHORIZED_VERSION;
    const era: ProtocolEra = versionAtLeast(version, MODERN_ERA_SINCE) ? 'modern' : 'legacy';
    this.facts = { protocolVersion: version, era, capabilities: {}, transport: this.transport.kind, timeoutMs: this.options.timeoutMs, ...httpFactsOf(target), needsAuthorization: true };
  }

  /** The start-up failure, told by what the server showed (its stdout, its exit, its telling stderr lines); the server is ended. */
  private async startError(error: unknown): Promise<SessionStartError> {
    const transport = this.transport;
    const { target } = this.options;
    let cause: string;
    if (isHttpTarget(target)) cause = httpStartupFailure(target.url, error, this.handshakeTimeoutMs);
    else if (transport.spawnError) cause = `could not start '${target.command}': ${transport.spawnError.message}`;
    else {
      if (transport.exit !== null) await transport.whenDrained(); // its last words on stderr may trail its exit
      const message = error instanceof Error ? error.message : String(error);
      const end: StartupEnd =
        transport.exit !== null ? { kind: 'exit', exit: transport.exit }
        : error instanceof HandshakeTimeout || /timed? ?out/i.test(message) ? { kind: 'timeout', ms: this.handshakeTimeoutMs }
        : { kind: 'error', message };
      cause = startupFailure(end, transport.stdoutHead, transport.stderrText);
    }
    void transport.close();
    return new SessionStartError(cause, transport.stderrText);
  }

  /** List every tool, following pagination; raw so that odd but usable tool entries are kept. */
  async listTools(): Promise<ToolInfo[]> {
    const listed = await this.listAll('tools/list', 'tools', 'name');
    if (typeof listed === 'string') throw new SessionStartError(`tools/list failed: ${listed}`, this.stderr);
    return listed as unknown as ToolInfo[];
  }

  /**
   * What the server offers besides tools, for the surface probes: its resources, resource templates and prompts, each
   * listed only when its capability is declared; a list that fails is told by why, and the run goes on.
   */
  async listSurfaces(): Promise<ServerSurfaces> {
    const declared = (name: string) => isRecord(this.facts.capabilities[name]);
    const list = async (capability: string, method: string, key: string, id: string): Promise<Listed> => {
      if (!declared(capability)) return { declared: false, items: [] };
      const listed = await this.listAll(method, key, id);
      return typeof listed === 'string' ? { declared: true, items: [], failed: listed } : { declared: true, items: listed };
    };
    return {
      resources: await list('resources', 'resources/list', 'resources', 'uri'),
      templates: await list('resources', 'resources/templates/list', 'resourceTemplates', 'uriTemplate'),
      prompts: await list('prompts', 'prompts/list', 'prompts', 'name'),
    };
  }

  /** Every item of a paginated list whose `id` member is a string (each once), or why the list failed. */
  private async listAll(method: string, key: string, id: string): Promise<Record<string, unknown>[] | string> {
    const items: Record<string, unknown>[] = [];
    const seenCursors = new Set<string>();
    const ids = new Set<string>();
    let cursor: string | undefined;
    do {
      const answer = await this.request(method, cursor === undefined ? {} : { cursor });
      if (answer.outcome.kind !== 'result') return describeOutcome(answer.outcome);
      const result = answer.outcome.result;
      for (const item of Array.isArray(result[key]) ? result[key] : []) {
        if (isRecord(item) && typeof item[id] === 'string' && !ids.has(item[id])) {
          ids.add(item[id]);
          items.push(item);
        }
      }
      cursor = typeof result.nextCursor === 'string' && result.nextCursor !== '' ? result.nextCursor : undefined;
      if (cursor !== undefined && seenCursors.has(cursor)) break; // a server that repeats its cursor would loop forever
      if (cursor !== undefined) seenCursors.add(cursor);
      if (seenCursors.size >= MAX_LIST_PAGES) {
        process.emitWarning(`${method} still had a next page after ${MAX_LIST_PAGES} pages; using the ${items.length} listed so far`);
        break;
      }
    } while (cursor !== undefined);
    return items;
  }

  /** Send a raw JSON-RPC request (never through the SDK's callTool, which validates locally). */
  async request(method: string, params: unknown, timeoutMs = this.options.timeoutMs): Promise<RawExchange> {
    const [answer] = await this.inFlight([{ method, params }], timeoutMs, false, [], true);
    return answer;
  }

  /** Write several requests back to back without waiting, then wait for all of them. */
  async burst(requests: Array<{ method: string; params: unknown }>, timeoutMs = this.options.timeoutMs): Promise<RawExchange[]> {
    return this.inFlight(requests, timeoutMs, true);
  }

  /**
   * Send a frame that cannot be answered by id (bad JSON, a notification): `{id}` in the text becomes a fresh id of
   * ours; then a barrier request follows and everything that comes back before the barrier's answer is collected.
   */
  async unanswerable(text: string, timeoutMs = this.options.timeoutMs): Promise<RawExchange> {
    const id = this.allocateId();
    const frame = text.replaceAll('{id}', id);
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(frame);
    } catch {
      request = { raw: frame };
    }
    const started = performance.now();
    const collected: Record<string, unknown>[] = [];
    const echoed = this.expect(id, collected);
    if (frame.includes(id)) this.sentIds.add(id);
    let ended: Outcome | undefined;
    if (this.transport.kind === 'http') {
      // Streamable HTTP answers each POST on its own: the end of this one is the end of all it can bring, no barrier needed.
      const over = new Promise<void>((resolve) => this.settleWaiters.set(id, resolve));
      this.transport.sendRaw(frame, id);
      if (!(await this.within(over, timeoutMs, id))) ended = { kind: 'timeout' };
      this.settleWaiters.delete(id);
    } else {
      this.transport.sendRaw(frame, id);
      const [barrier] = await this.inFlight([{ method: this.barrierMethod, params: {} }], timeoutMs, false, collected);
      // A request of ours may be answered by an async handler after the barrier's quick answer: it gets a wait scaled to
      // how fast this server answers, never a fixed one.
      if (!echoed.settledWith() && frame.includes(id) && barrier.outcome.kind === 'result') {
        const slowest = Math.max(0, ...this.recentAnswerMs);
        await this.within(echoed.promise.then(() => {}), Math.min(ECHO_WAIT_CEILING_MS, Math.max(ECHO_WAIT_FLOOR_MS, 2 * slowest)));
      }
      if (barrier.outcome.kind === 'timeout' || barrier.outcome.kind === 'closed') ended = barrier.outcome;
    }
    throwIfInterrupted(this.options.signal);
    this.transport.release(id);
    const elapsedMs = Math.round(performance.now() - started - (this.held.get(id) ?? 0));
    this.held.delete(id);
    const direct = echoed.settledWith();
    this.pending.delete(id);
    const http = this.httpFacts.get(id);
    this.httpFacts.delete(id);
    const onHttp = http ? { http } : {};
    if (direct) return { request, ...answerParts(direct), elapsedMs, unmatched: collected, answers: this.answerCounts.get(id) ?? (httpOnly.has(direct) ? 0 : 1), ...onHttp };
    if (ended) return { request, outcome: ended, elapsedMs, unmatched: collected, ...onHttp };
    // The answer to this frame has id null (or one we never sent); a late answer to an earlier request of ours is not it.
    const first = collected.find((m) => !(typeof m.id === 'string' && this.sentIds.has(m.id)));
    const rest = collected.filter((m) => m !== first);
    if (first) return { request, ...answerParts(first), elapsedMs, unmatched: rest, answers: 0, ...onHttp };
    // No JSON-RPC answer; over HTTP a refusal (a 4xx or 5xx status, a failed connection) is still an answer of a kind.
    if (http && (http.status === 0 || http.status >= 300)) return { request, outcome: httpOutcome(http), elapsedMs, unmatched: [], answers: 0, ...onHttp };
    return { request, outcome: { kind: 'silent' }, elapsedMs, unmatched: [], answers: 0, ...onHttp };
  }

  /**
   * Send one HTTP request that departs on purpose from what a client sends (see HttpVariant), beside the session; its
   * answer is this exchange's alone. A request it carries gets an id of ours and the era's envelope.
   */
  async variant(variant: HttpVariant, timeoutMs = this.options.timeoutMs): Promise<RawExchange> {
    throwIfInterrupted(this.options.signal);
    if (!this.transport.variant) throw new Error('an HTTP probe was planned for a server not reached over HTTP');
    const { message } = variant;
    const id = message && !message.notification ? this.allocateId() : undefined;
    // Ours: over legacy HTTP+SSE its answer comes on the stream, where it must not pass for another call's.
    if (id !== undefined) this.sentIds.add(id);
    const request: Record<string, unknown> = message ? { jsonrpc: '2.0', ...(id !== undefined ? { id } : {}), method: message.method } : {};
    if (message?.params !== undefined) request.params = this.withEnvelope(message.params);
    const text = message ? JSON.stringify(request) : variant.body;
    if (message === undefined && variant.body !== undefined) request.raw = variant.body;
    const started = performance.now();
    const answer = await this.transport.variant({ method: variant.method, headers: variant.headers, path: variant.path, text, id }, timeoutMs);
    throwIfInterrupted(this.options.signal);
    const elapsedMs = Math.round(performance.now() - started);
    const { facts, messages } = answer;
    // Its own answer, or else an error for a frame the server could not read (id null): what a client would be given.
    const own = messages.find((m) => id !== undefined && m.id === id) ?? messages.find((m) => 'error' in m);
    const base = { request, elapsedMs, unmatched: messages.filter((m) => m !== own), answers: messages.filter((m) => id !== undefined && m.id === id).length, http: facts };
    if (own) return { ...base, ...answerParts(own) };
    if (answer.timedOut && facts.status === 0) return { ...base, outcome: { kind: 'timeout' } };
    return { ...base, outcome: httpOutcome(facts) };
  }

  /**
   * Calls `fire` once `ms` have passed, pushed back by each wait the server imposed on the frame sent with `tag`
   * meanwhile (a throttled POST waits, then is resent). Returns what cancels it.
   */
  private timerFor(tag: string | undefined, ms: number, fire: () => void): () => void {
    const heldFor = () => (tag === undefined ? 0 : (this.held.get(tag) ?? 0));
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
  private async within(promise: Promise<void>, ms: number, tag?: string): Promise<boolean> {
    let stop = () => {};
    const { signal } = this.options;
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
   * Over HTTP, the exchange of a frame of ours is over: a request it carried that got no JSON-RPC message at all gets
   * none, when its Streamable HTTP POST ended or any HTTP POST was refused (its status, or a failed connection).
   */
  private settled(tag: string, facts: HttpFacts, messages: number, orphans: Record<string, unknown>[]): void {
    this.settleWaiters.get(tag)?.();
    const pending = this.pending.get(tag);
    if (!pending || this.answerCounts.has(tag)) return;
    // An error with id null in the answer to a POST that carried our id answers that POST: middleware (a rate limit, an
    // auth check) refuses before it reads an id. It is taken out of the strays it was counted among.
    const orphan = this.sentIds.has(tag) ? orphans[0] : undefined;
    if (orphan) {
      for (const other of this.pending.values()) {
        const at = other.collected.indexOf(orphan);
        if (at >= 0) other.collected.splice(at, 1);
      }
      pending.resolve(orphan);
      return;
    }
    // A message it did bring (an answer under a wrong id) is graded as the stdio one would be.
    if (messages > 0) return;
    if (facts.status === 0 || facts.status >= 300 || this.transport.kind === 'http') {
      const marker = {};
      httpOnly.set(marker, facts);
      pending.resolve(marker);
    }
  }

  /**
   * A request that a server may drop without a word (malformed params, an unknown method): it goes out with a
   * barrier behind it, so silence costs one round trip instead of the whole timeout.
   */
  async requestOrSilence(method: string, params: unknown, timeoutMs = this.options.timeoutMs): Promise<RawExchange> {
    const frame: Record<string, unknown> = { jsonrpc: '2.0', id: '{id}', method };
    if (params !== undefined) frame.params = this.withEnvelope(params);
    return this.unanswerable(JSON.stringify(frame), timeoutMs);
  }

  /** Send a notification (with the modern-era envelope when it applies): nothing may come back. */
  async notify(method: string, params: unknown, timeoutMs = this.options.timeoutMs): Promise<RawExchange> {
    const frame: Record<string, unknown> = { jsonrpc: '2.0', method };
    if (params !== undefined) frame.params = this.withEnvelope(params);
    return this.unanswerable(JSON.stringify(frame), timeoutMs);
  }

  /** The request that proves the server has read everything before it: `ping`, or `tools/list` in the modern era. */
  get barrierMethod(): string {
    return this.facts.era === 'modern' ? 'tools/list' : 'ping';
  }

  /** stdout lines that were not JSON-RPC, since the last call. */
  takeNoise(): string[] {
    return this.noise.splice(0);
  }

  private allocateId(): string {
    return `${ID_PREFIX}${this.nextId++}`;
  }

  /** Register interest in one id; answers that match nothing we wait for go to `collected`. */
  private expect(id: string, collected: Record<string, unknown>[]) {
    let settled: Record<string, unknown> | undefined;
    const waiters = this.exitWaiters;
    const promise = new Promise<Record<string, unknown> | 'closed'>((resolve) => {
      const onExit = () => resolve('closed');
      this.pending.set(id, {
        collected,
        resolve: (message) => {
          settled = message;
          waiters.delete(onExit);
          resolve(message);
        },
      });
      if (this.transport.exit !== null || this.transport.spawnError !== null) onExit();
      else waiters.add(onExit);
    });
    return { promise, settledWith: () => settled };
  }

  /**
   * `closeWithBarrier`: once every request is answered, late duplicates and strays are still gathered: over Streamable
   * HTTP until each request's POST has ended, elsewhere until a barrier request sent after them is answered.
   * `adoptForeign`: a lone request takes an answer with an id we never sent as its own if its own never comes.
   */
  private async inFlight(requests: Array<{ method: string; params: unknown }>, timeoutMs: number, closeWithBarrier = false, collected: Record<string, unknown>[] = [], adoptForeign = false): Promise<RawExchange[]> {
    throwIfInterrupted(this.options.signal);
    const transport = this.transport;
    const frames = requests.map(({ method, params }) => {
      const id = this.allocateId();
      const request: Record<string, unknown> = { jsonrpc: '2.0', id, method };
      if (params !== undefined) request.params = this.withEnvelope(method === 'tools/call' ? withProgressToken(params, id) : params);
      return request;
    });
    if (!transport.running) return frames.map((request) => ({ request, outcome: closedOutcome(transport), elapsedMs: 0, unmatched: [] }));
    const started = performance.now();
    const progress = new Map<string, number>();
    const cancelled = new Set<string>();
    const adopted = new Set<string>();
    const timers: Array<() => void> = [];
    const giveUp = new Map<string, () => void>();
    const waits = frames.map((request) => {
      const id = request.id as string;
      const answered = this.expect(id, collected).promise.then((answer) => ({ answer, elapsedMs: Math.round(performance.now() - started) }));
      if (adoptForeign && frames.length === 1) {
        const pending = this.pending.get(id)!;
        pending.onForeign = (message) => {
          pending.onForeign = undefined;
          const adopt = setTimeout(() => {
            if (this.answerCounts.has(id)) return; // its own answer came after all
            adopted.add(id);
            pending.resolve(message);
          }, this.foreignStreak >= ADOPT_AT_ONCE_AFTER ? 0 : ADOPT_STRAY_AFTER_MS);
          timers.push(() => clearTimeout(adopt));
        };
      }
      // Each request has its own deadline: progress it reports pushes it back, up to MAX_PROGRESS_TIMEOUTS timeouts in all.
      const timedOut = new Promise<'timeout'>((resolve) => {
        giveUp.set(id, () => resolve('timeout'));
        let stop = this.timerFor(id, timeoutMs, () => resolve('timeout'));
        timers.push(() => stop());
        const latest = started + timeoutMs * MAX_PROGRESS_TIMEOUTS;
        this.pending.get(id)!.onProgress = () => {
          progress.set(id, (progress.get(id) ?? 0) + 1);
          stop();
          const ran = performance.now() - started - (this.held.get(id) ?? 0);
          if (request.method === 'tools/call' && ran >= timeoutMs * CANCEL_PROGRESSING_AFTER) {
            cancelled.add(id);
            this.cancel(id);
            resolve('timeout');
            return;
          }
          stop = this.timerFor(id, Math.max(0, Math.min(timeoutMs, latest + (this.held.get(id) ?? 0) - performance.now())), () => resolve('timeout'));
        };
      });
      return Promise.race([answered, timedOut]);
    });
    // Over Streamable HTTP, the end of each request's POST (all it can bring has come).
    const posts = closeWithBarrier && transport.kind === 'http' ? frames.map((request) => new Promise<void>((resolve) => this.settleWaiters.set(request.id as string, resolve))) : [];
    for (const request of frames) {
      this.sentIds.add(request.id as string);
      // Not written (a server that stopped reading has a full queue already): its answer cannot come, so no wait.
      if (!transport.sendRaw(encodeFrame(request), request.id as string)) giveUp.get(request.id as string)!();
    }
    const settled = await Promise.all(waits);
    for (const stop of timers) stop();
    if (closeWithBarrier && transport.running) {
      const left = Math.max(1, timeoutMs - (performance.now() - started));
      if (transport.kind === 'http') await this.within(Promise.all(posts).then(() => {}), left);
      else await this.inFlight([{ method: this.barrierMethod, params: {} }], left, false, collected);
    }
    for (const request of frames) {
      transport.release(request.id as string);
      this.settleWaiters.delete(request.id as string);
    }
    throwIfInterrupted(this.options.signal);
    return frames.map((request, i) => {
      const id = request.id as string;
      this.pending.delete(id);
      const result = settled[i];
      if (adoptForeign && frames.length === 1) this.foreignStreak = adopted.has(id) ? this.foreignStreak + 1 : result !== 'timeout' && result.answer !== 'closed' ? 0 : this.foreignStreak;
      if (adopted.has(id) && result !== 'timeout' && result.answer !== 'closed') collected.splice(collected.indexOf(result.answer), 1);
      const http = this.httpFacts.get(id);
      this.httpFacts.delete(id);
      // Time the server made it wait before it was sent is not time it took to answer.
      const heldMs = this.held.get(id) ?? 0;
      this.held.delete(id);
      const base = {
        request,
        unmatched: collected,
        answers: this.answerCounts.get(id) ?? 0,
        ...(progress.has(id) ? { progress: progress.get(id) } : {}),
        ...(cancelled.has(id) ? { cancelled: true as const } : {}),
        ...(http ? { http } : {}),
      };
      if (result === 'timeout') return { ...base, outcome: { kind: 'timeout' }, elapsedMs: Math.round(performance.now() - started - heldMs) };
      const elapsedMs = Math.max(0, result.elapsedMs - heldMs);
      if (result.answer === 'closed') return { ...base, outcome: closedOutcome(transport), elapsedMs };
      this.recentAnswerMs.push(elapsedMs);
      if (this.recentAnswerMs.length > RECENT_ANSWERS) this.recentAnswerMs.shift();
      return { ...base, ...answerParts(result.answer), elapsedMs };
    });
  }

  /**
   * Stop a call still reporting progress: `notifications/cancelled`, as a client may; over Streamable HTTP in the
   * 2026-07-28 era closing the call's response stream is the cancellation (released once the call is given up).
   */
  private cancel(id: string): void {
    if (this.transport.kind === 'http' && this.facts.era === 'modern') return;
    const notice = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: this.withEnvelope({ requestId: id, reason: 'mcp-errlint: long-running call, progress seen' }) });
    this.transport.sendRaw(notice, `${id}-cancel`);
  }

  /** Does the server still answer? `ping` in the legacy era, `tools/list` in the modern era (which has no ping). */
  async isAlive(timeoutMs = Math.min(this.options.timeoutMs, 3000)): Promise<boolean> {
    if (!this.transport.running) return false;
    // Without a session (no token), the server's refusal is its answer.
    if (this.facts.needsAuthorization) return ['result', 'error', 'http'].includes((await this.variant({ method: 'POST', message: { method: this.barrierMethod, params: {} } }, timeoutMs)).outcome.kind);
    const answer = await this.request(this.barrierMethod, {}, timeoutMs);
    return answer.outcome.kind === 'result' || answer.outcome.kind === 'error';
  }

  /** Replace a dead or stuck server process with a fresh one at the same protocol version, or a lost HTTP session with a new one. */
  async restart(): Promise<void> {
    this.restarts++;
    await this.transport.close();
    const pin = this.facts.protocolVersion;
    await this.connectOnce(pin, 'legacy', this.handshakeDeadline());
  }

  /**
   * Restart after a crash or hang; a server that will not come back ends probing without ending the run. A server at a
   * URL is not ours to restart: once it no longer answers, probing ends and the report says why.
   */
  async recover(): Promise<void> {
    const { target } = this.options;
    // A server at a URL that lost the session it issued is asked for a new one, as the spec tells a client to.
    if (isHttpTarget(target) && !this.transport.exit?.lostSession) {
      this.gone = `the server at ${target.url} stopped answering${this.transport.exit?.error ? ` (${this.transport.exit.error})` : ''}; a server reached over HTTP is not restarted`;
      return;
    }
    try {
      await this.restart();
    } catch (error) {
      this.gone = isHttpTarget(target)
        ? `the server lost the session it issued, and a new one could not be started (${error instanceof Error ? error.message : String(error)})`
        : `the server could not be restarted (${error instanceof Error ? error.message : String(error)})`;
    }
  }

  async close(): Promise<void> {
    await this.client?.close().catch(() => {});
    await this.transport?.close();
  }

  /** The modern era requires the protocol version and client info and capabilities in every request's _meta. */
  private withEnvelope(params: unknown): unknown {
    if (this.facts?.era !== 'modern' || typeof params !== 'object' || params === null || Array.isArray(params)) return params;
    const meta = (params as { _meta?: Record<string, unknown> })._meta ?? {};
    return {
      ...params,
      _meta: {
        [PROTOCOL_VERSION_META_KEY]: this.facts.protocolVersion,
        [CLIENT_INFO_META_KEY]: CLIENT_INFO,
        [CLIENT_CAPABILITIES_META_KEY]: {},
        ...meta,
      },
    };
  }

  /** Progress for a request of ours in flight: its deadline moves (our progress tokens are our request ids). */
  private takeProgress(message: Record<string, unknown>): boolean {
    const token = (message.params as { progressToken?: unknown } | undefined)?.progressToken;
    const pending = typeof token === 'string' && this.sentIds.has(token) ? this.pending.get(token) : undefined;
    pending?.onProgress?.();
    return pending !== undefined;
  }

  private takeAnswer(message: Record<string, unknown>): boolean {
    if (message.method === 'notifications/progress') return this.takeProgress(message);
    if (!('result' in message || 'error' in message)) return false; // a server request or notification: the SDK's business
    const id = message.id;
    // Only ids we actually sent: an answer to an id we never used (guessed ahead, or invented) is a stray.
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

/** tools/call params with a progress token in `_meta` (params that are not an object are sent as they are). */
function withProgressToken(params: unknown, token: string): unknown {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return params;
  const meta = (params as { _meta?: unknown })._meta;
  return { ...params, _meta: { ...(typeof meta === 'object' && meta !== null ? meta : {}), progressToken: token } };
}

function outcomeOf(response: Record<string, unknown>): Outcome {
  if ('error' in response && response.error !== undefined) {
    const error = response.error as JsonRpcError;
    return { kind: 'error', error: typeof error === 'object' && error !== null ? error : { code: undefined, message: error } };
  }
  const result = response.result;
  return { kind: 'result', result: typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : { value: result } };
}

function closedOutcome(transport: WireTransport): Outcome {
  const error = transport.exit?.error;
  return { kind: 'closed', exitCode: transport.exit?.exitCode ?? null, signal: transport.exit?.signal ?? null, ...(error !== undefined ? { error } : {}), ...(transport.exit?.lostSession ? { lostSession: true as const } : {}) };
}

/** Stand-ins a request resolves with when its HTTP exchange ended without a JSON-RPC answer: the facts of that exchange. */
const httpOnly = new WeakMap<object, HttpFacts>();

/** The user's Authorization header value, whatever case they wrote its name in. */
function authorizationOf(target: HttpTarget): string | undefined {
  return Object.entries(target.headers ?? {}).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
}

/** What the session knows of an HTTP target for the probes: the resource's URL, and whether (and how) a token was given. */
function httpFactsOf(target: HttpTarget): Pick<SessionFacts, 'url' | 'authorized' | 'decoyAuthorization'> {
  const url = new URL(target.url);
  [url.search, url.hash, url.username, url.password] = ['', '', '', ''];
  const authorization = authorizationOf(target);
  return { url: url.href, ...(authorization !== undefined ? { authorized: true, decoyAuthorization: decoyAuthorization(authorization) } : {}) };
}

/** Was the handshake refused with HTTP 401 (the SDK's error, or our transport's, anywhere in the chain of causes)? */
function refusedUnauthorized(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 8; cause = cause.cause, depth++) {
    if (cause instanceof SdkHttpError && cause.status === 401) return true;
  }
  return false;
}

/** An HTTP answer that carried no JSON-RPC message: a failed connection, or a status with whatever body came. */
function httpOutcome(facts: HttpFacts): Outcome {
  if (facts.lostSession) return { kind: 'closed', exitCode: null, signal: null, error: facts.error ?? 'the session was lost', lostSession: true };
  if (facts.status === 0) return { kind: 'closed', exitCode: null, signal: null, error: facts.error ?? 'the connection failed' };
  return { kind: 'http', status: facts.status, contentType: facts.contentType, body: facts.text ?? '' };
}

/** The response, outcome and cut size of an answer (or of the stand-in for an HTTP answer without a message). */
function answerParts(answer: Record<string, unknown>): Pick<RawExchange, 'response' | 'outcome' | 'responseCut'> {
  const facts = httpOnly.get(answer);
  if (facts) return { outcome: httpOutcome(facts) };
  const cut = cutOf(answer);
  return { response: answer, outcome: outcomeOf(answer), ...(cut > 0 ? { responseCut: cut } : {}) };
}

export function describeOutcome(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'result':
      return 'a result';
    case 'error':
      return `JSON-RPC error ${String(outcome.error.code)}: ${String(outcome.error.message)}`;
    case 'timeout':
      return 'no answer before the timeout';
    case 'closed':
      return outcome.error !== undefined ? `the connection failed (${outcome.error})` : `the server exited (exit code ${outcome.exitCode ?? 'none'})`;
    case 'silent':
      return 'no answer (as a notification requires)';
    case 'http':
      return httpRefusal({ status: outcome.status, contentType: outcome.contentType, body: 'other', text: outcome.body });
  }
}
