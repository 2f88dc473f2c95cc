// Domain types shared by every stage: session → plan → run → grade → score → report.

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonSchema = Record<string, unknown> | boolean;

/** What one HTTP exchange looked like on the wire (absent on stdio). */
export interface HttpFacts {
  /** The HTTP status, or 0 when the connection failed before one came. */
  status: number;
  contentType: string | null;
  /** How the body came: JSON, an SSE stream, nothing, or something that is no JSON-RPC message (`text` holds its start). */
  body: 'json' | 'sse' | 'empty' | 'other';
  /** The start of a body that is no JSON-RPC message (an HTML error page, a plain-text refusal). */
  text?: string;
  /** Response headers a rule may read (retry-after, www-authenticate, location); lower-case names. */
  headers?: Record<string, string>;
  /** The network error that ended the exchange (ECONNRESET, ECONNREFUSED, …). */
  error?: string;
  /** The answer was a 404 to a request that carried the session id the server issued: the server no longer knows the session. */
  lostSession?: true;
  /** Answers that throttled this request (429, or 503 with Retry-After) before the one kept: each was waited out and the request resent. */
  throttled?: ThrottleEvent[];
}

/** One throttled answer to a request, before it was resent. */
export interface ThrottleEvent {
  status: number;
  /** The Retry-After header as sent; absent when the answer had none. */
  retryAfter?: string;
  /** How long the request waited before it was resent. */
  waitMs: number;
}

export type TransportKind = 'stdio' | 'http' | 'sse';

export type Severity = 'error' | 'warning' | 'note';
export type RuleLevel = Severity | 'off';
export type ProfileName = 'recommended' | 'strict';
export type ProtocolEra = 'legacy' | 'modern';
/** Letter grades, best first. */
export type Grade = 'A+' | 'A' | 'B' | 'C' | 'D' | 'F';

export const PROTOCOL_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

export const PROBE_KINDS = [
  'missing-required',
  'wrong-type',
  'null-values',
  'empty-values',
  'constraint-violations',
  'extra-properties',
  'unicode',
  'oversized',
  'unknown-tool',
  'positive',
  'malformed-request',
  'jsonrpc',
  'notification',
  'concurrency',
  'resources',
  'prompts',
  'completions',
  'protocol-requests',
  'http',
] as const;
export type ProbeKind = (typeof PROBE_KINDS)[number];

/** What an agent touches on a server: its tools, resources, prompts, completions, logging, and the protocol itself. */
export const SURFACES = ['tools', 'resources', 'prompts', 'completions', 'logging', 'server'] as const;
export type Surface = (typeof SURFACES)[number];

/** The surface each probe kind exercises (coverage; the score's breadth). protocol-requests also checks logging and undeclared capabilities. */
export const SURFACE_OF: Record<ProbeKind, Surface> = {
  'missing-required': 'tools',
  'wrong-type': 'tools',
  'null-values': 'tools',
  'empty-values': 'tools',
  'constraint-violations': 'tools',
  'extra-properties': 'tools',
  unicode: 'tools',
  oversized: 'tools',
  'unknown-tool': 'tools',
  positive: 'tools',
  'malformed-request': 'tools',
  jsonrpc: 'server',
  notification: 'server',
  concurrency: 'tools',
  resources: 'resources',
  prompts: 'prompts',
  completions: 'completions',
  'protocol-requests': 'server',
  http: 'server',
};

/** The path of an input that cannot be replayed by path (a shrink candidate fast-check did not keep). */
export const UNKNOWN_PATH = '?';

/** A (tool, probe kind) that sent nothing, or a whole tool ('*'), and why. Listed, never counted as a pass. */
export interface Skip {
  tool: string;
  probe: ProbeKind | '*';
  reason: string;
  /** Planned inputs this skip kept from being sent (a tool limit, an interruption, a server gone); absent when none were planned (policy, schema). */
  notSent?: number;
}

