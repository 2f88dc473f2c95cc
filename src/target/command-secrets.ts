// Secrets on a server's command line, in its URL and in its environment, found once when the target is resolved:
// reports and replay commands show each as $NAME (the variable a replay reads it from), and every output scrubs its value.
import type { ShownPart, ShownWord } from './types.js';
import { shellQuote } from '../util/text.js';
import { isHttpTarget, type ServerTarget } from './target.js';
import { escapeRegExp } from '../util/regex.js';
import { literalPatterns, MIN_SECRET_CHARS } from '../matchers/secrets.js';


/** The last word of a name that holds a credential (`--api-key`, `client_secret`, `X-Auth-Token`, `?sig=`). */
const SECRET_WORD = /^(?:token|secret|password|passwd|pwd|pass|passphrase|apikey|auth|authorization|credentials?|cookie|bearer|pat|sig|signature)$/;
/** A last word that ends like one (`PGPASSWORD`, `apitoken`); `tokenizer` and `author` do not. */
const SECRET_END = /(?:password|passwd|token|secret|apikey)$/;
/** What makes a `key` a credential (`--api-key`, `--private-key`); a bare `key` is one too (`?key=`), `--sort-key` is not. */
const KEY_QUALIFIER = /^(?:api|private|secret|access|client|signing|encryption|master|license|subscription|app|auth|account|service|consumer|session|ssh)$/;

