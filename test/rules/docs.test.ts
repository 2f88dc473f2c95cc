// Meta-test: every rule doc's "Fails" example fails its rule and its "Passes" example passes, so docs can't drift.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES, ruleById, ruleDocsPath } from '../../rules/index.js';
import { catalogEntry } from '../../src/grade/catalog.js';
import { fixMarkdown, withFixSection } from '../../src/grade/rule-docs.js';
import type { JsonSchema, ProbeKind } from '../../src/types.js';
import { NO_TOOL } from '../../src/plan/types.js';
import type { AuthCase, Expectation } from '../../src/probe-case.js';
import type { Exchange, HttpFacts, JsonRpcError, RepairRecord } from '../../src/exchange.js';
import { authCase } from '../../probes/auth.js';
import { grade, httpCases, httpExchange, type GradeOptions } from '../helpers/exchange.js';

const root = join(import.meta.dirname, '..', '..');

const EXPECT: Partial<Record<ProbeKind, Expectation>> = {
  'missing-required': 'invalid-input',
  'wrong-type': 'invalid-input',
  'null-values': 'invalid-input',
  'constraint-violations': 'invalid-input',
  'unknown-tool': 'unknown-tool',
  positive: 'valid-input',
  'malformed-request': 'protocol-error',
  jsonrpc: 'protocol-error',
  notification: 'no-answer',
  resources: 'refused',
  prompts: 'refused',
  completions: 'refused',
  'protocol-requests': 'protocol-error',
  auth: 'unauthorized',
};

/** Probes planned once per server: their exchanges belong to no real tool. */
const SERVER_SCOPE: ProbeKind[] = ['malformed-request', 'jsonrpc', 'notification', 'concurrency', 'resources', 'prompts', 'completions', 'protocol-requests', 'http', 'auth'];

interface Example {
  exchange: Exchange;
  /** The session's facts the example states: the protocol version, and for the http probe the transport and session. */
  facts: GradeOptions;
  /** The message id the example's text names ("Message id `…`"), which its finding must carry. */
  messageId?: string;
}

/**
 * An example of the http probe: its case found by label among those the probe plans (`Session: issued` when the server
 * issued an Mcp-Session-Id), the request shown in a ```http block for people, and the answer read from the second ```http
 * block (status line, headers, blank line, body).
 */
function httpExample(section: string, version: string): Example {
  const sessionIssued = /Session: issued/.test(section);
  const label = /Label: `([^`]+)`/.exec(section)?.[1];
  const probeCase = httpCases(version, sessionIssued).find((c) => c.label === label);
  if (!probeCase) throw new Error(`the http probe plans no case labelled ${label} at ${version}`);
  const answer = [...section.matchAll(/```http\n([\s\S]*?)\n```/g)][1]?.[1];
  if (answer === undefined) throw new Error('no ```http answer block');
  const [head, ...rest] = answer.split('\n\n');
  const [statusLine, ...headers] = head.split('\n');
  const contentType = headers.find((h) => /^content-type:/i.test(h))?.replace(/^content-type:\s*/i, '') ?? null;
  const exchange = httpExchange(probeCase, { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]), contentType, body: rest.join('\n\n') });
  return { exchange, facts: { version, transport: 'http', sessionIssued }, messageId: /Message ids?\s+`(\w+)`/.exec(section)?.[1] };
}

/** Docs write oversized strings as `<'errlint ' × 12800>`: expanded here to the string repeated. */
function expand(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/<'([^']*)' × (\d+)>/g, (_, unit: string, times: string) => unit.repeat(Number(times)));
  if (Array.isArray(value)) return value.map(expand);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expand(v)]));
  return value;
}

/** A ```http block: its start line, headers (lower-case names) and body. */
function httpMessage(block: string): { start: string; headers: Record<string, string>; body: string } {
  const [head, ...body] = block.split('\n\n');
  const [start, ...lines] = head.split('\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { start, headers, body: body.join('\n\n') };
}

/** An exchange written as two ```http blocks (the request, the answer): its frame, its JSON-RPC answer if any, its outcome and HTTP facts. */
function httpWire(section: string): { request: Record<string, unknown>; response?: Record<string, unknown>; outcome: Exchange['outcome']; http: HttpFacts } | undefined {
  const blocks = [...section.matchAll(/```http\n([\s\S]*?)\n```/g)].map((m) => httpMessage(m[1]));
  if (blocks.length < 2) return undefined;
  const [sent, answer] = blocks;
  const status = Number(/^HTTP\/[\d.]+ (\d{3})/.exec(answer.start)?.[1]);
  const contentType = answer.headers['content-type'] ?? null;
  const sse = contentType?.startsWith('text/event-stream') === true;
  const text = sse ? answer.body.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('\n') : answer.body;
  let message: Record<string, unknown> | undefined;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    if ('result' in parsed || typeof parsed.error === 'object') message = parsed;
  } catch {
    message = undefined;
  }
  const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name !== 'content-type'));
  const http: HttpFacts = { status, contentType, body: message ? (sse ? 'sse' : 'json') : text === '' ? 'empty' : 'other', ...(message || text === '' ? {} : { text }), ...(Object.keys(headers).length > 0 ? { headers } : {}) };
  const outcome: Exchange['outcome'] = message?.result ? { kind: 'result', result: message.result as Record<string, unknown> } : message ? { kind: 'error', error: message.error as JsonRpcError } : { kind: 'http', status, contentType, body: text };
  return { request: sent.body.trim() === '' ? {} : (JSON.parse(sent.body) as Record<string, unknown>), ...(message ? { response: message } : {}), outcome, http };
}

