// Where a server lives: a command started on stdio, or a URL reached over Streamable HTTP or the legacy HTTP+SSE transport.

/** A server started as a child process and spoken to over its stdin and stdout. */
export interface StdioTarget {
  command: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string>;
}

/**
 * How an HTTP server is reached.
 * - http: Streamable HTTP (2025-03-26 and later): every message is a POST; answers come as JSON or an SSE stream.
 * - sse: the legacy HTTP+SSE transport (2024-11-05): a GET opens an event stream that names the POST endpoint.
 * - auto: Streamable HTTP, falling back to legacy SSE when the server refuses it (as MCP clients do).
 */
export type HttpTransportKind = 'http' | 'sse' | 'auto';

/** A server already running somewhere, reached at a URL. */
export interface HttpTarget {
  url: string;
  /** Extra request headers (e.g. Authorization), already expanded; their values are never printed. */
  headers?: Record<string, string>;
  transport?: HttpTransportKind;
}

export type ServerTarget = StdioTarget | HttpTarget;

export function isHttpTarget(target: ServerTarget): target is HttpTarget {
  return 'url' in target;
}
