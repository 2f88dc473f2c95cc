// Time budgets and signals: a run against a slow server ends by its deadline, its tool budget, or a signal, and in
// every case writes the report of what was probed (marked interrupted), leaves no process behind and stays small.
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintHostile, survivors } from '../helpers/hostile.js';
import { reportSchemaErrors, sarifProblems } from '../helpers/validate.js';
import { BIN, ROOT } from '../helpers/cli.js';
import type { Report } from '../../src/report/model.js';

const SLOW = ['--', 'node', 'fixtures/hostile/slow-every-call.mjs'];
const RSS_CEILING_MB = 250;

const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return process.platform === 'linux';
  } catch {
    return false;
  }
})();

describe.concurrent('time budgets', () => {
  it('--deadline ends a lint of a slow server on time, with the report of what was probed', async () => {
    const run = await lintHostile(['--seed', '1', '--timeout', '2000', '--deadline', '6s', '--format', 'json', ...SLOW]);
    expect(run.code).toBe(1);
    // That the deadline ended the run is in the report (interrupted by the deadline, tools not reached); this only bounds
    // the whole: 6 s and the start-up and ending around it (9 s on a loaded machine).
    expect(run.elapsedMs).toBeLessThan(45_000);
    const report = JSON.parse(run.stdout) as Report;
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(report.interrupted).toEqual({ by: 'deadline', message: expect.stringContaining('deadline of 6s') });
    expect(report.score.grade).toBe('incomplete');
    expect(report.gate.failures.join('\n')).toMatch(/cut short: the run's deadline of 6s/);
    // Tools the run never reached are listed as not probed, with the reason.
    expect(report.skips).toContainEqual({ tool: 'list_orders', probe: '*', reason: expect.stringMatching(/^not probed: the run's deadline/) });
    expect(run.stderr).toMatch(/deadline of 6s \(--deadline\) was reached: writing the report/);
    expect(run.peakRssMb).toBeLessThan(RSS_CEILING_MB);
    expect(await survivors(run.pids)).toEqual([]);
  });

  it('a deadline spent before the handshake is a one-line exit 2 that says so', async () => {
    // --timeout 60000 makes the handshake timeout 60 s: ending by the 1 s deadline (4 s with start-up on a loaded
    // machine) is then far from ending by the handshake timeout.
    const run = await lintHostile(['--deadline', '1s', '--timeout', '60000', '--', 'node', '-e', 'setInterval(() => {}, 1000)'], { timeoutMs: 90_000 });
    expect(run.code).toBe(2);
    expect(run.elapsedMs).toBeLessThan(30_000);
    expect(run.stderr).toMatch(/could not lint: the run's deadline of 1s \(--deadline\) was reached before the server was ready/);
  });

  it('failures that are alike and slow cut the tool short, and the skip says why', async () => {
    const run = await lintHostile(['--seed', '1', '--timeout', '3000', '--runs', '3', '--format', 'json', ...SLOW], { env: { ERRLINT_SLOW_MS: '1100', ERRLINT_SLOW_ERROR: '1' } });
    const report = JSON.parse(run.stdout) as Report;
    expect(report.interrupted).toBeUndefined();
    const lookups = report.skips.filter((s) => s.tool === 'lookup_user');
    expect(lookups.length).toBeGreaterThan(0);
    // The unknown-tool probe met the failure first (three alike); the tools then failed as it had, at their first call.
    expect(report.skips).toContainEqual(expect.objectContaining({ tool: '(server)', probe: 'unknown-tool', reason: expect.stringMatching(/3 inputs failed alike, each after 1\.\d s or more \(JSON-RPC error: "getaddrinfo EAI_AGAIN/) }));
    expect(lookups.every((s) => /it failed as the unknown-tool probe did \(JSON-RPC error: "getaddrinfo EAI_AGAIN/.test(s.reason))).toBe(true);
    // Three slow calls per tool, not one per input: the run stays short (counted, not timed).
    expect(report.exchanges).toBeLessThan(40);
    // A tool cut short is partly probed, and with most of the planned inputs never sent there is no letter grade.
    expect(report.coverage).toMatchObject({ toolsProbed: 2, toolsPartlyProbed: 2, incomplete: true });
    expect(report.coverage.inputs.notSent).toBeGreaterThan(report.coverage.inputs.sent);
    expect(report.score.grade).toBe('incomplete');
    expect(await survivors(run.pids)).toEqual([]);
  });

  it('a server answering every call slowly, correctly, earns no letter when most inputs were never sent', async () => {
    const run = await lintHostile(['--seed', '1', '--timeout', '3000', '--format', 'json', ...SLOW], { env: { ERRLINT_SLOW_MS: '1100' } });
    const report = JSON.parse(run.stdout) as Report;
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(report.interrupted).toBeUndefined();
    expect(report.coverage).toMatchObject({ toolsProbed: 2, toolsPartlyProbed: 2, incomplete: true });
    expect(report.coverage.reasons.join('\n')).toMatch(/\(lookup_user\): partly probed, \d+ planned inputs not sent/);
    expect(report.score.grade).toBe('incomplete');
    expect(report.gate.failures.join('\n')).toMatch(/^incomplete: only \d+ of the \d+ planned inputs were sent/);
    // Its refusals say nothing of an upstream: nothing concludes one is unreachable.
    expect(report.skips.some((s) => /upstream/.test(s.reason))).toBe(false);
    expect(run.code).toBe(1);
  });

  it('24 tools failing alike after 4 s: the upstream is taken as unreachable after three, and the run ends well under 90 s', async () => {
    const run = await lintHostile(['--seed', '1', '--format', 'json', ...SLOW], { env: { ERRLINT_SLOW_MS: '4000', ERRLINT_SLOW_ERROR: '1', ERRLINT_TOOLS: '24' }, timeoutMs: 120_000 });
    const report = JSON.parse(run.stdout) as Report;
    expect(reportSchemaErrors(report)).toEqual([]);
    const upstream = report.skips.filter((s) => /^not run: the upstream looks unreachable: 3 tools \(lookup_user_00, lookup_user_01, lookup_user_02\) failed alike, each after 4\.\d s or more \(JSON-RPC error: "getaddrinfo EAI_AGAIN/.test(s.reason));
    expect(new Set(upstream.map((s) => s.tool)).size).toBe(21);
    // The tools after the first failed as the probes before them had: one slow call each.
    expect(report.skips).toContainEqual(expect.objectContaining({ tool: 'lookup_user_01', reason: expect.stringMatching(/^\d+ input\(s\) not sent: it failed as the unknown-tool probe did/) }));
    // Probes that need no tool still ran.
    expect(report.coverage.probeKindsRun).toEqual(expect.arrayContaining(['jsonrpc', 'notification', 'protocol-requests']));
    expect(report.coverage).toMatchObject({ toolsProbed: 3, toolsPartlyProbed: 3, incomplete: true });
    expect(report.score.grade).toBe('incomplete');
    expect(report.exchanges).toBeLessThan(60); // counted: a handful of slow calls, not one per tool and probe kind
    expect(run.elapsedMs).toBeLessThan(90_000); // about 35 s here; the bound for this server
    expect(await survivors(run.pids)).toEqual([]);
  });

  it('when only valid calls fail so, the tools after the conclusion still get the inputs they must refuse', async () => {
    const run = await lintHostile(['--seed', '1', '--timeout', '4000', '--format', 'json', ...SLOW], { env: { ERRLINT_SLOW_MS: '1500', ERRLINT_SLOW_ERROR: 'valid', ERRLINT_TOOLS: '6' } });
    const report = JSON.parse(run.stdout) as Report;
    const last = report.tools.find((t) => t.name === 'lookup_user_05')!;
    expect(last.probes).toEqual(expect.arrayContaining(['missing-required', 'wrong-type', 'null-values']));
    expect(last.probes).not.toContain('positive');
    expect(report.skips).toContainEqual(expect.objectContaining({ tool: 'lookup_user_05', probe: 'positive', reason: expect.stringMatching(/the upstream looks unreachable: 3 tools .*only inputs it must refuse before reaching the upstream are sent$/) }));
    expect(report.coverage.toolsPartlyProbed).toBe(6);
    expect(await survivors(run.pids)).toEqual([]);
  });

  it('--tool-budget stops sending a tool inputs once its time is spent', async () => {
    const run = await lintHostile(['--seed', '1', '--timeout', '3000', '--tool-budget', '2s', '--probe', 'missing-required,wrong-type,positive', '--format', 'json', ...SLOW], { env: { ERRLINT_SLOW_MS: '300' } });
    const report = JSON.parse(run.stdout) as Report;
    const budget = report.skips.filter((s) => /its time budget of 2s \(--tool-budget\) was spent/.test(s.reason));
    expect(new Set(budget.map((s) => s.tool))).toEqual(new Set(['lookup_user', 'list_orders']));
    expect(report.settings.toolBudgetMs).toBe(2000);
    // Each tool stops soon after its 2 s (the skips above say so): the in-flight call finishes, no more. This only bounds
    // the whole (8 s on a loaded machine).
    expect(run.elapsedMs).toBeLessThan(60_000);
    expect(await survivors(run.pids)).toEqual([]);
  });
});

describe.concurrent('signals', () => {
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
    it(`${signal} writes the partial report in every requested format, ends the server, and exits ${code}`, async () => {
      const dir = tempDir('errlint-signal-');
      const run = await lintHostile(['--seed', '1', '--timeout', '2000', '--format', 'json', '--report', `sarif=${dir}/partial.sarif`, '--report', `junit=${dir}/partial.xml`, ...SLOW], {
        signalAfterMs: { signal, ms: 2000 },
      });
      expect(run.code).toBe(code);
      expect(run.elapsedMs).toBeLessThan(45_000); // the signal 2 s after the server's start, then the partial report: 3-5 s
      const report = JSON.parse(run.stdout) as Report;
      expect(reportSchemaErrors(report)).toEqual([]);
      expect(report.interrupted).toEqual({ by: signal, message: `interrupted by ${signal}` });
      expect(report.skips.some((s) => s.reason === `not probed: interrupted by ${signal}`)).toBe(true);
      expect(sarifProblems(readFileSync(join(dir, 'partial.sarif'), 'utf8'))).toEqual([]);
      expect(readFileSync(join(dir, 'partial.xml'), 'utf8')).toMatch(/interrupted by/);
      // The server ignores the end of its stdin: only the linter's stop ends it.
      expect(run.pids.length).toBeGreaterThan(0);
      expect(await survivors(run.pids)).toEqual([]);
    });
  }

  it.skipIf(!hasScript)('Ctrl-C on a terminal leaves no process and writes a partial report', async () => {
    const dir = tempDir('errlint-tty-');
    const pidFile = join(dir, 'pids');
    const out = join(dir, 'report.json');
    const command = `${process.execPath} ${BIN} --seed 1 --timeout 2000 -f json -o ${out} -- node fixtures/hostile/slow-every-call.mjs`;
    // script(1) runs the linter on a pseudo-terminal; a 0x03 byte on it is the terminal's Ctrl-C (SIGINT to the foreground group).
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: ROOT, env: { ...process.env, ERRLINT_PID_FILE: pidFile }, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    // Ctrl-C once the server is up (its PID recorded), so the linter's handlers are in place however slow start-up was.
    const press = (): void => {
      if (existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '') setTimeout(() => child.stdin.write('\u0003'), 1500);
      else setTimeout(press, 50);
    };
    press();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    child.stdin.destroy();
    expect(code).toBe(130);
    expect(output).toMatch(/interrupted by SIGINT: writing the report/);
    const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
    expect(report.interrupted?.by).toBe('SIGINT');
    const pids = readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number);
    expect(pids.length).toBeGreaterThan(0);
    expect(await survivors(pids)).toEqual([]);
  });
});
