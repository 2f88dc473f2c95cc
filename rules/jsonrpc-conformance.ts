// Rule jsonrpc-conformance: bad frames get -32700/-32600/-32601 with the right id, batches follow the version rule, and every answer is well-formed JSON-RPC.
import type { Exchange } from '../src/exchange.js';
import type { Rule, RuleContext } from '../src/grade/rule.js';
import type { Reading } from '../src/grade/reading.js';
import { codeData, describeErrorCode, errorCodeData, snippet } from '../src/matchers/surface.js';
import type { ProtocolVersion } from '../src/types.js';
import { versionAtLeast } from '../src/protocol-version.js';
import { INTERNAL_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, MODERN_CODES, PARSE_ERROR } from '../src/jsonrpc-codes.js';
import { isRecord } from '../src/util/guards.js';

/** The only version whose servers MUST accept batches (§2); 2024-11-05 never had them, 2025-06-18 removed them. */
const BATCHES_REQUIRED: ProtocolVersion = '2025-03-26';
const MODERN_SINCE: ProtocolVersion = '2026-07-28';

type Id = string | number | null | undefined;

const HTTP_ONLY = 'A bad frame ({label}) was answered with {http} and no JSON-RPC message; JSON-RPC requires error {expected}.';
const BATCH_ACCEPTED = 'A batch of one request was processed; protocol {version} has no batches: reject it with -32600.';
// Fixes several messages share: an answer's JSON-RPC shape is one change however it is broken, and so is each batch rule.
const SHAPE_FIX = 'Build every answer as JSON-RPC 2.0 says: jsonrpc "2.0", the request\'s id, and either a result or an error object with an integer code and a string message.';
const BATCHES_REQUIRED_FIX = 'Accept JSON-RPC batches in 2025-03-26 sessions and answer each request in them.';
const NO_BATCHES_FIX = 'Reject a JSON-RPC batch with -32600 and id null in every session but 2025-03-26, the only version that has batches.';

