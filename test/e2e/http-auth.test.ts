// Authorization over HTTP: the fixtures' answers, talked to with plain fetch (those test/rules/http-authorization.test.ts
// grades); then through the built CLI, the auth probe against the fixtures of one defect each, the well-behaved server
// behind bearer auth in every era, a server that needs a token linted without one, and a stdio server (skipped).
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startHttpFixture, type HttpFixture } from '../helpers/http-fixture.js';
import type { Report } from '../../src/report/model.js';

const FAST = ['--seed', '5', '--runs', '2', '--timeout', '5000'];
const TOKEN = ['--header', 'Authorization: Bearer ${ERRLINT_AUTH_TOKEN}'];
const ENV = { ERRLINT_AUTH_TOKEN: 'good-token' };
const started = new Map<string, Promise<HttpFixture>>();

afterAll(async () => {
  await Promise.all([...started.values()].map((fixture) => fixture.then((f) => f.close(), () => {})));
});

/** A fixture server, started once for the whole file (one process serves every era). */
function serve(file: string, args: string[] = []): Promise<HttpFixture> {
  const key = [file, ...args].join(' ');
  if (!started.has(key)) started.set(key, startHttpFixture(file, args));
  return started.get(key)!;
}

async function lint(args: string[]): Promise<{ report: Report; code: number | null; stderr: string }> {
  const run = await runCli([...FAST, '-f', 'json', ...args], { env: ENV });
  expect(run.stdout, run.stderr).not.toBe('');
  return { report: JSON.parse(run.stdout) as Report, code: run.code, stderr: run.stderr };
}

/** Per-request limit of the plain fetches: far above an answer's few ms, for a loaded machine. */
const REQUEST_TIMEOUT_MS = 15_000;
const initialize = (id: number) => ({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'http-fixtures-test', version: '1.0.0' } } });

interface Answer {
  status: number;
  type: string;
  headers: Headers;
  text: string;
  /** The JSON-RPC messages of an SSE body (the data of each event), or of a JSON-RPC JSON body. */
  messages: Array<Record<string, any>>;
}

/** POST a JSON-RPC message as a client does, with `headers` (the Authorization header, or none). */
async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  const data = type.startsWith('text/event-stream') ? text.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5)) : [text];
  const messages = data.flatMap((d) => {
    try {
      const parsed = JSON.parse(d) as Record<string, any>;
      return 'jsonrpc' in parsed ? [parsed] : [];
    } catch {
      return [];
    }
  });
  return { status: res.status, type, headers: res.headers, text, messages };
}

/** rule, probe, severity and message id of every finding. */
const found = (report: Report) => report.findings.map((f) => `${f.ruleId} ${f.probe} ${f.severity} ${f.messageId}`).sort();

