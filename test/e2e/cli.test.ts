// The CLI's contract with its user: streams, exit codes for bad input, output files, help, dry run.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';

const FIXTURE = ['--', 'node', 'fixtures/stack-trace.mjs'];

describe.concurrent('mcp-errlint CLI', () => {
  it('prints help and exits 0', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('--fail-on');
    expect(stdout).toContain('Exit codes');
  });

  it('exits 2 with one line when no server command is given', async () => {
    const { code, stdout, stderr } = await runCli(['--seed', '1']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n').filter((l) => l.startsWith('mcp-errlint:'))).toHaveLength(1);
    expect(stderr).toMatch(/no server to lint/);
  });

  it('exits 2 on an unknown flag or a bad value', async () => {
    expect((await runCli(['--frobnicate', ...FIXTURE])).code).toBe(2);
    const bad = await runCli(['--runs', 'many', ...FIXTURE]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--runs must be an integer/);
    expect((await runCli(['--format', 'xml', ...FIXTURE])).code).toBe(2);
    expect((await runCli(['--rule', 'no-such-rule=error', ...FIXTURE])).stderr).toMatch(/unknown rule id 'no-such-rule'/);
  });

  it('exits 2 when --tool names a tool the server does not have', async () => {
    const { code, stderr } = await runCli(['--quiet', '--tool', 'nope', ...FIXTURE]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/no tool named 'nope' \(it lists: lookup_user, list_orders\)/);
  });

  it('exits 2 with the cause when the server cannot start', async () => {
    const missing = await runCli(['--quiet', '--', 'definitely-not-a-command-errlint']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/could not lint: could not start 'definitely-not-a-command-errlint'/);
    const crashing = await runCli(['--quiet', '--timeout', '2000', '--', 'node', '-e', 'console.error("boom: missing API_KEY"); process.exit(3)']);
    expect(crashing.code).toBe(2);
    expect(crashing.stderr).toMatch(/could not lint: .*exit(ed)?.*boom: missing API_KEY/);
  });

  it('keeps stdout for the report: seed and logs go to stderr, server stderr never leaks into stdout', async () => {
    const { code, stdout, stderr } = await runCli(['--seed', '5', '--runs', '2', ...FIXTURE]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Seed: 5$/m);
    expect(stdout).not.toContain('Seed:');
    expect(stdout).toMatch(/Grade [A-F]/);
    expect(stdout).toContain('no-stack-trace');
    expect(stdout).not.toMatch(/\u001b\[/); // not a TTY: no colour
  });

  it('writes the report to --output instead of stdout', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'errlint-')), 'report.json');
    const { code, stdout } = await runCli(['--seed', '1', '--runs', '2', '--format', 'json', '-o', file, ...FIXTURE]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, "utf8")).schemaVersion).toBe(2);
  });

  it('--fail-on and --min-score move the gate; the format never does', async () => {
    const never = await runCli(['--seed', '1', '--runs', '2', '--fail-on', 'never', ...FIXTURE]);
    expect(never.code).toBe(0);
    const json = await runCli(['--seed', '1', '--runs', '2', '--fail-on', 'never', '--format', 'json', ...FIXTURE]);
    expect(json.code).toBe(0);
    const score = await runCli(['--seed', '1', '--runs', '2', '--fail-on', 'never', '--min-score', '99.9', ...FIXTURE]);
    expect(score.code).toBe(1);
    const warnings = await runCli(['--seed', '1', '--runs', '2', '--fail-on', 'warning', '--', 'node', 'fixtures/transient-no-retry.mjs']);
    expect(warnings.code).toBe(1);
  });

  it('--rule off silences a rule and --profile strict raises severities', async () => {
    const off = await runCli(['--seed', '1', '--runs', '2', '--format', 'json', '--rule', 'no-stack-trace=off', ...FIXTURE]);
    expect(off.code).toBe(0);
    expect(JSON.parse(off.stdout).findings).toEqual([]);
    const strict = await runCli(['--seed', '1', '--runs', '2', '--format', 'json', '--profile', 'strict', '--', 'node', 'fixtures/generic-error.mjs']);
    expect(strict.code).toBe(1);
    expect(JSON.parse(strict.stdout).findings.find((f: { ruleId: string }) => f.ruleId === 'error-not-generic').severity).toBe('error');
  });

  it('ends a server started through a wrapper, children included, and exits', async () => {
    const { code, stdout } = await runCli(['--seed', '1', '--runs', '1', '--quiet', '--probe', 'missing-required', '--', 'sh', '-c', 'node fixtures/well-behaved.mjs; true'], { timeoutMs: 60_000 });
    expect(code).toBe(0);
    expect(stdout).toMatch(/Grade A\+/);
  });

  it('redacts credentials given on the server command line from every report', async () => {
    const key = 'sk_live_abcdefghijklmnop1234';
    for (const format of ['json', 'sarif', 'stylish']) {
      const { stdout } = await runCli(['--seed', '1', '--runs', '1', '--quiet', '--probe', 'missing-required', '--format', format, '--', 'node', 'fixtures/stack-trace.mjs', `--api-key=${key}`]);
      expect(stdout).toContain('no-stack-trace');
      expect(stdout).not.toContain(key);
    }
  });

  it('--dry-run prints the plan and calls no tool', async () => {
    const { code, stdout } = await runCli(['--dry-run', '--', 'node', 'fixtures/crash-on-nul.mjs']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/lookup_user\s+unicode\s+\d+ enumerated \+ 25 random/);
    expect(stdout).toContain('Nothing was called');
  });
});
