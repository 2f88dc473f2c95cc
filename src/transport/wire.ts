// What every wire transport (stdio, Streamable HTTP, legacy HTTP+SSE) offers the session, what sets them apart told as
// capabilities, and the parts they share: telling JSON-RPC messages from noise, cutting huge answers down before anything keeps them.
import type { Transport, JSONRPCMessage } from '@modelcontextprotocol/client';
import type { HttpFacts, Outcome } from '../exchange.js';
import type { HttpVariant } from '../probe-case.js';
import type { UserSupplied } from '../matchers/leaks.js';
import { formatSize, ownCopy, ownTail, type CapLog } from './caps.js';
import type { Frame } from './frame.js';

export type TransportKind = 'stdio' | 'http' | 'sse';

/** How a server process ended, or (HTTP) why the server can no longer be reached. */
export interface ExitInfo {
  exitCode: number | null;
  signal: string | null;
  /** HTTP: the network error that ended the connection (e.g. ECONNREFUSED). */
  error?: string;
  /** Streamable HTTP: the server answered 404 to the session id it issued; a client must start a new session. */
  lostSession?: true;
}

/** What a variant request came back with: the facts of its answer and the JSON-RPC messages it carried. */
export interface VariantAnswer {
  facts: HttpFacts;
  messages: Record<string, unknown>[];
  /** No answer, or not all of it, within the time given. */
  timedOut?: true;
}

/** A request that departs on purpose from what a client sends (no token, a foreign Origin, no Accept, a GET), sent beside the session. */
export type Variant = HttpVariant;

/** What the wire adds to the exchange of one frame; the session copies it into the exchange without looking inside. */
export interface ExchangeFacts {
  /** Over HTTP: how the answer came (status, content type, body kind). */
  http?: HttpFacts;
}

/** A variant request's exchange as the session keeps it: its facts, its messages, and its outcome when no message answers it. */
export interface VariantExchange {
  facts: ExchangeFacts;
  messages: Record<string, unknown>[];
  /** A refusal (a status with whatever body came), a failed connection, or a timeout. */
  outcome: Outcome;
}

/** The exchange of one frame of ours is over (where each request's exchange ends on its own, or a refusal ended it). */
export interface EndedExchange {
  /** How many JSON-RPC messages it brought. */
  messages: number;
  /** Errors with id null it brought: middleware (a rate limit, an auth check) refuses before it reads an id. */
  orphans: Record<string, unknown>[];
  /** What it came to when it brought no JSON-RPC message and its end is its answer; undefined when silence is. */
  outcome?: Outcome;
}

/** What the session hears from a wire about the frames it sends, given when the wire is opened. */
export interface WireHooks {
  /** The facts of the answer to the frame sent with `tag`, once its head is read. */
  onfacts: (tag: string, facts: ExchangeFacts) => void;
  onended: (tag: string, end: EndedExchange) => void;
  /** The frame sent with `tag` waits `ms` before it is sent (again): the server asked the run to slow down. */
  onheld: (tag: string, ms: number) => void;
  /** The server asked for more waiting than the run allows: the run must stop, for this reason. */
  onstop: (reason: string) => void;
}

export type { HttpFacts };

/** Messages the transport hands to a side channel instead of the SDK client (our raw requests' answers). */
export type Interceptor = (message: Record<string, unknown>) => boolean;

/** What the probes are told of the target, as the wire knows it (the session's facts carry it): what the user gave a process, or a URL and its token. */
export interface TargetFacts {
  /** What the user gave the server (command-line arguments, working directory); absent when not known. */
  userSupplied?: UserSupplied;
  /** Over Streamable HTTP: the server issued an `Mcp-Session-Id` at initialize. */
  sessionIssued?: boolean;
  /** Over HTTP: the user gave an `Authorization` header (a token), so what the server does without it or with a wrong one can be probed. */
  authorized?: boolean;
  /**
   * With `authorized`: an Authorization value of the user's scheme and of their token's shape (length, separators, letter
   * case, digits) that shares none of its letters or digits: the auth probe's wrong token.
   */
  decoyAuthorization?: string;
  /** Over HTTP: the server's URL without query, fragment or credentials, the resource an OAuth token is for (RFC 9728). */
  url?: string;
}

/**
 * A wire transport: the SDK client speaks through it during the handshake, the session writes raw frames through it
 * afterwards and reads every message the server sends through `intercept`. What differs between transports is told
 * here, so that the session above it never asks which one it was.
 */
