// Tool-name globs for the config's `tools` key: `*` matches any run of characters, `?` exactly one.

function globToRegExp(glob: string): RegExp {
  const source = [...glob].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[\\^$.|+()[\]{}]/g, '\\$&'))).join('');
  return new RegExp(`^${source}$`, 'su');
}

/** Does the whole name match one of the globs? */
export function matchesAny(name: string, globs: readonly string[]): boolean {
  return globs.some((glob) => globToRegExp(glob).test(name));
}
