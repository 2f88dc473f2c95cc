// Reading a file the user named (a config file, a client config, an env file), with a one-line reason when it cannot be read.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigError } from '../errors.js';
import { terminalSafe } from './text.js';

/** The text of a config file at `path`, or a ConfigError "<file>: cannot read: …" (`file` names it as the user did). */
export function readConfigText(path: string, file: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError([terminalSafe(`${file}: cannot read: ${whyUnreadable(error)}`)]);
  }
}

/** Why a file could not be read, in a few words ("no such file", "is a directory", else the system's message). */
export function whyUnreadable(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  return code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : message;
}

/**
 * Create a directory and its missing parents, one level at a time. Node's `mkdirSync(…, { recursive: true })` never
 * returns for some paths (one under /proc, seen on Node 20); made level by level, each step fails with its own reason.
 */
export function makeDirs(dir: string): void {
  const missing: string[] = [];
  let at = resolve(dir);
  for (; !existsSync(at) && dirname(at) !== at; at = dirname(at)) missing.unshift(at);
  if (!statSync(at).isDirectory()) throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${resolve(dir)}'`), { code: 'ENOTDIR' });
  for (const level of missing) mkdirSync(level);
}