export interface WireTransport extends Transport {
  intercept?: Interceptor;
  /** Called for each piece of server output that is not a JSON-RPC message (stdout noise). */
  onnoise?: (text: string) => void;
  readonly kind: TransportKind;
  readonly running: boolean;
  /** Set once the server ended (stdio) or was found unreachable (HTTP). */
  readonly exit: ExitInfo | null;
  readonly spawnError: Error | null;
  /** The tail of the server's stderr ('' over HTTP). */
  readonly stderrText: string;
  /** The start of the server's stdout, for start-up failures ('' over HTTP). */
  readonly stdoutHead: string;
  /**
   * Each request's exchange ends on its own (Streamable HTTP: its POST answered in full), told through WireHooks.onended: no
   * barrier is needed to know all it brought, and in the 2026-07-28 era closing it is the cancellation.
   */
  readonly hasPerRequestStream: boolean;
  /** What the probes are told of the target: what the user gave a process, or a URL and its token. */
  readonly targetFacts: TargetFacts;
  /** Why a server that stopped answering is not started anew, or null when a new connection replaces this one. */
  readonly notRestarted: string | null;
  whenExited(): Promise<ExitInfo>;
  whenDrained(ms?: number): Promise<void>;
  /** One request that departs on purpose from what a client sends, answered to the caller alone (see Variant). */
  sendVariant(request: Omit<Variant, 'message' | 'body'> & { text?: string; id?: string }, timeoutMs: number): Promise<VariantExchange>;
  /**
   * Write one frame as it is (stdio adds the newline that ends it). `tag` names it (our id for it) so that HTTP facts and a settled exchange can be told to
   * the session. Returns false when the frame was not sent and no answer can come.
   */
  sendRaw(frame: Frame, tag?: string): boolean;
  /** The session no longer waits for the frame sent with `tag`: an HTTP request still open is aborted. */
  release(tag: string): void;
  /** After a failed era probe: may the legacy handshake alone work (false where the client's own probe already fell back to it)? */
  legacyMayWork(error: unknown): boolean;
  /** The handshake was refused for want of a token the user did not give: the run goes on without a session. */
  refusedForWantOfToken(error: unknown): boolean;
  /** Why start-up failed, told by what the server showed (its stdout, its exit, its telling stderr lines, its refusal). */
  startupFailure(error: unknown, timeoutMs: number): Promise<string>;
  /** How a failed attempt to replace this connection is told. */
  restartFailure(reason: string): string;
}

/** A stdout line longer than this is no JSON-RPC message we can use: it is recorded as noise and dropped. */
export const MAX_LINE_CHARS = 8 * 1024 * 1024;
/** An answer longer than this has its long strings cut before it is kept for grading. */
export const MAX_ANSWER_KEPT_CHARS = 128 * 1024;
/** The most kept of one string of an answer: enough for every rule (an echo is a 1,000-character run; the size of what is cut is still graded). */
const MAX_ANSWER_STRING_CHARS = 64 * 1024;
/** The most kept of one array of an answer. */
const MAX_ANSWER_ITEMS = 1000;

/** How much of an answer was cut before grading (its long strings and arrays), keyed by the parsed message. */
const answerCuts = new WeakMap<object, number>();

/** Characters cut from this answer's strings (and JSON of array items) before it was kept, or 0. */
export function cutOf(message: object | undefined): number {
  return message === undefined ? 0 : (answerCuts.get(message) ?? 0);
}

/** A JSON-RPC member, or an error object: an OAuth error body (`{"error": "invalid_token"}`) is no JSON-RPC message. */
const looksJsonRpc = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
  && (['jsonrpc', 'id', 'method', 'result'].some((key) => key in value) || typeof (value as { error?: unknown }).error === 'object');

/**
 * The JSON-RPC messages in one frame of server output (a batch answer gives each of its members), or null when the
 * frame is no JSON-RPC message: not JSON, or JSON that is not (a JSON log line such as {"level":30,"msg":...}).
 */
export function messagesOf(text: string): Record<string, unknown>[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const messages = Array.isArray(parsed) && parsed.length > 0 && parsed.every(looksJsonRpc) ? parsed : [parsed];
  return messages.every(looksJsonRpc) ? (messages as Record<string, unknown>[]) : null;
}

/** Hand messages parsed from a frame of `chars` characters to the session (or else the SDK client), huge ones cut first. */
export function deliver(transport: WireTransport, messages: Record<string, unknown>[], chars: number, caps: CapLog): void {
  keepBounded(messages, chars, caps);
  for (const message of messages) if (!transport.intercept?.(message)) transport.onmessage?.(message as JSONRPCMessage);
}

/** Cut, in place, the long strings and arrays of the messages of a frame of `chars` characters, when it is huge. */
export function keepBounded(messages: Record<string, unknown>[], chars: number, caps: CapLog): void {
  if (chars > MAX_ANSWER_KEPT_CHARS) for (const message of messages) boundMessage(message, caps);
}

/** Cut the long strings and arrays of a huge answer before anything keeps it; how much was cut is remembered. */
function boundMessage(message: Record<string, unknown>, caps: CapLog): void {
  const budget = { left: MAX_ANSWER_KEPT_CHARS, cut: 0 };
  boundValue(message, budget, 0);
  if (budget.cut === 0) return;
  answerCuts.set(message, budget.cut);
  caps.hit('answer', budget.cut, (times, amount) =>
    `answers: ${times} answer(s) longer than ${formatSize(MAX_ANSWER_KEPT_CHARS)} had ${formatSize(amount)} of long strings or arrays cut before grading (the sizes cut are still graded)`);
}

/** Cut, in place, strings and arrays of a parsed answer past its budget; counts what was cut in `budget.cut`. */
function boundValue(value: unknown, budget: { left: number; cut: number }, depth: number): unknown {
  if (typeof value === 'string') {
    const keep = Math.min(value.length, MAX_ANSWER_STRING_CHARS, Math.max(budget.left, 1024));
    budget.left -= keep;
    if (keep === value.length) return value;
    budget.cut += value.length - keep;
    // Head and tail: a server that echoes a huge value often ends its message with the hint that matters.
    const head = Math.ceil(keep / 2);
    return `${ownCopy(value, head)}…[${value.length - keep} characters cut by mcp-errlint]…${ownTail(value, keep - head)}`;
  }
  if (typeof value !== 'object' || value === null || depth > 64) return value;
  if (Array.isArray(value)) {
    if (value.length > MAX_ANSWER_ITEMS) {
      budget.cut += JSON.stringify(value.slice(MAX_ANSWER_ITEMS))?.length ?? 0;
      value.length = MAX_ANSWER_ITEMS;
    }
    for (let i = 0; i < value.length; i++) value[i] = boundValue(value[i], budget, depth + 1);
    return value;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = boundValue(record[key], budget, depth + 1);
  return value;
}