describe('the authorization fixtures (the answers test/rules/http-authorization.test.ts grades)', () => {
  const GOOD = { authorization: 'Bearer good-token' };
  const challengeOf = (answer: Answer) => answer.headers.get('www-authenticate');
  const metadataUrl = (url: string) => url.replace(/\/(mcp|sse)$/, '/.well-known/oauth-protected-resource/$1');

  it('well-behaved.mjs --auth: 401 with a challenge naming the metadata, invalid_token for a bad token; the metadata; served with good-token', async () => {
    const { url } = await serve('fixtures/well-behaved.mjs', ['--transport', 'http', '--auth']);
    const none = await post(url, initialize(1));
    expect(none.status).toBe(401);
    expect(challengeOf(none)).toBe(`Bearer error="invalid_token", error_description="Missing Authorization header", resource_metadata="${metadataUrl(url)}"`);
    expect(JSON.parse(none.text)).toEqual({ error: 'invalid_token', error_description: 'Missing Authorization header' });
    const scheme = await post(url, initialize(2), { authorization: 'Bearer' });
    expect([scheme.status, JSON.parse(scheme.text).error_description]).toEqual([401, "Invalid Authorization header format, expected 'Bearer TOKEN'"]);
    const wrong = await post(url, initialize(3), { authorization: 'Bearer errl-errlinterrlin' });
    expect([wrong.status, JSON.parse(wrong.text).error]).toEqual([401, 'invalid_token']);
    const metadata = await fetch(metadataUrl(url), { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    expect(await metadata.json()).toEqual({ resource: url, authorization_servers: [new URL(url).origin], resource_name: 'errlint fixture' });
    expect((await post(url, initialize(4), GOOD)).messages[0]).toMatchObject({ id: 4, result: { serverInfo: { name: 'well-behaved' } } });
  });

  it('well-behaved.mjs --auth over legacy SSE: the stream needs the token too; ERRLINT_FIXTURE_TOKEN names another token', async () => {
    const { url } = await serve('fixtures/well-behaved.mjs', ['--transport', 'sse', '--auth']);
    const refused = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    expect([refused.status, refused.headers.get('www-authenticate')]).toEqual([401, expect.stringContaining(`resource_metadata="${metadataUrl(url)}"`)]);
    const stream = new AbortController();
    const opened = await fetch(url, { headers: { accept: 'text/event-stream', ...GOOD }, signal: stream.signal });
    expect([opened.status, opened.headers.get('content-type')]).toEqual([200, 'text/event-stream']);
    stream.abort();
    const other = await startHttpFixture('fixtures/well-behaved.mjs', ['--transport', 'http', '--auth'], { env: { ERRLINT_FIXTURE_TOKEN: 'other-token' } });
    try {
      expect((await post(other.url, initialize(1), GOOD)).status).toBe(401);
      expect((await post(other.url, initialize(2), { authorization: 'Bearer other-token' })).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('the sdk 1.x ones: auth-well-behaved takes good-token only, auth-any-token any, auth-no-discovery names and serves no metadata, auth-html-401 refuses with a page', async () => {
    const [good, any, bare, html] = await Promise.all(['auth-well-behaved', 'auth-any-token', 'auth-no-discovery', 'auth-html-401'].map(async (name) => (await serve(`fixtures/http/${name}.mjs`)).url));
    const served = async (url: string, headers: Record<string, string>) => (await post(url, initialize(1), headers)).status;
    expect(await Promise.all([served(good, GOOD), served(good, { authorization: 'Bearer nope' })])).toEqual([200, 401]);
    expect(await Promise.all([served(any, { authorization: 'Bearer nope' }), served(any, {})])).toEqual([200, 401]);

    const refused = await post(bare, initialize(2));
    expect([refused.status, challengeOf(refused)]).toEqual([401, 'Bearer error="invalid_token", error_description="Missing Authorization header"']);
    const missing = await fetch(metadataUrl(bare), { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    expect([missing.status, await missing.text()]).toEqual([404, expect.stringContaining('<pre>Cannot GET /.well-known/oauth-protected-resource/mcp</pre>')]);
    expect(await served(bare, GOOD)).toBe(200);

    const page = await post(html, initialize(3));
    expect([page.status, page.type, challengeOf(page)]).toEqual([401, 'text/html; charset=utf-8', `Bearer resource_metadata="${metadataUrl(html)}"`]);
    expect(page.text).toMatch(/^<!DOCTYPE html>/);
    expect(challengeOf(await post(html, initialize(4), { authorization: 'Bearer nope' }))).toMatch(/^Bearer error="invalid_token", resource_metadata=/);
    expect(await served(html, GOOD)).toBe(200);
  });
});

describe('the auth probe against one defect each (with the token)', () => {
  it.each([
    ['fixtures/http/auth-any-token.mjs', ['http-authorization auth error badTokenServed'], 1],
    ['fixtures/http/auth-no-discovery.mjs', ['http-authorization auth warning noDiscovery'], 0],
    ['fixtures/http/auth-html-401.mjs', ['http-authorization auth warning notJson'], 0],
    ['fixtures/http/auth-well-behaved.mjs', [], 0],
  ] as const)('%s', async (file, findings, exit) => {
    const server = await serve(file);
    const { report, code } = await lint(['--probe', 'auth', '--url', server.url, ...TOKEN]);
    expect(report.coverage.probeKindsRun).toEqual(['auth']);
    expect(found(report)).toEqual(findings);
    expect(code).toBe(exit);
  }, 60_000);
});

describe('well-behaved.mjs --auth with the token: no finding of the auth probe in any era', () => {
  it.each([
    ['2025-03-26', 'http'],
    ['2025-06-18', 'http'],
    ['2025-11-25', 'http'],
    ['2026-07-28', 'http'],
    ['2024-11-05', 'sse'],
  ] as const)('%s over %s', async (version, transport) => {
    const server = await serve('fixtures/well-behaved.mjs', ['--transport', transport, '--auth']);
    const { report, code } = await lint(['--probe', 'auth', '--protocol-version', version, '--url', server.url, '--transport', transport, ...TOKEN]);
    expect(report.server).toMatchObject({ protocolVersion: version, transport });
    expect(report.coverage.probeKindsRun).toEqual(['auth']);
    expect(report.findings).toEqual([]);
    expect(code).toBe(0);
  }, 60_000);

  it('behind a rate limit too: a whole run has no finding and exits 0 in every era, the throttling said (issue 27)', async () => {
    const eras = [['2025-03-26', 'http'], ['2025-06-18', 'http'], ['2025-11-25', 'http'], ['2026-07-28', 'http']] as const;
    const runs = await Promise.all(eras.map(async ([version, transport]) => {
      const server = await serve('fixtures/well-behaved.mjs', ['--transport', transport, '--auth', '--rate-limit', '30']);
      return lint(['--runs', '2', '--protocol-version', version, '--url', server.url, ...TOKEN]);
    }));
    for (const [i, { report, code }] of runs.entries()) {
      expect([eras[i][0], found(report)]).toEqual([eras[i][0], []]);
      expect(report.server.protocolVersion).toBe(eras[i][0]);
      expect(report.coverage.toolsProbed).toBe(2);
      expect(report.interrupted).toBeUndefined();
      expect(code).toBe(0);
    }
    expect(runs.some(({ report }) => (report.server.throttle?.answers ?? 0) > 0)).toBe(true);
  }, 150_000);

  it('a whole run finds what the same server finds without --auth, and nothing more', async () => {
    const [guarded, open] = await Promise.all([serve('fixtures/well-behaved.mjs', ['--transport', 'http', '--auth']), serve('fixtures/well-behaved.mjs', ['--transport', 'http'])]);
    const [withAuth, without] = await Promise.all([lint(['--url', guarded.url, ...TOKEN]), lint(['--url', open.url])]);
    expect(withAuth.report.coverage.toolsProbed).toBe(2);
    expect(withAuth.report.coverage.probeKindsRun).toContain('auth');
    expect(found(withAuth.report)).toEqual(found(without.report));
    expect(withAuth.code).toBe(without.code);
  }, 90_000);
});

describe('a server that needs a token, linted without one', () => {
  it('grades its refusal, says the rest needs authorization and how to give a token, and fails the gate (exit 1)', async () => {
    const server = await serve('fixtures/http/auth-well-behaved.mjs');
    const { report, code, stderr } = await lint(['--url', server.url]);
    expect(report.coverage).toMatchObject({ incomplete: true, blocked: { kind: 'needs-auth', reason: expect.stringContaining("--header 'Authorization: Bearer ${TOKEN}'") } });
    expect(report.score.grade).toBe('incomplete');
    expect(report.coverage.probeKindsRun).toEqual(['auth']);
    expect(report.skips).toContainEqual({ tool: '(server)', probe: '*', reason: 'not probed: the server needs authorization (HTTP 401 at the handshake)' });
    expect(report.findings).toEqual([]);
    expect(report.checks.filter((c) => c.ruleId === 'http-authorization').map((c) => c.verdict)).toEqual(['pass']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/failing: incomplete: the server needs authorization/);

    const terminal = await runCli([...FAST, '--url', server.url]);
    expect(terminal.stdout).toMatch(/⚠ The server needs authorization, so there is no letter grade: it refused the MCP handshake with HTTP 401.*--oauth-client-credentials/);
  }, 60_000);

  it('with --min-coverage 0, the exit code is its refusal’s: a 401 without discovery is a warning', async () => {
    const server = await serve('fixtures/http/auth-no-discovery.mjs');
    const { report, code } = await lint(['--min-coverage', '0', '--url', server.url]);
    expect(report.coverage.blocked?.kind).toBe('needs-auth');
    expect(found(report)).toEqual(['http-authorization auth warning noDiscovery']);
    expect(code).toBe(0);
  }, 60_000);
});

it('over stdio the auth probe is a skip that says why', async () => {
  const { report, code } = await lint(['--probe', 'auth', '--', 'node', 'fixtures/well-behaved.mjs']);
  expect(report.skips).toEqual([{ tool: '(server)', probe: 'auth', reason: 'HTTP requests only: this server runs over stdio' }]);
  expect(report.coverage.probeKindsNotRun).toEqual([]); // listed as a skip, and no kind the run left out
  expect(report.findings).toEqual([]);
  expect(code).toBe(0);
}, 60_000);
