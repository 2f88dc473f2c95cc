// Credential patterns (API keys, bearer tokens, passwords, private keys, JWTs) and redaction of them.
import { compilePattern } from './pattern.js';
import { escapeRegExp } from '../util/regex.js';

export type SecretKind =
  | 'private-key'
  | 'jwt'
  | 'stripe-key'
  | 'openai-key'
  | 'aws-key'
  | 'github-token'
  | 'slack-token'
  | 'google-api-key'
  | 'bearer-token'
  | 'url-credentials'
  | 'password'
  | 'custom';

export interface SecretOptions {
  /** More credential patterns (strings compiled as case-sensitive regexes), reported as kind 'custom'; a `secret` group narrows the match. */
  extraPatterns?: readonly (string | RegExp)[];
}

export interface SecretMatch {
  kind: SecretKind;
  /** The raw secret text. Never put it in a report: use redact(). */
  match: string;
  index: number;
}

interface SecretPattern {
  kind: SecretKind;
  /** Global regex; when it has a `secret` group only that group is the secret (the rest is context). */
  regex: RegExp;
}

// Values that are placeholders, not credentials: "password=***", "secret=<your-secret>", already redacted.
const PLACEHOLDER = /^(?:\*+|x{3,}|\.{3,}|<[^>]*>|\[redacted[^\]]*\]?.*|\$\{?\w+\}?|null|undefined|none|true|false|""|'')$/i;

// Object keys whose string value is a credential whatever it looks like.
const SECRET_KEY = /^(?:password|passwd|pwd|secret|client_?secret|api_?key|access_?token|auth_?token)$/i;