/**
 * The example of one "## Fails" / "## Passes" section: a probe line, the request (a ```json block, or a ```text block for
 * a raw frame) and the response (```json, or an Outcome line), plus optional lines the protocol rules need:
 * `Label: …`, `Expected code -32700`, `Output schema:` followed by a ```json block, `Noise: \`…\``,
 * `Burst: request 2 of 8 (\`a\`, \`b\`)`, `Answers: 2`, `Repair:` followed by a ```json block (the repair agent's record),
 * and for the surface probes `Expect: refused` (or another expectation), `Also accepted: -32602`, `Requirement: MUST`,
 * `Sensitive: yes`. Strings may abbreviate repetition as `<'unit' × N>`. The http probe's examples are HTTP exchanges
 * (see httpExample). For the auth probe, the request and the answer may be two ```http blocks instead (httpWire) (start line, headers, blank line, body), with `Sends: \`wrong-token\`` (the auth probe's case)
 * and `Control: HTTP 401` (how the same request without a token was answered).
 */
function example(doc: string, heading: 'Fails' | 'Passes'): Example {
  const section = doc.split(/\n## /).find((s) => s.startsWith(`${heading}\n`));
  if (!section) throw new Error(`no "## ${heading}" section`);
  const probe = /Probe `([\w-]+)`/.exec(section)?.[1] as ProbeKind;
  const version = /protocol (\d{4}-\d{2}-\d{2})/.exec(section)?.[1] ?? '';
  if (probe === 'http') return httpExample(section, version);
  const schemaBlock = /Output schema:\s*```json\n([\s\S]*?)\n```/.exec(section);
  const repairBlock = /Repair:\s*```json\n([\s\S]*?)\n```/.exec(section);
  const rest = [schemaBlock, repairBlock].reduce((text, block) => (block ? text.replace(block[0], '') : text), section);
  const blocks = [...rest.matchAll(/```(json|text)\n([\s\S]*?)\n```/g)].map(([, lang, body]) => (lang === 'text' ? { raw: body } : expand(JSON.parse(body))) as Record<string, unknown>);
  const wire = httpWire(rest);
  const [request, response] = wire ? [wire.request, wire.response] : blocks;
  const params = (Array.isArray(request) ? undefined : request.params) as { name?: unknown; uri?: unknown; arguments?: unknown; ref?: { name?: unknown } } | undefined;
  const named = params?.name ?? params?.uri ?? params?.ref?.name;
  const name = typeof named === 'string' ? named : '';
  const surface = SERVER_SCOPE.includes(probe) && typeof (request as { method?: unknown }).method === 'string' && (request as { method: string }).method !== 'tools/call';
  let outcome: Exchange['outcome'];
  if (wire) outcome = wire.outcome;
  else if (response?.result) outcome = { kind: 'result', result: response.result as Record<string, unknown> };
  else if (response?.error) outcome = { kind: 'error', error: response.error as JsonRpcError };
  else if (/Outcome: timeout/.test(section)) outcome = { kind: 'timeout' };
  else if (/Outcome: closed/.test(section)) outcome = { kind: 'closed', exitCode: 134, signal: null };
  else if (/Outcome: silent/.test(section)) outcome = { kind: 'silent' };
  else throw new Error(`"## ${heading}" has no response and no Outcome line`);
  const expectCode = /Expected code `?(-?\d+)`?/.exec(section)?.[1];
  const burst = /Burst: request (\d+) of (\d+)(.*)/.exec(section);
  const answers = /Answers: (\d+)/.exec(section)?.[1];
  const noise = [...section.matchAll(/Noise: `([^`]*)`/g)].map((m) => m[1]);
  const sends = /Sends: `([\w-]+)`/.exec(section)?.[1] as AuthCase['sends'] | undefined;
  const control = /Control: HTTP (\d{3})/.exec(section)?.[1];
  const exchange: Exchange = {
    seq: 1,
    tool: SERVER_SCOPE.includes(probe) ? NO_TOOL : name,
    probe,
    case: {
      name,
      arguments: surface ? params : params?.arguments,
      expect: (/Expect: `?([\w-]+)`?/.exec(section)?.[1] as Expectation | undefined) ?? EXPECT[probe] ?? 'any',
      ...(/Also accepted: `?(-?\d+)`?/.exec(section) ? { acceptCodes: [Number(/Also accepted: `?(-?\d+)`?/.exec(section)![1])] } : {}),
      ...(/Requirement: MUST/.test(section) ? { requirement: 'must' as const } : {}),
      ...(/Sensitive: yes/.test(section) ? { sensitive: true as const } : {}),
      ...(surface ? { delivery: { kind: 'request' as const, method: (request as { method: string }).method, params } } : {}),
      label: /Label: `([^`]+)`/.exec(section)?.[1] ?? probe,
      ...(expectCode !== undefined ? { expectCode: Number(expectCode) } : {}),
      ...(burst ? { delivery: { kind: 'burst' as const, calls: [...burst[3].matchAll(/`([^`]+)`/g)].map((m) => ({ name: m[1], arguments: {} })) } } : {}),
      ...(sends ? { auth: authCase(version, sends) } : {}),
    },
    path: '0',
    request,
    response,
    outcome,
    elapsedMs: 10,
    ...(schemaBlock ? { outputSchema: JSON.parse(schemaBlock[1]) as JsonSchema } : {}),
    ...(repairBlock ? { repair: JSON.parse(repairBlock[1]) as RepairRecord } : {}),
    ...(burst ? { burst: { index: Number(burst[1]) - 1, size: Number(burst[2]) } } : {}),
    ...(answers !== undefined ? { answers: Number(answers) } : {}),
    ...(noise.length > 0 ? { noise } : {}),
    ...(wire ? { http: wire.http } : {}),
    ...(control !== undefined ? { control: { outcome: 'http' as const, status: Number(control) } } : {}),
  };
  return { exchange, facts: { version }, messageId: /Message ids?\s+`(\w+)`/.exec(section)?.[1] };
}

describe.each(RULES.map((r) => [r.meta.id, r] as const))('docs/rules/%s.md', (id, rule) => {
  const doc = readFileSync(join(root, ruleDocsPath(id)), 'utf8');

  it('has the sections every rule doc has', () => {
    expect(doc.startsWith(`# ${id}\n`)).toBe(true);
    for (const heading of ['Why it matters', 'How to fix', 'Fails', 'Passes', 'Options', 'When not to use it']) expect(doc).toContain(`\n## ${heading}\n`);
  });

  it("shows the fix its meta gives, and every message's own (npm run docs:rules writes them)", () => {
    expect(withFixSection(doc, catalogEntry(rule.meta)), `docs/rules/${id}.md's "How to fix" differs from the rule's meta: run \`npm run docs:rules\``).toBe(doc);
  });

  it('its failing example fails', () => {
    const { exchange, facts, messageId } = example(doc, 'Fails');
    const { applies, findings } = grade(rule, exchange, facts);
    expect(applies).toBe(true);
    expect(findings.length).toBeGreaterThan(0);
    expect(messageId, 'the "## Fails" example names its message id: "Message id `…`"').toBeDefined();
    expect(findings[0].messageId).toBe(messageId);
  });

  it.each(Object.keys(rule.meta.messages))('names the message id %s', (messageId) => {
    expect(doc).toContain(`\`${messageId}\``);
  });

  it('its passing example passes', () => {
    const { exchange, facts } = example(doc, 'Passes');
    expect(grade(rule, exchange, facts)).toEqual({ applies: true, findings: [] });
  });
});

describe('the "How to fix" section of a rule doc', () => {
  const entry = catalogEntry(ruleById('error-channel')!.meta);
  const doc = readFileSync(join(root, ruleDocsPath('error-channel')), 'utf8');
  const section = fixMarkdown(entry);

  it("holds the rule's fix, then each message's own under its id", () => {
    expect(doc).toContain(`\n${section}\n## Fails\n`);
    expect(section).toContain(`\n${entry.fix}\n`);
    expect(section).toContain(`\n- \`internalErrorOnInvalidInput\`: ${entry.messageFixes.find((m) => m.messageId === 'internalErrorOnInvalidInput')!.fix}\n`);
    // A message without a fix of its own is named too, with the rule's.
    expect(entry.messageFixes.map((m) => m.messageId)).not.toContain('internalErrorOnToolFailure');
    expect(section).toMatch(/\n- (`\w+`, )*`internalErrorOnToolFailure`(, `\w+`)*: the change above\.\n/);
    // Messages that share a fix share its line.
    expect(fixMarkdown(catalogEntry(ruleById('jsonrpc-conformance')!.meta))).toContain('\n- `batchUnanswered`, `batchRejected`: ');
  });

  it('would fail a doc without it, or with a fix the meta no longer gives', () => {
    const without = doc.replace(`\n${section}`, '');
    expect(without).not.toContain('## How to fix');
    expect(withFixSection(without, entry)).toBe(doc);
    const edited = doc.replace(entry.fix, 'Return isError: true.');
    expect(edited).not.toBe(doc);
    expect(withFixSection(edited, entry)).toBe(doc);
    expect(withFixSection(doc, { ...entry, messageFixes: [] })).not.toBe(doc);
  });
});
