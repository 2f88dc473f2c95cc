// Test helper: hand-written exchanges and a one-call way to grade one with a rule, no server involved.
import type { JsonSchema, ProbeKind, ProfileName, RuleLevel, Severity } from '../../src/types.js';
import type { BurstPosition, Exchange, JsonRpcError } from '../../src/exchange.js';
import type { CaseTarget, Delivery, Expectation, ProbeCase } from '../../src/probe-case.js';
import type { MetadataOptions } from '../../src/matchers/metadata.js';
import type { ProbeContext } from '../../src/plan/types.js';
import type { SessionFacts } from '../../src/session/types.js';
import type { Rule } from '../../src/grade/rule.js';
import { messageOf } from '../../src/grade/rule.js';
import { enabledRules, Grader } from '../../src/grade/grade.js';
import { NO_TOOL } from '../../src/plan/types.js';
import { probeByKind } from '../../probes/index.js';

export interface ExchangeSpec {
  probe?: ProbeKind;
  /** Defaults from the probe: invalid-input for schema violations, unknown-tool, valid-input for positive, else any. */
  expect?: Expectation;
  tool?: string;
  /** The tool name sent (defaults to the tool, or 'no_such_tool' for the unknown-tool probe). */
  name?: string;
  args?: unknown;
  label?: string;
  /** What the case aims at (ProbeCase.target): the argument or tool names rules look for come from it, never from the label. */
  target?: CaseTarget;
  /** A whole result object; or build one from text/isError/structuredContent/_meta. */
  result?: Record<string, unknown>;
  text?: string | string[];
  isError?: boolean;
  structuredContent?: unknown;
  _meta?: Record<string, unknown>;
  error?: { code: unknown; message: unknown; data?: unknown };
  timeout?: boolean;
  closed?: { exitCode: number | null; signal: string | null };
  alive?: boolean;
  elapsedMs?: number;
  /** Nothing came back (a notification's right answer). */
  silent?: boolean;
  expectCode?: number;
  delivery?: Delivery;
  /** The request frame as sent; built from the delivery (or a plain tools/call with id 7) when absent. */
  request?: Record<string, unknown> | unknown[];
  /** The response frame as received; built from the outcome (with id 7) when absent. */
  response?: Record<string, unknown>;
  unmatched?: Record<string, unknown>[];
  answers?: number;
  noise?: string[];
  burst?: BurstPosition;
  outputSchema?: JsonSchema;
  seq?: number;
}

const INVALID: ProbeKind[] = ['missing-required', 'wrong-type', 'null-values', 'constraint-violations'];

function defaultExpect(probe: ProbeKind): Expectation {
  if (INVALID.includes(probe)) return 'invalid-input';
  if (probe === 'malformed-request' || probe === 'jsonrpc') return 'protocol-error';
  if (probe === 'notification') return 'no-answer';
  if (probe === 'unknown-tool') return 'unknown-tool';
  if (probe === 'positive') return 'valid-input';
  return 'any';
}

