// What a finding shows of the server's answer, read back for the framework files: its kind, its code, its text (as
// much as the report kept), and an HTTP error page.
import type { CauseFinding as Finding } from '../cause.js';

/** A finding's answer: a tool error result, a JSON-RPC error (and its code), a success, an HTTP answer, or none. */
export interface ReadAnswer {
  kind: 'tool-error' | 'protocol-error' | 'success' | 'http' | 'none';
  /** The JSON-RPC error code, for a protocol error whose code is an integer. */
  code?: number;
  /**
   * The answer's text: the error message or the result's texts. From the response frame when the report kept it whole
   * (line breaks and all), else the answer line's excerpt (whitespace collapsed, at most 160 characters, `…` at a cut).
   */
  text: string;
}

/** A string the report cut (`abbreviate` in src/util/text.ts): its first 60 characters, then `…[N chars]`. */
const CUT = /…\[\d+ chars\]$/;

/** Reads one finding's answer from its `answer` line and its `response` excerpt. */
export function readAnswer(finding: Finding): ReadAnswer {
  const line = finding.answer;
  const quoted = (prefix: RegExp): string | undefined => {
    const match = prefix.exec(line);
    return match ? line.slice(match[0].length).replace(/^"|"$/g, '') : undefined;
  };
  const whole = wholeText(finding.response);
  const text = (excerpt: string | undefined) => (whole !== undefined && whole.length >= (excerpt ?? '').length ? whole : excerpt ?? '');
  const toolError = quoted(/^isError result: /);
  if (toolError !== undefined) return { kind: 'tool-error', text: text(toolError) };
  const error = /^JSON-RPC error with code (-?\d+): /.exec(line);
  if (error) return { kind: 'protocol-error', code: Number(error[1]), text: text(quoted(/^JSON-RPC error with [^:]*: /)) };
  if (/^JSON-RPC error with /.test(line)) return { kind: 'protocol-error', text: text(quoted(/^JSON-RPC error with [^:]*: /)) };
  const success = quoted(/^success result: /);
  if (success !== undefined) return { kind: 'success', text: text(success) };
  if (/^HTTP \d+/.test(line) || finding.http?.body === 'other') return { kind: 'http', text: finding.http?.text ?? line };
  return { kind: 'none', text: '' };
}

/** The error message or the joined result texts of a response excerpt, when none of them was cut; else undefined. */
function wholeText(response: string): string | undefined {
  let frame: unknown;
  try {
    frame = JSON.parse(response);
  } catch {
    return undefined; // cut at 2,000 characters, or no frame at all
  }
  if (frame === null || typeof frame !== 'object') return undefined;
  const { error, result } = frame as { error?: { message?: unknown }; result?: { content?: unknown } };
  const texts: string[] = [];
  if (error && typeof error.message === 'string') texts.push(error.message);
  else if (result && Array.isArray(result.content)) {
    for (const item of result.content) if (item && typeof item === 'object' && typeof (item as { text?: unknown }).text === 'string') texts.push((item as { text: string }).text);
  }
  if (texts.length === 0 || texts.some((t) => CUT.test(t))) return undefined;
  return texts.join('\n');
}

/**
 * finalhandler's error page (the default error handler of Express and Connect), exactly as its createHtmlDocument
 * writes it (finalhandler 1.x and 2.x): the message, HTML-escaped, in one `<pre>`.
 */
const FINALHANDLER_PAGE = /^<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error<\/title>\n<\/head>\n<body>\n<pre>([\s\S]*?)(?:<\/pre>\n<\/body>\n<\/html>\n?)?$/;

/** The `<pre>` text of finalhandler's error page (still HTML-escaped), when a finding's HTTP answer is one. */
export function finalhandlerPage(finding: Finding): string | undefined {
  const text = finding.http?.text;
  if (text === undefined) return undefined;
  return FINALHANDLER_PAGE.exec(text)?.[1];
}
