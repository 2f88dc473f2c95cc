// What the server did with one request, in one line: `isError result: "…"`, `JSON-RPC error with -32602 …: "…"`, a timeout.
import type { Exchange } from '../types.js';
import { answerKind, describeErrorCode, errorText, isBlank, resultText, snippet } from '../matchers/surface.js';
import { describeOutcome } from './session.js';

/** The JSON-RPC method of the request an exchange sent; null for a raw frame that names none (bad JSON, a batch). */
export function methodOf(exchange: Exchange): string | null {
  const method = (exchange.request as { method?: unknown }).method;
  return typeof method === 'string' ? method : null;
}

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
