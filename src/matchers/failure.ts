// What an answer says of the failure behind it, as facts the engine decides on without reading the words: a refusal the
// load may have caused, an upstream that could not be reached, and an error answer as one key across tools.
import type { Exchange } from '../exchange.js';
import { answerKind, errorText, isErrorAnswer } from './surface.js';
import { findTransientMarker, findUnreachableMarker } from './phrases.js';
import { escapeRegExp } from '../util/regex.js';

/** A refusal that may come from the load itself (a rate limit, "unavailable", "try again", HTTP 429 or 5xx): alone, it might not come. */
export function mayComeFromLoad(exchange: Exchange): boolean {
  if (exchange.outcome.kind === 'http') return exchange.outcome.status === 429 || exchange.outcome.status >= 500;
  return isErrorAnswer(exchange) && findTransientMarker(errorText(exchange)) !== null;
}

/** The error's text says that something behind the server could not be reached (a host, a fetch, a passing failure). */
export function saysUnreachable(exchange: Exchange): boolean {
  return findUnreachableMarker(errorText(exchange)) !== null;
}

/**
 * An error answer without its numbers and without the name of the tool it called (so two tools behind one unreachable
 * host fail alike): `isError: "…"` or `JSON-RPC error: "…"`; undefined for any other answer.
 */
export function failureKey(exchange: Exchange): string | undefined {
  const kind = answerKind(exchange);
  if (kind !== 'tool-error' && kind !== 'protocol-error') return undefined;
  let text = errorText(exchange);
  const called = (exchange.request?.params as { name?: unknown } | undefined)?.name;
  if (typeof called === 'string' && called.length >= 3) text = text.replace(new RegExp(`(?<![\\w-])${escapeRegExp(called)}(?![\\w-])`, 'g'), '<tool>');
  text = text.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().slice(0, 80);
  return `${kind === 'tool-error' ? 'isError' : 'JSON-RPC error'}: "${text}"`;
}
