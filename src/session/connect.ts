// Connecting to the server: open the wire, negotiate the era and version (or pin one) within one start-up deadline,
// retry as legacy when the era probe is what failed, and tell a start-up failure by what the server showed.
import { Client, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/client';
import type { ProtocolEra } from '../types.js';
import type { SessionFacts } from './types.js';
import type { ServerTarget } from '../target/target.js';
import { ownCopy, type CapLog } from '../transport/caps.js';
import { openWire } from '../transport/open.js';
import { HandshakeTimeout } from '../transport/startup.js';
import type { Throttle } from '../transport/throttle.js';
import type { WireTransport } from '../transport/wire.js';
import { MODERN_ERA_SINCE, versionAtLeast } from '../protocol-version.js';
import { Interrupted, interruptionOf, throwIfInterrupted } from '../interrupt.js';
import type { Correlator } from './correlate.js';
import { CLIENT_INFO } from './exchange.js';

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

/** The server could not be started or did not complete the handshake: the run cannot go on (exit 2). */
export class SessionStartError extends Error {
  constructor(message: string, readonly stderr: string) {
    super(message);
  }
}

/** What the parts of a session share: its options and parts, and what the latest handshake settled. */
export interface Link {
  readonly options: SessionOptions;
  readonly handshakeTimeoutMs: number;
  /** Caps on kept server output that were hit, each said once (for the report). */
  readonly caps: CapLog;
  /** The pace the server asked for, kept across the connections of the run (a lost session is started anew). */
  readonly pace: Throttle;
  readonly startedAt: number;
  /** Matches what the server sends to our frames; holds the wire of the latest connection. */
  readonly correlator: Correlator;
  /** Server output that was no JSON-RPC message, since the last call (a few copied lines). */
  noise: string[];
  client?: Client;
  facts?: SessionFacts;
  serverInfo: { name?: string; version?: string };
  /** The latest handshake attempt: whether the legacy handshake went out tells a failed era probe from a failed initialize. */
  attempt: { initializeSent: boolean };
}

/** When start-up is given up (a performance.now() time); `hear` moves it once, at the server's first JSON-RPC message. */
export interface HandshakeDeadline {
  at: number;
  heard: boolean;
  hear: () => void;
  /** Set by the attempt under way, to rearm its timer. */
  onMove: () => void;
}

/**
 * The era probe goes out as the process starts, so its wait includes the server's start-up (an SDK server on a busy
 * machine can take seconds): a short per-call timeout must not turn a modern server into a legacy one.
 */
const DISCOVER_TIMEOUT_MS = 5000;
/** The handshake also waits out start-up (npx, interpreters), so it never gets less than this. */
export const HANDSHAKE_TIMEOUT_MS = 10_000;

/** Non-JSON-RPC output lines kept per call (stdout-clean quotes the first), and the most kept of each. */
const MAX_NOISE_LINES = 20;
const MAX_NOISE_LINE_CHARS = 1024;

/**
 * Start and handshake within one handshake timeout; the first JSON-RPC message from the server proves it speaks the
 * protocol and restarts that timeout once (a busy server gets the time it had before). A server that exits during the
 * server/discover probe (some end at an unknown first request), or answers it in a way the client cannot use, is
 * retried once as legacy, within the same time; a silent one, or one whose legacy handshake failed, is not.
 * 'needs-token': the handshake was refused for want of a token the user did not give.
 */
export async function connect(link: Link, pin: string | undefined): Promise<'connected' | 'needs-token'> {
  const deadline = handshakeDeadline(link);
  try {
    await connectOnce(link, pin, pin === undefined ? 'auto' : undefined, deadline);
  } catch (error) {
    const wire = link.correlator.wire;
    if (error instanceof Interrupted) {
      void wire.close();
      throw error;
    }
    const legacyMayWork = pin === undefined && !link.attempt.initializeSent && wire.legacyMayWork(error);
    if (!legacyMayWork && wire.refusedForWantOfToken(error)) return 'needs-token';
    if (!legacyMayWork) throw await startError(link, error);
    await wire.close(); // ends what the first process may have started
    await connectOnce(link, undefined, 'legacy', deadline).catch(async (retryError) => {
      throw retryError instanceof Interrupted ? retryError : await startError(link, retryError);
    });
  }
  return 'connected';
}

/** When a handshake (and its retry) is given up: one timeout from now, moved once by the server's first JSON-RPC message. */
export function handshakeDeadline(link: Link): HandshakeDeadline {
  const deadline: HandshakeDeadline = {
    at: performance.now() + link.handshakeTimeoutMs,
    heard: false,
    onMove: () => {},
    hear: () => {
      if (deadline.heard) return;
      deadline.heard = true;
      deadline.at = performance.now() + link.handshakeTimeoutMs;
      deadline.onMove();
    },
  };
  return deadline;
}

/** One start and handshake, given up at the deadline. */
export async function connectOnce(link: Link, pin: string | undefined, mode: 'auto' | 'legacy' | undefined, deadline: HandshakeDeadline): Promise<void> {
  const { options, caps, correlator } = link;
  const wire: WireTransport = openWire(options.target, { caps, startedAt: link.startedAt, handshakeTimeoutMs: link.handshakeTimeoutMs, pace: link.pace }, correlator.hooks);
  correlator.watch(wire);
  const attempt = { initializeSent: false };
  link.attempt = attempt;
  // No frame log: nothing reads one. Noise is kept (stdout-clean grades it), a few copied lines per call.
  wire.onnoise = (text) => {
    if (link.noise.length < MAX_NOISE_LINES) link.noise.push(ownCopy(text, MAX_NOISE_LINE_CHARS));
    else caps.hit('noise', 1, (times) => `server stdout: ${times} non-JSON-RPC line(s) beyond the first ${MAX_NOISE_LINES} of a call were counted, not kept`);
  };
  wire.intercept = (message) => {
    deadline.hear();
    return correlator.take(message);
  };
  const send = wire.send.bind(wire);
  wire.send = (message) => {
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
      probe: { timeoutMs: Math.min(Math.max(options.timeoutMs, DISCOVER_TIMEOUT_MS), remaining()) },
    },
  });
  client.onerror = () => {}; // protocol noise during probing is recorded as frames; the verdicts come from rules
  link.client = client;
  const died = wire.whenExited().then((exit) => {
    throw new Error(exit.error !== undefined ? `${exit.error} during the handshake` : `server exited during the handshake (exit code ${exit.exitCode ?? 'none'}${exit.signal ? `, signal ${exit.signal}` : ''})`);
  });
  died.catch(() => {});
  const { signal } = options;
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
    await Promise.race([client.connect(wire, { timeout: link.handshakeTimeoutMs }), died, interrupted, timedOut]);
  } finally {
    clearTimeout(timer);
    deadline.onMove = () => {};
  }
  const version = client.getNegotiatedProtocolVersion() ?? pin ?? 'unknown';
  const era: ProtocolEra = client.getProtocolEra() === 'modern' ? 'modern' : 'legacy';
  wire.setProtocolVersion?.(version);
  link.facts = {
    protocolVersion: version,
    era,
    capabilities: { ...(client.getServerCapabilities() ?? {}) },
    transport: wire.kind,
    timeoutMs: options.timeoutMs,
    ...wire.targetFacts,
  };
  const info = client.getServerVersion();
  link.serverInfo = { name: info?.name, version: info?.version };
}

/** The start-up failure, told by what the server showed; the server is ended. */
async function startError(link: Link, error: unknown): Promise<SessionStartError> {
  const wire = link.correlator.wire;
  const cause = await wire.startupFailure(error, link.handshakeTimeoutMs);
  void wire.close();
  return new SessionStartError(cause, wire.stderrText);
}
