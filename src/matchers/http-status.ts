// How the answer to a request of the http probe compares with what its case says a correct server answers: right,
// served as usual, a server error, or refused with another status; and that answer in a few words for a finding.
import type { Exchange } from '../exchange.js';
import { describeErrorCode } from './surface.js';

export type HttpVerdict = 'right' | 'served' | 'server-error' | 'other-status';

/** Too many requests: a rate limit says nothing of how the request itself is handled, so it gets no verdict. */
const TOO_MANY_REQUESTS = 429;

/** `text/event-stream; charset=utf-8` → `text/event-stream`. */
function mediaType(contentType: string | null | undefined): string {
  return contentType?.split(';')[0].trim().toLowerCase() ?? '';
}

/** The verdict on an http probe case's answer; undefined when there is none to give (no HTTP status, a rate limit, not such a case). */
export function httpVerdict(ex: Exchange): HttpVerdict | undefined {
  const expected = ex.case.http;
  const status = ex.http?.status;
  if (expected === undefined || status === undefined || status === 0 || status === TOO_MANY_REQUESTS) return undefined;
  const also = expected.alsoRight ?? [];
  if (status === expected.status || also.includes(status)) return 'right';
  if (status >= 500) return 'server-error';
  if (status >= 200 && status < 300) {
    if (also.includes('served') || (also.includes('stream') && mediaType(ex.http?.contentType) === 'text/event-stream')) return 'right';
    return 'served';
  }
  // An era that names no status takes any refusal.
  return expected.requirement === 'none' && status >= 400 && status < 500 ? 'right' : 'other-status';
}

/** The answer in a few words: `HTTP 404 application/json, JSON-RPC error with code -32001`, `HTTP 200 text/event-stream, a result`. */
export function httpAnswerWords(ex: Exchange): string {
  const type = mediaType(ex.http?.contentType);
  const head = `HTTP ${ex.http?.status ?? 0}${type ? ` ${type}` : ''}`;
  if (ex.outcome.kind === 'result') return `${head}, a result`;
  if (ex.outcome.kind === 'error') return `${head}, a JSON-RPC error with ${describeErrorCode(ex.outcome.error.code)}`;
  return head;
}
