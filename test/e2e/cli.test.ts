// The CLI's contract with its user: streams, exit codes for bad input, output files, help, dry run.
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { readFileSync, existsSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { BIN, ROOT, runCli } from '../helpers/cli.js';

const FIXTURE = ['--', 'node', 'fixtures/stack-trace.mjs'];

describe.concurrent('mcp-errlint CLI', () => {
  it('prints help and exits 0', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('--fail-on');
    expect(stdout).toContain('Exit codes');
  });

  it('ends quietly when its reader closes the pipe early (--help | head -1), every time', () => {
    const err = join(tempDir('errlint-epipe-'), 'stderr.txt');
    for (let i = 0; i < 5; i++) {
      const out = execFileSync('sh', ['-c', `"${process.execPath}" "${BIN}" --help 2>"${err}" | head -1`], { cwd: ROOT, encoding: 'utf8' });
      expect(out.trim()).toMatch(/^Usage: mcp-errlint/);
      expect(readFileSync(err, 'utf8')).toBe('');
    }
  });

  it('help <command> prints that command\'s help; an unknown one is refused with a suggestion (issue 20)', async () => {
    for (const [command, usage] of [['scoreboard', 'Usage: mcp-errlint scoreboard'], ['merge', 'Usage: mcp-errlint merge'], ['rules', 'Usage: mcp-errlint rules'], ['lint', 'Usage: mcp-errlint [options]']]) {
      const { code, stdout } = await runCli(['help', command]);
      expect(code, command).toBe(0);
      expect(stdout, command).toContain(usage);
    }
    expect((await runCli(['help'])).stdout).toContain('mcp-errlint help [command]');
    const wrong = await runCli(['help', 'scorebord']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/did you mean 'scoreboard'/);
  });

  it('-f html for one server writes its report page, led by its findings (issue 20)', async () => {
    const { code, stdout } = await runCli(['--seed', '1', '-f', 'html', ...FIXTURE]);
    expect(code).toBe(1);
    expect(stdout).toContain('<h1>mcp-errlint report · stack-trace</h1>');
    expect(stdout).toMatch(/<h3>1 cause behind \d+ findings<\/h3>/);
    expect(stdout).not.toContain('Pass rate per rule');
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
    const { code, stderr } = await runCli(['--tool', 'nope', ...FIXTURE]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/no tool named 'nope' \(it lists: lookup_user, list_orders\)/);
  });

  it('exits 2 with the cause when the server cannot start', async () => {
    const missing = await runCli(['--', 'definitely-not-a-command-errlint']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/could not lint: could not start 'definitely-not-a-command-errlint'/);
    const crashing = await runCli(['--timeout', '2000', '--', 'node', '-e', 'console.error("boom: missing API_KEY"); process.exit(3)']);
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
    const file = join(tempDir('errlint-'), 'report.json');
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
    const { code, stdout } = await runCli(['--seed', '1', '--runs', '1', '--probe', 'missing-required', '--', 'sh', '-c', 'node fixtures/well-behaved.mjs; true'], { timeoutMs: 60_000 });
    expect(code).toBe(0);
    expect(stdout).toMatch(/Grade A\+/);
  });

  it('redacts credentials given on the server command line from every report', async () => {
    const key = 'sk_live_abcdefghijklmnop1234';
    for (const format of ['json', 'sarif', 'stylish']) {
      const { stdout } = await runCli(['--seed', '1', '--runs', '1', '--probe', 'missing-required', '--format', format, '--', 'node', 'fixtures/stack-trace.mjs', `--api-key=${key}`]);
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

  it('refuses a bare word with one line that points at -- (and at rules when close), and runs nothing', async () => {
    const dir = tempDir('errlint-');
    const init = await runCli(['init'], { cwd: dir });
    expect(init.code).toBe(2);
    expect(init.stdout).toBe('');
    expect(init.stderr.trim()).toBe("mcp-errlint: unknown command 'init'; to lint a server, put its command after --: mcp-errlint -- init");
    const rule = await runCli(['rule']);
    expect(rule.code).toBe(2);
    expect(rule.stderr).toMatch(/unknown command 'rule' \(did you mean 'mcp-errlint rules'\?\); to lint a server, put its command after --: mcp-errlint -- rule$/m);
    // A server command without its --: refused, and the marker its start would leave is absent.
    const marker = join(dir, 'started');
    const missingDashes = await runCli(['--seed', '1', 'sh', '-c', `touch ${marker}`]);
    expect(missingDashes.code).toBe(2);
    expect(missingDashes.stderr.trim()).toBe(`mcp-errlint: unknown command 'sh'; to lint a server, put its command after --: mcp-errlint --seed 1 -- sh -c 'touch ${marker}'`);
    expect(existsSync(marker)).toBe(false);
    const before = await runCli(['stray', '--', 'node', 'fixtures/well-behaved.mjs']);
    expect(before.code).toBe(2);
    expect(before.stderr).toMatch(/unexpected argument 'stray' before --/);
  });

  it('-- rules lints a server command named rules instead of listing rules', async () => {
    const { code, stdout, stderr } = await runCli(['--timeout', '1000', '--deadline', '10s', '--', 'rules']);
    expect(code).toBe(2);
    expect(stdout).not.toContain('no-stack-trace');
    expect(stderr).toMatch(/could not lint: could not start 'rules'/);
  });

  it('-o and --report create missing folders', async () => {
    const dir = tempDir('errlint-');
    const out = join(dir, 'deep', 'er', 'report.json');
    const sarif = join(dir, 'other', 'x.sarif');
    const { code, stdout } = await runCli(['--seed', '1', '--runs', '1', '--probe', 'missing-required', '-f', 'json', '-o', out, '--report', `sarif=${sarif}`, ...FIXTURE]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(JSON.parse(readFileSync(out, 'utf8')).findings.map((f: { ruleId: string }) => f.ruleId)).toContain('no-stack-trace');
    expect(JSON.parse(readFileSync(sarif, 'utf8')).version).toBe('2.1.0');
  });

  it('refuses an output path it cannot write before the lint starts: one line, exit 2', async () => {
    const dir = tempDir('errlint-');
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    const marker = join(dir, 'started');
    const server = ['--', 'sh', '-c', `touch ${marker}; exec node fixtures/stack-trace.mjs`];
    for (const args of [['-o', join(file, 'report.json')], ['--report', `junit=${join(file, 'sub', 'r.xml')}`], ['-o', dir]]) {
      const { code, stdout, stderr } = await runCli(['--seed', '1', '--runs', '1', ...args, ...server]);
      expect(code, args.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(/^mcp-errlint: cannot write the report to '.*': (a part of the path is a file, not a folder|it is a directory)$/m);
    }
    expect(existsSync(marker)).toBe(false); // the server was never started: no lint time was spent
  });

  it('a report file that cannot be written after the lint is not lost: it goes to stdout, exit 2', async () => {
    const dir = tempDir('errlint-');
    const out = join(dir, 'report.json');
    // The path is writable when checked; the server then makes a folder of it, so the write after the lint fails.
    const { code, stdout, stderr } = await runCli(['--seed', '1', '--runs', '1', '--probe', 'missing-required', '-f', 'json', '-o', out, '--', 'sh', '-c', `mkdir ${out} && exec node fixtures/stack-trace.mjs`]);
    expect(code).toBe(2);
    expect(stderr).toContain(`mcp-errlint: could not write the report to '${out}': it is a directory; writing it to stdout instead`);
    expect(JSON.parse(stdout).findings.map((f: { ruleId: string }) => f.ruleId)).toContain('no-stack-trace');
  });

  it('-q hides progress and lesser findings but keeps the errors and the reason of a failing exit', async () => {
    const { code, stdout, stderr } = await runCli(['--seed', '1', '--runs', '1', '--probe', 'missing-required', '-q', ...FIXTURE]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^mcp-errlint: failing: \d+ findings? at or above error$/m);
    expect(stdout).toMatch(/^ {2}✖ \S+ {2}no-stack-trace/m);
  });

  it('replay commands start the way the linter was started, and run as printed', async () => {
    const args = ['--seed', '1', '--runs', '1', '--probe', 'missing-required', '-f', 'json'];
    const inside = JSON.parse((await runCli([...args, ...FIXTURE])).stdout).findings[0].replay as string;
    expect(inside).toMatch(/^node bin\/mcp-errlint\.js --seed 1 --tool /);
    const outside = JSON.parse((await runCli([...args, '--', 'node', join(ROOT, 'fixtures/stack-trace.mjs')], { cwd: tempDir('errlint-elsewhere-') })).stdout).findings[0].replay as string;
    expect(outside.startsWith(`node ${BIN} --seed 1 `)).toBe(true);
    // Pasted into a shell where it was printed, the replay runs and finds the same rule.
    let replayed = '';
    try {
      execFileSync('sh', ['-c', inside.replace(' --seed ', ' --format json --seed ')], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    } catch (error) {
      replayed = (error as { stdout: string; status: number }).stdout;
      expect((error as { status: number }).status).toBe(1);
    }
    expect(JSON.parse(replayed).findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(['no-stack-trace']);
  });
});
