// What the server did with one request, in one line: `isError result: "…"`, `JSON-RPC error with -32602 …: "…"`, a timeout.
import type { Exchange } from '../types.js';
import { answerKind, describeErrorCode, errorText, isBlank, resultText, snippet } from '../matchers/surface.js';
import { describeOutcome, ID_PREFIX, type RawExchange } from './session.js';
import { createHash } from 'node:crypto';

/** The JSON-RPC method of the request an exchange sent; null for a raw frame that names none (bad JSON, a batch). */
export function methodOf(exchange: Exchange): string | null {
  const method = (exchange.request as { method?: unknown }).method;
  return typeof method === 'string' ? method : null;
}

/** The line an exchange sent when it was no JSON (bad JSON, an HTTP body): the session keeps it as `{ raw }`. */
export function rawLineOf(exchange: Pick<Exchange, 'request'>): string | undefined {
  const { request } = exchange;
  return !Array.isArray(request) && Object.keys(request).length === 1 && typeof request.raw === 'string' ? request.raw : undefined;
}

/** Frame text with each request id of ours written `{id}`, as probes write their frames: an id says when, not what, was sent. */
export function withoutOurIds(text: string): string {
  return text.replace(OUR_ID, '"{id}"');
}

const OUR_ID = new RegExp(`"${ID_PREFIX}\\d+"`, 'g');

/** What the server did, in one line (not redacted: the report redacts it). */
export function describeAnswer(exchange: Exchange): string {
  const text = (t: string) => (isBlank(t) ? '(no text)' : `"${snippet(t, 160)}"`);
  switch (answerKind(exchange)) {
    case 'success':
      return `success result: ${text(resultText(exchange))}`;
    case 'tool-error':
      return `isError result: ${text(errorText(exchange))}`;
    case 'protocol-error':
      return `JSON-RPC error with ${describeErrorCode(exchange.outcome.kind === 'error' ? exchange.outcome.error.code : undefined)}: ${text(errorText(exchange))}`;
    case 'timeout':
      return `no answer within the timeout (${exchange.elapsedMs} ms)`;
    case 'silent':
      return 'no answer';
    case 'closed':
      if (exchange.outcome.kind === 'closed' && exchange.outcome.error !== undefined) return `the connection failed without an answer (${exchange.outcome.error})`;
      return `the server exited without answering${exchange.outcome.kind === 'closed' && exchange.outcome.exitCode !== null ? ` (exit code ${exchange.outcome.exitCode})` : ''}`;
    case 'http':
      return describeOutcome(exchange.outcome);
  }
}

/** A text or blob kept only as its size and hash: `[withheld: N characters, sha256 abcd…]`. */
function withheldText(value: string): string {
  return `[withheld: ${value.length} characters, sha256 ${createHash('sha256').update(value).digest('hex').slice(0, 16)}]`;
}

/** The length of a text as served: read back from its withheld tag, or its own length when it was kept. */
export function servedLength(value: string): number {
  const tag = /^\[withheld: (\d+) characters/.exec(value);
  return tag ? Number(tag[1]) : value.length;
}

/** The string leaves of `text` and `blob` members anywhere in a value, withheld (see withheldText); the rest as it is. */
function withheldValue(value: unknown, depth = 0): unknown {
  if (depth > 16 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => withheldValue(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, (k === 'text' || k === 'blob') && typeof v === 'string' ? withheldText(v) : withheldValue(v, depth + 1)]));
}

/**
 * An answer that may hold what must never be printed (a file read past the server's root): every content text and
 * blob of its result is replaced by its size and hash, before any rule or report sees it.
 */
export function withhold(raw: RawExchange): RawExchange {
  if (raw.outcome.kind !== 'result') return raw;
  const result = withheldValue(raw.outcome.result) as Record<string, unknown>;
  return { ...raw, outcome: { kind: 'result', result }, ...(raw.response ? { response: { ...raw.response, result } } : {}) };
}
