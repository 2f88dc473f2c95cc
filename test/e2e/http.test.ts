// The real transports end to end: the same fixtures served over stdio, Streamable HTTP and legacy HTTP+SSE, both eras,
// HTTP-only answers, client config files with several servers, and headers whose values never show. 127.0.0.1 only.
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startHttpFixture, type HttpFixture } from '../helpers/http-fixture.js';
import type { Report } from '../../src/report/model.js';

const FAST = ['--seed', '5', '--runs', '3', '--timeout', '5000', '-f', 'json'];
const started: HttpFixture[] = [];

afterAll(async () => {
  await Promise.all(started.map((fixture) => fixture.close()));
});

async function serve(file: string, transport: 'http' | 'sse'): Promise<HttpFixture> {
  const fixture = await startHttpFixture(file, ['--transport', transport]);
  started.push(fixture);
  return fixture;
}

/** (rule, tool, probe) of every finding on a real tool: the server-scope probes differ by transport by design. */
function toolFindings(report: Report): string[] {
  return [...new Set(report.findings.filter((f) => f.tool !== '(server)').map((f) => `${f.ruleId} ${f.tool} ${f.probe}`))].sort();
}

async function lintJson(args: string[], env?: Record<string, string>): Promise<{ report: Report; code: number | null; stderr: string; stdout: string }> {
  const run = await runCli([...FAST, ...args], { env });
  expect(run.stdout, run.stderr).not.toBe('');
  return { report: JSON.parse(run.stdout) as Report, code: run.code, stderr: run.stderr, stdout: run.stdout };
}

describe('one defect fixture over every transport', () => {
  for (const fixture of ['fixtures/validation-internal-error.mjs', 'fixtures/stack-trace.mjs']) {
    it(`${fixture}: the same tool-level findings over stdio, Streamable HTTP and HTTP+SSE`, async () => {
      const [http, sse] = await Promise.all([serve(fixture, 'http'), serve(fixture, 'sse')]);
      const [overStdio, overHttp, overSse] = await Promise.all([
        lintJson(['--', 'node', fixture]),
        lintJson(['--url', http.url]),
        lintJson(['--url', sse.url]),
      ]);
      expect(overStdio.report.server.transport).toBe('stdio');
      expect(overHttp.report.server.transport).toBe('http');
      expect(overSse.report.server.transport).toBe('sse'); // found by the fallback from Streamable HTTP
      expect(toolFindings(overStdio.report).length).toBeGreaterThan(0);
      expect(toolFindings(overHttp.report)).toEqual(toolFindings(overStdio.report));
      expect(toolFindings(overSse.report)).toEqual(toolFindings(overStdio.report));
      expect([overHttp.code, overSse.code]).toEqual([overStdio.code, overStdio.code]);
    }, 120_000);
  }
});

describe('servers built on the SDKs', () => {
  it('finds the generic errors of an @modelcontextprotocol/sdk 1.x server on its Express-style Streamable HTTP transport', async () => {
    const server = await serve('fixtures/generic-error.mjs', 'http');
    const { report } = await lintJson(['--url', server.url]);
    expect(report.server).toMatchObject({ transport: 'http', era: 'legacy' });
    expect(toolFindings(report)).toContain('error-not-generic lookup_user missing-required');
  }, 60_000);
});

describe('eras over HTTP', () => {
  it('lints a 2026-07-28 server over Streamable HTTP in the modern era and says so', async () => {
    const server = await serve('fixtures/well-behaved.mjs', 'http');
    const run = await runCli(['--seed', '5', '--runs', '2', '--url', server.url], {});
    expect(run.stdout).toMatch(/protocol 2026-07-28 \(stateless\) · http/);
    const { report } = await lintJson(['--url', server.url]);
    expect(report.server).toMatchObject({ protocolVersion: '2026-07-28', era: 'modern', transport: 'http', url: server.url });
    expect(report.coverage.toolsProbed).toBe(2);
  }, 60_000);

  it('lints a server pinned to 2024-11-05 over legacy HTTP+SSE in the legacy era', async () => {
    const server = await serve('fixtures/stack-trace.mjs', 'sse');
    const { report } = await lintJson(['--protocol-version', '2024-11-05', '--url', server.url, '--transport', 'sse']);
    expect(report.server).toMatchObject({ protocolVersion: '2024-11-05', era: 'legacy', transport: 'sse' });
    expect(toolFindings(report)).toContain('no-stack-trace lookup_user missing-required');
  }, 60_000);

  it('lints a modern-only server that refuses initialize', async () => {
    const server = await serve('fixtures/http/modern-only.mjs', 'http');
    const { report } = await lintJson(['--url', server.url]);
    expect(report.server).toMatchObject({ protocolVersion: '2026-07-28', era: 'modern', transport: 'http' });
  }, 60_000);
});