/** The id a frame carries when it can be read: a string or number id of an object (or of a batch's first element). */
function readableId(request: unknown): string | number | null {
  const frame = Array.isArray(request) ? request[0] : request;
  const id = isRecord(frame) ? frame.id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

function shownId(id: Id): string {
  return id === undefined ? '(none)' : JSON.stringify(id);
}

/** Is a code in JSON-RPC's reserved range used only as JSON-RPC and MCP define it? */
function reservedMisuse(code: number, version: string): 'reservedCode' | 'modernCode' | null {
  if (code < -32768 || code > -32000) return null; // application-defined space
  if (code === PARSE_ERROR || (code >= INTERNAL_ERROR && code <= INVALID_REQUEST)) return null;
  if (code >= -32099 && code <= -32000) return MODERN_CODES.includes(code) && !versionAtLeast(version, MODERN_SINCE) ? 'modernCode' : null; // server-defined
  return 'reservedCode';
}

/** A well-formed request of ours (our id, jsonrpc 2.0, a method): -32700/-32600 in answer to it misuse those codes. */
function wellFormedRequest(ex: Exchange): boolean {
  const r = ex.request;
  return !Array.isArray(r) && r.jsonrpc === '2.0' && typeof r.method === 'string' && (typeof r.id === 'string' || typeof r.id === 'number');
}

/** The JSON-RPC shape of one response frame; `idChecked` when the probe logic already judged the id. */
function checkShape(r: Reading, ctx: RuleContext, idChecked: boolean): void {
  const ex = r.exchange;
  const response = ex.response;
  if (!response) return;
  if (response.jsonrpc !== '2.0') ctx.report({ messageId: 'badVersion', data: { value: snippet(JSON.stringify(response.jsonrpc) ?? '(none)', 40) } });
  const hasResult = 'result' in response && response.result !== undefined;
  const hasError = 'error' in response && response.error !== undefined;
  if (hasResult && hasError) ctx.report({ messageId: 'resultAndError', data: {} });
  if (!hasResult && !hasError) ctx.report({ messageId: 'neitherResultNorError', data: {} });
  // 2026-07-28: every result says whether it is complete (or needs input); the 2.x client rejects one without.
  if (hasResult && ctx.session.era === 'modern' && isRecord(response.result) && typeof response.result.resultType !== 'string') {
    ctx.report({ messageId: 'missingResultType', data: { version: ctx.session.protocolVersion } });
  }

  const sent = Array.isArray(ex.request) ? undefined : ex.request.id;
  const echoedIdRequired = !idChecked && (typeof sent === 'string' || typeof sent === 'number');
  if (echoedIdRequired && response.id !== sent) {
    const code = r.code;
    // JSON-RPC: id null when the server could not read the id (a parse error or an invalid request).
    const unreadable = response.id === null && (code === PARSE_ERROR || code === INVALID_REQUEST);
    // Streamable HTTP: a request refused by its HTTP status (a foreign Origin, an oversized body, a rate limit, an auth or session check in front) may carry "a JSON-RPC
    // error response that has no id" (null, or none at all).
    const refusedByStatus = hasError && (response.id === null || response.id === undefined) && (ex.http?.status ?? 0) >= 400;
    if (!unreadable && !refusedByStatus) ctx.report({ messageId: 'idMismatch', data: { sent: shownId(sent), received: shownId(response.id as Id) } });
  }

  if (!hasError) return;
  const error = response.error;
  if (!isRecord(error)) {
    ctx.report({ messageId: 'errorNotObject', data: { value: snippet(JSON.stringify(error) ?? '', 60) } });
    return;
  }
  if (typeof error.code !== 'number' || !Number.isInteger(error.code)) {
    ctx.report({ messageId: 'badErrorCode', data: codeData(error.code) });
  }
  if (typeof error.message !== 'string') ctx.report({ messageId: 'badErrorMessage', data: { value: snippet(JSON.stringify(error.message) ?? '(none)', 40) } });
  if (typeof error.code !== 'number' || !Number.isInteger(error.code)) return;
  const misuse = reservedMisuse(error.code, ctx.session.protocolVersion);
  if (misuse) ctx.report({ messageId: misuse, data: { code: error.code, version: ctx.session.protocolVersion } });
  else if ((error.code === PARSE_ERROR || error.code === INVALID_REQUEST) && ex.probe !== 'jsonrpc' && ex.probe !== 'malformed-request' && wellFormedRequest(ex)) {
    ctx.report({ messageId: 'misusedCode', data: { code: error.code, method: String(ex.request.method) } });
  }
}

/** A batch of one request, by the negotiated version's rule (§2). Returns true when the answer's id was judged. */
function checkBatch(r: Reading, ctx: RuleContext): boolean {
  const ex = r.exchange;
  const version = ctx.session.protocolVersion;
  if (ex.outcome.kind === 'http') {
    // Refused by its HTTP status alone: a rejection where batches are gone, a failure where they are required. Over
    // Streamable HTTP a 4xx is that rejection: the body of a refused POST MAY carry a JSON-RPC error, need not.
    const status = ex.outcome.status;
    if (version === BATCHES_REQUIRED) ctx.report({ messageId: 'batchRejected', data: { version, answer: r.httpAnswer } });
    else if (!(ctx.session.transport === 'http' && status >= 400 && status < 500)) ctx.report({ messageId: 'httpOnly', data: { label: ex.case.label, expected: INVALID_REQUEST, http: r.httpAnswer } });
    return true;
  }
  const inner = readableId(ex.request);
  // An accepted batch is answered per request: the transport splits the answer array, so our inner id comes back.
  const accepted = ex.response !== undefined && inner !== null && ex.response.id === inner;
  if (version === BATCHES_REQUIRED) {
    if (ex.outcome.kind === 'silent') ctx.report({ messageId: 'batchUnanswered', data: { version } });
    else if (!accepted) {
      const answer = ex.outcome.kind === 'error' ? `a JSON-RPC error with ${describeErrorCode(ex.outcome.error.code)}` : 'an answer that is not its own';
      ctx.report({ messageId: 'batchRejected', data: { version, answer, ...errorCodeData(ex) } });
    }
    return accepted;
  }
  if (ex.outcome.kind === 'silent') {
    ctx.report({ messageId: 'silent', data: { label: ex.case.label, expected: INVALID_REQUEST } });
    return true;
  }
  if (accepted) {
    // 2024-11-05 never mentioned batches (JSON-RPC itself allows them): accepting one there is only a note.
    ctx.report({ messageId: versionAtLeast(version, BATCHES_REQUIRED) ? 'batchAccepted' : 'batchAcceptedUnversioned', data: { version } });
    return true;
  }
  const code = r.code;
  if (code !== INVALID_REQUEST) ctx.report({ messageId: 'wrongCode', data: { label: ex.case.label, expected: INVALID_REQUEST, ...errorCodeData(ex) } });
  if (ex.response && ex.response.id !== null) ctx.report({ messageId: 'idNotNull', data: { label: ex.case.label, received: shownId(ex.response.id as Id) } });
  return true;
}

/** A jsonrpc probe case: bad JSON, an invalid request object, an unknown method. Returns true when the answer's id was judged. */
function checkFrame(r: Reading, ctx: RuleContext): boolean {
  const ex = r.exchange;
  const label = ex.case.label;
  const expected = ex.case.expectCode ?? INVALID_REQUEST;
  if (ex.outcome.kind === 'http') {
    // The HTTP status tells a bad frame was refused (a note, like silence on stdio); an unknown method needs its -32601.
    ctx.report({ messageId: expected === METHOD_NOT_FOUND ? 'unknownMethodHttpOnly' : 'httpOnly', data: { label, expected, http: r.httpAnswer } });
    return true;
  }
  if (ex.outcome.kind === 'silent' || ex.outcome.kind === 'timeout') {
    // Clients MUST NOT send broken frames and every official SDK ignores them on stdio (§3): a note. An unknown method is a request: it needs its answer.
    const stray = ex.unmatched?.find((m) => 'error' in m);
    if (expected === METHOD_NOT_FOUND && stray) ctx.report({ messageId: 'idNotEchoed', data: { label, sent: shownId(readableId(ex.request)), received: shownId(stray.id as Id) } });
    else if (expected === METHOD_NOT_FOUND) ctx.report({ messageId: 'noAnswer', data: { label, expected } });
    else ctx.report({ messageId: 'silent', data: { label, expected } });
    return true;
  }
  if (ex.outcome.kind === 'result') {
    ctx.report({ messageId: 'accepted', data: { label, expected } });
    return false;
  }
  const code = r.code;
  if (code !== expected) ctx.report({ messageId: 'wrongCode', data: { label, expected, ...errorCodeData(ex) } });
  // 2026-07-28 over Streamable HTTP: an unknown method is 404 Not Found as well as -32601.
  if (code === METHOD_NOT_FOUND && expected === METHOD_NOT_FOUND && ex.http && ctx.session.transport === 'http' && ctx.session.era === 'modern' && ex.http.status !== 404) {
    ctx.report({ messageId: 'methodNotFoundStatus', data: { label, status: ex.http.status, version: ctx.session.protocolVersion } });
  }
  const received = ex.response?.id as Id;
  // -32700: the id cannot be read; -32600: null only when the frame's id is unreadable; -32601: echoed.
  const readable = expected === PARSE_ERROR ? null : readableId(ex.request);
  if (readable === null && received !== null) ctx.report({ messageId: 'idNotNull', data: { label, received: shownId(received) } });
  if (readable !== null && received !== readable) ctx.report({ messageId: 'idNotEchoed', data: { label, sent: shownId(readable), received: shownId(received) } });
  return true;
}

export const rule: Rule = {
  meta: {
    id: 'jsonrpc-conformance',
    description: 'Bad JSON gets -32700, invalid request objects -32600, unknown methods -32601, with the right id; batches follow the negotiated version; every answer is well-formed JSON-RPC.',
    severity: { recommended: 'warning', strict: 'error' },
    tags: ['protocol'],
    fix: "Answer a bad frame with JSON-RPC's own error (-32700 invalid JSON, -32600 invalid request, -32601 unknown method) under the frame's id, or id null when it cannot be read.",
    messages: {
      missingResultType: {
        text: 'A result in the {version} era carries no resultType ("complete" or "input_required"); clients of that era reject it.',
        fix: 'Put resultType: "complete" (or "input_required") in every result of a 2026-07-28 session.',
      },
      wrongCode: 'A bad frame ({label}) was answered with a JSON-RPC error with {codeAsSent}; JSON-RPC requires {expected}.',
      accepted: 'A bad frame ({label}) was answered with a result; JSON-RPC requires error {expected}.',
      silent: { text: 'A bad frame ({label}) got no answer; JSON-RPC requires error {expected} (clients must not send such frames, so on stdio this is a note).', severity: 'note' },
      noAnswer: 'A request ({label}) got no answer; JSON-RPC requires error {expected} with the request id.',
      httpOnly: { text: HTTP_ONLY, severity: 'note' },
      unknownMethodHttpOnly: HTTP_ONLY,
      methodNotFoundStatus: {
        text: 'An unknown method ({label}) was answered with -32601 under HTTP {status}; protocol {version} over Streamable HTTP requires 404 Not Found with it.',
        fix: "Send an unknown method's -32601 with HTTP status 404 Not Found in 2026-07-28 sessions over Streamable HTTP.",
      },
      idNotNull: 'The answer to a bad frame ({label}) has id {received}; when the id cannot be read it must be null.',
      idNotEchoed: 'The answer to a bad frame ({label}) has id {received}, not the id {sent} the frame carried.',
      batchUnanswered: { text: 'A batch of one request got no answer; protocol {version} requires servers to accept batches.', fix: BATCHES_REQUIRED_FIX },
      batchRejected: { text: 'A batch of one request was not processed ({answer}); protocol {version} requires servers to accept batches.', fix: BATCHES_REQUIRED_FIX },
      batchAccepted: { text: BATCH_ACCEPTED, fix: NO_BATCHES_FIX },
      batchAcceptedUnversioned: { text: BATCH_ACCEPTED, severity: 'note', fix: NO_BATCHES_FIX },
      badVersion: { text: 'The answer has jsonrpc {value}; every JSON-RPC 2.0 answer carries jsonrpc: "2.0".', fix: SHAPE_FIX },
      resultAndError: { text: 'The answer carries both result and error; exactly one of them is allowed.', fix: SHAPE_FIX },
      neitherResultNorError: { text: 'The answer carries neither result nor error; exactly one of them is required.', fix: SHAPE_FIX },
      idMismatch: { text: 'The answer has id {received}, but the request had id {sent}.', fix: SHAPE_FIX },
      errorNotObject: { text: 'The error member is not an object ({value}); it must be {code, message, data?}.', fix: SHAPE_FIX },
      badErrorCode: { text: 'The answer\'s error has {codeAsSent}: JSON-RPC error codes are integers.', fix: SHAPE_FIX },
      badErrorMessage: { text: 'The error message {value} is not a string.', fix: SHAPE_FIX },
      reservedCode: {
        text: 'Error code {code} lies in JSON-RPC\'s reserved range (-32768..-32000) but is not one JSON-RPC or MCP defines.',
        fix: "Number your own errors in the server range -32099..-32000 or outside JSON-RPC's reserved range -32768..-32000, whose other codes only JSON-RPC and MCP define.",
      },
      modernCode: {
        text: 'Error code {code} is defined by protocol 2026-07-28 only; this session negotiated {version}.',
        fix: 'Send the codes -32020, -32021 and -32022 only in sessions that negotiated 2026-07-28, the version that defines them.',
      },
      misusedCode: {
        text: 'Error code {code} answers a well-formed {method} request; -32700 and -32600 are for frames that are not valid JSON or not valid requests.',
        fix: 'Keep -32700 and -32600 for frames that are not JSON or not valid requests, and refuse a well-formed request with the error that fits it, such as -32601 or -32602.',
      },
    },
  },

  // The jsonrpc probe's frames, and the shape of every answer any probe got.
  appliesTo(r) {
    const ex = r.exchange;
    if (ex.probe === 'jsonrpc') {
      if (ex.outcome.kind === 'closed') return false;
      // A hung raw frame is timely-response's; an unknown method (a real request) still needs its -32601.
      return ex.outcome.kind !== 'timeout' || ex.case.expectCode === METHOD_NOT_FOUND;
    }
    return ex.response !== undefined;
  },

  check(r, ctx) {
    const ex = r.exchange;
    let idChecked = false;
    if (ex.probe === 'jsonrpc') idChecked = Array.isArray(ex.request) ? checkBatch(r, ctx) : checkFrame(r, ctx);
    checkShape(r, ctx, idChecked);
  },
};
