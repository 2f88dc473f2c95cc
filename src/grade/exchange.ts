// What an exchange sent and what the server did with it, in words: its method, its raw line, its frame text without our
// ids, and the answer in one line (`isError result: "…"`, `JSON-RPC error with -32602 …: "…"`, a timeout).
import type { Exchange } from '../types.js';
import { answerKind, describeErrorCode, errorText, isBlank, resultText, snippet } from '../matchers/surface.js';
import { describeOutcome, ID_PREFIX } from '../session/session.js';

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
