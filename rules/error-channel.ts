// Rule error-channel: a tool failure is reported on the right layer for the negotiated protocol version (rulebook §3 rows 2, 5).
import type { ProtocolVersion } from '../src/types.js';
import type { Rule } from '../src/grade/rule.js';
import { errorCodeData } from '../src/matchers/surface.js';
import { versionAtLeast } from '../src/protocol-version.js';
import { INTERNAL_ERROR, INVALID_PARAMS } from '../src/jsonrpc-codes.js';

/** From this version a schema violation is a tool error (isError result), not -32602 (SEP-1303). */
const TOOL_ERROR_FOR_INVALID_INPUT_SINCE: ProtocolVersion = '2025-11-25';
/** Payload Too Large: a bounded refusal of an oversized body (§3 row 11). */
const PAYLOAD_TOO_LARGE = 413;
/** Refusals that say "later" (rate limited, unavailable): transient, so a warning rather than an error. */
const TRANSIENT_STATUSES = [429, 503];

const HTTP_ANSWER =
  'A tool call ({label}) was answered with {http} and no JSON-RPC message: a failure on the transport layer, which neither the model nor the client can read; return a result with isError: true.';

export const rule: Rule = {
  meta: {
    id: 'error-channel',
    description: 'Tool failures are reported as isError results (the model sees them), not as JSON-RPC errors, as the negotiated version requires.',
    severity: { recommended: 'error', strict: 'error' },
    tags: ['layer'],
    fix: 'Catch tool failures in the handler and return them as a result with isError: true and a text that says what failed, instead of throwing them as JSON-RPC errors.',
    messages: {
      invalidParamsSince2025_11_25: {
        text: 'Schema-violating input ({label}) was answered with JSON-RPC -32602; from protocol {version} an input error is a result with isError: true so the model can correct itself.',
        severity: { recommended: 'warning', strict: 'error' },
        fix: 'Return input validation failures as an isError result naming the argument, not JSON-RPC -32602, in sessions at protocol 2025-11-25 or later.',
      },
      internalErrorOnInvalidInput: {
        text: 'Schema-violating input ({label}) was answered with JSON-RPC -32603 Internal error: the failure is hidden from the model; return a result with isError: true.',
        fix: 'Validate arguments in the tool handler and return an isError result naming the bad argument, instead of letting the validation exception become JSON-RPC -32603.',
      },
      internalErrorOnToolFailure:
        'A tool failure ({label}) was answered with JSON-RPC -32603 Internal error: the model never sees it; return a result with isError: true.',
      unexpectedCode: {
        text: 'A tool call ({label}) was answered with a JSON-RPC error with {codeAsSent}; a tool failure belongs in a result with isError: true.',
        severity: { recommended: 'warning', strict: 'error' },
        fix: 'Replace the JSON-RPC error you send for a failed tool call with a result with isError: true and a text that says what failed.',
      },
      httpAnswer: {
        text: HTTP_ANSWER,
        fix: 'Answer every tool call with a JSON-RPC message, putting a failure in an isError result, instead of an HTTP error status or error page without one.',
      },
      // A 429 or 503 says "later": the failure is on the wrong layer, but transient.
      httpAnswerTransient: {
        text: HTTP_ANSWER,
        severity: 'warning',
        fix: 'Answer a rate-limited or overloaded tool call with an isError result that says when to retry, instead of a bare HTTP 429 or 503 without a JSON-RPC message.',
      },
    },
  },

  // Protocol probes expect JSON-RPC errors (malformed-request, jsonrpc-conformance grade them); a burst's answers are concurrent-calls'.
  appliesTo(r) {
    const ex = r.exchange;
    // Tool calls only: another surface's failures belong on the JSON-RPC layer (resource-not-found, prompt-contract grade them).
    if (!r.toolCall || ex.probe === 'unknown-tool' || ex.case.expect === 'unknown-tool' || ex.burst !== undefined) return false;
    return r.answered || r.kind === 'http';
  },

  check(r, ctx) {
    const ex = r.exchange;
    const label = ex.case.label;
    // 413 for an oversized body is a bounded answer (§3 row 11), with or without a JSON-RPC error in its body.
    const status = ex.http?.status ?? (ex.outcome.kind === 'http' ? ex.outcome.status : undefined);
    if (status === PAYLOAD_TOO_LARGE && (ex.probe === 'oversized' || ex.case.expect === 'any')) return;
    if (ex.outcome.kind === 'http') {
      ctx.report({ messageId: TRANSIENT_STATUSES.includes(ex.outcome.status) ? 'httpAnswerTransient' : 'httpAnswer', data: { label, http: r.httpAnswer } });
      return;
    }
    // A result (isError or not) is on the application layer; success vs failure is graded by other rules.
    if (r.kind !== 'protocol-error') return;
    const code = r.code;
    const version = ctx.session.protocolVersion;

    if (code === INTERNAL_ERROR) {
      const messageId = ex.case.expect === 'invalid-input' ? 'internalErrorOnInvalidInput' : 'internalErrorOnToolFailure';
      ctx.report({ messageId, data: { code, label, version } });
      return;
    }
    if (code === INVALID_PARAMS) {
      if (ex.case.expect === 'invalid-input') {
        if (versionAtLeast(version, TOOL_ERROR_FOR_INVALID_INPUT_SINCE)) ctx.report({ messageId: 'invalidParamsSince2025_11_25', data: { code, label, version } });
        return;
      }
      // 'any' inputs (extra properties, oversized, unicode) may be rejected as invalid params (§3 rows 3, 11, 12).
      if (ex.case.expect === 'any') return;
    }
    ctx.report({ messageId: 'unexpectedCode', data: { ...errorCodeData(ex), label, version } });
  },
};
