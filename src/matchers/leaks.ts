// Internal-detail patterns (rulebook §4 no-internal-details): absolute paths, internal hosts, private addresses, dumps.
import { compilePattern } from './pattern.js';

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
const EXCEPTION_DUMP = new RegExp(
  [
    // Qualified JVM / .NET class names: java.lang.NullPointerException, System.NullReferenceException
    String.raw`\b(?:java|javax|jakarta|kotlin|scala|org|com|io|net|System|Microsoft)\.(?:[\w$]+\.)*[A-Z][\w$]*(?:Exception|Error)\b`,
    // Engine and runtime exception classes followed by their message: TypeError: ..., KeyError: 'id'
    String.raw`\b(?:TypeError|ReferenceError|RangeError|SyntaxError|EvalError|URIError|KeyError|ValueError|AttributeError|IndexError|NameError|ZeroDivisionError|AssertionError|ImportError|ModuleNotFoundError|UnboundLocalError|RecursionError|NoMethodError|NullPointerException|NullReferenceException): `,
    String.raw`'NoneType' object (?:has no attribute|is not subscriptable)`,
    String.raw`\bruntime error: (?:invalid memory address|index out of range|nil map|slice bounds)`,
    String.raw`called \x60(?:Option|Result)::unwrap\(\)\x60 on`,
  ].join('|'),
  'g',
);

const BUILT_IN: { kind: LeakKind; regex: RegExp }[] = [
  { kind: 'connection-string', regex: CONNECTION_STRING },
  { kind: 'absolute-path', regex: UNIX_PATH },
  { kind: 'absolute-path', regex: WINDOWS_PATH },
  { kind: 'absolute-path', regex: FILE_URL },
  { kind: 'internal-host', regex: INTERNAL_HOST },
  { kind: 'private-address', regex: PRIVATE_ADDRESS },
  { kind: 'object-dump', regex: OBJECT_DUMP },
  { kind: 'exception-dump', regex: EXCEPTION_DUMP },
];

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
  const patterns = [...BUILT_IN, ...(opts.extraPatterns ?? []).map((p) => ({ kind: 'custom' as const, regex: compilePattern(p, 'no-internal-details') }))];
  const found: LeakMatch[] = [];
  for (const { kind, regex } of patterns) {
    regex.lastIndex = 0;
    for (let m = regex.exec(text); m !== null; m = regex.exec(text)) {
      if (m[0] === '') {
        regex.lastIndex++;
        continue;
      }
      // A path that ends a sentence ("cannot open /home/ada/a.pdf.") does not include the full stop.
      const match = kind === 'absolute-path' ? m[0].replace(/[.,:;!?]+$/, '') : m[0];
      if (isAllowedHost(kind, match, opts.allowedHosts ?? [])) continue;
      if (opts.sent !== undefined && opts.sent.includes(match)) continue;
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
