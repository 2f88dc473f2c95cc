// The exchange: one request sent and everything the server did about it (its outcome, HTTP facts, repair record).
import type { ProbeKind, JsonSchema } from './types.js';
import type { ProbeCase } from './probe-case.js';

/** What one HTTP exchange looked like on the wire (absent on stdio). */
export interface HttpFacts {
  /** The HTTP status, or 0 when the connection failed before one came. */
  status: number;
  contentType: string | null;
  /** How the body came: JSON, an SSE stream, nothing, or something that is no JSON-RPC message (`text` holds its start). */
  body: 'json' | 'sse' | 'empty' | 'other';
  /** The start of a body that is no JSON-RPC message (an HTML error page, a plain-text refusal). */
  text?: string;
  /** Response headers a rule may read (retry-after, www-authenticate, location); lower-case names. */
  headers?: Record<string, string>;
  /** The network error that ended the exchange (ECONNRESET, ECONNREFUSED, …). */
  error?: string;
  /** The answer was a 404 to a request that carried the session id the server issued: the server no longer knows the session. */
  lostSession?: true;
  /** Answers that throttled this request (429, or 503 with Retry-After) before the one kept: each was waited out and the request resent. */
  throttled?: ThrottleEvent[];
}

/** One throttled answer to a request, before it was resent. */
export interface ThrottleEvent {
  status: number;
  /** The Retry-After header as sent; absent when the answer had none. */
  retryAfter?: string;
  /** How long the request waited before it was resent. */
  waitMs: number;
}

export interface JsonRpcError {
  code: unknown;
  message: unknown;
  data?: unknown;
}

/** How a request ended, as observed on the wire. */
export type Outcome =
  | { kind: 'result'; result: Record<string, unknown> }
  | { kind: 'error'; error: JsonRpcError }
  | { kind: 'timeout' }
  /**
   * The server process exited, or (HTTP) the connection failed with `error` before an answer came, or (Streamable HTTP)
   * the server no longer knew the session it issued (`lostSession`: a 404 to a request that carried its Mcp-Session-Id).
   */
  | { kind: 'closed'; exitCode: number | null; signal: string | null; error?: string; lostSession?: true }
  /** Nothing came back before the barrier request was answered (right for a notification). */
  | { kind: 'silent' }
  /** HTTP: the server answered with an HTTP status and no JSON-RPC message (an HTML error page, an empty 404). */
  | { kind: 'http'; status: number; contentType: string | null; body: string };

/** Where an exchange sits in a burst of requests that were in flight together, and how the burst went. */
export interface BurstPosition {
  /** This request's place in the burst, from 0. */
  index: number;
  size: number;
  /**
   * How every request of the burst ended, in burst order (this one included): what tells a lost answer (the others
   * were answered, this one never) from a slow server (every answer late). Absent when not recorded.
   */
  members?: Array<{ outcome: Outcome['kind']; elapsedMs: number }>;
}

/** What kind of failure the repair agent met (rulebook §9). */
export type RecoveryCategory = 'validation' | 'unknown-tool' | 'transient' | 'business';

/**
 * The three outcomes of a decision (rulebook §9): recovered; not recoverable (the answer gives an agent nothing, or the
 * advice it gives is refused for the same reason when followed), the only one that is a finding; undetermined (the answer
 * names something the agent could not turn into a call), counted and shown, never a finding, out of the rate.
 */
export type RepairResult = 'recovered' | 'not-recoverable' | 'undetermined';

/**
 * Why a decision is left out of the rate whatever its result: an unknown tool (fixed from tools/list); the server's own
 * upstream down, a program it runs missing, a credential or setting it lacks (the sandbox and its setup, not the server).
 */
export type OutOfRate = 'unknown-tool' | 'upstream' | 'runtime' | 'configuration';

/** How the repair agent's attempt on one refused call ended. */
export interface RepairOutcome {
  category: RecoveryCategory;
  result: RepairResult;
  /** result === 'recovered': the agent built a call the judge accepts (by the schema, or by the server's answer), or stopped where stopping is right. */
  recovered: boolean;
  /** Left out of the rate (and never a finding), and why. */
  outOfRate?: OutOfRate;
  /** For an undetermined decision: what the answer names that the agent could not act on, as a short cause (the report's table of causes). */
  cause?: string;
  /** The server was sent the repaired call and accepted it. */
  confirmed: boolean;
  /** The try that recovered it, from 1 (Repair@1). */
  attempt?: number;
  /** A transient failure retried without a stated delay (a backoff guess). */
  blind?: true;
  /** A retry the answer gave no ground for: it said neither that the failure passes nor that it is final. */
  wasted?: true;
  /** How it ended, in one line. */
  verdict: string;
}

