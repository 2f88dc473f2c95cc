// Reading a file the user named (a config file, a client config, an env file), with a one-line reason when it cannot be read.
import { readFileSync } from 'node:fs';
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