// Order matters for redact(): whole blocks first, then specific token formats, then generic key=value forms.
const PATTERNS: SecretPattern[] = [
  { kind: 'private-key', regex: /-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY-----(?:[\s\S]*?-----END \1PRIVATE KEY-----|[\s\S]*$)/g },
  { kind: 'jwt', regex: /\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g },
  { kind: 'stripe-key', regex: /\b[sr]k_(?:live|test)_[0-9A-Za-z]{10,}\b/g },
  { kind: 'openai-key', regex: /\bsk-(?:proj-|ant-(?:api\d{2}-)?|svcacct-)?[A-Za-z0-9_-]{20,}/g },
  { kind: 'aws-key', regex: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { kind: 'github-token', regex: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})\b/g },
  { kind: 'slack-token', regex: /\bxox[abprs]-[A-Za-z0-9-]{10,}/g },
  { kind: 'google-api-key', regex: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  // A real token is long and has a digit; "Bearer authentication required" is prose.
  { kind: 'bearer-token', regex: /\b[Bb]earer\s+(?<secret>(?=[A-Za-z0-9._~+/-]*\d)[A-Za-z0-9._~+/-]{16,}=*)/g },
  { kind: 'url-credentials', regex: /(?<![\w+.-])[a-zA-Z][a-zA-Z0-9+.-]{0,30}:\/\/[^\s:@/]+:(?<secret>[^\s@/]+)@/g },
  {
    kind: 'password',
    regex: /\b(?:password|passwd|pwd|secret|client_secret|api_?key|access_token|auth_token)=(?<secret>[^\s&"',;]+)/gi,
  },
  {
    kind: 'password',
    regex: /["'](?:password|passwd|pwd|secret|client_secret|api_?key|apiKey|access_?token|accessToken|auth_?token)["']\s*:\s*["'](?<secret>[^"'\n]+)["']/gi,
  },
];

/** The built-in patterns, then the configured ones. */
function patterns(opts: SecretOptions): SecretPattern[] {
  const extra = opts.extraPatterns ?? [];
  return extra.length === 0 ? PATTERNS : [...PATTERNS, ...extra.map((p) => ({ kind: 'custom' as const, regex: compilePattern(p, 'no-secrets') }))];
}

function secretOf(m: RegExpExecArray): { text: string; offset: number } {
  const group = m.groups?.secret;
  if (group === undefined) return { text: m[0], offset: 0 };
  return { text: group, offset: m[0].lastIndexOf(group) };
}

function isPlaceholder(kind: SecretKind, value: string): boolean {
  return (kind === 'password' || kind === 'url-credentials' || kind === 'bearer-token') && PLACEHOLDER.test(value.trim());
}

/**
 * Escape sequences and invisible controls, raw or already shown as escapes (`\u001b[33m`, `\u009b1m`, JSON's `\n`):
 * to a pattern they separate words like a space does, so a token glued to a colour code (`\u001b[33msk-…`) is found.
 */
const SEPARATOR = /(?:\u001b\[|\u009b|\\u001[bB]\[|\\u009[bB])[0-?]*[ -/]*[@-~]|\u001b[\s\S]?|\\u[0-9a-fA-F]{4}|\\[nrtbf]|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** `text` with every separator replaced by as many spaces: same length, so a match in it is a match at the same place in `text`. */
function separated(text: string): string {
  return text.replace(SEPARATOR, (s) => ' '.repeat(s.length));
}

/** Every credential in `text`, in pattern order (one secret may be found by one pattern only). */
export function findSecrets(text: string, opts: SecretOptions = {}): SecretMatch[] {
  const view = separated(text);
  return scan(view, opts).map((f) => (view === text ? f : { ...f, match: text.slice(f.index, f.index + f.match.length) }));
}

function scan(text: string, opts: SecretOptions): SecretMatch[] {
  const found: SecretMatch[] = [];
  for (const { kind, regex } of patterns(opts)) {
    regex.lastIndex = 0;
    for (let m = regex.exec(text); m !== null; m = regex.exec(text)) {
      if (m[0] === '') {
        regex.lastIndex++;
        continue;
      }
      const secret = secretOf(m);
      if (isPlaceholder(kind, secret.text)) continue;
      const index = m.index + secret.offset;
      if (found.some((f) => index < f.index + f.match.length && f.index < index + secret.text.length)) continue;
      found.push({ kind, match: secret.text, index });
    }
  }
  return found;
}

/** The first credential in `text` (lowest index), or null. */
export function findSecret(text: string, opts: SecretOptions = {}): SecretMatch | null {
  const all = findSecrets(text, opts);
  if (all.length === 0) return null;
  return all.reduce((a, b) => (b.index < a.index ? b : a));
}

/** Texts at most this long are redacted once per run: a report repeats its tool names, rule ids and probe kinds. */
const REMEMBERED_CHARS = 256;
const REMEMBERED_TEXTS = 50_000;
/** Redactions of short texts, per list of extra patterns (the built-in ones alone under NO_EXTRA). */
const remembered = new WeakMap<object, Map<string, string>>();
const NO_EXTRA = {};

/** `text` with every credential replaced by `[REDACTED:<kind>]`; context such as "password=" is kept. */
export function redact(text: string, opts: SecretOptions = {}): string {
  if (text.length > REMEMBERED_CHARS) return redactNow(text, opts);
  const key = opts.extraPatterns?.length ? opts.extraPatterns : NO_EXTRA;
  let known = remembered.get(key);
  if (known === undefined) remembered.set(key, (known = new Map()));
  let out = known.get(text);
  if (out === undefined) {
    if (known.size >= REMEMBERED_TEXTS) known.clear();
    out = redactNow(text, opts);
    known.set(text, out);
  }
  return out;
}

function redactNow(text: string, opts: SecretOptions): string {
  // Secrets glued to an escape sequence are cut out where the separated view found them, then the text is redacted as usual.
  let out = separated(text) === text ? text : cut(text, findSecrets(text, opts));
  for (const { kind, regex } of patterns(opts)) {
    out = out.replace(regex, (...args: unknown[]) => {
      const whole = args[0] as string;
      if (whole === '') return whole;
      const last = args[args.length - 1];
      const groups = typeof last === 'object' && last !== null ? (last as Record<string, string | undefined>) : undefined;
      const secret = groups?.secret;
      if (secret === undefined) return `[REDACTED:${kind}]`;
      if (isPlaceholder(kind, secret)) return whole;
      const at = whole.lastIndexOf(secret);
      return `${whole.slice(0, at)}[REDACTED:${kind}]${whole.slice(at + secret.length)}`;
    });
  }
  return out;
}

/** `text` with each found secret replaced by its marker (from the last, so earlier indexes still hold). */
function cut(text: string, found: readonly SecretMatch[]): string {
  let out = text;
  for (const f of [...found].sort((a, b) => b.index - a.index)) out = `${out.slice(0, f.index)}[REDACTED:${f.kind}]${out.slice(f.index + f.match.length)}`;
  return out;
}

/** A deep copy of a JSON value with every string redacted (for response frames shown in reports). */
export function redactValue<T>(value: T): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactValue(v)) as T;
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      copy[k] = typeof v === 'string' && SECRET_KEY.test(k) && !PLACEHOLDER.test(v.trim()) ? '[REDACTED:password]' : redactValue(v);
    }
    return copy as T;
  }
  return value;
}

/** Shorter values are redacted only in their context (`--token abc`): alone, a short value would blank out every word it occurs in. */
export const MIN_SECRET_CHARS = 6;

/** Patterns that find these literal values, each once; values too short to redact alone are left out. */
export function literalPatterns(values: readonly string[]): string[] {
  return [...new Set(values.filter((value) => value.length >= MIN_SECRET_CHARS))].map(escapeRegExp);
}

/** Every pattern a lint's outputs redact: no-secrets' extra patterns (the user's, and literals the run must never print) and the values only redacted. */
export function redactionPatternsOf(options: { ruleOptions?: Record<string, Record<string, unknown>>; redactPatterns?: readonly string[] }): Array<string | RegExp> {
  const { extraPatterns = [] } = (options.ruleOptions?.['no-secrets'] ?? {}) as SecretOptions;
  return [...extraPatterns, ...(options.redactPatterns ?? [])];
}

/**
 * Rule options with these literal values (header values, an access token, a client secret) added to no-secrets' extra
 * patterns: every output redacts them, and a server that echoes one is caught. Values too short to redact are left out.
 */
export function withLiteralSecrets(ruleOptions: Record<string, Record<string, unknown>>, values: readonly string[]): Record<string, Record<string, unknown>> {
  return withSecretPatterns(ruleOptions, literalPatterns(values));
}

/** Rule options with these patterns added to no-secrets' extra patterns. */
export function withSecretPatterns(ruleOptions: Record<string, Record<string, unknown>>, literals: readonly string[]): Record<string, Record<string, unknown>> {
  if (literals.length === 0) return ruleOptions;
  const own = (ruleOptions['no-secrets'] ?? {}) as SecretOptions;
  return { ...ruleOptions, 'no-secrets': { ...own, extraPatterns: [...(own.extraPatterns ?? []), ...literals] } };
}