/** One turn of the repair agent: what it read, the call it made of it, the judge's verdict and the server's answer. */
export interface RepairStep {
  /** What the agent understood of the answer it read, in one line. */
  understood: string;
  /** The call it made (arguments abbreviated); absent when it made none. */
  call?: { name: string; arguments: unknown };
  /** The input schema's verdict on that call. */
  schema?: 'valid' | 'invalid' | 'unknown';
  /** Why the call was not sent, when it was not. */
  notSent?: string;
  /** How long it waited before sending (a transient failure). */
  waitedMs?: number;
  /** The server's answer to it, in one line. */
  answer?: string;
}

/** One decision of the repair agent, as the onRepair callback gets it: the refused call, the answer and what the agent made of it. */
export interface RepairDecision {
  tool: string;
  probe: ProbeKind;
  /** The probe's label of the refused input. */
  label: string;
  /** The refused call's tool name and arguments (long values abbreviated). */
  call: { name: string; arguments: unknown };
  /** The answer frame the agent read (long values abbreviated, at most 2,000 characters of JSON). */
  answer: string;
  record: RepairRecord;
}

/** The repair agent's whole attempt on one refused call: its outcome and the transcript. */
export interface RepairRecord extends RepairOutcome {
  steps: RepairStep[];
}

/** One request we sent and everything the server did about it. Rules grade these and nothing else. */
export interface Exchange {
  /** Position in the run, from 1. */
  seq: number;
  /** The tool under test (NO_TOOL for the unknown-tool probe). */
  tool: string;
  probe: ProbeKind;
  case: ProbeCase;
  /** fast-check path of this input inside its (tool, probe) run; replays it with the same seed. */
  path: string;
  /** The JSON-RPC request frame exactly as sent. */
  request: Record<string, unknown>;
  /** The JSON-RPC response frame exactly as received (absent on timeout/closed). */
  response?: Record<string, unknown>;
  outcome: Outcome;
  elapsedMs: number;
  /** Set when a liveness check followed this exchange: did the server still answer? */
  alive?: boolean;
  /** Set with `alive: false` when the liveness check found that the server no longer knew the session it issued (Streamable HTTP). */
  lostSession?: true;
  /** Responses that arrived while this exchange was in flight and answered no request we were waiting on. */
  unmatched?: Record<string, unknown>[];
  /** How many responses carried this exchange's id (more than 1: answered twice). */
  answers?: number;
  /** Characters of the response's long strings and arrays cut before it was kept (it was larger by this much). */
  responseCut?: number;
  /** stdout lines that were not JSON-RPC messages, seen since the previous exchange (or the handshake). */
  noise?: string[];
  /** For a burst: this exchange's place among requests that were in flight together. */
  burst?: BurstPosition;
  /** Progress notifications the server sent for this call (each one pushed its deadline back). */
  progress?: number;
  /** Cancelled by us while still reporting progress (outcome timeout): long-running by design, not hung. */
  cancelled?: true;
  /**
   * A timeout or crash is sent again once, alone, before it counts: did it happen again? A failure that does not
   * reproduce is flaky (a loaded machine, a stalled lookup) and is reported as a note.
   */
  recheck?: { reproduced: boolean; elapsedMs: number };
  /** The tool's declared outputSchema, if any (for output-schema-conformance). */
  outputSchema?: JsonSchema;
  /**
   * The tool's declared top-level input properties. An answer that says one of them is at fault points at an argument
   * to change even when the probe aimed elsewhere: the server may have found its base call wanting first.
   */
  inputProperties?: string[];
  /** The tool's declared inputSchema (the same object the tool list holds): what the answer's words are read against. */
  inputSchema?: JsonSchema;
  /** Over HTTP: the status, content type and kind of body of the answer to this request. */
  http?: HttpFacts;
  /** How the control of an HTTP variant (the same request without a token, sent just before it) was answered. */
  control?: { outcome: Outcome['kind']; status: number };
  /** The RFC 9728 discovery of a 'metadata' delivery. */
  discovery?: Discovery;
  /** Once graded: the ids of the rules whose appliesTo held for it (its checks). */
  applies?: readonly string[];
  /** The repair agent's attempt on this refused call, when it made one. */
  repair?: RepairRecord;
}

/** RFC 9728 discovery as the auth probe made it, the way an MCP client does. */
export interface Discovery {
  /** The status of the request without a token, and the resource_metadata its Bearer challenge named (as written). */
  challenge: { status: number; resourceMetadata?: string };
  /** Each metadata URL asked, in order: its path on the server's origin, how it was found, and the answer's status. */
  tried: Array<{ path: string; via: 'resource_metadata' | 'well-known'; status: number }>;
  /** A resource_metadata on another origin: never asked (mcp-errlint talks to the server's origin only). */
  foreign?: string;
}