export function exchange(spec: ExchangeSpec): Exchange {
  const probe = spec.probe ?? 'positive';
  const expect = spec.expect ?? defaultExpect(probe);
  const tool = spec.tool ?? (probe === 'unknown-tool' ? NO_TOOL : 'search_docs');
  const name = spec.name ?? (probe === 'unknown-tool' ? 'no_such_tool' : tool);
  const args = spec.args ?? {};
  const request = (spec.request ?? requestFor(spec.delivery, name, args)) as Record<string, unknown>;

  let outcome: Exchange['outcome'];
  if (spec.timeout) outcome = { kind: 'timeout' };
  else if (spec.silent) outcome = { kind: 'silent' };
  else if (spec.closed) outcome = { kind: 'closed', ...spec.closed };
  else if (spec.error) outcome = { kind: 'error', error: spec.error };
  else {
    const texts = spec.text === undefined ? [] : Array.isArray(spec.text) ? spec.text : [spec.text];
    const result: Record<string, unknown> = spec.result ?? { content: texts.map((text) => ({ type: 'text', text })) };
    if (!spec.result && spec.isError !== undefined) result.isError = spec.isError;
    if (!spec.result && spec.structuredContent !== undefined) result.structuredContent = spec.structuredContent;
    if (!spec.result && spec._meta !== undefined) result._meta = spec._meta;
    outcome = { kind: 'result', result };
  }
  const response =
    spec.response ??
    (outcome.kind === 'result'
      ? { jsonrpc: '2.0', id: 7, result: outcome.result }
      : outcome.kind === 'error'
        ? { jsonrpc: '2.0', id: 7, error: outcome.error }
        : undefined);

  return {
    seq: 1,
    tool,
    probe,
    case: {
      name,
      arguments: args,
      expect,
      label: spec.label ?? `${probe} case`,
      ...(spec.target ? { target: spec.target } : {}),
      ...(spec.expectCode !== undefined ? { expectCode: spec.expectCode } : {}),
      ...(spec.delivery ? { delivery: spec.delivery } : {}),
    },
    path: '0',
    request,
    response,
    outcome,
    elapsedMs: spec.elapsedMs ?? 12,
    alive: spec.alive,
    ...(spec.seq !== undefined ? { seq: spec.seq } : {}),
    ...(spec.unmatched ? { unmatched: spec.unmatched } : {}),
    ...(spec.answers !== undefined ? { answers: spec.answers } : {}),
    ...(spec.noise ? { noise: spec.noise } : {}),
    ...(spec.burst ? { burst: spec.burst } : {}),
    ...(spec.outputSchema !== undefined ? { outputSchema: spec.outputSchema } : {}),
  };
}

/** An exchange of a surface probe's case (resources, prompts, completions, protocol requests), answered as `spec` says. */
export function surfaceExchange(probe: ProbeKind, probeCase: ProbeCase, spec: Omit<ExchangeSpec, 'probe' | 'delivery' | 'expect'> = {}): Exchange {
  return { ...exchange({ ...spec, probe, tool: NO_TOOL, delivery: probeCase.delivery, expect: probeCase.expect }), case: probeCase };
}

/** The frame a delivery puts on the wire, with id 7 where it has one (a raw frame's `{id}` becomes 7). */
function requestFor(delivery: Delivery | undefined, name: string, args: unknown): Record<string, unknown> | unknown[] {
  switch (delivery?.kind) {
    case undefined:
      return { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } };
    case 'request':
      return delivery.params === undefined ? { jsonrpc: '2.0', id: 7, method: delivery.method } : { jsonrpc: '2.0', id: 7, method: delivery.method, params: delivery.params };
    case 'notification':
      return { jsonrpc: '2.0', method: delivery.method, params: delivery.params };
    case 'burst':
      return { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } };
    case 'http':
      return delivery.request.message ? { jsonrpc: '2.0', id: 7, method: delivery.request.message.method, params: delivery.request.message.params } : {};
    case 'raw': {
      const text = delivery.text.replaceAll('"{id}"', '7');
      try {
        return JSON.parse(text) as Record<string, unknown>;
      } catch {
        return { raw: text };
      }
    }
    case 'metadata':
      return {}; // GETs of the server's metadata: no JSON-RPC frame
  }
}

export interface GradeOptions {
  version?: string;
  profile?: ProfileName;
  /** The rule's options (over its defaults). */
  options?: Record<string, unknown>;
  /** A level set by the user for the rule (config or --rule). */
  level?: RuleLevel;
  /** The metadata field names the user added. */
  metadata?: MetadataOptions;
  timeoutMs?: number;
  transport?: SessionFacts['transport'];
  /** What the user gave the server (its arguments, working directory). */
  userSupplied?: SessionFacts['userSupplied'];
  /** Over Streamable HTTP: the server issued an Mcp-Session-Id. */
  sessionIssued?: boolean;
  /** Over HTTP: the server's URL and whether the user gave a token. */
  http?: Pick<SessionFacts, 'url' | 'authorized'>;
}

export interface Finding {
  messageId: string;
  severity: Severity;
  data: Record<string, string | number>;
}

export interface Graded {
  applies: boolean;
  findings: Finding[];
}

export function session(opts: GradeOptions = {}): SessionFacts {
  const protocolVersion = opts.version ?? '2025-06-18';
  return {
    protocolVersion,
    era: protocolVersion >= '2026-07-28' ? 'modern' : 'legacy',
    capabilities: {},
    transport: opts.transport ?? 'stdio',
    timeoutMs: opts.timeoutMs ?? 10_000,
    ...(opts.userSupplied ? { userSupplied: opts.userSupplied } : {}),
    ...(opts.sessionIssued ? { sessionIssued: true } : {}),
    ...opts.http,
  };
}

