// What kind of answer an exchange got, and the texts of that answer a rule can read (with where each came from).
import type { Exchange } from '../exchange.js';
import { redact } from './secrets.js';
import { INTERNAL_ERROR } from '../jsonrpc-codes.js';

export type AnswerKind = 'success' | 'tool-error' | 'protocol-error' | 'timeout' | 'closed' | 'silent' | 'http';

export type SurfaceWhere = `content[${number}].text` | `contents[${number}].text` | 'error.message' | 'error.data' | 'structuredContent' | '_meta' | 'HTTP body';

export interface ErrorSurface {
  where: SurfaceWhere;
  text: string;
}

export function answerKind(ex: Exchange): AnswerKind {
  switch (ex.outcome.kind) {
    case 'result':
      return ex.outcome.result.isError === true ? 'tool-error' : 'success';
    case 'error':
      return 'protocol-error';
    default:
      return ex.outcome.kind;
  }
}

/** "HTTP 500 text/html" for an HTTP answer that carried no JSON-RPC message ('' for any other outcome). */
export function httpAnswer(ex: Exchange): string {
  if (ex.outcome.kind !== 'http') return '';
  const type = ex.outcome.contentType?.split(';')[0].trim();
  return `HTTP ${ex.outcome.status}${type ? ` ${type}` : ''}`;
}

/** True when the server answered (result or JSON-RPC error), as opposed to a timeout or a closed connection. */
export function isAnswered(ex: Exchange): boolean {
  return ex.outcome.kind === 'result' || ex.outcome.kind === 'error';
}

/** True for an answer whose texts the leak rules read: an error answer, or an HTTP answer without a JSON-RPC message. */
export function leaksCanShow(ex: Exchange): boolean {
  return isErrorAnswer(ex) || ex.outcome.kind === 'http';
}

/** True for a tool error (isError result) or a JSON-RPC error. */
export function isErrorAnswer(ex: Exchange): boolean {
  const kind = answerKind(ex);
  return kind === 'tool-error' || kind === 'protocol-error';
}

/** Blank: empty or only whitespace / zero-width characters. */
export function isBlank(text: string | undefined | null): boolean {
  return text === undefined || text === null || /^[\s\u200B-\u200D\u2060\uFEFF]*$/.test(text);
}

/** The text items of a result's content, with their index; [] for anything that is not a result. */
export function textItems(ex: Exchange): { index: number; text: string; where: SurfaceWhere }[] {
  if (ex.outcome.kind !== 'result') return [];
  // A tool's result has `content` (text items); a resources/read result has `contents` (each with its text or blob).
  const { content, contents } = ex.outcome.result;
  const key = Array.isArray(content) ? 'content' : Array.isArray(contents) ? 'contents' : undefined;
  if (key === undefined) return [];
  const items: { index: number; text: string; where: SurfaceWhere }[] = [];
  (ex.outcome.result[key] as unknown[]).forEach((item: unknown, index) => {
    if (item !== null && typeof item === 'object' && (key === 'contents' || (item as Record<string, unknown>).type === 'text')) {
      const text = (item as Record<string, unknown>).text;
      if (typeof text === 'string') items.push({ index, text, where: `${key}[${index}].text` as SurfaceWhere });
    }
  });
  return items;
}

/** The joined text content of a result ('' when there is none or the answer is not a result). */
export function resultText(ex: Exchange): string {
  return textItems(ex)
    .map((item) => item.text)
    .join('\n');
}

/**
 * Flatten a JSON value into scan-friendly text: strings stay raw (real newlines, unescaped quotes) so
 * line-based patterns work; object members become `"key": "value"` lines so key=value patterns work.
 */
export function scanText(value: unknown, depth = 0): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return String(value);
  if (depth > 20) return '';
  if (Array.isArray(value)) return value.map((v) => scanText(v, depth + 1)).join('\n');
  return Object.entries(value)
    .map(([k, v]) => (typeof v === 'string' ? `"${k}": "${v}"` : `"${k}": ${scanText(v, depth + 1)}`))
    .join('\n');
}

/** The texts of an error answer (tool error or JSON-RPC error); [] for success, timeout and closed. */
export function errorSurfaces(ex: Exchange): ErrorSurface[] {
  const surfaces: ErrorSurface[] = [];
  // An HTTP error page is what a client (and its logs) shows: internals leak there as well.
  if (ex.outcome.kind === 'http') return ex.outcome.body.trim() === '' ? [] : [{ where: 'HTTP body', text: ex.outcome.body }];
  if (ex.outcome.kind === 'error') {
    const { message, data } = ex.outcome.error;
    if (message !== undefined) surfaces.push({ where: 'error.message', text: scanText(message) });
    if (data !== undefined && data !== null) surfaces.push({ where: 'error.data', text: scanText(data) });
    return surfaces;
  }
  if (answerKind(ex) !== 'tool-error' || ex.outcome.kind !== 'result') return surfaces;
  for (const item of textItems(ex)) surfaces.push({ where: item.where, text: item.text });
  const { structuredContent, _meta } = ex.outcome.result;
  if (structuredContent !== undefined && structuredContent !== null) surfaces.push({ where: 'structuredContent', text: scanText(structuredContent) });
  if (_meta !== undefined && _meta !== null) surfaces.push({ where: '_meta', text: scanText(_meta) });
  return surfaces;
}

