// Rule no-error-as-success: a failure must not be disguised as a success result (isError missing) the model will believe.
import type { Exchange } from '../src/exchange.js';
import type { Rule } from '../src/grade/rule.js';
import { excerpt } from '../src/matchers/surface.js';
import { findFailure, findLeadingFailure, jsonErrorMarker } from '../src/matchers/phrases.js';

const JSON_ERROR_OBJECT = 'A success result carries an error object ({phrase} in {where}): if the tool failed, set isError: true. Text: "{text}"';

/** Inputs a correct server must reject: any failure wording in a success answer to them is a disguised error. */
function shouldFail(ex: Exchange): boolean {
  return ex.case.expect === 'invalid-input' || ex.case.expect === 'unknown-tool';
}

/**
 * Is the failure word a value the call sent ("Error: Operation failed" for messageType "error", "Failed: job 12" for
 * status "failed")? Then the tool returns what it was asked for, not a failure.
 */
function askedFor(phrase: string, sent: readonly string[]): boolean {
  const word = phrase.toLowerCase();
  return sent.some((value) => value.trim().toLowerCase() === word);
}

/** Where a JSON error marker ('"status": "error"') sits in a text: at its key. */
function markerAt(marker: string) {
  const key = /^"[^"]*"/.exec(marker)?.[0] ?? marker;
  return (clean: string) => {
    const at = clean.indexOf(key);
    return at < 0 ? null : at;
  };
}

export const rule: Rule = {
  meta: {
    id: 'no-error-as-success',
    description: 'A success result (no isError) must not carry failure text: the model would take the error for data.',
    severity: { recommended: 'error', strict: 'error' },
    tags: ['layer'],
    fix: 'Set isError: true on every result that reports a failure, instead of returning failure text or an error object as a successful result.',
    messages: {
      failureTextOnInvalidInput:
        'Input that must fail ({label}) got a success result whose text reads as a failure ("{phrase}"): set isError: true. Text: "{text}"',
      // For a schema-valid input, failure text may be the tool's data by design (an example error message, a log line):
      // we cannot know the call failed, so it is at most a warning.
      leadingFailureText: {
        text: 'A success result opens with failure text ("{phrase}"): if the tool failed, set isError: true. Text: "{text}"',
        severity: 'warning',
      },
      jsonErrorObject: JSON_ERROR_OBJECT,
      jsonErrorObjectOnValidInput: { text: JSON_ERROR_OBJECT, severity: 'warning' },
    },
  },

  // Inputs that must fail are checked whatever the answer; other inputs only when they got a success.
  // A success to a protocol probe is malformed-request's or notification-silence's; a burst's is concurrent-calls'.
  appliesTo(r) {
    if (!r.answered || !r.toolCall || r.exchange.burst !== undefined) return false;
    return shouldFail(r.exchange) || r.kind === 'success';
  },

  check(r, ctx) {
    const ex = r.exchange;
    if (r.kind !== 'success' || ex.outcome.kind !== 'result') return;
    const text = r.resultText;
    const label = ex.case.label;

    const inText = jsonErrorMarker(text);
    const jsonMarker = inText ?? jsonErrorMarker(ex.outcome.result.structuredContent);
    if (jsonMarker !== null) {
      const where = inText !== null ? 'content' : 'structuredContent';
      ctx.report({ messageId: shouldFail(ex) ? 'jsonErrorObject' : 'jsonErrorObjectOnValidInput', data: { phrase: jsonMarker, where, label, text: excerpt(text, markerAt(jsonMarker)) } });
      return;
    }
    if (shouldFail(ex)) {
      const hit = findFailure(text);
      if (hit !== null && !askedFor(hit.phrase, r.sentStrings)) ctx.report({ messageId: 'failureTextOnInvalidInput', data: { phrase: hit.phrase, label, text: excerpt(text, (clean) => findFailure(clean)?.index ?? null) } });
      return;
    }
    // Valid and 'any' inputs: "0 results, not found in index" is a legitimate empty result; only an opening failure counts.
    const leading = findLeadingFailure(text);
    if (leading !== null && !askedFor(leading.phrase, r.sentStrings)) ctx.report({ messageId: 'leadingFailureText', data: { phrase: leading.phrase, label, text: excerpt(text, (clean) => findLeadingFailure(clean)?.index ?? null) } });
  },
};
