// Internal-detail patterns (rulebook §4 no-internal-details): absolute paths, internal hosts, private addresses, dumps.
import { isAbsolute, resolve } from 'node:path';
import { escapeRegExp } from '../util/regex.js';
import { compilePattern } from './pattern.js';
import { findRuntimeMarker } from './phrases.js';

/** What the user gave the server to start it; a path in it that comes back in an error is the user's own, not a leak. */
export interface UserSupplied {
  /** The server command's arguments, as given (e.g. the directories a filesystem server may use). */
  args: readonly string[];
  /** The server's working directory (absolute); relative paths among `args` are resolved against it. */
  cwd?: string;
}

export type LeakKind =
  | 'absolute-path'
  | 'internal-host'
  | 'private-address'
  | 'connection-string'
  | 'object-dump'
  | 'exception-dump'
  | 'custom';

export interface LeakMatch {
  kind: LeakKind;
  match: string;
  index: number;
}

export interface LeakOptions {
  /** Extra patterns reported as kind 'custom' (strings are compiled as case-sensitive regexes). */
  extraPatterns?: readonly (string | RegExp)[];
  /** Host names (and their subdomains) or addresses that are public knowledge for this server. */
  allowedHosts?: readonly string[];
  /** What we sent: a match that occurs verbatim in it is an echo of our input, not a leak. */
  sent?: string;
  /** String values we sent: an absolute path that ends with one's path segments is that value resolved by the server. */
  sentValues?: readonly string[];
  /** We sent an object as a value: "[object Object]" may be the server stringifying it. */
  sentObject?: boolean;
  /** The answer is to a frame of ours that is not JSON: a JSON parser's exception describes that frame. */
  sentMalformedJson?: boolean;
  /**
   * Names of arguments whose string value we sent is not JSON (a key, and the last word of a compound key: "headers" of
   * extraHttpHeaders): a JSON parser's message in an answer that names one describes that value.
   */
  jsonInputNames?: readonly string[];
  /** Argument names the probe is about: "query is not defined" then speaks of our argument, not of a variable. */
  argumentNames?: readonly string[];
  /** What the user gave the server (its arguments, its working directory): those paths are the user's own. */
  userSupplied?: UserSupplied;
}