describe('HTTP answers', () => {
  it('grades an HTML 500 page as a failure on the transport layer, quoting it', async () => {
    const server = await serve('fixtures/http/html-500.mjs', 'http');
    const { report, code } = await lintJson(['--url', server.url]);
    const layer = report.findings.find((f) => f.ruleId === 'error-channel' && f.tool !== '(server)');
    expect(layer, JSON.stringify(report.findings.map((f) => f.message))).toBeDefined();
    expect(layer!.severity).toBe('error');
    expect(layer!.message).toMatch(/HTTP 500 text\/html and no JSON-RPC message/);
    expect(layer!.answer).toMatch(/^HTTP 500 text\/html: "/);
    expect(code).toBe(1);
  }, 60_000);

  it('reports a server that goes away mid-run, and does not restart it', async () => {
    const server = await serve('fixtures/crash-on-nul.mjs', 'http');
    const { report, code } = await lintJson(['--url', server.url]);
    expect(report.server.restarts).toBe(0);
    expect(report.findings.some((f) => f.ruleId === 'server-survives')).toBe(true);
    expect(report.skips.some((s) => /stopped answering; a server reached over HTTP is not restarted/.test(s.reason))).toBe(true);
    expect(code).toBe(1);
  }, 60_000);

  it('waits for a server that is only busy (a large call holds it 5 s), and goes on probing: not gone, not restarted', async () => {
    const server = await serve('fixtures/busy-on-large.mjs', 'http');
    const { report } = await lintJson(['--url', server.url, '--timeout', '1500', '--tool', 'lookup_user', '--probe', 'oversized,positive']);
    expect(report.server.restarts).toBe(0);
    expect(report.skips.filter((s) => /stopped answering/.test(s.reason))).toEqual([]);
    // The call it was busy with timed out; the inputs after it were still sent.
    expect(report.findings.some((f) => f.ruleId === 'timely-response' && f.probe === 'oversized')).toBe(true);
    expect(report.tools.find((t) => t.name === 'lookup_user')!.probes).toEqual(expect.arrayContaining(['oversized', 'positive']));
  }, 90_000);

  it('refuses a URL where nothing listens, in one line, with exit 2', async () => {
    const server = await serve('fixtures/well-behaved.mjs', 'http');
    await server.close(); // the port is now free
    const run = await runCli(['--url', server.url]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/could not lint: could not reach http:\/\/127\.0\.0\.1:\d+\/mcp: ECONNREFUSED/);
  }, 60_000);

  it('sends --header values read from the environment and never prints them', async () => {
    const server = await serve('fixtures/well-behaved.mjs', 'http');
    const token = 'errlint-test-token-7f3a9c2e51';
    const run = await runCli([...FAST, '--url', server.url, '--header', 'Authorization: Bearer ${ERRLINT_TOKEN}', '--report', 'sarif=/dev/null'], { env: { ERRLINT_TOKEN: token } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout + run.stderr).not.toContain(token);
    const unset = await runCli(['--url', server.url, '--header', 'Authorization: Bearer ${ERRLINT_NOT_SET}']);
    expect(unset.code).toBe(2);
    expect(unset.stderr).toMatch(/--header Authorization names the environment variable ERRLINT_NOT_SET, which is not set/);
  }, 60_000);
});

describe('rate limits (express-rate-limit in front of the well-behaved server)', () => {
  const PROBES = ['--probe', 'missing-required,wrong-type,concurrency,jsonrpc'];
  const limited = async (args: string[]) => {
    const fixture = await startHttpFixture('fixtures/http/rate-limited.mjs', args);
    started.push(fixture);
    return fixture;
  };

  it('lints a rate-limited well-behaved server to the end with exit 0: every throttled input waited out and resent, and said so', async () => {
    const server = await limited(['--limit', '15']);
    const { report, code } = await lintJson([...PROBES, '--url', server.url]);
    expect(report.interrupted).toBeUndefined();
    expect(report.findings).toEqual([]);
    expect(report.server.throttle).toMatchObject({ answers: expect.any(Number), waitedMs: expect.any(Number) });
    expect(report.server.throttle!.answers).toBeGreaterThan(0);
    expect(report.coverage.toolsProbed).toBe(2);
    expect(code).toBe(0);
  }, 90_000);

  it('finds a 429 without Retry-After under retry-after-on-transient, and still lints to the end', async () => {
    const server = await limited(['--limit', '15', '--no-retry-after']);
    const { report } = await lintJson([...PROBES, '--url', server.url]);
    expect(report.interrupted).toBeUndefined();
    expect(new Set(report.findings.map((f) => f.ruleId))).toEqual(new Set(['retry-after-on-transient']));
    expect(report.findings[0].message).toMatch(/HTTP 429 without a Retry-After header/);
  }, 90_000);

  it('ends a run throttled past its budget as incomplete, by the throttle, never as silence', async () => {
    const server = await limited(['--limit', '20', '--window', '3600']);
    const { report, code, stderr } = await lintJson([...PROBES, '--url', server.url]);
    expect(report.interrupted).toMatchObject({ by: 'throttled', message: expect.stringMatching(/rate-limited the run past its budget: it asked to wait \d+ s \(HTTP 429\)/) });
    expect(report.findings.filter((f) => ['timely-response', 'concurrent-calls', 'server-survives'].includes(f.ruleId))).toEqual([]);
    expect(report.score.grade).toBe('incomplete');
    expect(stderr).toMatch(/rate-limited the run past its budget/);
    expect(code).toBe(1);
  }, 60_000);
});

describe('client config files', () => {
  it('ends a run of several servers with one summary table; -q silences the per-server progress (issue 20)', async () => {
    const loud = await runCli(['--seed', '5', '--runs', '2', '--timeout', '5000', '--mcp-config', 'fixtures/client-configs/claude_desktop_config.json']);
    const summary = loud.stdout.slice(loud.stdout.lastIndexOf('Summary (3 servers)'));
    expect(summary).toMatch(/^ {2}well-behaved\s+A\+\s+100\.0\s+0\s+0\s+0\s+2\/2 tools\s+passes$/m);
    expect(summary).toMatch(/^ {2}stack-trace\s+[A-F]\s+[\d.]+\s+\d+\s+\d+\s+\d+\s+2\/2 tools\s+fails the gate$/m);
    expect(loud.stderr).toMatch(/mcp-errlint: linting well-behaved/);
    const quiet = await runCli(['--seed', '5', '--runs', '2', '--timeout', '5000', '-q', '--mcp-config', 'fixtures/client-configs/claude_desktop_config.json']);
    expect(quiet.stderr).not.toMatch(/linting /);
    expect(quiet.stderr).toMatch(/stack-trace: failing/); // the reason of the failing exit stays
  }, 120_000);

  it('lints the three servers of a Claude Desktop file, each under its name, anchored on its line', async () => {
    const run = await runCli([...FAST, '--mcp-config', 'fixtures/client-configs/claude_desktop_config.json']);
    const { servers } = JSON.parse(run.stdout) as { servers: Array<{ name: string; report: Report }> };
    expect(servers.map((s) => s.name)).toEqual(['well-behaved', 'generic-error', 'stack-trace']);
    expect(servers.map((s) => s.report.source.line)).toEqual([4, 8, 15]);
    expect(servers[0].report.findings).toEqual([]);
    expect(servers[2].report.findings.some((f) => f.ruleId === 'no-stack-trace')).toBe(true);
    expect(servers[2].report.findings[0].replay).toMatch(/--mcp-config fixtures\/client-configs\/claude_desktop_config\.json --server stack-trace$/);
    // The exit code covers them all: stack-trace's errors fail the run.
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/stack-trace: failing/);

    const sarif = await runCli([...FAST, '-f', 'sarif', '--mcp-config', 'fixtures/client-configs/claude_desktop_config.json', '--server', 'stack-trace']);
    const log = JSON.parse(sarif.stdout) as { runs: Array<{ results: Array<{ locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }> }> }> };
    expect(log.runs).toHaveLength(1);
    expect(log.runs[0].results[0].locations[0].physicalLocation).toEqual({ artifactLocation: { uri: 'fixtures/client-configs/claude_desktop_config.json' }, region: { startLine: 15 } });
  }, 120_000);

  it('lints the URL server of a VS Code .vscode/mcp.json, with its input from the environment', async () => {
    const server = await serve('fixtures/well-behaved.mjs', 'http');
    const token = 'vscode-input-token-83b1d0';
    const env = { ERRLINT_TEST_PORT: new URL(server.url).port, MCP_ERRLINT_INPUT_ORDERS_TOKEN: token };
    const run = await runCli([...FAST, '--mcp-config', 'fixtures/client-configs/vscode-mcp.json', '--server', 'orders'], { env });
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.server).toMatchObject({ name: 'orders', transport: 'http', era: 'modern' });
    expect(run.stdout + run.stderr).not.toContain(token);
  }, 60_000);
});
