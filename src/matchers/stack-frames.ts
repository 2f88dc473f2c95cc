// Stack-frame patterns per language (rulebook §4 no-stack-trace): finds a stack trace in an error text.

export type StackLanguage = 'javascript' | 'python' | 'java' | 'go' | 'rust' | 'dotnet' | 'ruby' | 'php';

export interface StackFrameMatch {
  language: StackLanguage;
  /** The matched frame or trace header. */
  frame: string;
  index: number;
}

// A JS frame location must look like code: a path separator, a .js/.ts file, node: or <anonymous>,
// so that "at noon (2024-01-01T10:20:30)" is not a frame.
const JS_LOCATION = String.raw`[^()\s]{0,300}?(?:[/\\]|\.[cm]?[jt]sx?\b|node:|<anonymous>)[^()\s]{0,300}?:\d+:\d+`;

const PATTERNS: { language: StackLanguage; regex: RegExp }[] = [
  // at f (file:line:col) — also "at async f", "at new C", "at Object.<anonymous>"
  { language: 'javascript', regex: new RegExp(String.raw`\bat [^\n()]{1,200}? \(${JS_LOCATION}\)`) },
  // at file:line:col
  { language: 'javascript', regex: /\bat (?:file:\/\/)?(?:node:[\w/.-]{1,300}|[^\s()]{0,300}?\.[cm]?[jt]sx?):\d+:\d+/ },
  { language: 'python', regex: /Traceback \(most recent call last\)/ },
  { language: 'python', regex: /\bFile "[^"\n]+", line \d+/ },
  // at pkg.Class.method(File.java:N)
  { language: 'java', regex: /\bat (?:[\w$]+\.)+[\w$<>]+\((?:[\w$-]+\.(?:java|kt|scala|groovy|clj):\d+|Native Method|Unknown Source)\)/ },
  { language: 'go', regex: /\bgoroutine \d+ \[/ },
  { language: 'go', regex: /(?:^|\n)[ \t]*panic: / },
  { language: 'go', regex: /(?<!\S)\S{1,300}?\.go:\d+ \+0x[0-9a-f]+/ },
  { language: 'rust', regex: /\bstack backtrace:/ },
  { language: 'rust', regex: /\bthread '[^'\n]*' panicked at / },
  // at Ns.Type.Method() in …:line N
  { language: 'dotnet', regex: /\bat (?:[\w`<>]+\.)+[\w`<>]+\([^()\n]*\) in [^\n]+?:line \d+/ },
  // from file.rb:N:in — and the first line of a Ruby trace, file.rb:N:in `m'
  { language: 'ruby', regex: /(?<![^\s'"(`])[^\s:'"]{1,300}?\.rb:\d+:in\b/ },
  { language: 'php', regex: /#\d+ [^\s()]{1,300}?\.php\(\d+\): / },
];

/** The first stack frame (lowest position) in `text`, or null. */
export function findStackFrame(text: string): StackFrameMatch | null {
  let best: StackFrameMatch | null = null;
  for (const { language, regex } of PATTERNS) {
    const m = regex.exec(text);
    if (m === null) continue;
    // The Go "panic:" pattern may consume the preceding newline; report the frame itself.
    const frame = m[0].replace(/^\n[ \t]*/, '');
    const index = m.index + (m[0].length - frame.length);
    if (best === null || index < best.index) best = { language, frame, index };
  }
  return best;
}
