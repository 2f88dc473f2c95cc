// Server-supplied regex patterns (JSON Schema `pattern`, `patternProperties`), matched in linear time with re2js so a
// catastrophic pattern such as ^(a+)+$ cannot block the event loop. ECMAScript syntax is translated to RE2's.
import { RE2JS } from 're2js';

/** A pattern RE2 cannot run (a backreference, a lookahead): matching it would need backtracking. */
export class UnsafePatternError extends Error {}

/** What ajv and the probes need of a regex. */
export interface SafeRegExp {
  test(text: string): boolean;
  toString(): string;
}

const FLAG_BITS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, s: RE2JS.DOTALL, m: RE2JS.MULTILINE };
const MAX_CACHED = 2000;
const cache = new Map<string, SafeRegExp | UnsafePatternError>();

/**
 * The pattern compiled for linear-time matching (unanchored, as JSON Schema requires). `u`, `g` and `y` change nothing
 * here. Throws UnsafePatternError for syntax RE2 has no linear-time way to run.
 */
export function safeRegExp(pattern: string, flags = ''): SafeRegExp {
  const key = `${flags}/${pattern}`;
  let compiled = cache.get(key);
  if (compiled === undefined) {
    compiled = compile(pattern, flags);
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, compiled);
  }
  if (compiled instanceof UnsafePatternError) throw compiled;
  return compiled;
}

/** For ajv's `code.regExp` option: ajv calls it for every `pattern` and `patternProperties` key. */
export const ajvRegExp = Object.assign((pattern: string, flags: string) => safeRegExp(pattern, flags), { code: 'safeRegExp' });

/** Why the pattern cannot be matched safely, or undefined when it can. */
export function unsafePatternReason(pattern: string, flags = ''): string | undefined {
  try {
    safeRegExp(pattern, flags);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** ECMAScript's \s: RE2's is ASCII only. */
const ECMA_SPACE = '\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
/** What ECMAScript's `.` does not match without the s flag; RE2's excludes only \n. */
const ECMA_LINE_TERMINATORS = '\n\r\u2028\u2029';

/**
 * The pattern with `\s`, `\S` and `.` spelled as ECMAScript means them (Unicode spaces; no line terminator), so
 * RE2 accepts and refuses the same strings as ajv's JavaScript engine would. `\S` inside a class stays RE2's.
 */
function withEcmaClasses(pattern: string, flags: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) {
      const next = pattern[i + 1];
      i++;
      if (next === 's') out += inClass ? ECMA_SPACE : `[${ECMA_SPACE}]`;
      else if (next === 'S' && !inClass) out += `[^${ECMA_SPACE}]`;
      else out += c + next;
    } else if (c === '[' && !inClass) {
      inClass = true;
      out += c;
    } else if (c === ']' && inClass) {
      inClass = false;
      out += c;
    } else if (c === '.' && !inClass && !flags.includes('s')) out += `[^${ECMA_LINE_TERMINATORS}]`;
    else out += c;
  }
  return out;
}

function compile(pattern: string, flags: string): SafeRegExp | UnsafePatternError {
  let bits = RE2JS.LOOKBEHINDS;
  for (const flag of flags) bits |= FLAG_BITS[flag] ?? 0;
  try {
    const re = RE2JS.compile(RE2JS.translateRegExp(withEcmaClasses(pattern, flags)), bits);
    const text = `/${pattern}/${flags}`;
    return { test: (input: string) => re.test(input), toString: () => text };
  } catch (error) {
    const why = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
    return new UnsafePatternError(`pattern ${JSON.stringify(pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern)} cannot be matched in linear time (${why}), so mcp-errlint does not run it`);
  }
}
