// Where a server lives: a command started on stdio, or a URL reached over Streamable HTTP or the legacy HTTP+SSE transport.

import { basename } from 'node:path';
import type { HttpTarget, ServerTarget } from './types.js';
export type { HttpTarget, HttpTransportKind, ServerTarget, StdioTarget } from './types.js';

export function isHttpTarget(target: ServerTarget): target is HttpTarget {
  return 'url' in target;
}

/** A server's name when it gives none: its host for a URL, its command's file name for a process. */
export function targetName(target: ServerTarget): string {
  if (!isHttpTarget(target)) return basename(target.command);
  try {
    return new URL(target.url).host;
  } catch {
    return target.url;
  }
}
