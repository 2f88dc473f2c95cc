// Why a server did not become an MCP session, told by what it showed: its stdout (nothing, a banner, answers), its exit, its telling stderr lines.
import type { ExitInfo } from './wire.js';
import { formatDuration } from '../interrupt.js';

/** How much of the start of a server's stdout is kept as written: enough to quote a banner. */
export const STDOUT_START_CHARS = 2048;
/** The most quoted of one line a server wrote. */
const QUOTE_CHARS = 160;
/** The most stderr lines quoted. */
const MAX_STDERR_LINES = 2;

/** The handshake did not complete within its timeout (the whole start-up, era probe and retry included). */
export class HandshakeTimeout extends Error {
  constructor() {
    super('the handshake timed out');
  }
}

/** What a server wrote on stdout before the handshake failed. */
export type StdoutSighting = { kind: 'nothing' } | { kind: 'banner'; line: string } | { kind: 'json-rpc' };

/** How the handshake attempt ended. */
export type StartupEnd = { kind: 'timeout'; ms: number } | { kind: 'exit'; exit: ExitInfo } | { kind: 'error'; message: string };

const JSON_RPC_KEYS = ['jsonrpc', 'id', 'method', 'result', 'error'];

/** The first stdout line that is not a JSON-RPC message (a banner, a prompt, a log line), or that it answered, or nothing. */
export function stdoutSighting(head: string): StdoutSighting {
  if (head.trim() === '') return { kind: 'nothing' };
  for (const raw of head.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') continue;
    if (!isJsonRpc(line)) return { kind: 'banner', line: line.trim() };
  }
  return { kind: 'json-rpc' };
}

function isJsonRpc(line: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return false;
  }
  const messages = Array.isArray(value) ? value : [value];
  return messages.length > 0 && messages.every((m) => typeof m === 'object' && m !== null && !Array.isArray(m) && JSON_RPC_KEYS.some((key) => key in m));
}

/** Lines that say nothing about the failure: the runtime's version banner, hints, stack frames, npm's log pointer. */
const UNINFORMATIVE = [
  /^Node\.js v\d+(\.\d+)*\s*$/,
  /^\(Use `node --trace-/,
  /^\s+at\s/,
  /^\s*File ".*", line \d+/,
  /^Traceback \(most recent call last\):/,
  /A complete log of this run can be found in/,
  /^npm (error|ERR!)\s*$/,
];

/** Words of a line that reports a failure (the error itself, not a progress or info line). */
const FAILURE_WORDS =
  /\b(\w*error|\w*exception|fatal|panic(ked)?|cannot|can't|could not|couldn't|unable|failed|failure|denied|not found|no such|refused|invalid|missing|not set|is required|E[A-Z]{3,})\b/i;

/**
 * The stderr lines that say why a server failed, at most two: after a Node crash's source-excerpt caret, the error line
 * (with the place in the server's code, when it is the server's); otherwise the first and last lines that report a
 * failure; otherwise the last line that is not the runtime's banner.
 */
export function telltaleStderr(stderr: string): string[] {
  const lines = stderr.split('\n').map((line) => line.replace(/\r$/, '').trimEnd());
  const caret = lines.findLastIndex((line) => /^\s*\^+\s*$/.test(line));
  if (caret >= 0) {
    const error = lines.slice(caret + 1).find((line) => line.trim() !== '' && !UNINFORMATIVE.some((re) => re.test(line)));
    if (error !== undefined) {
      // The excerpt is "<place>\n<source line>\n<caret>": a place in the server's own code says where it broke.
      const place = lines[caret - 2];
      const own = place !== undefined && /^(file:\/\/|\/|[A-Za-z]:\\).*:\d+$/.test(place.trim());
      return [own ? `${clip(error.trim())} (at ${clip(place.trim())})` : clip(error.trim())];
    }
  }
  const told = lines.filter((line) => line.trim() !== '' && !UNINFORMATIVE.some((re) => re.test(line)));
  const failures = told.filter((line) => !/^\s/.test(line) && FAILURE_WORDS.test(line));
  if (failures.length > 0) {
    const picked = failures.length === 1 ? failures : [failures[0], failures[failures.length - 1]];
    return [...new Set(picked.map((line) => clip(line.trim())))].slice(0, MAX_STDERR_LINES);
  }
  const last = told[told.length - 1];
  return last === undefined ? [] : [clip(last.trim())];
}

/** The cause of a failed start-up in one sentence: how it ended, what stdout showed, and the telling stderr lines. */
export function startupFailure(end: StartupEnd, stdoutHead: string, stderr: string): string {
  const seen = stdoutSighting(stdoutHead);
  let cause: string;
  switch (end.kind) {
    case 'timeout': {
      const within = `no MCP handshake within ${formatDuration(end.ms)}`;
      if (seen.kind === 'nothing') cause = `${within}: the server wrote nothing on stdout (is it an MCP stdio server?)`;
      else if (seen.kind === 'banner') cause = `${within}: the server wrote a line that is not JSON-RPC on stdout, ${quote(seen.line)}, and nothing an MCP client can use (an MCP stdio server writes only JSON-RPC messages on stdout; logs belong on stderr)`;
      else cause = `${within}: the server answered on stdout but did not complete the handshake`;
      break;
    }
    case 'exit': {
      const { exitCode, signal } = end.exit;
      const how = signal ? `was ended by ${signal}` : `exited with code ${exitCode ?? 'unknown'}`;
      const wrote = seen.kind === 'nothing' ? 'having written nothing on stdout' : seen.kind === 'banner' ? `having written ${quote(seen.line)} on stdout` : 'after answering on stdout';
      cause = `the server ${how} before the MCP handshake, ${wrote}`;
      break;
    }
    case 'error':
      cause = `the MCP handshake failed: ${end.message}`;
      if (seen.kind === 'banner') cause += `; the server wrote a line that is not JSON-RPC on stdout, ${quote(seen.line)}`;
      break;
  }
  const telltale = telltaleStderr(stderr);
  if (telltale.length > 0) cause += ` (server stderr: ${telltale.map(quote).join(' … ')})`;
  return cause;
}

/** Why a server at a URL did not become an MCP session: unreachable, refused over HTTP, silent, or a failed handshake. */
export function httpStartupFailure(url: string, error: unknown, timeoutMs: number): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof HandshakeTimeout || /timed? ?out/i.test(message)) return `no MCP handshake with ${url} within ${formatDuration(timeoutMs)}`;
  // The SDK wraps what the transport said ("Version negotiation probe failed: could not reach …"): the inner words are the cause.
  const unreachable = /could not reach .*$/.exec(message);
  if (unreachable) return unreachable[0];
  return `the MCP handshake with ${url} failed: ${message.replace(/^Error POSTing to endpoint: /, '')}`;
}

function quote(line: string): string {
  return `"${clip(line)}"`;
}

function clip(text: string): string {
  return text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS - 1)}…` : text;
}