/** Where findings are anchored in the repository (SARIF and annotations need a file and a line). */
export interface SourceAnchor {
  uri: string;
  line: number;
}

/** The tool name of exchanges that target no real tool: the server-scope probes (unknown tools, protocol frames). */
export const NO_TOOL = '(server)';

/**
 * What a correct server should do with a probe input.
 * - invalid-input: the arguments violate the tool's inputSchema; the call must fail.
 * - unknown-tool: the tool name does not exist; -32602 expected.
 * - valid-input: schema-valid arguments; a well-formed result expected (success or a tool error).
 * - any: no verdict on success vs failure; only a bounded, well-formed answer is expected.
 * - protocol-error: a JSON-RPC error with `ProbeCase.expectCode` (malformed request, bad frame, unknown method).
 * - no-answer: nothing at all may come back (a notification).
 * - refused: a request on another surface than tools (a resource that does not exist, an unknown prompt) that a correct
 *   server refuses with a JSON-RPC error, `ProbeCase.expectCode` by the negotiated version's spec; an agent reads its text.
 * - http: an HTTP request that departs on purpose from what a client sends (a foreign Origin, an unknown session, no
 *   Accept, a GET); what a correct server answers is `ProbeCase.http`.
 */
export type Expectation = 'invalid-input' | 'unknown-tool' | 'valid-input' | 'any' | 'protocol-error' | 'no-answer' | 'refused' | 'http';

/** What an HTTP request of the http probe departs in: the rule that grades its answer reads this. */
export type HttpAspect = 'origin' | 'session' | 'accept' | 'content-type' | 'method';

/** The HTTP answer a correct server gives a request of the http probe, by the negotiated era's transport section. */
export interface HttpExpectation {
  aspect: HttpAspect;
  /** The status the era names (where it names none, the one HTTP semantics give). */
  status: number;
  /** How the era asks for `status`: MUST, SHOULD, or not at all ('none': any refusal with a 4xx is as right). */
  requirement: 'must' | 'should' | 'none';
  /**
   * Other answers that are as right: another status, an event stream (a GET to a server that offers one), or the
   * request served as usual (where the spec leaves that to the server, as for a request without Accept).
   */
  alsoRight?: Array<number | 'stream' | 'served'>;
}

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ToolInfo {
  name: string;
  description?: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  /** Task support (2025-11-25+): 'required' tools cannot be called without task augmentation. */
  execution?: { taskSupport?: string };
}

/** One input a probe proposes: the tools/call params to send and what a correct server does with them. */
export interface ProbeCase {
  /** The `name` sent in tools/call params (the tool's own name except for the unknown-tool probe). */
  name: string;
  /** The `arguments` sent (may deliberately be anything, including undefined to omit it). */
  arguments: unknown;
  expect: Expectation;
  /** With expect 'protocol-error' or 'refused': the JSON-RPC code a correct server answers with. */
  expectCode?: number;
  /** Other codes that are also right (an older or newer revision's code a client must accept). */
  acceptCodes?: number[];
  /** With expect 'http': the HTTP answer a correct server gives (the http probe). */
  http?: HttpExpectation;
  /** How the negotiated version's spec asks for `expectCode`: MUST or SHOULD (absent: SHOULD). */
  requirement?: 'must' | 'should';
  /** The answer may hold what must never be printed (a file read past the server's root): only its size and hash are kept. */
  sensitive?: true;
  /**
   * The input breaks the schema in a way a validating server refuses before acting: a required argument missing, or of
   * the wrong JSON type, or null. Only such inputs go to tools without annotations (rulebook §7).
   */
  mustRefuse?: boolean;
  /** Short human label, e.g. "omit required 'path'" or "'count' as string", for people: no rule parses it. */
  label: string;
  /** What the case aims at, as data for the rules; absent when it aims at no argument or tool (protocol frames, valid input, made-up tool names). */
  target?: CaseTarget;
  /** How the case goes on the wire; a plain tools/call {name, arguments} when absent. */
  delivery?: Delivery;
  /**
   * What the frame breaks on purpose, against the spec's JSON schema of the negotiated version (bad JSON, params of
   * the wrong shape, a request sent as a notification), for people; absent: the frame is valid and only its content
   * (a tool's arguments, a name or URI that does not exist) is what the probe is about.
   */
  breaks?: string;
}

