// The http probe end to end, through the built CLI: each HTTP defect fixture is found under its rule and the http probe,
// the well-behaved servers (server 2.x stateless, the hand-written front and sdk 1.x with sessions) draw nothing from
// the HTTP rules in any era, and an oversized body refused with 413 is held against the server by no rule. 127.0.0.1 only.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { httpFixturesFor, startHttpFixture } from '../helpers/http-fixture.js';
import type { Report } from '../../src/report/model.js';

const FAST = ['--seed', '5', '--runs', '2', '--timeout', '5000', '-f', 'json'];
const PROBES = ['--probe', 'http,jsonrpc,oversized'];
const HTTP_RULES = ['http-origin', 'http-session', 'http-status'];
const LEGACY_ERAS = ['2025-03-26', '2025-06-18', '2025-11-25'];

const STARTS = {
  wellBehaved: ['fixtures/well-behaved.mjs', '--transport', 'http'],
  front: ['fixtures/stack-trace.mjs', '--transport', 'http'],
  noOriginCheck: ['fixtures/http/no-origin-check.mjs'],
  stackTracePages: ['fixtures/http/stack-trace-pages.mjs'],
  sessionsUnchecked: ['fixtures/http/sessions-unchecked.mjs'],
} as const;
const servers = httpFixturesFor(STARTS);

async function lint(server: keyof typeof STARTS, version: string, probes = PROBES): Promise<Report> {
  const run = await runCli([...FAST, ...probes, '--protocol-version', version, '--url', servers[server].url]);
  expect(run.stdout, run.stderr).not.toBe('');
  const report = JSON.parse(run.stdout) as Report;
  expect(report.server).toMatchObject({ transport: 'http', protocolVersion: version });
  return report;
}

/** `rule probe` of every finding of the HTTP rules, and of every finding on the http probe. */
function httpFindings(report: Report): string[] {
  return [...new Set(report.findings.filter((f) => HTTP_RULES.includes(f.ruleId) || f.probe === 'http').map((f) => `${f.ruleId} ${f.probe}`))].sort();
}

describe('the HTTP defect fixtures, each under its rule and the http probe', () => {
  it('no-origin-check (sdk 1.x as its example serves it): http-origin, a warning; its 413s for the oversized bodies draw nothing', async () => {
    const report = await lint('noOriginCheck', '2025-11-25');
    expect(httpFindings(report)).toEqual(['http-origin http']);
    expect(report.findings.find((f) => f.ruleId === 'http-origin')).toMatchObject({ severity: 'warning', tool: '(server)', message: expect.stringMatching(/foreign Origin http:\/\/errlint-foreign\.example was served \(HTTP 200 text\/event-stream, a result\)/) });
    expect(report.findings.filter((f) => f.probe === 'oversized')).toEqual([]);
    expect(report.recovery).toMatchObject({ attempted: 4, recovered: 4, confirmed: 4 }); // the agent shrinks the argument a 413 refused
  }, 60_000);

  it('stack-trace-pages (express\'s development error pages): http-status for the 500, no-stack-trace and no-internal-details for its stack', async () => {
    const report = await lint('stackTracePages', '2025-06-18');
    expect(httpFindings(report)).toEqual(['http-status http', 'no-internal-details http', 'no-stack-trace http']);
    expect(report.findings.find((f) => f.ruleId === 'http-status')).toMatchObject({ severity: 'warning', message: expect.stringMatching(/Content-Type text\/plain\) got HTTP 500 text\/html/) });
  }, 60_000);

  it('sessions-unchecked (hand-written): http-session, in the first and the last era that has sessions', async () => {
    const reports = await Promise.all(['2025-03-26', '2025-11-25'].map((version) => lint('sessionsUnchecked', version)));
    for (const report of reports) {
      expect(httpFindings(report)).toEqual(['http-session http']);
      expect(report.findings.find((f) => f.ruleId === 'http-session')).toMatchObject({ severity: 'warning', message: expect.stringMatching(/was served \(HTTP 200 application\/json, a result\) although the server issued a session/) });
    }
  }, 90_000);
});

describe('well-behaved servers draw nothing from the HTTP rules', () => {
  it('server 2.x (stateless), in every era', async () => {
    const reports = await Promise.all([...LEGACY_ERAS, '2026-07-28'].map((version) => lint('wellBehaved', version)));
    for (const report of reports) {
      expect(httpFindings(report)).toEqual([]);
      expect(report.checks.filter((c) => c.probe === 'http' && HTTP_RULES.includes(c.ruleId)).map((c) => `${c.ruleId} ${c.verdict}`).sort()).toEqual(['http-origin pass', 'http-status pass']);
    }
  }, 90_000);

  it('the hand-written front (stateful), in every era that has sessions: its sessions checked too', async () => {
    const reports = await Promise.all(LEGACY_ERAS.map((version) => lint('front', version, ['--probe', 'http'])));
    for (const report of reports) {
      expect(httpFindings(report)).toEqual([]);
      expect(report.checks.filter((c) => c.probe === 'http' && HTTP_RULES.includes(c.ruleId)).map((c) => `${c.ruleId} ${c.verdict}`).sort()).toEqual(['http-origin pass', 'http-session pass', 'http-status pass']);
    }
  }, 90_000);
});

describe('where the http probe does not go', () => {
  it('a server on stdio, or on the legacy HTTP+SSE transport: skipped, with the reason', async () => {
    const stdio = JSON.parse((await runCli([...FAST, '--probe', 'http', '--', 'node', 'fixtures/well-behaved.mjs'])).stdout) as Report;
    expect(stdio.skips.find((s) => s.probe === 'http')).toMatchObject({ tool: '(server)', reason: 'the server was not reached over HTTP' });
    const sse = await startHttpFixture('fixtures/stack-trace.mjs', ['--transport', 'sse']);
    try {
      const report = JSON.parse((await runCli([...FAST, '--probe', 'http', '--url', sse.url, '--transport', 'sse'])).stdout) as Report;
      expect(report.skips.find((s) => s.probe === 'http')?.reason).toMatch(/legacy HTTP\+SSE transport answers on the event stream/);
    } finally {
      await sse.close();
    }
  }, 60_000);
});
