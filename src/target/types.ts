// What to lint: the server target (a command or a URL) and the options of one lint.
import type { ProfileName, ProbeKind, RuleLevel, Severity } from '../types.js';
import type { MetadataOptions } from '../matchers/metadata.js';
import type { RepairDecision, Exchange } from '../exchange.js';

/** Where findings are anchored in the repository (SARIF and annotations need a file and a line). */
export interface SourceAnchor {
  uri: string;
  line: number;
}

/** A server started as a child process and spoken to over its stdin and stdout. */
export interface StdioTarget {
  command: string;
  /** The command's arguments (none when left out). */
  args?: string[];
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

/** A piece of a shown word: literal text, or a secret standing for the environment variable a replay reads it from. */
export type ShownPart = string | { env: string };

/** A command-line word as reports and replay commands show it: as given, or in parts when it holds a secret. */
export type ShownWord = string | readonly ShownPart[];

/** A confidential OAuth client's credentials, for the client_credentials grant (docs/remote.md#oauth-in-ci). */
export interface OAuthClientCredentials {
  clientId: string;
  clientSecret: string;
  /** The scope to ask for (default: the server's 401 challenge's, else its metadata's scopes_supported). */
  scope?: string;
}

/** What one lint is asked to do: the lint() API's options, which flags and the config file fill. */
export interface LintOptions {
  target: ServerTarget;
  /** The server's name where it was declared (a client config file's key): the report's name for it. */
  name?: string;
  /** How a replay command names the server, e.g. ['--url', url, '--header', 'Authorization: Bearer ${TOKEN}'] (default: from `target`). */
  replayServer?: readonly ShownWord[];
  /** The server's command and arguments, or its URL, as the report shows them, secrets as $NAME (default: from `target`). */
  shown?: readonly ShownWord[];
  /** More patterns every output redacts (the server's environment): unlike no-secrets' extraPatterns, an answer showing one is no finding. */
  redactPatterns?: readonly string[];
  protocolVersion?: string;
  timeoutMs?: number;
  seed?: number;
  runs?: number;
  profile?: ProfileName;
  allowWrites?: boolean;
  allowDestructive?: boolean;
  /** Only readOnlyHint tools get any call (rulebook §7). */
  readOnly?: boolean;
  /** Probe kinds to run (default: all). */
  probes?: ProbeKind[];
  /** Only these tools (default: all). */
  tools?: string[];
  /** Name globs from the config's `tools` key: only tools matching `include` (default: all) and no `exclude`. */
  toolGlobs?: { include?: string[]; exclude?: string[] };
  rules?: Record<string, RuleLevel>;
  ruleOptions?: Record<string, Record<string, unknown>>;
  /** Metadata field names of the server's own, read by every rule that reads error metadata. */
  metadata?: MetadataOptions;
  replay?: { tool: string; probe: ProbeKind; path: string };
  failOn?: Severity | 'never';
  minScore?: number;
  /** Fail below this share (percent) of listed tools probed; by default only a run that probed no tool fails. */
  minCoverage?: number;
  /** Fail when more than this many warnings are found. */
  maxWarnings?: number;
  /** The file and line that declared the server (a config file), for SARIF and annotations. */
  anchor?: SourceAnchor;
  /** The config file the server came from: replay commands name it instead of repeating the command. */
  configFile?: string;
  /** The words a replay command starts with, e.g. ['mcp-errlint'] or ['node', 'bin/mcp-errlint.js'] (default: npx mcp-errlint). */
  replayPrefix?: readonly string[];
  onProgress?: (progress: { done: number; total: number; tool: string; probe: ProbeKind }) => void;
  /** The whole run's time budget, start-up included; when it is spent the report is written with what was probed. */
  deadlineMs?: number;
  /** One tool's time budget; past it the tool's further inputs are not sent. */
  toolBudgetMs?: number;
  /** How many tools are probed at once (1 when the server fails concurrent-calls); the report is the same whatever it is. */
  concurrency?: number;
  /** Tries the repair agent makes at one validation error, each informed by the previous answer (rulebook §9); 0 turns it off. */
  repairAttempts?: number;
  /** Called with each of the repair agent's decisions, recovered or not (the report keeps the transcripts of the unrecovered ones only). */
  onRepair?: (decision: RepairDecision) => void;
  /** Called with every exchange of the run as it is graded (the frame as sent, the probe case, the answer), e.g. to check the frames a run sends. */
  onExchange?: (exchange: Exchange) => void;
  /** Aborting it with an Interrupted reason (a signal) stops the run; the report then says what was not probed. */
  signal?: AbortSignal;
  /** An HTTP target's access token is requested with these before the session opens, and sent as `Authorization: Bearer`. */
  oauthClientCredentials?: OAuthClientCredentials;
  /** Called with each value the lint itself obtained that must never be printed (an access token), before it is used. */
  onSecret?: (value: string) => void;
}
