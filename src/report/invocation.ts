// How the user started the linter (an installed bin, npx, or node <path>), so that replay commands start the same way.
import { existsSync, realpathSync } from 'node:fs';
import { basename, delimiter, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { TOOL_NAME } from '../version.js';

/** The words replay commands start with when nobody says otherwise (the API): the published package through npx. */
export const NPX_PREFIX: readonly string[] = ['npx', TOOL_NAME];

export interface InvocationFacts {
  /** process.argv[1]: the script node ran, as invoked (node keeps a bin link's own path here). */
  script: string | undefined;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

function real(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/** The `mcp-errlint` that a shell with this PATH would run, if it is this very script. */
function onPath(script: string, env: NodeJS.ProcessEnv): boolean {
  const target = real(script);
  if (!target) return false;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, TOOL_NAME);
    if (existsSync(candidate)) return real(candidate) === target; // the first one on PATH is the one a shell runs
  }
  return false;
}

/** The words that start a command running this linter again, the way it was started this time. */
export function invocationPrefix({ script, env, cwd }: InvocationFacts): string[] {
  if (!script) return [...NPX_PREFIX];
  const path = resolve(cwd, script);
  const parts = path.split(sep);
  // npx (or `npm exec`) without a local install runs from its cache, ~/.npm/_npx/<hash>/node_modules/.bin/…
  if (parts.includes('_npx')) return [...NPX_PREFIX];
  const inNodeModules = parts.includes('node_modules');
  // npx, npm exec or an npm script over a project's local install: npx finds it again from the same folder.
  // (npm_command alone is no proof: a child inherits it from whatever npm started its parent.)
  if (inNodeModules && env.npm_command) return [...NPX_PREFIX];
  if (basename(path) === TOOL_NAME && onPath(path, env)) return [TOOL_NAME];
  if (inNodeModules) return [...NPX_PREFIX];
  const shown = shortPath(path, cwd);
  // A bin link run by its path is a command of its own; a .js file is run by node.
  if (!path.endsWith('.js') && !path.endsWith('.mjs')) return [isAbsolute(shown) ? shown : `./${shown}`];
  return ['node', shown];
}

/** Relative to cwd when inside it, absolute otherwise. */
function shortPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}
