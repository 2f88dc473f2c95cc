// A live, recorded connection to one MCP server: negotiate the era and version, list tools, send raw requests.
import type { Listed, ServerSurfaces, SessionFacts, ToolInfo } from './types.js';
import { isRecord } from '../util/guards.js';
import { CapLog } from '../transport/caps.js';
import { Throttle } from '../transport/throttle.js';
import type { Variant } from '../transport/wire.js';
import { Interrupted } from '../interrupt.js';
import { connect, HANDSHAKE_TIMEOUT_MS, SessionStartError, type Link, type SessionOptions } from './connect.js';
import { Correlator } from './correlate.js';
import { barrierMethodOf, describeOutcome, withEnvelope, type RawExchange } from './exchange.js';
import { recover, restart, withoutAuthorization } from './recover.js';
import { Sender } from './send.js';

export { SessionStartError, type SessionOptions } from './connect.js';
export { MAX_STRAYS } from './correlate.js';
export { describeOutcome, ID_PREFIX, type RawExchange } from './exchange.js';
export { MAX_PROGRESS_TIMEOUTS } from './send.js';

/** A tools/list that pages past this is not going to end. */
const MAX_LIST_PAGES = 100;

/**
 * A server we cannot restart (one at a URL) that stopped answering may only be busy: one long call can hold a
 * single-threaded server for half a minute (n8n-mcp on a 1 MB query). It gets a minute, three liveness checks of 20 s,
 * before it counts as gone; one that refuses the connection fails them at once.
 */
const BUSY_CHECKS = 3;
const BUSY_CHECK_MS = 20_000;

export class Session {
  restarts = 0;
  /** Why the server can no longer be probed (it died and could not be restarted), or null. */
  gone: string | null = null;

  private readonly link: Link;
  private readonly sender: Sender;

  private constructor(private readonly options: SessionOptions) {
    const caps = new CapLog();
    const correlator = new Correlator(options.signal, caps, (reason) => options.stop?.(new Interrupted('throttled', reason)));
    this.link = {
      options,
      handshakeTimeoutMs: options.handshakeTimeoutMs ?? Math.max(options.timeoutMs, HANDSHAKE_TIMEOUT_MS),
      caps,
      pace: new Throttle(),
      startedAt: Date.now(),
      correlator,
      noise: [],
      serverInfo: {},
      attempt: { initializeSent: false },
    };
    this.sender = new Sender(correlator, options.signal, () => this.link.facts);
  }

  static async open(options: SessionOptions): Promise<Session> {
    const session = new Session(options);
    const pin = options.protocolVersion;
    if ((await connect(session.link, pin)) === 'needs-token') await withoutAuthorization(session.link, pin);
    return session;
  }

  /** What the handshake settled, and what the probes are told of the target. */
  get facts(): SessionFacts {
    return this.link.facts!;
  }

  get serverInfo(): { name?: string; version?: string } {
    return this.link.serverInfo;
  }

  /** Caps on kept server output that were hit, each said once (for the report). */
  get caps(): CapLog {
    return this.link.caps;
  }

  private get wire() {
    return this.link.correlator.wire;
  }

  get stderr(): string {
    return this.wire.stderrText;
  }

  get running(): boolean {
    return this.wire.running;
  }

  /** The server no longer knows the session it issued (until a new session is started). */
  get lostSession(): boolean {
    return this.wire.exit?.lostSession === true;
  }

  /** How long the run waited because the server asked it to, and how many answers throttled it; undefined when it never waited. */
  get throttle(): { answers: number; waitedMs: number } | undefined {
    const { pace } = this.link;
    return pace.waitedMs > 0 ? { answers: pace.answers, waitedMs: pace.waitedMs } : undefined;
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
    const [answer] = await this.sender.inFlight([{ method, params }], timeoutMs, false, [], true);
    return answer;
  }

