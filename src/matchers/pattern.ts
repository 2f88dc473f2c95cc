// User-supplied extra patterns (rule options): compiled once into global regexes, with a clear error naming the rule.

export function compilePattern(pattern: string | RegExp, ruleId: string): RegExp {
  const source = typeof pattern === 'string' ? pattern : pattern.source;
  const flags = typeof pattern === 'string' ? 'g' : pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`;
  try {
    return new RegExp(source, flags);
  } catch (e) {
    throw new Error(`${ruleId}: invalid extra pattern ${JSON.stringify(source)}: ${(e as Error).message}`);
  }
}
