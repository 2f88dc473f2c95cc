// A live, recorded connection to one MCP server: negotiate the era and version, list tools, send raw requests.
import {
  Client,
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/client';
import type { Outcome, ProtocolEra, SessionFacts, ToolInfo, JsonRpcError } from '../types.js';
import { RecordingStdioTransport, type Frame, type StdioTarget } from './stdio-transport.js';
import { TOOL_VERSION } from '../version.js';

export interface SessionOptions {
  target: StdioTarget;
  /** Pin one protocol version instead of negotiating the newest the server speaks. */
  protocolVersion?: string;
  timeoutMs: number;
}

/** What one raw request produced on the wire. */
export interface RawExchange {
  request: Record<string, unknown>;
  response?: Record<string, unknown>;
  outcome: Outcome;
  elapsedMs: number;
}

/** The server could not be started or did not complete the handshake: the run cannot go on (exit 2). */
export class SessionStartError extends Error {
  constructor(message: string, readonly stderr: string) {
    super(message);
  }
}

const CLIENT_INFO = { name: 'mcp-errlint', version: TOOL_VERSION };
const MODERN_FIRST = '2026-07-28';

interface Pending {
  resolve: (message: Record<string, unknown>) => void;
}

export class Session {
  facts!: SessionFacts;
  serverInfo: { name?: string; version?: string } = {};
  /** Frames of every process this session started, oldest first (restarts append). */
  readonly frames: Frame[] = [];
  restarts = 0;
  /** Why the server can no longer be probed (it died and could not be restarted), or null. */
  gone: string | null = null;

  private transport!: RecordingStdioTransport;
  private client!: Client;
  private readonly pending = new Map<string, Pending>();
  private nextId = 1;
  private readonly startedAt = Date.now();

  private constructor(private readonly options: SessionOptions) {}

  static async open(options: SessionOptions): Promise<Session> {
    const session = new Session(options);
    await session.connect(options.protocolVersion);
    return session;
  }

  get stderr(): string {
    return this.transport.stderrText;
  }

  get running(): boolean {
    return this.transport.running;
  }

  /** Spawn and handshake; a server that closes during the server/discover probe is retried once as legacy. */
  private async connect(pin: string | undefined): Promise<void> {
    try {
      await this.connectOnce(pin, pin === undefined ? 'auto' : undefined);
    } catch (error) {
      if (pin !== undefined || this.transport.spawnError) throw this.startError(error);
      await this.connectOnce(undefined, 'legacy').catch((retryError) => {
        throw this.startError(retryError);
      });
    }
  }

  private async connectOnce(pin: string | undefined, mode: 'auto' | 'legacy' | undefined): Promise<void> {
    const transport = new RecordingStdioTransport(this.options.target, this.startedAt);
    this.transport = transport;
    transport.onframe = (frame) => this.frames.push(frame);
    transport.intercept = (message) => this.takeAnswer(message);
    const modern = pin !== undefined && pin >= MODERN_FIRST;
    const client = new Client(CLIENT_INFO, {
      capabilities: {},
      supportedProtocolVersions: pin === undefined ? [...SUPPORTED_PROTOCOL_VERSIONS] : [pin],
      versionNegotiation: {
        mode: modern ? { pin: pin! } : (mode ?? 'legacy'),
        probe: { timeoutMs: Math.min(this.options.timeoutMs, 5000) },
      },
    });
    client.onerror = () => {}; // protocol noise during probing is recorded as frames; the verdicts come from rules
    this.client = client;
    const died = transport.whenExited().then((exit) => {
      throw new Error(`server exited during the handshake (exit code ${exit.exitCode ?? 'none'}${exit.signal ? `, signal ${exit.signal}` : ''})`);
    });
    died.catch(() => {});
    await Promise.race([client.connect(transport, { timeout: this.options.timeoutMs }), died]);
    const version = client.getNegotiatedProtocolVersion() ?? pin ?? 'unknown';
    const era: ProtocolEra = client.getProtocolEra() === 'modern' ? 'modern' : 'legacy';
    this.facts = { protocolVersion: version, era, transport: 'stdio', timeoutMs: this.options.timeoutMs };
    const info = client.getServerVersion();
    this.serverInfo = { name: info?.name, version: info?.version };
  }

  private startError(error: unknown): SessionStartError {
    const transport = this.transport;
    let cause = error instanceof Error ? error.message : String(error);
    if (transport.spawnError) cause = `could not start '${this.options.target.command}': ${transport.spawnError.message}`;
    else if (/timed? ?out/i.test(cause) && transport.running) cause = `the server did not complete the handshake within ${this.options.timeoutMs} ms (is it an MCP stdio server?)`;
    const lastStderr = transport.stderrText.trim().split('\n').slice(-1)[0];
    if (lastStderr) cause += ` (server stderr: ${lastStderr.slice(0, 200)})`;
    void transport.close();
    return new SessionStartError(cause, transport.stderrText);
  }

  /** List every tool, following pagination; raw so that odd but usable tool entries are kept. */
  async listTools(): Promise<ToolInfo[]> {
    const tools: ToolInfo[] = [];
    const seenCursors = new Set<string>();
    let cursor: string | undefined;
    do {
      const answer = await this.request('tools/list', cursor === undefined ? {} : { cursor });
      if (answer.outcome.kind !== 'result') throw new SessionStartError(`tools/list failed: ${describeOutcome(answer.outcome)}`, this.stderr);
      const result = answer.outcome.result;
      for (const tool of Array.isArray(result.tools) ? result.tools : []) {
        if (tool && typeof tool === 'object' && typeof tool.name === 'string') tools.push(tool as ToolInfo);
      }
      cursor = typeof result.nextCursor === 'string' && result.nextCursor !== '' ? result.nextCursor : undefined;
      if (cursor !== undefined && seenCursors.has(cursor)) break; // a server that repeats its cursor would loop forever
      if (cursor !== undefined) seenCursors.add(cursor);
    } while (cursor !== undefined);
    return tools;
  }

  /** Send a raw JSON-RPC request (never through the SDK's callTool, which validates locally). */
  async request(method: string, params: unknown, timeoutMs = this.options.timeoutMs): Promise<RawExchange> {
    const id = `errlint-${this.nextId++}`;
    const request: Record<string, unknown> = { jsonrpc: '2.0', id, method };
    if (params !== undefined) request.params = this.withEnvelope(params);
    const started = performance.now();
    const transport = this.transport;
    if (!transport.running) {
      return { request, outcome: closedOutcome(transport), elapsedMs: 0 };
    }
    const answer = new Promise<Record<string, unknown> | 'closed'>((resolve) => {
      this.pending.set(id, { resolve });
      transport.whenExited().then(() => resolve('closed'));
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    transport.sendRaw(JSON.stringify(request) + '\n');
    const settled = await Promise.race([answer, timeout]);
    clearTimeout(timer);
    this.pending.delete(id);
    const elapsedMs = Math.round(performance.now() - started);
    if (settled === 'timeout') return { request, outcome: { kind: 'timeout' }, elapsedMs };
    if (settled === 'closed') return { request, outcome: closedOutcome(transport), elapsedMs };
    return { request, response: settled, outcome: outcomeOf(settled), elapsedMs };
  }

  /** Does the server still answer? `ping` in the legacy era, `tools/list` in the modern era (which has no ping). */
  async isAlive(timeoutMs = Math.min(this.options.timeoutMs, 3000)): Promise<boolean> {
    if (!this.transport.running) return false;
    const answer = await this.request(this.facts.era === 'modern' ? 'tools/list' : 'ping', {}, timeoutMs);
    return answer.outcome.kind === 'result' || answer.outcome.kind === 'error';
  }

  /** Replace a dead or stuck server process with a fresh one at the same protocol version. */
  async restart(): Promise<void> {
    this.restarts++;
    await this.transport.close();
    const pin = this.facts.protocolVersion;
    await this.connectOnce(pin, 'legacy');
  }

  /** Restart after a crash or hang; a server that will not come back ends probing without ending the run. */
  async recover(): Promise<void> {
    try {
      await this.restart();
    } catch (error) {
      this.gone = `the server could not be restarted (${error instanceof Error ? error.message : String(error)})`;
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

  private takeAnswer(message: Record<string, unknown>): boolean {
    const id = message.id;
    if (typeof id !== 'string' || !('result' in message || 'error' in message)) return false;
    const pending = this.pending.get(id);
    if (!pending) return id.startsWith('errlint-'); // a late answer to a request we gave up on
    pending.resolve(message);
    return true;
  }
}

function outcomeOf(response: Record<string, unknown>): Outcome {
  if ('error' in response && response.error !== undefined) {
    const error = response.error as JsonRpcError;
    return { kind: 'error', error: typeof error === 'object' && error !== null ? error : { code: undefined, message: error } };
  }
  const result = response.result;
  return { kind: 'result', result: typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : { value: result } };
}

function closedOutcome(transport: RecordingStdioTransport): Outcome {
  return { kind: 'closed', exitCode: transport.exit?.exitCode ?? null, signal: transport.exit?.signal ?? null };
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
      return `the server exited (exit code ${outcome.exitCode ?? 'none'})`;
  }
}