  /** Write several requests back to back without waiting, then wait for all of them. */
  async burst(requests: Array<{ method: string; params: unknown }>, timeoutMs = this.options.timeoutMs): Promise<RawExchange[]> {
    return this.sender.inFlight(requests, timeoutMs, true);
  }

  /**
   * Send a frame that cannot be answered by id (bad JSON, a notification): `{id}` in the text becomes a fresh id of
   * ours; then everything that comes back before the frame's exchange is over (a barrier's answer, or its own end) is collected.
   */
  async unanswerable(text: string, timeoutMs = this.options.timeoutMs): Promise<RawExchange> {
    return this.sender.unanswerable(text, timeoutMs);
  }

  /** Send one request that departs on purpose from what a client sends (see Variant), beside the session; its answer is this exchange's alone. */
  async variant(variant: Variant, timeoutMs = this.options.timeoutMs): Promise<RawExchange> {
    return this.sender.variant(variant, timeoutMs);
  }

  /**
   * A request that a server may drop without a word (malformed params, an unknown method): it goes out with a
   * barrier behind it, so silence costs one round trip instead of the whole timeout.
   */
  async requestOrSilence(method: string, params: unknown, timeoutMs = this.options.timeoutMs): Promise<RawExchange> {
    const frame: Record<string, unknown> = { jsonrpc: '2.0', id: '{id}', method };
    if (params !== undefined) frame.params = withEnvelope(params, this.link.facts);
    return this.unanswerable(JSON.stringify(frame), timeoutMs);
  }

  /** Send a notification (with the modern-era envelope when it applies): nothing may come back. */
  async notify(method: string, params: unknown, timeoutMs = this.options.timeoutMs): Promise<RawExchange> {
    const frame: Record<string, unknown> = { jsonrpc: '2.0', method };
    if (params !== undefined) frame.params = withEnvelope(params, this.link.facts);
    return this.unanswerable(JSON.stringify(frame), timeoutMs);
  }

  /** The request that proves the server has read everything before it: `ping`, or `tools/list` in the modern era. */
  get barrierMethod(): string {
    return barrierMethodOf(this.facts);
  }

  /** Output lines that were not JSON-RPC, since the last call. */
  takeNoise(): string[] {
    return this.link.noise.splice(0);
  }

  /** Does the server still answer? `ping` in the legacy era, `tools/list` in the modern era (which has no ping). */
  async isAlive(timeoutMs = Math.min(this.options.timeoutMs, 3000)): Promise<boolean> {
    if (!this.wire.running) return false;
    // Without a session (no token), the server's refusal is its answer: anything but no answer at all.
    if (this.facts.needsAuthorization) return !['timeout', 'closed', 'silent'].includes((await this.variant({ method: 'POST', message: { method: this.barrierMethod, params: {} } }, timeoutMs)).outcome.kind);
    const answer = await this.request(this.barrierMethod, {}, timeoutMs);
    return answer.outcome.kind === 'result' || answer.outcome.kind === 'error';
  }

  /** Replace a dead or stuck server with a fresh one at the same protocol version, or a lost session with a new one. */
  async restart(): Promise<void> {
    this.restarts++;
    await restart(this.link);
  }

  /**
   * Restart after a crash or hang. A server that is not ours to restart is first given time to answer again; one that
   * will not come back ends probing without ending the run.
   */
  async recover(): Promise<void> {
    if (this.wire.notRestarted !== null && (await this.answersAgain())) return;
    const gone = await recover(this.link, () => this.restart());
    if (gone !== null) this.gone = gone;
  }

  /** Does a server that stopped answering answer a liveness check again within BUSY_CHECKS of them? */
  private async answersAgain(): Promise<boolean> {
    for (let check = 0; check < BUSY_CHECKS; check++) {
      if (await this.isAlive(BUSY_CHECK_MS)) return true;
    }
    return false;
  }

  async close(): Promise<void> {
    await this.link.client?.close().catch(() => {});
    await this.link.correlator.wire?.close();
  }
}
