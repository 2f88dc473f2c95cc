// Structured error metadata (rulebook §5): category, retryable flag, delay, user text, extras — and where each was found.
import type { Exchange } from '../exchange.js';
import { textItems } from './surface.js';
import { isRecord } from '../util/guards.js';

/** More structured-metadata field names to recognise, beside rulebook §5's (a server's own vocabulary, e.g. "failureClass"). */
export interface MetadataOptions {
  categoryFields?: readonly string[];
  retryableFields?: readonly string[];
  /** Delay fields: seconds, or milliseconds when the name ends in "Ms"/"_ms", or a timestamp. */
  delayFields?: readonly string[];
  userMessageFields?: readonly string[];
}

export type ErrorCategory = 'transient' | 'validation' | 'permission' | 'business';

export interface RetryDelay {
  /** Delay in seconds, when given as a duration. */
  seconds?: number;
  /** Timestamp before which not to retry, when given as one (retryNotBefore, or a date in retryAfter). */
  notBefore?: string;
}

export interface MetadataField {
  value: unknown;
  /** Path of the field, e.g. "structuredContent.errorCategory" or "_meta[\"io.modelcontextprotocol/toolFailure\"].retryable". */
  where: string;
}

export type MetadataFieldName =
  | 'category'
  | 'retryable'
  | 'retryAfter'
  | 'userMessage'
  | 'suggestedAction'
  | 'description'
  | 'partialResults'
  | 'attemptedActions'
  | 'field'
  | 'expected'
  | 'correlationId';

export interface ErrorMetadata {
  category?: ErrorCategory;
  /** A category field (errorCategory, category, errorType or a configured name) whose value maps to none of the four. */
  unmappedCategory?: MetadataField;
  retryable?: boolean;
  retryAfter?: RetryDelay;
  userMessage?: string;
  /** Every recognised field, by canonical name (first found wins), with its raw value and path. */
  fields: Partial<Record<MetadataFieldName, MetadataField>>;
}

const CATEGORY_KEYS = ['errorCategory', 'category', 'errorType', 'type', 'class', 'kind'];
const RETRYABLE_KEYS = ['isRetryable', 'retryable', 'retry'];
const DELAY_SECONDS_KEYS = ['retryAfterSeconds', 'retryAfter', 'retry_after'];
const DELAY_MS_KEYS = ['retryAfterMs', 'retry_after_ms'];
const NOT_BEFORE_KEYS = ['retryNotBefore'];
const USER_MESSAGE_KEYS = ['customerMessage', 'customerFriendlyMessage', 'userMessage'];
/** Category keys whose unmapped values are still reported (type/class/kind name too many other things). */
const EXPLICIT_CATEGORY_KEYS = ['errorCategory', 'category', 'errorType'];
const EXTRA_KEYS: MetadataFieldName[] = ['suggestedAction', 'description', 'partialResults', 'attemptedActions', 'field', 'expected', 'correlationId'];

const CATEGORY_VALUES: Record<ErrorCategory, string[]> = {
  transient: ['transient', 'temporary', 'unavailable', 'timeout', 'rate_limit', 'rate_limited', 'reliability', 'service_unavailable'],
  validation: ['validation', 'invalid_input', 'bad_request', 'invalid_argument', 'invalid_arguments', 'invalid_params'],
  permission: ['permission', 'forbidden', 'unauthorized', 'unauthenticated', 'auth', 'authentication', 'authorization', 'access_denied', 'permission_denied', 'governance'],
  business: ['business', 'business_rule', 'policy', 'conflict', 'domain'],
};

/** Map a category value ("RATE_LIMIT", "ValidationError", "invalid-input") to one of the four, or undefined. */
export function categoryOf(value: unknown): ErrorCategory | undefined {
  if (typeof value !== 'string') return undefined;
  const norm = value
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .replace(/_(?:error|exception|failure)$/, '');
  for (const [category, values] of Object.entries(CATEGORY_VALUES) as [ErrorCategory, string[]][]) {
    if (values.includes(norm)) return category;
  }
  return undefined;
}

