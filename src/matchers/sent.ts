// What we sent in an exchange, read back: its text, its string values, whether it held an object, whether its frame was JSON.
import type { Exchange } from '../types.js';
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
  return parts.join('\n');
}

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
 * Did we send an object as a value (not the params or arguments container, not `_meta`)? A server that stringifies
 * such a value writes "[object Object]": then that text may be ours.
 */
export function sentObjectValue(ex: Exchange): boolean {
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
  if (ex.case.delivery?.kind !== 'raw') return false;
  try {
    JSON.parse(ex.case.delivery.text);
    return false;
  } catch {
    return true;
  }
}

const QUOTED = /['"`‘’“”]([^'"`‘’“”\n]{1,64})['"`‘’“”]/g;

/** The argument names a probe label quotes ("omit required 'filter.path'" → filter.path, path). */
export function quotedNames(label: string): string[] {
  const quoted = [...label.matchAll(QUOTED)].map((m) => m[1]);
  return [...new Set(quoted.flatMap((q) => [q, q.split(/[./]/).pop() ?? q]))].filter((n) => n.trim() !== '');
}

/** Names of the arguments the probe is about: those its label quotes and the keys we sent. */
export function argumentNames(ex: Exchange): string[] {
  const args = ex.case.arguments;
  return [...new Set([...quotedNames(ex.case.label), ...(isRecord(args) ? Object.keys(args) : [])])];
}
