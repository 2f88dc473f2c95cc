// What an exchange sent and what the server did with it, in words: its method, its raw line, its frame text without our
// ids, and the answer in one line (`isError result: "…"`, `JSON-RPC error with -32602 …: "…"`, a timeout).
import type { Exchange } from '../exchange.js';
import { answerKind, describeErrorCode, errorText, isBlank, resultText, snippet, type AnswerKind } from '../matchers/surface.js';
import { describeOutcome, ID_PREFIX } from '../session/session.js';
import { httpRefusal } from '../transport/refusal.js';

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

/**
 * What the server said, read once for the stages after grading: the kind of answer, a JSON-RPC error's code as sent, and
 * its text: the error's text (a tool error's text content, a JSON-RPC error's message), a result's text, an HTTP body.
 */
export interface AnswerSaid {
  kind: AnswerKind;
  /** A JSON-RPC error's code as the server sent it (not always an integer). */
  code?: unknown;
  /** An HTTP answer's status and content type. */
  http?: { status: number; contentType: string | null };
  /** '' for an answer with no text (a timeout, silence, a closed connection). */
  text: string;
}

export function answerSaid(exchange: Exchange): AnswerSaid {
  const kind = answerKind(exchange);
  const { outcome } = exchange;
  if (outcome.kind === 'error') return { kind, code: outcome.error.code, text: errorText(exchange) };
  if (outcome.kind === 'http') return { kind, http: { status: outcome.status, contentType: outcome.contentType }, text: outcome.body };
  if (kind === 'success') return { kind, text: resultText(exchange) };
  return { kind, text: errorText(exchange) };
}

/**
 * How an answer with a text opens its line (`isError result`, `JSON-RPC error with code -32602`, `HTTP 500 text/html`);
 * undefined for any other.
 */
export function answerHead(said: Pick<AnswerSaid, 'kind' | 'code' | 'http'>): string | undefined {
  if (said.kind === 'success') return 'success result';
  if (said.kind === 'tool-error') return 'isError result';
  if (said.kind === 'protocol-error') return `JSON-RPC error with ${describeErrorCode(said.code)}`;
  if (said.http) return httpRefusal({ ...said.http, body: 'other' }, '');
  return undefined;
}

/** What the server did, in one line (not redacted: the report redacts it). */
export function describeAnswer(exchange: Exchange): string {
  const said = answerSaid(exchange);
  const head = answerHead(said);
  if (head !== undefined && said.kind !== 'http') return `${head}: ${isBlank(said.text) ? '(no text)' : `"${snippet(said.text, 160)}"`}`;
  switch (said.kind) {
    case 'timeout':
      return `no answer within the timeout (${exchange.elapsedMs} ms)`;
    case 'closed':
      if (exchange.outcome.kind === 'closed' && exchange.outcome.error !== undefined) return `the connection failed without an answer (${exchange.outcome.error})`;
      return `the server exited without answering${exchange.outcome.kind === 'closed' && exchange.outcome.exitCode !== null ? ` (exit code ${exchange.outcome.exitCode})` : ''}`;
    case 'http':
      return describeOutcome(exchange.outcome);
    default:
      return 'no answer';
  }
}
