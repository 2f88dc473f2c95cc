// The exchange of one frame as the session records it, and how an answer (or the lack of one) becomes its outcome.
import { CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/client';
import type { JsonRpcError, Outcome } from '../exchange.js';
import type { SessionFacts } from './types.js';
import { cutOf, type ExchangeFacts, type WireTransport } from '../transport/wire.js';
import { describeRefusal } from '../transport/refusal.js';
import { TOOL_VERSION } from '../version.js';

/** Every request id of ours is this and a number, counted per session (how many came before it, not the input). */
export const ID_PREFIX = 'errlint-';

export const CLIENT_INFO = { name: 'mcp-errlint', version: TOOL_VERSION };

/** What one raw request produced on the wire; the wire's own facts of it (ExchangeFacts) are copied as they came. */
export interface RawExchange extends ExchangeFacts {
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
}

/** Stand-ins a request resolves with when its exchange ended without a JSON-RPC answer: what that end came to. */
const standIns = new WeakMap<object, Outcome>();

/** A stand-in answer for an exchange that ended as `outcome` without a JSON-RPC message. */
export function standIn(outcome: Outcome): Record<string, unknown> {
  const marker = {};
  standIns.set(marker, outcome);
  return marker;
}

export function isStandIn(answer: Record<string, unknown>): boolean {
  return standIns.has(answer);
}

/** The response, outcome and cut size of an answer (or the outcome of a stand-in). */
export function answerParts(answer: Record<string, unknown>): Pick<RawExchange, 'response' | 'outcome' | 'responseCut'> {
  const ended = standIns.get(answer);
  if (ended) return { outcome: ended };
  const cut = cutOf(answer);
  return { response: answer, outcome: outcomeOf(answer), ...(cut > 0 ? { responseCut: cut } : {}) };
}

function outcomeOf(response: Record<string, unknown>): Outcome {
  if ('error' in response && response.error !== undefined) {
    const error = response.error as JsonRpcError;
    return { kind: 'error', error: typeof error === 'object' && error !== null ? error : { code: undefined, message: error } };
  }
  const result = response.result;
  return { kind: 'result', result: typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : { value: result } };
}

export function closedOutcome(wire: WireTransport): Outcome {
  const error = wire.exit?.error;
  return { kind: 'closed', exitCode: wire.exit?.exitCode ?? null, signal: wire.exit?.signal ?? null, ...(error !== undefined ? { error } : {}), ...(wire.exit?.lostSession ? { lostSession: true as const } : {}) };
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
    default:
      return describeRefusal(outcome);
  }
}

/** The request that proves the server has read everything before it: `ping`, or `tools/list` in the modern era. */
export function barrierMethodOf(facts: SessionFacts): string {
  return facts.era === 'modern' ? 'tools/list' : 'ping';
}

/** The modern era requires the protocol version and client info and capabilities in every request's _meta. */
export function withEnvelope(params: unknown, facts: SessionFacts | undefined): unknown {
  if (facts?.era !== 'modern' || typeof params !== 'object' || params === null || Array.isArray(params)) return params;
  const meta = (params as { _meta?: Record<string, unknown> })._meta ?? {};
  return {
    ...params,
    _meta: {
      [PROTOCOL_VERSION_META_KEY]: facts.protocolVersion,
      [CLIENT_INFO_META_KEY]: CLIENT_INFO,
      [CLIENT_CAPABILITIES_META_KEY]: {},
      ...meta,
    },
  };
}

/** tools/call params with a progress token in `_meta` (params that are not an object are sent as they are). */
export function withProgressToken(params: unknown, token: string): unknown {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return params;
  const meta = (params as { _meta?: unknown })._meta;
  return { ...params, _meta: { ...(typeof meta === 'object' && meta !== null ? meta : {}), progressToken: token } };
}