/** Grade one exchange with one rule through the real grader; also fails the test when a finding's messageId or placeholders don't fit the meta. */
export function grade(rule: Rule, ex: Exchange, opts: GradeOptions = {}): Graded {
  const profile = opts.profile ?? 'recommended';
  const id = rule.meta.id;
  // A rule off in the profile (customer-message in recommended) is graded as if the user had turned it on.
  const level = opts.level ?? (rule.meta.severity[profile] === 'off' ? 'warning' : undefined);
  const rules = enabledRules([rule], profile, level ? { [id]: level } : {}, opts.options ? { [id]: opts.options } : {});
  const graded = new Grader(rules, { session: session(opts), profile, metadata: opts.metadata }).grade(ex);
  const findings = graded.hits.map(({ messageId, severity, data }) => {
    const message = messageOf(rule.meta, messageId);
    if (message === undefined) throw new Error(`${rule.meta.id}: unknown messageId '${messageId}'`);
    for (const [, key] of message.text.matchAll(/\{(\w+)\}/g)) {
      if (data[key] === undefined) throw new Error(`${rule.meta.id}/${messageId}: placeholder {${key}} has no data`);
    }
    return { messageId, severity, data };
  });
  return { applies: graded.applies.length > 0, findings };
}

/** The messageIds a rule reported for an exchange ([] when it passed or did not apply). */
export function messageIds(rule: Rule, ex: Exchange, opts: GradeOptions = {}): string[] {
  return grade(rule, ex, opts).findings.map((f) => f.messageId);
}

/** An HTTP answer as it came: status, Content-Type and body (JSON, an SSE stream, or anything else). */
export interface HttpAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

/** The http probe's cases for a server reached over Streamable HTTP at `version`, with or without a session issued. */
export function httpCases(version: string, sessionIssued: boolean): ProbeCase[] {
  const facts: SessionFacts = { ...session({ version, transport: 'http', sessionIssued }), capabilities: { tools: {} } };
  const context: ProbeContext = { facts, surfaces: { resources: { declared: false, items: [] }, templates: { declared: false, items: [] }, prompts: { declared: false, items: [] } } };
  const plan = probeByKind('http').plan({ name: NO_TOOL, inputSchema: { type: 'object' } }, [], context);
  if ('skip' in plan) throw new Error(plan.skip);
  return plan.enumerated;
}

/**
 * The exchange of an http probe case answered as `answer` says, read as the session reads a variant's answer: the
 * JSON-RPC message carrying our id (7), or else an error without one, or else the bare HTTP answer.
 */
export function httpExchange(probeCase: ProbeCase, answer: HttpAnswer): Exchange {
  const type = answer.contentType?.split(';')[0].trim();
  const texts = type === 'text/event-stream' ? [...answer.body.matchAll(/^data: (.*)$/gm)].map((m) => m[1]) : type === 'application/json' && answer.body !== '' ? [answer.body] : [];
  const messages = texts.map((text) => JSON.parse(text) as Record<string, unknown>);
  const own = messages.find((m) => m.id === 7) ?? messages.find((m) => 'error' in m);
  const body: 'json' | 'sse' | 'empty' | 'other' = type === 'text/event-stream' ? 'sse' : messages.length > 0 ? 'json' : answer.body === '' ? 'empty' : 'other';
  const request = requestFor(probeCase.delivery, '', undefined) as Record<string, unknown>;
  const outcome: Exchange['outcome'] = own === undefined
    ? { kind: 'http', status: answer.status, contentType: answer.contentType, body: answer.body }
    : 'error' in own ? { kind: 'error', error: own.error as JsonRpcError } : { kind: 'result', result: own.result as Record<string, unknown> };
  return {
    seq: 1,
    tool: NO_TOOL,
    probe: 'http',
    case: probeCase,
    path: '0',
    request,
    ...(own ? { response: own } : {}),
    outcome,
    elapsedMs: 4,
    http: { status: answer.status, contentType: answer.contentType, body, ...(body === 'other' ? { text: answer.body } : {}) },
  };
}