/** What a probe case aims at: arguments of the tool it calls, or a tool it names. */
export type CaseTarget = ArgumentTarget | ToolTarget;

/** Arguments of the tool called, and what the case does to them. */
export interface ArgumentTarget {
  /** Tells an argument target from a tool target. */
  kind: 'arguments';
  /** Each argument aimed at, as its path in the arguments (one element for a top-level property); several only when required ones are left out together. */
  paths: string[][];
  /** What the case does to them (see TargetKeyword). */
  keyword: TargetKeyword;
}

/** A tool the case names: the real tool a near miss or typo imitates, the tool called with malformed params or in a burst of invalid calls. */
export interface ToolTarget {
  /** Tells a tool target from an argument target. */
  kind: 'tool';
  /** The tool's name (as tools/list gave it, or the made-up one malformed-request calls when the server lists none). */
  name: string;
}

/**
 * What a case does to the arguments it aims at: the JSON-Schema keyword the value breaks ('required': left out; 'type':
 * a JSON type the schema does not allow, null included; 'additionalProperties': an undeclared property; the constraint
 * keywords), or, for input that need not break the schema, what it tries: 'empty' ("", [], {} or 0), 'unicode'
 * (hostile characters in a string), 'size' (an oversized value).
 */
export type TargetKeyword =
  | 'required'
  | 'type'
  | 'additionalProperties'
  | 'enum'
  | 'const'
  | 'minimum'
  | 'exclusiveMinimum'
  | 'maximum'
  | 'exclusiveMaximum'
  | 'multipleOf'
  | 'minLength'
  | 'maxLength'
  | 'pattern'
  | 'format'
  | 'minItems'
  | 'maxItems'
  | 'uniqueItems'
  | 'empty'
  | 'unicode'
  | 'size';

/**
 * How a probe case is sent.
 * - request: a JSON-RPC request with our id, any method and params (e.g. tools/call with params: []).
 * - raw: these bytes as one line, exactly (bad JSON, id null, batches); `{id}` is replaced by our id.
 * - notification: a JSON-RPC notification (no id): nothing may come back.
 * - burst: `calls` tools/call requests written back to back without waiting; each is answered on its own.
 * Answers to raw frames and notifications cannot be matched by id: the session sends a barrier request after
 * them and collects every other answer that arrives before the barrier's.
 */
export type Delivery =
  | { kind: 'request'; method: string; params?: unknown }
  | { kind: 'raw'; text: string }
  | { kind: 'notification'; method: string; params?: unknown }
  | { kind: 'burst'; calls: Array<{ name: string; arguments: unknown }> }
  | { kind: 'http'; request: HttpVariant };

/**
 * One HTTP request that departs on purpose from what a client sends (no token, a foreign Origin, no Accept, a GET):
 * sent on its own, beside the session, and answered to the probe alone. Planned only when the server was reached over HTTP.
 */
export interface HttpVariant {
  method: 'GET' | 'POST' | 'DELETE';
  /** The JSON-RPC message a POST carries: the session gives a request its id and the era's envelope. */
  message?: { method: string; params?: unknown; notification?: true };
  /** A body sent as it is instead of `message` (text in a wrong content type, say). */
  body?: string;
  /** Request headers set over those of the session (lower-case names); null leaves one out (the user's Authorization, Accept, the session id). */
  headers?: Record<string, string | null>;
  /** A path on the server's own origin instead of the server's URL (RFC 9728's well-known metadata); never another origin. */
  path?: string;
}

