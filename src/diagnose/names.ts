// Resolving what an answer names (order_id, /filter/status, args.order_id, "the order ID") to an argument path of the call.
import type { JsonSchema } from '../types.js';
import { branchesOf, itemSchemas, normalizeSchema, propertySchemas } from '../schema/read.js';
import { isRecord } from '../util/guards.js';
import { escapeRegExp } from '../util/regex.js';
import type { CallView } from './diagnosis.js';

/** Leading segments that name the arguments object itself ("args.x", "$.x", "data/x", "<root>"), not one of its properties. */
const CONTAINERS = new Set(['$', 'root', '<root>', 'args', 'arguments', 'params', 'parameters', 'input', 'inputs', 'data', 'body', 'instance', 'request', 'kwargs', 'payload']);
const MAX_DEPTH = 8;
const MAX_ITEMS = 64;

/** A name as compared loosely: case, spaces, underscores, dashes and dots ignored ("Order ID", "order_id", "orderId" → "orderid"). */
export function looseName(name: string): string {
  return name.toLowerCase().replace(/[\s_\-.]+/g, '');
}

/** The last word of an identifier ("headers" of extraHttpHeaders): the noun an English compound is about. */
export function lastWordOf(name: string): string {
  return wordsOf(name).split(' ').pop()!;
}