// Unix directories that only a server's own filesystem has; not preceded by a word, '.', ':' or '/'
// so that relative paths ("src/index.ts") and URL paths ("https://example.com/docs") are not paths.
const UNIX_PATH = /(?<![\w.:/~\\-])\/(?:home|usr|var|app|opt|srv|tmp|etc|root|Users|private|workspace|mnt|proc)\/[^\s'"`<>()[\]{},;]+/g;
const WINDOWS_PATH = /(?<![\w/])[A-Za-z]:\\[^\s'"`<>|*?]+/g;
const FILE_URL = /\bfile:\/\/\/[^\s'"`<>()]+/g;
const INTERNAL_HOST = /(?<![\w.@-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:internal|local|corp|lan)(?![\w-]|\.[a-z])(?::\d{1,5})?/gi;
const PRIVATE_ADDRESS =
  /(?<![\w.])(?:10\.\d{1,3}\.\d{1,3}\.\d{1,3}|172\.(?:1[6-9]|2\d|3[01])\.\d{1,3}\.\d{1,3}|192\.168\.\d{1,3}\.\d{1,3}|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|0\.0\.0\.0|localhost|\[::1\]):\d{1,5}\b/gi;
const CONNECTION_STRING = /(?<![\w+.-])[a-zA-Z][a-zA-Z0-9+.-]{0,30}:\/\/[^\s:@/]+:[^\s@/]+@[^\s'"`<>]+/g;
const OBJECT_DUMP = /\[object (?:Object|Array|Promise|Error)\]/g;
const JS_IDENTIFIER = String.raw`[A-Za-z_$][\w$]*`;
const PY_IDENTIFIER = String.raw`[A-Za-z_]\w*`;
const EXCEPTION_DUMP = new RegExp(
  [
    // Qualified JVM / .NET class names: java.lang.NullPointerException, System.NullReferenceException
    String.raw`\b(?:java|javax|jakarta|kotlin|scala|org|com|io|net|System|Microsoft)\.(?:[\w$]+\.)*[A-Z][\w$]*(?:Exception|Error)\b`,
    // Engine and runtime exception classes followed by their message: TypeError: ..., KeyError: 'id'
    String.raw`\b(?:TypeError|ReferenceError|RangeError|SyntaxError|EvalError|URIError|KeyError|ValueError|AttributeError|IndexError|NameError|ZeroDivisionError|AssertionError|ImportError|ModuleNotFoundError|UnboundLocalError|RecursionError|NoMethodError|NullPointerException|NullReferenceException):(?: |(?=\s|$))`,
    // Python exception reprs: KeyError('id')
    String.raw`\b(?:KeyError|AttributeError|TypeError|ValueError|IndexError|NameError)\(['"]`,
    // JS engine TypeError messages without their class: V8 always writes the bare expression, never a quoted name, so
    // "'callback' is not a function" or "Parameter 'query' is not defined" (validation wording) do not match. A dotted
    // chain starts only where no identifier or dot precedes it, which keeps a scan of "a.a.a…" linear.
    String.raw`(?<![\w$.])(?:${JS_IDENTIFIER}\.)*${JS_IDENTIFIER}(?:\(\.\.\.\))? is not a function\b`,
    String.raw`\bCannot (?:read|set) propert(?:ies|y '[^'\n]{0,64}') of (?:undefined|null)(?: \((?:reading|setting) '[^'\n]{0,64}'\))?`,
    // "is not iterable": a dotted expression, V8's own suffix, or a bare name opening the message ("The value is not
    // iterable" is prose, "items is not iterable" after a colon is V8).
    String.raw`(?<![\w$.])(?:${JS_IDENTIFIER}\.)+${JS_IDENTIFIER} is not iterable\b`,
    String.raw`\b${JS_IDENTIFIER}(?: ${JS_IDENTIFIER})? is not iterable \(cannot read property Symbol\(Symbol\.iterator\)\)`,
    String.raw`(?:^|(?<=[:\n]\s{0,4}))${JS_IDENTIFIER} is not iterable\b`,
    String.raw`\bCannot destructure property '[^'\n]{0,64}' of '[^'\n]{0,64}'`,
    String.raw`\bCannot convert undefined or null to object\b`,
    // JavaScriptCore (Safari, Bun): "undefined is not an object (evaluating 'a.b')"
    String.raw`\b(?:undefined|null) is not an object \(evaluating '`,
    // A ReferenceError's message is the whole sentence: "db is not defined" at the start of a message or after a colon.
    String.raw`(?:^|(?<=[:\n]\s{0,4}))(?<undefinedName>${JS_IDENTIFIER}) is not defined(?= in ES module scope|\s*(?:[.\n]|$))`,
    // Python runtime TypeErrors and AttributeErrors without their class
    String.raw`'${PY_IDENTIFIER}' object (?:has no attribute|is not (?:subscriptable|iterable|callable)|does not support item assignment|cannot be interpreted as an integer)`,
    String.raw`(?<![\w.])(?:${PY_IDENTIFIER}\.)*${PY_IDENTIFIER}\(\) (?:missing \d+ required (?:positional|keyword-only) arguments?|got an unexpected keyword argument|got multiple values for (?:keyword )?argument|takes (?:from \d+ to )?\d+ positional arguments? but \d+ (?:was|were) given|takes no (?:keyword )?arguments)`,
    String.raw`\bruntime error: (?:invalid memory address|index out of range|nil map|slice bounds)`,
    // JSON parsers' own messages without their class: the server parsed a value with JSON.parse (V8) or json.loads.
    String.raw`\bUnexpected token '[^'\n]{1,8}', "[^"\n]{0,60}"(?:\.\.\.)? is not valid JSON\b`,
    String.raw`\bUnexpected (?:token \S{1,8} in JSON|end of JSON input|non-whitespace character after JSON)\b`,
    String.raw`\b(?:Expected property name or '\}'|Unterminated string|Bad control character in string literal|Bad escaped character) in JSON at position \d+`,
    String.raw`\bExpecting (?:value|property name enclosed in double quotes|',' delimiter|':' delimiter): line \d+ column \d+ \(char \d+\)`,
    String.raw`called \x60(?:Option|Result)::unwrap\(\)\x60 on`,
  ].join('|'),
  'g',
);
/** Exceptions JSON parsers throw; in answer to a frame of ours that is not JSON, they describe that frame. */
const JSON_PARSE_EXCEPTION =
  /^(?:SyntaxError:|(?:[\w$]+\.)*(?:Json\w*Exception|JSONException|MalformedJsonException)\b|(?:ValueError|JSONDecodeError):\s*(?:Expecting|Invalid|Extra data|Unterminated)|Unexpected (?:token|end of JSON|non-whitespace)|(?:Expected property name|Unterminated string|Bad control character|Bad escaped character)[^\n]* in JSON|Expecting (?:value|property name|',' delimiter|':' delimiter): line)/;

/** Every alternative of EXCEPTION_DUMP contains one of these: a text without any is not scanned (most error texts). */
const EXCEPTION_WORDS = ['Error', 'Exception', ' is not ', 'Cannot ', "' object ", '() ', 'runtime error: ', 'unwrap()', ' JSON', 'Expecting '];

/** `mayMatch`: a cheap test that the pattern could match at all, to spare the scan of a long alternation. */
const BUILT_IN: { kind: LeakKind; regex: RegExp; mayMatch?: (text: string) => boolean }[] = [
  { kind: 'connection-string', regex: CONNECTION_STRING },
  { kind: 'absolute-path', regex: UNIX_PATH },
  { kind: 'absolute-path', regex: WINDOWS_PATH },
  { kind: 'absolute-path', regex: FILE_URL },
  { kind: 'internal-host', regex: INTERNAL_HOST },
  { kind: 'private-address', regex: PRIVATE_ADDRESS },
  { kind: 'object-dump', regex: OBJECT_DUMP },
  { kind: 'exception-dump', regex: EXCEPTION_DUMP, mayMatch: (text) => EXCEPTION_WORDS.some((word) => text.includes(word)) },
];

/** The path segments of a path or of a value a server would resolve as one ("../x" → x, "a/../b" → b, "~/x" → x). */
function pathSegments(path: string): string[] {
  const out: string[] = [];
  for (const segment of path.replace(/^file:\/\//, '').split(/[\\/]+/)) {
    if (segment === '' || segment === '.' || segment === '~' || /^[A-Za-z]:$/.test(segment)) continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return out;
}

/**
 * Is `shown` the segment `own` as a path pattern could match it? A match stops at whitespace and odd characters, so
 * its last segment may be cut short ("# " shows as "#", a 100 KB name as its first word).
 */
function sameSegment(shown: string, own: string, last: boolean): boolean {
  return shown === own || (last && shown.length > 0 && own.startsWith(shown));
}

/** Does `path` end with the segments of one of our values, i.e. is it our value resolved against some directory? */
function isResolvedValue(path: string, values: readonly string[]): boolean {
  const segments = pathSegments(path);
  return values.some((value) => {
    // "~" is the server's home directory: resolving our own "~" shows the user's environment, not the server's internals.
    if (/^~[\\/]*$/.test(value.trim())) return true;
    const tail = pathSegments(value);
    if (tail.length === 0) return false;
    if (tail.length > segments.length) return false;
    const shown = segments.slice(segments.length - tail.length);
    return shown.every((s, i) => sameSegment(s, tail[i], i === tail.length - 1));
  });
}

function trimSeparators(path: string): string {
  return path.length > 1 ? path.replace(/[\\/]+$/, '') : path;
}

/** The paths the user gave the server: its working directory and every argument or `--flag=value` that is a path. */
function userPaths(user: UserSupplied): string[] {
  const paths = user.cwd !== undefined ? [user.cwd] : [];
  for (const arg of user.args) {
    for (const candidate of [arg, /^-{1,2}[\w.-]+=(.+)$/.exec(arg)?.[1]]) {
      if (candidate === undefined || candidate === '') continue;
      if (isAbsolute(candidate)) paths.push(candidate);
      else if (user.cwd !== undefined && /^\.{1,2}(?:[\\/]|$)|[\\/]/.test(candidate)) paths.push(resolve(user.cwd, candidate));
    }
  }
  return paths.map(trimSeparators);
}

/**
 * Is `path` one the user gave, or one the user gave followed by the leading segments of a value of ours (the parent of
 * our "errlint/x" inside the user's directory)? macOS shows /tmp, /var and /etc as their real /private/… paths.
 */
function isUserPath(path: string, user: UserSupplied, values: readonly string[]): boolean {
  const given = userPaths(user).map(pathSegments);
  const shown = path.replace(/^file:\/\//, '');
  return [shown, shown.replace(/^\/private(?=\/(?:tmp|var|etc)\/)/, '')].some((candidate) => {
    const segments = pathSegments(candidate);
    return given.some((base) => {
      if (base.length > segments.length || !base.every((s, i) => s === segments[i])) return false;
      const rest = segments.slice(base.length);
      return rest.length === 0 || values.some((value) => {
        const own = pathSegments(value);
        return rest.length <= own.length && rest.every((s, i) => sameSegment(s, own[i], i === rest.length - 1));
      });
    });
  });
}

/** A home directory: where a program was looked for there, the path still shows the server's user and layout. */
const HOME_DIRECTORY = /^(?:file:\/\/)?(?:\/(?:home|root|Users)\/|[A-Za-z]:\\Users\\)/i;
/** How a sentence names the place it looked: "… is not found at <path>", "… at '<path>'", "… at:" above a list of places. */
const LOOKED_AT = /\b(?:at|in)\s*:?\s*['"`]?$/;
const LIST_ITEM = /^\s*[-*•]\s/;
const BULLET = /^\s*[-*•]\s*['"`]?$/;

/**
 * Is the path at `index` where the answer says a program is missing ("Chromium distribution 'chrome' is not found at
 * /opt/google/chrome/chrome", "Could not find Google Chrome executable … at:\n - /opt/google/chrome/chrome")? That is the
 * machine's install location, named to help set it up, unless it is in a home directory.
 */
function isMissingProgramPlace(match: string, text: string, index: number): boolean {
  // A home directory, or a source position ("…/launch.js:40:11", a stack frame's): not a program's install location.
  if (HOME_DIRECTORY.test(match) || /:\d+(?::\d+)?$/.test(match)) return false;
  let start = text.lastIndexOf('\n', index - 1) + 1;
  let head = text.slice(start, index);
  // An item of a list of places: the sentence is the first line above the list.
  if (BULLET.test(head)) {
    do {
      if (start === 0) return false;
      const end = start - 1;
      start = text.lastIndexOf('\n', end - 1) + 1;
      head = text.slice(start, end);
    } while (LIST_ITEM.test(head));
  }
  return LOOKED_AT.test(head) && findRuntimeMarker(head) !== null;
}

/** Does `text` name one of `names` as a whole word ("Invalid JSON for headers"), any case? */
function namesOneOf(text: string, names: readonly string[]): boolean {
  return names.some((name) => new RegExp(`(?<![\\w$-])${escapeRegExp(name)}(?![\\w$-])`, 'i').test(text));
}

/** Is this match something we (or the user) put there, or the machine's setup the answer points to, rather than the server's internals? */
function isOurs(kind: LeakKind, match: string, text: string, index: number, groups: Record<string, string | undefined> | undefined, opts: LeakOptions): boolean {
  if (opts.sent !== undefined && opts.sent.includes(match)) return true;
  switch (kind) {
    case 'absolute-path':
      return isResolvedValue(match, opts.sentValues ?? []) || (opts.userSupplied !== undefined && isUserPath(match, opts.userSupplied, opts.sentValues ?? [])) || isMissingProgramPlace(match, text, index);
    case 'object-dump':
      return match === '[object Object]' && opts.sentObject === true;
    case 'exception-dump': {
      // A parse message about our frame that is not JSON, or about an argument of ours that is not JSON and that the answer names.
      if (JSON_PARSE_EXCEPTION.test(text.slice(index)) && (opts.sentMalformedJson === true || namesOneOf(text, opts.jsonInputNames ?? []))) return true;
      const name = groups?.undefinedName;
      return name !== undefined && (opts.argumentNames ?? []).some((n) => n.toLowerCase() === name.toLowerCase());
    }
    default:
      return false;
  }
}

function isAllowedHost(kind: LeakKind, match: string, allowed: readonly string[]): boolean {
  if (kind !== 'internal-host' && kind !== 'private-address') return false;
  const host = match.replace(/:\d+$/, '').toLowerCase();
  return allowed.some((a) => {
    const h = a.toLowerCase();
    return host === h || host.endsWith(`.${h}`);
  });
}

/** Every internal detail in `text`, ordered by position. */
export function findLeaks(text: string, opts: LeakOptions = {}): LeakMatch[] {
  const patterns: typeof BUILT_IN = [...BUILT_IN, ...(opts.extraPatterns ?? []).map((p) => ({ kind: 'custom' as const, regex: compilePattern(p, 'no-internal-details') }))];
  const found: LeakMatch[] = [];
  for (const { kind, regex, mayMatch } of patterns) {
    if (mayMatch && !mayMatch(text)) continue;
    regex.lastIndex = 0;
    for (let m = regex.exec(text); m !== null; m = regex.exec(text)) {
      if (m[0] === '') {
        regex.lastIndex++;
        continue;
      }
      // A path that ends a sentence ("cannot open /home/ada/a.pdf.") does not include the full stop.
      const match = kind === 'absolute-path' ? m[0].replace(/[.,:;!?]+$/, '') : m[0];
      if (isAllowedHost(kind, match, opts.allowedHosts ?? [])) continue;
      if (isOurs(kind, match, text, m.index, m.groups, opts)) continue;
      // One stretch of text is one leak: a connection string is not also a host and a path.
      if (found.some((f) => m!.index < f.index + f.match.length && f.index < m!.index + match.length)) continue;
      found.push({ kind, match, index: m.index });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/** The first internal detail in `text` (lowest position), or null. */
export function findLeak(text: string, opts: LeakOptions = {}): LeakMatch | null {
  return findLeaks(text, opts)[0] ?? null;
}
