// Gating a pull request end to end: several reports in one run, baselines, warning limits, and the GitHub Action's script.
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { BIN, ROOT, runCli } from '../helpers/cli.js';
import { sarifProblems } from '../helpers/validate.js';
import type { Report } from '../../src/report/model.js';

const FAST = ['--seed', '1', '--runs', '3', '--probe', 'missing-required,wrong-type'];
const STACK_TRACE = ['--', 'node', 'fixtures/stack-trace.mjs'];
const temp = () => tempDir('errlint-gates-');

describe.concurrent('gates and reports', () => {
  it('writes several formats from one run; the stdout format does not change the exit code', async () => {
    const dir = temp();
    const run = await runCli([...FAST, '--format', 'markdown', '--report', `sarif=${dir}/r.sarif`, '--report', `junit=${dir}/r.xml`, '--report', `json=${dir}/r.json`, ...STACK_TRACE]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^## mcp-errlint: stack-trace/);
    expect(sarifProblems(readFileSync(`${dir}/r.sarif`, 'utf8'))).toEqual([]);
    expect(XMLValidator.validate(readFileSync(`${dir}/r.xml`, 'utf8'))).toBe(true);
    const report = JSON.parse(readFileSync(`${dir}/r.json`, 'utf8')) as Report;
    expect(report.findings.length).toBeGreaterThan(0);
    for (const format of ['json', 'sarif', 'junit', 'github', 'markdown']) {
      expect((await runCli([...FAST, '--format', format, ...STACK_TRACE])).code).toBe(1);
    }
  });

  it('rejects a --report without a known format', async () => {
    const run = await runCli([...FAST, '--report', 'pdf=x.pdf', ...STACK_TRACE]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--report expects <format>=<path>/);
  });

  it('a baseline written on one run makes the next identical run exit 0, findings listed as baselined', async () => {
    const dir = temp();
    const first = await runCli([...FAST, '--baseline', `${dir}/baseline.json`, '--update-baseline', '--format', 'json', ...STACK_TRACE]);
    expect(first.code).toBe(0);
    const baseline = JSON.parse(readFileSync(`${dir}/baseline.json`, 'utf8'));
    expect(baseline.findings.length).toBeGreaterThan(0);

    const again = await runCli([...FAST, '--baseline', `${dir}/baseline.json`, '--format', 'json', ...STACK_TRACE]);
    expect(again.code).toBe(0);
    const report = JSON.parse(again.stdout) as Report;
    expect(report.findings.length).toBe(baseline.findings.length);
    expect(report.findings.every((f) => f.baselined)).toBe(true);
    expect(report.baseline).toMatchObject({ matched: baseline.findings.length, stale: [] });

    // Fingerprints do not depend on the seed: another seed still matches every entry.
    const otherSeed = await runCli([...FAST.map((a) => (a === '1' ? '99' : a)), '--baseline', `${dir}/baseline.json`, ...STACK_TRACE]);
    expect(otherSeed.code).toBe(0);

    // Without the baseline the same findings fail the run.
    expect((await runCli([...FAST, ...STACK_TRACE])).code).toBe(1);
  });

  it('reports stale baseline entries, and a new finding still fails', async () => {
    const dir = temp();
    writeFileSync(`${dir}/b.json`, JSON.stringify({ version: 1, findings: [{ fingerprint: 'f'.repeat(32), ruleId: 'no-secrets', server: 'x', tool: 'gone', probe: 'wrong-type' }] }));
    const run = await runCli([...FAST, '--baseline', `${dir}/b.json`, '--format', 'json', ...STACK_TRACE]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/1 baseline entry matched nothing this run.*no-secrets @ gone/);
    expect((JSON.parse(run.stdout) as Report).baseline?.stale).toHaveLength(1);
  });

  it('exits 2 on a missing or malformed baseline', async () => {
    const dir = temp();
    expect((await runCli([...FAST, '--baseline', `${dir}/none.json`, ...STACK_TRACE])).stderr).toMatch(/cannot read the baseline: no such file/);
    writeFileSync(`${dir}/bad.json`, '{"findings": 3}');
    const bad = await runCli([...FAST, '--baseline', `${dir}/bad.json`, ...STACK_TRACE]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/not an mcp-errlint baseline/);
  });

  it('--max-warnings fails a run whose findings are only warnings', async () => {
    const transient = ['--', 'node', 'fixtures/transient-no-retry.mjs'];
    const fast = ['--seed', '1', '--runs', '2', '--probe', 'positive'];
    const loud = await runCli([...fast, ...transient]);
    expect(loud.code).toBe(0);
    expect(loud.stdout).toMatch(/^ {2}⚠ \S+ {2}retry-after-on-transient/m);
    const over = await runCli([...fast, '--max-warnings', '0', ...transient]);
    expect(over.code).toBe(1);
    expect(over.stderr).toMatch(/failing: 1 warning exceeds --max-warnings 0/);
    expect((await runCli([...fast, '--max-warnings', '50', ...transient])).code).toBe(0);
  });

  it('--quiet shows errors only, in every format, while --max-warnings still counts the warnings (as ESLint)', async () => {
    const transient = ['--', 'node', 'fixtures/transient-no-retry.mjs'];
    const fast = ['--seed', '1', '--runs', '2', '--probe', 'positive', '--quiet'];
    const dir = temp();
    const quiet = await runCli([...fast, '--max-warnings', '0', '--report', `json=${dir}/r.json`, '--report', `sarif=${dir}/r.sarif`, '--report', `markdown=${dir}/r.md`, ...transient]);
    expect(quiet.code).toBe(1);
    expect(quiet.stderr).toMatch(/failing: 1 warning exceeds --max-warnings 0/);
    expect(quiet.stdout).not.toMatch(/⚠ warning/);
    expect(quiet.stdout).toContain('1 warning not shown (--quiet); the score, grade and gate count them');
    const report = JSON.parse(readFileSync(`${dir}/r.json`, 'utf8')) as Report;
    expect(report.settings.quiet).toBe(true);
    expect(report.findings).toEqual([]);
    expect(report.summary.warning).toBe(1);
    expect(JSON.parse(readFileSync(`${dir}/r.sarif`, 'utf8')).runs[0].results).toEqual([]);
    expect(readFileSync(`${dir}/r.md`, 'utf8')).not.toContain('retry-after-on-transient.md');
    expect((await runCli([...fast, ...transient])).code).toBe(0);
    // Errors stay: stack-trace's no-stack-trace findings are reported under --quiet.
    const errors = await runCli([...FAST, '--quiet', '-f', 'json', ...STACK_TRACE]);
    expect(errors.code).toBe(1);
    expect((JSON.parse(errors.stdout) as Report).findings.map((f) => f.ruleId)).toContain('no-stack-trace');
  });
});

describe.concurrent('the GitHub Action run script, locally with the example inputs', () => {
  function runAction(inputs: Record<string, string>) {
    const dir = temp();
    const env = {
      ...process.env,
      MCP_ERRLINT_BIN: BIN,
      GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
      GITHUB_OUTPUT: join(dir, 'output'),
      INPUT_SARIF: join(dir, 'errlint.sarif'),
      INPUT_SEED: '1',
      INPUT_ARGS: '--runs 3 --quiet --probe missing-required,wrong-type',
      ...inputs,
    };
    const run = spawnSync('bash', [join(ROOT, 'action/run.sh')], { cwd: ROOT, env, encoding: 'utf8', timeout: 100_000 });
    return { ...run, dir, env };
  }

  it('lints a fixture, annotates, writes SARIF and a step summary, and fails on errors', () => {
    const run = runAction({ INPUT_COMMAND: 'node fixtures/stack-trace.mjs' });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^::error file=package\.json,line=1,title=mcp-errlint\/no-stack-trace/m);
    expect(sarifProblems(readFileSync(run.env.INPUT_SARIF, 'utf8'))).toEqual([]);
    expect(readFileSync(run.env.GITHUB_STEP_SUMMARY, 'utf8')).toMatch(/## mcp-errlint: stack-trace — grade/);
    const outputs = readFileSync(run.env.GITHUB_OUTPUT, 'utf8');
    expect(outputs).toContain('exit-code=1');
    expect(outputs).toContain(`sarif=${run.env.INPUT_SARIF}`);
  });

  it('passes when fail-on says never, and when the server is clean', () => {
    expect(runAction({ INPUT_COMMAND: 'node fixtures/stack-trace.mjs', INPUT_FAIL_ON: 'never' }).status).toBe(0);
    expect(runAction({ INPUT_COMMAND: 'node fixtures/well-behaved.mjs' }).status).toBe(0);
  });

  // The argv built from the url, headers, transport, mcp-config and server inputs: test/action/run-sh.test.ts.
  it('fails on a min-score the server does not reach', () => {
    expect(runAction({ INPUT_COMMAND: 'node fixtures/stack-trace.mjs', INPUT_FAIL_ON: 'never', INPUT_MIN_SCORE: '99.5' }).status).toBe(1);
  });
});
