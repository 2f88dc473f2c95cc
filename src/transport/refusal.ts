// A refusal on the wire (an HTTP status without a JSON-RPC answer, a failed connection): the outcome it makes of an
// exchange, and how it is told.
import type { HttpFacts, Outcome } from '../exchange.js';
import { ownCopy } from './caps.js';
import type { ExchangeFacts } from './wire.js';

/** `text/html; charset=utf-8` → `text/html`. */
export function mediaType(contentType: string | null): string | null {
  return contentType?.split(';')[0].trim().toLowerCase() || null;
}

/** "HTTP 404 text/html: <start of the body>", for messages about a refused POST. */
export function httpRefusal(facts: HttpFacts, body = facts.text ?? ''): string {
  const type = mediaType(facts.contentType);
  const quoted = body.trim() === '' ? '' : `: ${JSON.stringify(ownCopy(body.trim().replace(/\s+/g, ' '), 160))}`;
  return `HTTP ${facts.status}${type ? ` ${type}` : ''}${quoted}`;
}

/** An HTTP answer that carried no JSON-RPC message: a failed connection, or a status with whatever body came. */
export function httpOutcome(facts: HttpFacts): Outcome {
  if (facts.lostSession) return { kind: 'closed', exitCode: null, signal: null, error: facts.error ?? 'the session was lost', lostSession: true };
  if (facts.status === 0) return { kind: 'closed', exitCode: null, signal: null, error: facts.error ?? 'the connection failed' };
  return { kind: 'http', status: facts.status, contentType: facts.contentType, body: facts.text ?? '' };
}

/** Was this answer refused (a status past 2xx, or a failed connection)? */
export function refused(facts: HttpFacts): boolean {
  return facts.status === 0 || facts.status >= 300;
}

/** What an exchange with these facts came to when no JSON-RPC message answered it: a refusal, or undefined (silence). */
export function refusalOf(facts: ExchangeFacts | undefined): Outcome | undefined {
  return facts?.http && refused(facts.http) ? httpOutcome(facts.http) : undefined;
}

/** A refusal outcome, told: "HTTP 401 application/json: …". */
export function describeRefusal(outcome: Extract<Outcome, { kind: 'http' }>): string {
  return httpRefusal({ status: outcome.status, contentType: outcome.contentType, body: 'other', text: outcome.body });
}