function pathOf(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`;
}

/** Every (key, value, path) in `root`, shallowest first, to a bounded depth. */
function* members(root: unknown, base: string): Generator<[string, unknown, string]> {
  let level: [unknown, string][] = [[root, base]];
  for (let depth = 0; depth < 4 && level.length > 0; depth++) {
    const next: [unknown, string][] = [];
    for (const [node, path] of level) {
      if (Array.isArray(node)) node.forEach((v, i) => next.push([v, pathOf(path, i)]));
      else if (isRecord(node)) {
        for (const [k, v] of Object.entries(node)) {
          yield [k, v, pathOf(path, k)];
          next.push([v, pathOf(path, k)]);
        }
      }
    }
    level = next;
  }
}

/** The places §5 lists, in order of precedence, as (root value, path prefix). */
function places(ex: Exchange): [unknown, string][] {
  const found: [unknown, string][] = [];
  if (ex.outcome.kind === 'result') {
    const { structuredContent, _meta } = ex.outcome.result;
    if (structuredContent !== undefined) found.push([structuredContent, 'structuredContent']);
    if (_meta !== undefined) found.push([_meta, '_meta']);
    for (const item of textItems(ex)) {
      const text = item.text.trim();
      if (!text.startsWith('{')) continue;
      try {
        const parsed: unknown = JSON.parse(text);
        if (isRecord(parsed)) found.push([parsed, `content[${item.index}].text`]);
      } catch {
        // not a JSON object: plain prose
      }
    }
  } else if (ex.outcome.kind === 'error' && ex.outcome.error.data !== undefined) {
    found.push([ex.outcome.error.data, 'error.data']);
  }
  return found;
}

function asBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  return undefined;
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  if (typeof value === 'string' && /^\s*\d+(?:\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

function asTimestamp(value: unknown): string | undefined {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

interface KeySets {
  category: string[];
  retryable: string[];
  delaySeconds: string[];
  delayMs: string[];
  userMessage: string[];
}

function keySets(opts: MetadataOptions): KeySets {
  const delays = opts.delayFields ?? [];
  const isMs = (k: string) => /(?:Ms|_ms)$/i.test(k);
  return {
    category: [...CATEGORY_KEYS, ...(opts.categoryFields ?? [])],
    retryable: [...RETRYABLE_KEYS, ...(opts.retryableFields ?? [])],
    delaySeconds: [...DELAY_SECONDS_KEYS, ...delays.filter((k) => !isMs(k))],
    delayMs: [...DELAY_MS_KEYS, ...delays.filter(isMs)],
    userMessage: [...USER_MESSAGE_KEYS, ...(opts.userMessageFields ?? [])],
  };
}

/** Read one key/value pair; returns the canonical field it fills, if any, with the parsed value. */
function recognise(key: string, value: unknown, keys: KeySets): { name: MetadataFieldName; parsed: unknown } | undefined {
  if (keys.category.includes(key)) {
    const category = categoryOf(value);
    return category ? { name: 'category', parsed: category } : undefined;
  }
  if (keys.retryable.includes(key)) {
    const flag = asBoolean(value);
    return flag === undefined ? undefined : { name: 'retryable', parsed: flag };
  }
  if (keys.delaySeconds.includes(key)) {
    const seconds = asNumber(value);
    if (seconds !== undefined) return { name: 'retryAfter', parsed: { seconds } };
    const notBefore = asTimestamp(value);
    return notBefore ? { name: 'retryAfter', parsed: { notBefore } } : undefined;
  }
  if (keys.delayMs.includes(key)) {
    const ms = asNumber(value);
    return ms === undefined ? undefined : { name: 'retryAfter', parsed: { seconds: ms / 1000 } };
  }
  if (NOT_BEFORE_KEYS.includes(key)) {
    const notBefore = asTimestamp(value);
    return notBefore ? { name: 'retryAfter', parsed: { notBefore } } : undefined;
  }
  if (keys.userMessage.includes(key)) {
    return typeof value === 'string' && value.trim() !== '' ? { name: 'userMessage', parsed: value } : undefined;
  }
  if ((EXTRA_KEYS as string[]).includes(key) && value !== null && value !== undefined && value !== '') {
    return { name: key as MetadataFieldName, parsed: value };
  }
  return undefined;
}

/** Structured error metadata of an exchange, from every place §5 lists; the first occurrence of a field wins. */
export function extractMetadata(ex: Exchange, opts: MetadataOptions = {}): ErrorMetadata {
  const meta: ErrorMetadata = { fields: {} };
  const keys = keySets(opts);
  const explicitCategory = [...EXPLICIT_CATEGORY_KEYS, ...(opts.categoryFields ?? [])];
  for (const [root, base] of places(ex)) {
    for (const [key, value, where] of members(root, base)) {
      const hit = recognise(key, value, keys);
      if (!hit && meta.unmappedCategory === undefined && typeof value === 'string' && explicitCategory.includes(key)) meta.unmappedCategory = { value, where };
      if (!hit || meta.fields[hit.name]) continue;
      meta.fields[hit.name] = { value, where };
      if (hit.name === 'category') meta.category = hit.parsed as ErrorCategory;
      else if (hit.name === 'retryable') meta.retryable = hit.parsed as boolean;
      else if (hit.name === 'retryAfter') meta.retryAfter = hit.parsed as RetryDelay;
      else if (hit.name === 'userMessage') meta.userMessage = hit.parsed as string;
    }
  }
  return meta;
}

/** True when the metadata carries anything a client can act on: a category, a retry flag, a delay, or a suggested action. */
export function hasActionableMetadata(meta: ErrorMetadata): boolean {
  return meta.category !== undefined || meta.retryable !== undefined || meta.retryAfter !== undefined || meta.fields.suggestedAction !== undefined;
}
