// The programmatic API as a server author uses it inside their own vitest suite (docs/api.md shows this test).
import { describe, expect, it } from 'vitest';
import { lint, lintServers, writeBaseline, UsageError, type ServerRun, type HttpTransportKind, type LintOptions, type ProbeKind, type ProfileName, type Report, type RuleLevel, type Severity } from 'mcp-errlint';
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runCli } from './helpers/cli.js';
import { tempDir } from './helpers/temp.js';

describe('my MCP server', () => {
  it('reports its errors so that an agent can recover', async () => {
    const report: Report = await lint({ target: { command: 'node', args: ['fixtures/well-behaved.mjs'] }, seed: 1, runs: 5, timeoutMs: 3000 });
    expect(report.findings.filter((f) => f.severity !== 'note')).toEqual([]);
    expect(report.score.grade).toBe('A+');
  });

  it('catches a stack trace leaking from a tool error', async () => {
    const report = await lint({ target: { command: 'node', args: ['fixtures/stack-trace.mjs'] }, seed: 1, runs: 5, timeoutMs: 3000, probes: ['missing-required'] });
    expect(report.findings.map((f) => f.ruleId)).toContain('no-stack-trace');
    expect(report.findings.find((f) => f.ruleId === 'no-stack-trace')?.replay).toMatch(/--probe missing-required/);
  });

  it('lints a server given as a command alone, without args (issue 20: the API as typed)', async () => {
    // An executable that starts the well-behaved fixture by itself: `target.args` left out, as the type allows.
    const bin = join(tempDir('errlint-api-'), 'server');
    writeFileSync(bin, `#!/bin/sh\nexec "${process.execPath}" "${resolve('fixtures/well-behaved.mjs')}"\n`);
    chmodSync(bin, 0o755);
    const report = await lint({ target: { command: bin }, seed: 1, runs: 2, timeoutMs: 3000, probes: ['missing-required'] });
    expect(report.server.command).toEqual([bin]);
    expect(report.findings).toEqual([]);
  });
});

describe('lintServers', () => {
  it('lints the servers of a run in turn, one left out, with one baseline across them', async () => {
    const file = join(tempDir('errlint-api-servers-'), 'baseline.json');
    const runs: ServerRun[] = [
      { name: 'off', skipped: 'disabled in its file' },
      { name: 'trace', options: { target: { command: 'node', args: ['fixtures/stack-trace.mjs'] }, name: 'trace', seed: 1, runs: 2, timeoutMs: 3000, probes: ['missing-required'] } },
    ];
    const started: string[] = [];
    const accepted = await lintServers(runs, { baseline: { file, update: true }, onServer: (name, outcome) => void (outcome ?? started.push(name)) });
    expect(started).toEqual(['trace']);
    expect(accepted.outcomes[0]).toEqual({ name: 'off', failure: 'disabled in its file', skipped: true });
    const trace = accepted.outcomes[1];
    if (!('report' in trace)) throw new Error(`trace was not linted: ${trace.failure}`);
    expect(trace.report.findings.map((f) => f.ruleId)).toContain('no-stack-trace');
    expect(trace.report.findings.every((f) => f.baselined)).toBe(true);
    expect(accepted.exitCode).toBe(0);

    writeBaseline(file, [trace.report]);
    const known = await lintServers(runs, { baseline: { file } });
    expect([known.exitCode, known.stale]).toEqual([0, []]);
    expect((await lintServers(runs)).exitCode).toBe(1); // the control: without the baseline, the stack trace fails the run
  });
});


