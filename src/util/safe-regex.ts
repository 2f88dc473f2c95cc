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

function compile(pattern: string, flags: string): SafeRegExp | UnsafePatternError {
  let bits = RE2JS.LOOKBEHINDS;
  for (const flag of flags) bits |= FLAG_BITS[flag] ?? 0;
  try {
    const re = RE2JS.compile(RE2JS.translateRegExp(pattern), bits);
    const text = `/${pattern}/${flags}`;
    return { test: (input: string) => re.test(input), toString: () => text };
  } catch (error) {
    const why = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
    return new UnsafePatternError(`pattern ${JSON.stringify(pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern)} cannot be matched in linear time (${why}), so mcp-errlint does not run it`);
  }
}