export interface JsonRpcError {
  code: unknown;
  message: unknown;
  data?: unknown;
}

/** How a request ended, as observed on the wire. */
export type Outcome =
  | { kind: 'result'; result: Record<string, unknown> }
  | { kind: 'error'; error: JsonRpcError }
  | { kind: 'timeout' }
  /**
   * The server process exited, or (HTTP) the connection failed with `error` before an answer came, or (Streamable HTTP)
   * the server no longer knew the session it issued (`lostSession`: a 404 to a request that carried its Mcp-Session-Id).
   */
  | { kind: 'closed'; exitCode: number | null; signal: string | null; error?: string; lostSession?: true }
  /** Nothing came back before the barrier request was answered (right for a notification). */
  | { kind: 'silent' }
  /** HTTP: the server answered with an HTTP status and no JSON-RPC message (an HTML error page, an empty 404). */
  | { kind: 'http'; status: number; contentType: string | null; body: string };

/** Where an exchange sits in a burst of requests that were in flight together, and how the burst went. */
export interface BurstPosition {
  /** This request's place in the burst, from 0. */
  index: number;
  size: number;
  /**
   * How every request of the burst ended, in burst order (this one included): what tells a lost answer (the others
   * were answered, this one never) from a slow server (every answer late). Absent when not recorded.
   */
  members?: Array<{ outcome: Outcome['kind']; elapsedMs: number }>;
}

/** One request we sent and everything the server did about it. Rules grade these and nothing else. */
/**
 * What the run keeps of a graded exchange no rule hit: the rules it applied to, for the checks. The full exchange (its
 * request and answer) is let go, so memory does not grow with every input sent; exchanges with hits are kept whole.
 */
export interface GradedExchange {
  seq: number;
  tool: string;
  probe: ProbeKind;
  /** Ids of the rules whose appliesTo held for it. */
  applies: readonly string[];
  /** How the repair agent's attempt on it ended, when it made one (the transcript goes with the hit exchanges only). */
  repair?: RepairOutcome;
}

/** What kind of failure the repair agent met (rulebook §9). */
export type RecoveryCategory = 'validation' | 'unknown-tool' | 'transient' | 'business';

/**
 * The three outcomes of a decision (rulebook §9): recovered; not recoverable (the answer gives an agent nothing, or the
 * advice it gives is refused for the same reason when followed), the only one that is a finding; undetermined (the answer
 * names something the agent could not turn into a call), counted and shown, never a finding, out of the rate.
 */
export type RepairResult = 'recovered' | 'not-recoverable' | 'undetermined';

/** Why a decision is left out of the rate whatever its result: an unknown tool (fixed from tools/list), the server's own upstream down (the sandbox, not the server). */
export type OutOfRate = 'unknown-tool' | 'upstream';

/** How the repair agent's attempt on one refused call ended. */
export interface RepairOutcome {
  category: RecoveryCategory;
  result: RepairResult;
  /** result === 'recovered': the agent built a call the judge accepts (by the schema, or by the server's answer), or stopped where stopping is right. */
  recovered: boolean;
  /** Left out of the rate (and never a finding), and why. */
  outOfRate?: OutOfRate;
  /** For an undetermined decision: what the answer names that the agent could not act on, as a short cause (the report's table of causes). */
  cause?: string;
  /** The server was sent the repaired call and accepted it. */
  confirmed: boolean;
  /** The try that recovered it, from 1 (Repair@1). */
  attempt?: number;
  /** A transient failure retried without a stated delay (a backoff guess). */
  blind?: true;
  /** A retry the answer gave no ground for: it said neither that the failure passes nor that it is final. */
  wasted?: true;
  /** How it ended, in one line. */
  verdict: string;
}