// Issue 28: lint() checks its options as the CLI checks its flags, with the same words, before it starts
// anything. The server would record its PID (fixtures/lib/record-pid.mjs) if it ever ran: the file stays absent.
describe('lint() refuses a bad option before any server starts, as the CLI refuses its flag', () => {
  const dir = tempDir('errlint-api-refuse-');
  const pids = join(dir, 'pids');
  const command = [process.execPath, '--import', resolve('fixtures/lib/record-pid.mjs'), resolve('fixtures/well-behaved.mjs')];
  const target = { command: command[0], args: command.slice(1), env: { ERRLINT_PID_FILE: pids } };
  const cliServer = ['-e', `ERRLINT_PID_FILE=${pids}`, '--', ...command];

  it('the recording server does record its PID when it runs (the control: the checks below can fail)', async () => {
    await lint({ target, seed: 1, runs: 1, timeoutMs: 3000, probes: ['missing-required'], repairAttempts: 0 });
    expect(readFileSync(pids, 'utf8')).toMatch(/^\d+\n/);
    rmSync(pids);
  });

  // Each: the option given to lint() (the stdio target unless it gives its own), and the same mistake as flags.
  const CASES: Array<[string, Partial<LintOptions>, string[]]> = [
    ['a rule level that is none', { rules: { 'no-stack-trace': 'fatal' as RuleLevel } }, ['--rule', 'no-stack-trace=fatal']],
    ['an unknown rule id', { rules: { 'no-stack-traces': 'error' } }, ['--rule', 'no-stack-traces=error']],
    ['a profile that is none', { profile: 'lax' as ProfileName }, ['--profile', 'lax']],
    ['a seed that is no number', { seed: 'abc' as unknown as number }, ['--seed', 'abc']],
    ['a negative seed', { seed: -1 }, ['--seed', '-1']],
    ['a seed past 32 bits', { seed: 2 ** 32 }, ['--seed', '4294967296']],
    ['negative runs', { runs: -3 }, ['--runs', '-3']],
    ['a timeout of 0', { timeoutMs: 0 }, ['--timeout', '0']],
    ['a timeout no timer holds', { timeoutMs: 3_000_000_000 }, ['--timeout', '3000000000']],
    ['a deadline of 0', { deadlineMs: 0 }, ['--deadline', '0']],
    ['a negative tool budget', { toolBudgetMs: -5 }, ['--tool-budget', '-5']],
    ['a concurrency above 64', { concurrency: 65 }, ['--concurrency', '65']],
    ['fractional repair attempts', { repairAttempts: 1.5 }, ['--repair-attempts', '1.5']],
    ['negative max warnings', { maxWarnings: -1 }, ['--max-warnings', '-1']],
    ['a min score above 100', { minScore: 101 }, ['--min-score', '101']],
    ['a negative min coverage', { minCoverage: -1 }, ['--min-coverage', '-1']],
    ['a protocol version that is none', { protocolVersion: '1999-01-01' }, ['--protocol-version', '1999-01-01']],
    ['a fail-on severity that is none', { failOn: 'sometimes' as Severity }, ['--fail-on', 'sometimes']],
    ['an unknown probe kind', { probes: ['unicod' as ProbeKind] }, ['--probe', 'unicod']],
    ['a replay path that is none', { replay: { tool: 'lookup_user', probe: 'wrong-type', path: 'x' } }, ['--tool', 'lookup_user', '--probe', 'wrong-type', '--path', 'x']],
    ['read-only with writes', { readOnly: true, allowWrites: true }, ['--read-only', '--allow-writes']],
    ['a URL that is not http(s)', { target: { url: 'ftp://127.0.0.1/mcp' } }, ['--url', 'ftp://127.0.0.1/mcp']],
    ['a transport that is none', { target: { url: 'http://127.0.0.1:9/mcp', transport: 'websocket' as HttpTransportKind } }, ['--url', 'http://127.0.0.1:9/mcp', '--transport', 'websocket']],
  ];

  // Side by side: each waits on a CLI process of its own.
  it.concurrent.each(CASES)('%s', async (_title, option, flags) => {
    const error = await lint({ target, ...option }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    const { message } = error as UsageError;
    const cli = await runCli([...flags, ...(option.target ? [] : cliServer)]);
    expect({ code: cli.code, stderr: cli.stderr }).toEqual({ code: 2, stderr: `mcp-errlint: ${message}\n` });
    expect(existsSync(pids)).toBe(false);
  });

  it('rule options for an unknown rule, and options a rule does not take (no flag sets them)', async () => {
    await expect(lint({ target, ruleOptions: { 'no-such-rule': {} } })).rejects.toThrow(new UsageError("unknown rule id 'no-such-rule' in ruleOptions (mcp-errlint rules lists them)"));
    await expect(lint({ target, ruleOptions: { 'no-internal-details': { allowedHost: ['x'] } } })).rejects.toThrow(UsageError);
    expect(existsSync(pids)).toBe(false);
  });

  it('an option lint() does not have (a misspelling), and probes given as one string (no flag sets either)', async () => {
    await expect(lint({ target, rule: { 'no-stack-trace': 'off' } } as LintOptions)).rejects.toThrow(new UsageError("lint() has no option 'rule' (did you mean 'rules'?)"));
    await expect(lint({ target, probes: 'wrong-type' as unknown as ProbeKind[] })).rejects.toThrow(new UsageError("probes must be an array of probe kinds, got 'wrong-type'"));
    expect(existsSync(pids)).toBe(false);
  });
});
