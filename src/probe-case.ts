// A probe case: the input a probe proposes, how it goes on the wire, and what a correct server does with it.

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
 * - unauthorized: an HTTP request without the user's valid token (or the metadata a client discovers with); a server
 *   that needs authorization refuses it on the HTTP layer as `ProbeCase.auth` says, a public one serves it.
 */
export type Expectation = 'invalid-input' | 'unknown-tool' | 'valid-input' | 'any' | 'protocol-error' | 'no-answer' | 'refused' | 'http' | 'unauthorized';

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
  /** With expect 'unauthorized': what the auth probe sends and what the negotiated version asks of the answer. */
  auth?: AuthCase;
  /**
   * What the frame breaks on purpose, against the spec's JSON schema of the negotiated version (bad JSON, params of
   * the wrong shape, a request sent as a notification), for people; absent: the frame is valid and only its content
   * (a tool's arguments, a name or URI that does not exist) is what the probe is about.
   */
  breaks?: string;
}

/** What an auth probe case sends instead of the user's token, and what a correct server answers (rulebook §3, Over HTTP). */
export interface AuthCase {
  /**
   * no-token: the user's Authorization header left out; malformed-token: a header that is no valid token (a scheme and
   * nothing, characters outside token68); wrong-token: a token of the user's token's shape that is not theirs;
   * metadata: the RFC 9728 protected-resource metadata, found as a client finds it (see Delivery 'metadata').
   */
  sends: 'no-token' | 'malformed-token' | 'wrong-token' | 'metadata';
  /** The statuses that refuse it by the negotiated version's authorization spec; absent where it has none (2024-11-05). */
  statuses?: number[];
  /** The error a 401's Bearer challenge names (RFC 6750 §3.1), asked for from 2025-06-18: invalid_token for a token not valid. */
  challengeError?: 'invalid_token';
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
 * - http: one HTTP request that departs from what a client sends (see HttpVariant), after `control`, when given: the
 *   same request without the token, whose answer the exchange keeps (Exchange.control).
 * - metadata: RFC 9728 discovery as a client makes it: `challenge` (a request without a token) is sent, then the
 *   metadata is asked for (GET) at the resource_metadata its 401's Bearer challenge names, on the server's origin, else
 *   at each `wellKnown` path in turn until one answers 200. One exchange: the last GET, with Exchange.discovery.
 * Answers to raw frames and notifications cannot be matched by id: the session sends a barrier request after
 * them and collects every other answer that arrives before the barrier's.
 */
export type Delivery =
  | { kind: 'request'; method: string; params?: unknown }
  | { kind: 'raw'; text: string }
  | { kind: 'notification'; method: string; params?: unknown }
  | { kind: 'burst'; calls: Array<{ name: string; arguments: unknown }> }
  | { kind: 'http'; request: HttpVariant; control?: HttpVariant }
  | { kind: 'metadata'; challenge: HttpVariant; wellKnown: string[] };

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