/** One turn of the repair agent: what it read, the call it made of it, the judge's verdict and the server's answer. */
export interface RepairStep {
  /** What the agent understood of the answer it read, in one line. */
  understood: string;
  /** The call it made (arguments abbreviated); absent when it made none. */
  call?: { name: string; arguments: unknown };
  /** The input schema's verdict on that call. */
  schema?: 'valid' | 'invalid' | 'unknown';
  /** Why the call was not sent, when it was not. */
  notSent?: string;
  /** How long it waited before sending (a transient failure). */
  waitedMs?: number;
  /** The server's answer to it, in one line. */
  answer?: string;
}

/** One decision of the repair agent, as the onRepair callback gets it: the refused call, the answer and what the agent made of it. */
export interface RepairDecision {
  tool: string;
  probe: ProbeKind;
  /** The probe's label of the refused input. */
  label: string;
  /** The refused call's tool name and arguments (long values abbreviated). */
  call: { name: string; arguments: unknown };
  /** The answer frame the agent read (long values abbreviated, at most 2,000 characters of JSON). */
  answer: string;
  record: RepairRecord;
}

/** The repair agent's whole attempt on one refused call: its outcome and the transcript. */
export interface RepairRecord extends RepairOutcome {
  steps: RepairStep[];
}

export interface Exchange {
  /** Position in the run, from 1. */
  seq: number;
  /** The tool under test (NO_TOOL for the unknown-tool probe). */
  tool: string;
  probe: ProbeKind;
  case: ProbeCase;
  /** fast-check path of this input inside its (tool, probe) run; replays it with the same seed. */
  path: string;
  /** The JSON-RPC request frame exactly as sent. */
  request: Record<string, unknown>;
  /** The JSON-RPC response frame exactly as received (absent on timeout/closed). */
  response?: Record<string, unknown>;
  outcome: Outcome;
  elapsedMs: number;
  /** Set when a liveness check followed this exchange: did the server still answer? */
  alive?: boolean;
  /** Set with `alive: false` when the liveness check found that the server no longer knew the session it issued (Streamable HTTP). */
  lostSession?: true;
  /** Responses that arrived while this exchange was in flight and answered no request we were waiting on. */
  unmatched?: Record<string, unknown>[];
  /** How many responses carried this exchange's id (more than 1: answered twice). */
  answers?: number;
  /** Characters of the response's long strings and arrays cut before it was kept (it was larger by this much). */
  responseCut?: number;
  /** stdout lines that were not JSON-RPC messages, seen since the previous exchange (or the handshake). */
  noise?: string[];
  /** For a burst: this exchange's place among requests that were in flight together. */
  burst?: BurstPosition;
  /** Progress notifications the server sent for this call (each one pushed its deadline back). */
  progress?: number;
  /** Cancelled by us while still reporting progress (outcome timeout): long-running by design, not hung. */
  cancelled?: true;
  /**
   * A timeout or crash is sent again once, alone, before it counts: did it happen again? A failure that does not
   * reproduce is flaky (a loaded machine, a stalled lookup) and is reported as a note.
   */
  recheck?: { reproduced: boolean; elapsedMs: number };
  /** The tool's declared outputSchema, if any (for output-schema-conformance). */
  outputSchema?: JsonSchema;
  /**
   * The tool's declared top-level input properties. An answer that says one of them is at fault points at an argument
   * to change even when the probe aimed elsewhere: the server may have found its base call wanting first.
   */
  inputProperties?: string[];
  /** The tool's declared inputSchema (the same object the tool list holds): what the answer's words are read against. */
  inputSchema?: JsonSchema;
  /** Over HTTP: the status, content type and kind of body of the answer to this request. */
  http?: HttpFacts;
  /** Once graded: the ids of the rules whose appliesTo held for it (its checks). */
  applies?: readonly string[];
  /** The repair agent's attempt on this refused call, when it made one. */
  repair?: RepairRecord;
}