/** The words of a name: `--apiKey`, `API_KEY` and `x-api-key` all end in api, key. */
function wordsOf(name: string): string[] {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

/** Whether a flag, query parameter, header or variable of this name holds a credential (`--token`, `api_key`, `X-Api-Key`; not `--tokenizer`, `--no-auth`). */
export function isSecretName(name: string): boolean {
  const words = wordsOf(name);
  if (words.length === 0 || words[0] === 'no') return false;
  const last = words[words.length - 1];
  if (SECRET_WORD.test(last) || SECRET_END.test(last)) return true;
  return last === 'key' && (words.length === 1 || KEY_QUALIFIER.test(words[words.length - 2]));
}

/** Environment variables whose values are credentials by their name (any part of it: `MY_API_KEY_FILE`, `SESSION_ID`). */
const SECRET_VARIABLE = /token|secret|passw|key|auth|credential|cookie|session/i;

/** Variables a replay must not take over: setting them to the server's value would change the shell the user replays in. */
const SHELL_VARIABLES = new Set(['PATH', 'HOME', 'USER', 'SHELL', 'PWD', 'OLDPWD', 'IFS', 'LANG', 'TERM', 'TMPDIR', 'LOGNAME', 'HOSTNAME', 'UID', 'EUID', 'PPID', 'PS1', 'PS4', 'RANDOM', 'SECONDS', 'LINENO', 'NODE_OPTIONS']);

/** The variable a secret is read from, after the name that held it: `--api-key` → API_KEY; an environment variable keeps its own name. */
function variableOf(name: string, asIs = false): string {
  const base = asIs ? name : wordsOf(name).join('_').toUpperCase() || 'SECRET';
  return SHELL_VARIABLES.has(base) ? `SERVER_${base}` : /^\d/.test(base) ? `_${base}` : base;
}


/**
 * How a found value is kept: the regex of the text before it (and after it) wherever it is quoted, and whether it is a
 * credential (redacted, graded), a private value (redacted only) or a credential redacted only in that context (a URL's
 * user name: `postgres` alone is a word, not a secret).
 */
interface Keeping {
  context: string;
  after?: string;
  kind?: 'credential' | 'private' | 'in-context';
}

/** Where a secret sits in a word, the variable it would be read from, and how it is kept. */
interface Span extends Keeping {
  start: number;
  end: number;
  name: string;
}

const URL_USERINFO = /\b[a-z][a-z0-9+.-]*:\/\/(?<user>[^\s/?#@:]*)(?::(?<password>[^\s/?#@]*))?@/dgi;
const PAIR = /(?:^|[?&;#\s,=])(?<name>[A-Za-z_][\w.-]*)=(?<value>[^&;#\s]+)/dg;
const HEADER = /^\s*(?<name>[A-Za-z][\w-]*)\s*:\s*(?:(?<scheme>Bearer|Basic|Token|Bot|Digest)\s+)?(?<value>\S(?:[\s\S]*\S)?)\s*$/di;
const BEARER = /\b[Bb]earer\s+(?<value>[^\s"',;]+)/dg;
/** A flag, `--name` or `-name`, with its value when given as `--name=value`. */
const FLAG = /^(?<flag>--?[A-Za-z][\w.-]*)(?:=(?<value>[\s\S]*))?$/;
/** What separates a flag from its value wherever the command line is quoted: `--token abc`, `--token=abc`, `'--token', 'abc'`. */
const FLAG_SEPARATOR = `[=\\s,:'"]{1,6}`;

/** The credentials inside one word: URL user-info, key-like query (or `name=value`) parameters, an Authorization-like header, a bearer token. */
function spansOf(text: string): Span[] {
  const spans: Span[] = [];
  const add = (indices: [number, number] | undefined, name: string, keeping: Keeping) => {
    if (!indices || indices[1] <= indices[0] || spans.some((s) => indices[0] < s.end && s.start < indices[1])) return;
    spans.push({ start: indices[0], end: indices[1], name, ...keeping });
  };
  const header = HEADER.exec(text);
  if (header?.groups && isSecretName(header.groups.name)) {
    const { scheme } = header.groups;
    add(header.indices?.groups?.value, variableOf(header.groups.name), { context: `${escapeRegExp(header.groups.name)}\\s*:\\s*${scheme ? `${escapeRegExp(scheme)}\\s+` : ''}` });
  }
  for (const m of text.matchAll(URL_USERINFO)) {
    add(m.indices?.groups?.password, 'URL_PASSWORD', { context: ':', after: '@' });
    add(m.indices?.groups?.user, 'URL_USER', { context: ':\\/\\/', after: '[:@]', kind: 'in-context' });
  }
  for (const m of text.matchAll(PAIR)) if (isSecretName(m.groups!.name)) add(m.indices?.groups?.value, variableOf(m.groups!.name), { context: `${escapeRegExp(m.groups!.name)}=` });
  for (const m of text.matchAll(BEARER)) add(m.indices?.groups?.value, 'BEARER_TOKEN', { context: '[Bb]earer\\s+' });
  return spans.sort((a, b) => a.start - b.start);
}

/**
 * The secrets of one server as its target is resolved: each found value is kept (to be scrubbed from every output) and
 * named by a variable (for the words reports and replay commands show). Credentials are graded too (no-secrets finds an
 * answer that echoes one); the other values of the server's environment are only redacted.
 */
export class CommandLineSecrets {
  /** Credential values, any length. */
  readonly secrets: string[] = [];
  /** Regexes (with a `secret` group) that find a credential too short to redact alone, in the text that precedes it. */
  readonly contexts: string[] = [];
  /** The server's other environment values: redacted, never a finding. */
  readonly private: string[] = [];
  private readonly variables = new Map<string, string>();
  private readonly taken = new Set<string>();

  /** A credential found elsewhere (a header value, a substituted variable): scrubbed, shown where it stands as it is. */
  secret(value: string): void {
    if (value === '' || this.secrets.includes(value)) return;
    this.secrets.push(value);
    // A URL shows it percent-encoded; the server may echo it decoded.
    const decoded = safeDecode(value);
    if (decoded !== value && decoded !== '') this.secrets.push(decoded);
  }

  /** The server's arguments as shown: a secret flag's value (`--token v`, `--token=v`) and the credentials inside any word as $NAME. */
  args(args: readonly string[]): ShownWord[] {
    const shown: ShownWord[] = [];
    for (let i = 0; i < args.length; i++) {
      const flag = FLAG.exec(args[i])?.groups;
      if (!flag || !isSecretName(flag.flag)) {
        shown.push(this.within(args[i]));
        continue;
      }
      const keeping = { context: `${escapeRegExp(flag.flag)}${FLAG_SEPARATOR}` };
      if (flag.value !== undefined) {
        shown.push(flag.value === '' ? args[i] : [`${flag.flag}=`, this.hide(flag.value, variableOf(flag.flag), keeping)]);
        continue;
      }
      shown.push(args[i]);
      const value = args[i + 1];
      // A word starting with - is the next flag, not this one's value.
      if (value !== undefined && value !== '' && !value.startsWith('-')) shown.push([this.hide(value, variableOf(flag.flag), keeping)]), i++;
    }
    // A secret's value repeated in another word (`--token abc123 --label abc123`) stands for the same variable there.
    return shown.map((word) => this.named(word));
  }

  /** A URL as shown: its user-info and key-like query parameters as $NAME. */
  url(url: string): ShownWord {
    return this.named(this.within(url));
  }

  /** `KEY=value` for the server's environment, shown as `KEY=$KEY`: a credential when the name says so, else private. */
  env(key: string, value: string): ShownWord {
    if (value === '') return `${key}=`;
    const credential = SECRET_VARIABLE.test(key);
    if (!credential) {
      // A URL with a password, a bearer token in the value are credentials all the same.
      for (const span of spansOf(value)) this.hide(value.slice(span.start, span.end), span.name, span);
    }
    return [`${key}=`, this.hide(value, variableOf(key, true), { context: `\\b${escapeRegExp(key)}=`, kind: credential ? 'credential' : 'private' })];
  }

  /** One of mcp-errlint's own `--header "Name: value"` as shown: as written when it reads a variable, else its value as $NAME. */
  header(spec: string): ShownWord {
    if (/\$(?:\{|[A-Za-z_])/.test(spec)) return spec;
    const m = /^(?<name>[^:]+):\s*(?:(?<scheme>Bearer|Basic|Token|Bot|Digest)\s+)?(?<value>[\s\S]*\S)?\s*$/di.exec(spec);
    if (!m?.groups?.value) return spec;
    const at = m.indices!.groups!.value![0];
    return [spec.slice(0, at), this.hide(m.groups.value, variableOf(m.groups.name), { context: `${escapeRegExp(m.groups.name.trim())}\\s*:\\s*` })];
  }

  /** Regexes that redact everything found: each value long enough alone, the short credentials in their context. */
  patterns(): string[] {
    return [...literalPatterns([...this.secrets, ...this.private]), ...this.contexts];
  }

  /** The variable that stands for `value` (the same one each time it is found), the value kept for redaction. */
  private hide(value: string, name: string, { context, after, kind = 'credential' }: Keeping): ShownPart {
    if (kind === 'credential') this.secret(value);
    if (kind === 'private' && !this.private.includes(value)) this.private.push(value);
    if (kind === 'in-context' || (kind === 'credential' && value.length < MIN_SECRET_CHARS)) {
      const pattern = `${context}(?<secret>${escapeRegExp(value)})${after ? `(?=${after})` : ''}`;
      if (!this.contexts.includes(pattern)) this.contexts.push(pattern);
    }
    let variable = this.variables.get(value);
    if (variable === undefined) {
      variable = name;
      for (let n = 2; this.taken.has(variable); n++) variable = `${name}_${n}`;
      this.variables.set(value, variable);
      this.taken.add(variable);
    }
    return { env: variable };
  }

  private within(text: string): ShownWord {
    const spans = spansOf(text);
    if (spans.length === 0) return text;
    const parts: ShownPart[] = [];
    let from = 0;
    for (const span of spans) {
      if (span.start > from) parts.push(text.slice(from, span.start));
      parts.push(this.hide(text.slice(span.start, span.end), span.name, span));
      from = span.end;
    }
    if (from < text.length) parts.push(text.slice(from));
    return parts;
  }

  /** `word` with every long value already named standing for its variable in its literal parts. */
  private named(word: ShownWord): ShownWord {
    // Only values redacted wherever they show up: a URL's user name is a word like any other outside its URL.
    const known = [...this.variables.keys()].filter((value) => value.length >= MIN_SECRET_CHARS && (this.secrets.includes(value) || this.private.includes(value))).sort((a, b) => b.length - a.length);
    if (known.length === 0) return word;
    const parts = (typeof word === 'string' ? [word] : word).flatMap((part) => (typeof part === 'string' ? this.split(part, known) : [part]));
    return parts.length === 1 && typeof parts[0] === 'string' ? parts[0] : parts;
  }

  private split(text: string, known: readonly string[]): ShownPart[] {
    const value = known.find((v) => text.includes(v));
    if (value === undefined) return text === '' ? [] : [text];
    const at = text.indexOf(value);
    return [...this.split(text.slice(0, at), known), { env: this.variables.get(value)! }, ...this.split(text.slice(at + value.length), known)];
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** How a target is shown when nobody resolved it (the lint() API): its command and arguments, or its URL, secrets as $NAME. */
export function shownTarget(target: ServerTarget): ShownWord[] {
  const secrets = new CommandLineSecrets();
  return isHttpTarget(target) ? [secrets.url(target.url)] : [target.command, ...secrets.args(target.args ?? [])];
}

/** Whether a shown word hides anything. */
export function hidesSecret(word: ShownWord): boolean {
  return typeof word !== 'string' && word.some((part) => typeof part !== 'string');
}

/** `$NAME` (`${NAME}` before a letter, digit or underscore). */
function reference(name: string, next: ShownPart | undefined): string {
  return typeof next === 'string' && /^\w/.test(next) ? `\${${name}}` : `$${name}`;
}

/** A shown word as text: `--token=$TOKEN`. */
export function shownText(word: ShownWord): string {
  if (typeof word === 'string') return word;
  return word.map((part, i) => (typeof part === 'string' ? part : reference(part.env, word[i + 1]))).join('');
}

/** A shown word for a POSIX shell: the secrets read from the environment (`--token="$TOKEN"`), the rest quoted as it is. */
export function shellWord(word: ShownWord): string {
  if (typeof word === 'string') return shellQuote(word);
  // In double quotes when nothing else in it would expand there; else each literal part quoted on its own.
  if (word.every((part) => typeof part !== 'string' || !/["$`\\!]/.test(part))) return `"${shownText(word)}"`;
  return word.map((part) => (typeof part === 'string' ? (part === '' ? '' : shellQuote(part)) : `"$${part.env}"`)).join('');
}

/** The variables these words read, in order. */
export function variablesOf(words: readonly ShownWord[]): string[] {
  return [...new Set(words.flatMap((word) => (typeof word === 'string' ? [] : word.flatMap((part) => (typeof part === 'string' ? [] : [part.env])))))];
}