/** The words of an identifier: "orderId", "order_id", "order-id" → "order id". */
export function wordsOf(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * A name in any spelling of its letters ("timezone" as "time zone", "order_id" as "orderId"), or, for a name of several
 * words, each word written out in full ("projectDir" as "project directory", "maxResults" as "maximum results").
 */
export function looseSpelling(name: string): string {
  const letters = [...name.replace(/[\s_.-]+/g, '')].map(escapeRegExp).join('[\\s_.-]?');
  const words = wordsOf(name).split(' ');
  return words.length < 2 ? letters : `(?:${letters}|${words.map((w) => `${escapeRegExp(w)}\\w*`).join('[\\s_.-]+')})`;
}

/** The child schema a segment leads to: a declared property (in any anyOf/oneOf branch too) or an array item; undefined when undeclared. */
export function schemaChild(schema: JsonSchema | undefined, root: JsonSchema, seg: string, nest = 0): JsonSchema | undefined {
  if (schema === undefined || nest > 4) return undefined;
  const s = normalizeSchema(schema, root);
  if (!isRecord(s)) return undefined;
  const props = propertySchemas(s, root);
  if (Object.hasOwn(props, seg)) return props[seg];
  if (/^\d+$/.test(seg) && (s.type === 'array' || 'items' in s || 'prefixItems' in s)) {
    const { prefix, rest } = itemSchemas(s);
    return prefix[Number(seg)] ?? rest;
  }
  for (const branch of branchesOf(s) ?? []) {
    const found = schemaChild(branch, root, seg, nest + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Property names a schema declares at this level (anyOf/oneOf branches included). */
function declaredNames(schema: JsonSchema | undefined, root: JsonSchema, nest = 0): string[] {
  if (schema === undefined || nest > 4) return [];
  const s = normalizeSchema(schema, root);
  if (!isRecord(s)) return [];
  return [...new Set([...Object.keys(propertySchemas(s, root)), ...(branchesOf(s) ?? []).flatMap((b) => declaredNames(b, root, nest + 1))])];
}

/** The value the call sent at a path, if it sent one. */
export function sentAt(call: CallView, path: readonly string[]): { sent: boolean; value?: unknown } {
  let node: unknown = call.arguments;
  for (const seg of path) {
    if (isRecord(node) && Object.hasOwn(node, seg)) node = node[seg];
    else if (Array.isArray(node) && /^\d+$/.test(seg) && Number(seg) < node.length) node = node[Number(seg)];
    else return { sent: false };
  }
  return { sent: true, value: node };
}

/** The schema the tool declares for a path, if it declares one. */
export function schemaAt(call: CallView, path: readonly string[]): JsonSchema | undefined {
  let schema: JsonSchema | undefined = call.tool.inputSchema;
  for (const seg of path) schema = schemaChild(schema, call.tool.inputSchema, seg);
  return schema;
}

/** The key at one level that `seg` names: itself when sent or declared, else the one sent or declared key it names loosely. */
function keyAt(seg: string, sent: unknown, schema: JsonSchema | undefined, root: JsonSchema): string | undefined {
  const keys = new Set<string>(declaredNames(schema, root));
  if (isRecord(sent)) for (const k of Object.keys(sent)) keys.add(k);
  if (keys.has(seg)) return seg;
  if (/^\d+$/.test(seg)) {
    if (Array.isArray(sent) && Number(seg) < sent.length) return seg;
    return schemaChild(schema, root, seg) !== undefined ? seg : undefined;
  }
  const loose = looseName(seg);
  if (loose === '') return undefined;
  const matches = [...keys].filter((k) => looseName(k) === loose);
  return matches.length === 1 ? matches[0] : undefined;
}

/** Walk segments through the sent arguments and the schema together: every step must be sent or declared. */
function walk(segs: readonly string[], call: CallView): string[] | undefined {
  const root = call.tool.inputSchema;
  let sent: unknown = call.arguments;
  let schema: JsonSchema | undefined = root;
  const out: string[] = [];
  for (const seg of segs) {
    const key = keyAt(seg, sent, schema, root);
    if (key === undefined) return undefined;
    out.push(key);
    sent = isRecord(sent) && Object.hasOwn(sent, key) ? sent[key] : Array.isArray(sent) && /^\d+$/.test(key) ? sent[Number(key)] : undefined;
    schema = schemaChild(schema, root, key);
  }
  return out;
}

/** The argument path these segments name (container prefixes such as "args" or "$" dropped), or undefined when the call neither sent nor declares it. */
export function resolvePath(segments: readonly (string | number)[], call: CallView): string[] | undefined {
  let segs = segments.map(String).filter((s) => s !== '');
  for (let i = 0; i < 2 && segs.length > 1 && CONTAINERS.has(segs[0].toLowerCase()) && walk([segs[0]], call) === undefined; i++) segs = segs.slice(1);
  if (segs.length === 0 || segs.length > MAX_DEPTH) return undefined;
  if (segs.length === 1 && CONTAINERS.has(segs[0].toLowerCase()) && walk(segs, call) === undefined) return undefined;
  return walk(segs, call);
}

/** Segments of a JSON pointer ("/filter/0/status", "#/a~1b"). */
export function pointerSegments(pointer: string): string[] {
  return pointer
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Segments of a dotted or bracketed path ("args.order_id", "filter[0].status", `a["b c"]`). */
export function dottedSegments(path: string): string[] {
  const out: string[] = [];
  const token = /\[\s*(?:(\d+)|'([^']*)'|"([^"]*)")\s*\]|([^.[\]]+)/g;
  for (let m = token.exec(path); m !== null; m = token.exec(path)) out.push(m[1] ?? m[2] ?? m[3] ?? m[4]);
  return out;
}

const QUOTES: Record<string, string> = { "'": "'", '"': '"', '`': '`', '‘': '’', '“': '”', '„': '“', '‚': '‘', '«': '»', '»': '«', '‹': '›', '「': '」', '『': '』' };

function unquote(text: string): string {
  const t = text.trim();
  const close = QUOTES[t[0]];
  return close !== undefined && t.length >= 2 && t.endsWith(close) ? t.slice(1, -1).trim() : t;
}

/** Every path the call sent (at any depth) or its schema declares (outside arrays), shallowest first. */
export function knownPaths(call: CallView): string[][] {
  const seen = new Set<string>();
  const out: string[][] = [];
  const add = (path: string[]) => {
    const key = JSON.stringify(path);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(path);
  };
  let level: { path: string[]; sent: unknown; schema: JsonSchema | undefined }[] = [{ path: [], sent: call.arguments, schema: call.tool.inputSchema }];
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0; depth++) {
    const next: typeof level = [];
    for (const { path, sent, schema } of level) {
      const keys = new Set<string>(declaredNames(schema, call.tool.inputSchema));
      if (isRecord(sent)) for (const k of Object.keys(sent)) keys.add(k);
      if (Array.isArray(sent)) sent.slice(0, MAX_ITEMS).forEach((_, i) => keys.add(String(i)));
      for (const key of keys) {
        const child = [...path, key];
        add(child);
        const childSent = isRecord(sent) ? sent[key] : Array.isArray(sent) ? sent[Number(key)] : undefined;
        next.push({ path: child, sent: childSent, schema: Array.isArray(sent) && childSent === undefined ? undefined : schemaChild(schema, call.tool.inputSchema, key) });
      }
    }
    level = next;
  }
  return out;
}

/** The one known path whose last name reads as `words` ("order id" → order_id), preferring the shallowest; undefined when none or a tie. */
/** Words that describe a value rather than name it: "the email address" for `email`, "the limit value" for `limit`. */
const DESCRIPTIVE = /\s+(?:address|value|text|string|number|input|setting|entry)$/i;

function byWords(words: string, call: CallView): string[] | undefined {
  const named = byLooseName(words, call);
  if (named !== undefined || !DESCRIPTIVE.test(words)) return named;
  return byLooseName(words.replace(DESCRIPTIVE, ''), call);
}

function byLooseName(words: string, call: CallView): string[] | undefined {
  const loose = looseName(words);
  if (loose === '') return undefined;
  const matches = knownPaths(call).filter((p) => !/^\d+$/.test(p[p.length - 1]) && looseName(p[p.length - 1]) === loose);
  if (matches.length === 0) return undefined;
  const depth = Math.min(...matches.map((p) => p.length));
  const shallowest = matches.filter((p) => p.length === depth);
  return shallowest.length === 1 ? shallowest[0] : undefined;
}

/**
 * The argument path a mention in an answer names, in any spelling: exact name, JSON pointer, dotted or bracketed path,
 * quoted, or in words ("the order ID"). Undefined unless it names a property the call sent or its schema declares.
 */
export function resolveMention(mention: string, call: CallView): string[] | undefined {
  let m = unquote(mention);
  if (m.length === 0 || m.length > 120) return undefined;
  m = unquote(
    m
      .replace(/^(?:the|a|an)\s+/i, '')
      .replace(/^(?:field|parameter|param|argument|arg|property|key|option)\s+/i, '')
      .replace(/\s+(?:field|parameter|param|argument|arg|property|key|option)$/i, ''),
  );
  if (m.length === 0) return undefined;
  if (/^#?\//.test(m)) return resolvePath(pointerSegments(m), call);
  if (!/\s/.test(m) && /[.[\]]/.test(m)) return resolvePath(dottedSegments(m), call) ?? resolvePath([m], call);
  if (!/\s/.test(m)) return resolvePath([m], call) ?? byWords(m, call);
  return byWords(m, call);
}

/** Every path at which the call sent exactly this value (strings by equality, other values by their JSON). */
export function pathsWithValue(call: CallView, value: unknown): string[][] {
  const want = JSON.stringify(value);
  // A quoted text also names a scalar sent as what it prints as: "null" for null, "7" for 7, "true" for true.
  const printed = (node: unknown) => typeof value === 'string' && (node === null || typeof node === 'number' || typeof node === 'boolean') && String(node) === value;
  const out: string[][] = [];
  const visit = (node: unknown, path: string[]) => {
    if (path.length > MAX_DEPTH) return;
    if (path.length > 0 && (JSON.stringify(node) === want || printed(node))) out.push(path);
    if (isRecord(node)) for (const [k, v] of Object.entries(node)) visit(v, [...path, k]);
    else if (Array.isArray(node)) node.slice(0, MAX_ITEMS).forEach((v, i) => visit(v, [...path, String(i)]));
  };
  visit(call.arguments, []);
  return out;
}

/**
 * The path segments name, or else the deepest ancestor the call sent (a nested field its schema does not declare,
 * "workflow.nodes is required" for a sent `workflow`): `exact` tells which. Undefined when not even the top resolves.
 */
export function resolveNearest(segments: readonly (string | number)[], call: CallView): { path: string[]; exact: boolean } | undefined {
  const path = resolvePath(segments, call);
  if (path !== undefined) return { path, exact: true };
  for (let n = segments.length - 1; n >= 1; n--) {
    const parent = resolvePath(segments.slice(0, n), call);
    if (parent !== undefined && parent.length > 0 && sentAt(call, parent).sent) return { path: parent, exact: false };
  }
  return undefined;
}

/** Every string or number the call sent, with its path (arrays and objects walked a few levels deep). */
export function sentValues(value: unknown, path: string[], depth = 0): [string[], string | number][] {
  if (typeof value === 'string' || typeof value === 'number') return path.length > 0 ? [[path, value]] : [];
  if (depth > 3) return [];
  if (Array.isArray(value)) return value.slice(0, 16).flatMap((v, i) => sentValues(v, [...path, String(i)], depth + 1));
  if (isRecord(value)) return Object.entries(value).flatMap(([k, v]) => sentValues(v, [...path, k], depth + 1));
  return [];
}