/** One rule's verdict on one exchange, before findings are grouped per (rule, tool, probe). */
export interface RuleHit {
  ruleId: string;
  severity: Severity;
  messageId: string;
  data: Record<string, string | number>;
  exchange: Exchange;
}

/** What grading one exchange found: the rules that applied to it (its checks), and their hits. */
export interface Graded {
  applies: readonly string[];
  hits: RuleHit[];
}

/** What the user gave the server to start it; a path in it that comes back in an error is the user's own, not a leak. */
export interface UserSupplied {
  /** The server command's arguments, as given (e.g. the directories a filesystem server may use). */
  args: readonly string[];
  /** The server's working directory (absolute); relative paths among `args` are resolved against it. */
  cwd?: string;
}

/** Facts about the session a rule may need (negotiated version and era). */
export interface SessionFacts {
  protocolVersion: string;
  era: ProtocolEra;
  /** The capabilities the server declared (`resources`, `prompts`, `completions`, `logging`, …). */
  capabilities: Record<string, unknown>;
  /** How the server was reached: a stdio process, Streamable HTTP, or the legacy HTTP+SSE transport. */
  transport: TransportKind;
  timeoutMs: number;
  /** What the user gave the server (command-line arguments, working directory); absent when not known. */
  userSupplied?: UserSupplied;
  /** Over Streamable HTTP: the server issued an `Mcp-Session-Id` at initialize. */
  sessionIssued?: boolean;
  /** Over HTTP: the user gave an `Authorization` header (a token), so what the server does without it or with a wrong one can be probed. */
  authorized?: boolean;
}

/** One list of what a server offers besides tools: whether its capability is declared, its items, and why listing failed. */
export interface Listed {
  declared: boolean;
  /** The entries as listed (each with its string `uri`, `uriTemplate` or `name`). */
  items: Record<string, unknown>[];
  /** Why the list could not be read (the capability is declared but the request failed). */
  failed?: string;
}

/** What the server offers besides tools, listed once after the handshake for the surface probes. */
export interface ServerSurfaces {
  resources: Listed;
  templates: Listed;
  prompts: Listed;
}

/** What a server-scope probe plans from besides the tools: the session's facts and the surfaces it lists. */
export interface ProbeContext {
  facts: SessionFacts;
  surfaces: ServerSurfaces;
}

export interface Probe {
  kind: ProbeKind;
  description: string;
  /** 'tool': planned once per tool; 'server': planned once per server (the unknown-tool probe). */
  scope: 'tool' | 'server';
  /**
   * Cases derived from the tool's schema: every `enumerated` case runs first (each required field
   * omitted once, each field given each wrong JSON type once, ...), then up to `runs` values drawn
   * from `arbitrary` (null when nothing random fits). `{ skip }` when the probe does not apply to
   * this tool, with the reason (e.g. "no required properties").
   * For scope 'server', `tool` is a placeholder named NO_TOOL and `allTools` lists the real tools.
   */
  plan(tool: ToolInfo, allTools: readonly ToolInfo[], context?: ProbeContext): ProbePlan | { skip: string };
}

export interface ProbePlan {
  enumerated: ProbeCase[];
  arbitrary: import('fast-check').Arbitrary<ProbeCase> | null;
  /** The random inputs for a tool limited to inputs it must refuse, when `arbitrary` (filtered) would not give them. */
  mustRefuseArbitrary?: import('fast-check').Arbitrary<ProbeCase>;
}

// ---------------------------------------------------------------------------------------------
// What to lint: the target and the lint's options
// ---------------------------------------------------------------------------------------------

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

/** More structured-metadata field names to recognise, beside rulebook §5's (a server's own vocabulary, e.g. "failureClass"). */
export interface MetadataOptions {
  categoryFields?: readonly string[];
  retryableFields?: readonly string[];
  /** Delay fields: seconds, or milliseconds when the name ends in "Ms"/"_ms", or a timestamp. */
  delayFields?: readonly string[];
  userMessageFields?: readonly string[];
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