/** The text a reader sees first in an error: the joined text content of a tool error, or error.message. */
export function errorText(ex: Exchange): string {
  if (ex.outcome.kind === 'error') return scanText(ex.outcome.error.message ?? '');
  return answerKind(ex) === 'tool-error' ? resultText(ex) : '';
}

/**
 * True for a probe of the protocol itself (a malformed tools/call, a bad frame, an unknown method, a notification, an
 * HTTP request that departs from what a client sends, a request without a valid token): its answer is graded by the protocol rules, not as a tool's answer.
 */
export function isProtocolProbe(ex: Exchange): boolean {
  return ex.case.expect === 'protocol-error' || ex.case.expect === 'no-answer' || ex.case.expect === 'http' || ex.case.expect === 'unauthorized';
}

/** True for a well-formed tools/call request of ours (not a raw frame, a batch or another method). */
export function isToolCall(ex: Exchange): boolean {
  return !Array.isArray(ex.request) && ex.request.method === 'tools/call' && !isProtocolProbe(ex);
}

/** The JSON-RPC error code of a protocol error when it is an integer, or undefined: the string "-32602" is not -32602. */
export function errorCode(ex: Exchange): number | undefined {
  if (ex.outcome.kind !== 'error') return undefined;
  const code = ex.outcome.error.code;
  return typeof code === 'number' && Number.isInteger(code) ? code : undefined;
}

/**
 * A JSON-RPC error code as the server sent it, for a message, saying what is wrong with it when it is not an integer:
 * `code -32602`, `code "-32602", a string, not an integer`, `code 1.5, not an integer`, `no code`.
 * Reads after "a JSON-RPC error with …".
 */
export function describeErrorCode(code: unknown): string {
  if (code === undefined) return 'no code';
  if (typeof code === 'number') return Number.isInteger(code) ? `code ${code}` : `code ${code}, not an integer`;
  const json = snippet(JSON.stringify(code) ?? String(code), 40);
  if (typeof code === 'string') return `code ${json}, a string, not an integer`;
  if (code === null) return 'code null, not an integer';
  const type = Array.isArray(code) ? 'an array' : typeof code === 'object' ? 'an object' : `a ${typeof code}`;
  return `code ${json}, ${type}, not an integer`;
}

/**
 * The error code of a protocol error as finding data: `code` is the number as sent, or the JSON text of anything else
 * ('none' when absent); `codeAsSent` is describeErrorCode's reading of it.
 */
export function errorCodeData(ex: Exchange): { code: string | number; codeAsSent: string } {
  return codeData(ex.outcome.kind === 'error' ? ex.outcome.error.code : undefined);
}

/** The clause a refusal's finding adds when the code was -32603: " (-32603 is for internal errors only)", else ''. */
export function internalCodeNote(code: unknown): string {
  return code === INTERNAL_ERROR ? ' (-32603 is for internal errors only)' : '';
}

/** errorCodeData for a code read from anywhere (a response frame's error member). */
export function codeData(sent: unknown): { code: string | number; codeAsSent: string } {
  const code = typeof sent === 'number' ? sent : sent === undefined ? 'none' : snippet(JSON.stringify(sent) ?? String(sent), 40);
  return { code, codeAsSent: describeErrorCode(sent) };
}

/** The tool name we asked for in tools/call. */
export function requestedToolName(ex: Exchange): string {
  const params = ex.request.params;
  if (params !== null && typeof params === 'object' && typeof (params as Record<string, unknown>).name === 'string') {
    return (params as Record<string, unknown>).name as string;
  }
  return ex.case.name;
}

/**
 * Evidence around a phrase: the text redacted and whitespace collapsed first (so no cut can split a secret past its
 * redaction), then `locate` finds the phrase in that clean text and the excerpt of `max` characters shows it, with
 * some context before it. Without a place (null), the excerpt is the start, like snippet().
 */
export function excerpt(text: string, locate: (clean: string) => number | null, max = 160): string {
  const clean = redact(text).replace(/\s+/g, ' ').trim();
  const at = locate(clean);
  if (clean.length <= max || at === null || at <= Math.floor((max * 3) / 4)) return snippet(clean, max);
  const room = max - 1; // the leading '…'
  const start = Math.max(0, at - Math.floor(max / 4));
  if (start + room >= clean.length) return `…${clean.slice(clean.length - room)}`;
  return `…${clean.slice(start, start + room - 1)}…`;
}

/** Evidence for a report: redacted, whitespace collapsed, cut to `max` characters. */
export function snippet(text: string, max = 120): string {
  const clean = redact(text).replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}…`;
}
