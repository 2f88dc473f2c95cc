// What we sent in an exchange, read back: its text, its string values, whether it held an object, whether its frame was JSON.
import type { CaseTarget } from '../probe-case.js';
import type { Exchange } from '../exchange.js';
import { isRecord } from '../util/guards.js';
import { scanText } from './surface.js';

/** Strings longer than this are probe payloads (oversized probes), not names or paths a server would resolve. */
const MAX_VALUE = 4096;
const MAX_DEPTH = 64;

/**
 * Everything we put on the wire for this exchange, as scan text: the whole request frame (params, method, a raw
 * frame's text) and the raw text of the delivery. A stretch of an answer that occurs in it echoes us.
 */
export function sentText(ex: Exchange): string {
  const parts = [scanText(ex.request ?? { name: ex.case.name, arguments: ex.case.arguments })];
  if (ex.case.delivery?.kind === 'raw') parts.push(ex.case.delivery.text);
  const text = parts.join('\n');
  // A lone surrogate we sent comes back as U+FFFD from a server's UTF-8 encoder: that text is still ours.
  return LONE_SURROGATE.test(text) ? `${text}\n${text.replace(LONE_SURROGATE_ALL, '\uFFFD')}` : text;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATE_ALL = new RegExp(LONE_SURROGATE.source, 'g');

/** The params we sent (tools/call name, arguments, ...), or the case's when the request frame is not an object. */
function sentParams(ex: Exchange): unknown {
  if (isRecord(ex.request) && 'params' in ex.request) return ex.request.params;
  if (isRecord(ex.request) && 'raw' in ex.request) return undefined;
  return { name: ex.case.name, arguments: ex.case.arguments };
}

/** Every string value we sent in params (tool name and arguments at any depth; not keys, not the `_meta` envelope). */
export function sentStrings(ex: Exchange): string[] {
  const found: string[] = [];
  const walk = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (typeof value === 'string') {
      found.push(value.slice(0, MAX_VALUE)); // an oversized payload's head still names what a server resolves it to
      if (LONE_SURROGATE.test(value)) found.push(value.slice(0, MAX_VALUE).replace(LONE_SURROGATE_ALL, '\uFFFD'));
    } else if (Array.isArray(value)) {
      for (const v of value) walk(v, depth + 1);
    } else if (isRecord(value)) {
      for (const [k, v] of Object.entries(value)) if (!(depth === 0 && k === '_meta')) walk(v, depth + 1);
    }
  };
  walk(sentParams(ex), 0);
  return found;
}

/**
 * Did we send an object as a value (not the params or arguments container, not `_meta`), or a frame broken on purpose
 * that a server may refuse by quoting it whole (SDK 1.x's SSE transport answers `Invalid message: ${body}` with the
 * parsed frame)? A server that stringifies such a value writes "[object Object]": then that text may be ours.
 */
export function sentObjectValue(ex: Exchange): boolean {
  if (ex.case.breaks !== undefined) return true;
  const holdsObject = (value: unknown, depth: number): boolean => {
    if (depth > MAX_DEPTH) return false;
    if (isRecord(value)) return true;
    return Array.isArray(value) && value.some((v) => holdsObject(v, depth + 1));
  };
  const params = sentParams(ex);
  if (!isRecord(params)) return holdsObject(params, 0);
  return Object.entries(params).some(([key, value]) => {
    if (key === '_meta') return false;
    if (key === 'arguments' && isRecord(value)) return Object.values(value).some((v) => holdsObject(v, 1));
    return holdsObject(value, 0);
  });
}

/** Was this exchange a frame of ours that is not JSON at all (the -32700 probes)? Its parse error describes our frame. */
export function sentMalformedJson(ex: Exchange): boolean {
  return ex.case.delivery?.kind === 'raw' && !isJson(ex.case.delivery.text);
}

/** The keys of the arguments (at any depth) whose value we sent is a string that is not JSON (" ", "errlint"). */
export function nonJsonArguments(ex: Exchange): string[] {
  const keys = new Set<string>();
  const walk = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(value)) for (const v of value) walk(v, depth + 1);
    else if (isRecord(value)) {
      for (const [key, v] of Object.entries(value)) {
        if (typeof v !== 'string') walk(v, depth + 1);
        else if (!isJson(v)) keys.add(key);
      }
    }
  };
  const params = sentParams(ex);
  if (isRecord(params)) walk(params.arguments, 0);
  return [...keys];
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The names a case's target gives the rules to look for: each argument it aims at (its path joined with '.') or the
 * tool it names, then that name's last segment ('filter.path' → filter.path, path; 'files/read' → files/read, read).
 */
export function targetNames(target: CaseTarget | undefined): string[] {
  if (target === undefined) return [];
  const whole = target.kind === 'arguments' ? target.paths.map((path) => path.join('.')) : [target.name];
  // A blank name is in every text: it names nothing a rule could look for.
  return [...new Set(whole.flatMap((name) => [name, name.split(/[./]/).pop() ?? name]))].filter((n) => n.trim() !== '');
}

/** Names of the arguments the probe is about: those its target gives and the keys we sent. */
export function argumentNames(ex: Exchange): string[] {
  const args = ex.case.arguments;
  return [...new Set([...targetNames(ex.case.target), ...(isRecord(args) ? Object.keys(args) : [])])];
}
