// The built CLI with a config file in a temporary working directory, and the `mcp-errlint rules` command.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { RULES, ruleDocsPath } from '../../rules/index.js';
import type { Report } from '../../src/report/model.js';

const STACK_TRACE = join(ROOT, 'fixtures', 'stack-trace.mjs');
const FAST = ['--seed', '1', '--runs', '2', '--format', 'json'];

/** A fresh working directory holding `mcp-errlint.config.json` (or `file`) with this content (text, a value, or a value made for the directory). */
/** A config file's content: JSON (some deliberately invalid) or raw text; a function of the directory when it names paths. */
type ConfigContent = string | Record<string, unknown>;

function workdir(config: ConfigContent | ((dir: string) => ConfigContent), file = 'mcp-errlint.config.json'): string {
  const dir = tempDir('errlint-e2e-config-');
  const content = typeof config === 'function' ? config(dir) : config;
  writeFileSync(join(dir, file), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return dir;
}

const ruleIds = (stdout: string) => [...new Set((JSON.parse(stdout) as Report).findings.map((f) => f.ruleId))];

describe.concurrent('config file', () => {
  it('a config turning no-stack-trace off makes the stack-trace fixture pass; --rule on the command line wins over it', async () => {
    const cwd = workdir({ rules: { 'no-stack-trace': 'off' } });
    const off = await runCli([...FAST, '--', 'node', STACK_TRACE], { cwd });
    expect(off.stderr).not.toMatch(/mcp-errlint:/);
    expect(ruleIds(off.stdout)).not.toContain('no-stack-trace');
    expect(off.code).toBe(0);

    const on = await runCli([...FAST, '--rule', 'no-stack-trace=error', '--', 'node', STACK_TRACE], { cwd });
    expect(ruleIds(on.stdout)).toContain('no-stack-trace');
    expect(on.code).toBe(1);
  });

  it('lints the configured server without --, from the config file’s directory, with the file’s settings', async () => {
    const cwd = workdir((dir) => ({
      server: { command: 'node', args: ['fixtures/stack-trace.mjs'], cwd: relative(dir, ROOT) },
      seed: 4,
      runs: 1,
      timeout: 3000,
      failOn: 'never',
      tools: { exclude: ['list_*'] },
    }));
    const { code, stdout, stderr } = await runCli(['--format', 'json'], { cwd });
    expect(stderr).toMatch(/^Seed: 4$/m);
    const report = JSON.parse(stdout) as Report;
    expect(report.server.command).toEqual(['node', 'fixtures/stack-trace.mjs']);
    expect(report.settings).toMatchObject({ seed: 4, runs: 1, timeoutMs: 3000, failOn: 'never' });
    expect(report.tools.map((t) => t.name)).toEqual(['lookup_user']);
    expect(ruleIds(stdout)).toContain('no-stack-trace');
    expect(code).toBe(0);
  });

  it('reads --config from another directory, and its flags still win', async () => {
    const cwd = workdir({ server: { command: 'node', args: [STACK_TRACE] }, seed: 2, runs: 1, failOn: 'never' }, 'errlint.json');
    mkdirSync(join(cwd, 'elsewhere'));
    const { code, stderr } = await runCli(['--config', '../errlint.json', '--fail-on', 'error', '--seed', '3'], { cwd: join(cwd, 'elsewhere') });
    expect(stderr).toMatch(/^Seed: 3$/m);
    expect(code).toBe(1);
  });

  it('an invalid config exits 2 with one line per problem on stderr and nothing on stdout', async () => {
    const cwd = workdir({ server: { command: 'node', args: [STACK_TRACE] }, profile: 'lenient', runs: -1, rules: { 'no-stack-trace': 'fatal', 'no-stack-trac': 'off' } });
    const { code, stdout, stderr } = await runCli([], { cwd });
    expect(stdout).toBe('');
    expect(stderr.split('\n')).toEqual([
      'mcp-errlint.config.json: /profile: must be one of recommended, strict',
      'mcp-errlint.config.json: /rules/no-stack-trace: must be one of off, note, warning, error',
      'mcp-errlint.config.json: /runs: must be >= 0',
      "mcp-errlint.config.json: /rules/no-stack-trac: unknown rule id 'no-stack-trac' (did you mean 'no-stack-trace'?)",
      '',
    ]);
    expect(code).toBe(2);
  });

  it('malformed JSON exits 2 with one line naming the file, line and column, even with a command after --', async () => {
    const cwd = workdir('{\n  "runs": 2,\n  "profile": \n}\n');
    const { code, stdout, stderr } = await runCli(['--', 'node', STACK_TRACE], { cwd });
    expect(stdout).toBe('');
    expect(stderr).toBe('mcp-errlint.config.json:4:1: invalid JSON: expected a value, found "}"\n');
    expect(code).toBe(2);
  });

  it('--config naming a missing file exits 2', async () => {
    const { code, stdout, stderr } = await runCli(['--config', 'nope.json', '--', 'node', STACK_TRACE], { cwd: workdir({}) });
    expect([code, stdout, stderr]).toEqual([2, '', 'nope.json: cannot read: no such file\n']);
  });

  it('--help mentions the config file and the rules command', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('--config <file>');
    expect(stdout).toContain('mcp-errlint.config.json');
    expect(stdout).toContain('mcp-errlint rules');
  });
});

describe.concurrent('mcp-errlint rules', () => {
  it('lists every rule with its severities, tags and doc, what its meta adds indented under it, and exits 0', async () => {
    const { code, stdout, stderr } = await runCli(['rules']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const lines = stdout.trimEnd().split('\n');
    const rows = lines.filter((line) => !line.startsWith(' '));
    expect(rows[0].split(/\s{2,}/)).toEqual(['rule', 'recommended', 'strict', 'tags', 'docs']);
    expect(rows.slice(1).map((line) => line.split(/\s+/)[0])).toEqual(RULES.map((r) => r.meta.id));
    const noStackTrace = lines.find((line) => line.startsWith('no-stack-trace '))!;
    expect(noStackTrace.split(/\s{2,}/)).toEqual(['no-stack-trace', 'error', 'error', 'security', 'docs/rules/no-stack-trace.md']);
    const docsColumn = rows[0].indexOf('docs');
    for (const line of rows.slice(1)) expect(line.indexOf('docs/rules/')).toBe(docsColumn);
    const unknownTool = lines.indexOf(lines.find((line) => line.startsWith('unknown-tool '))!);
    expect(lines[unknownTool + 1]).toBe('  message toolErrorResult: note / warning');
    expect(lines).toContain('  option maxBytes (default 8192): The largest error text allowed, in UTF-8 bytes.');
  });

  it('--format json gives the same rules for machines, with messages at another level, options and caps', async () => {
    const { code, stdout } = await runCli(['rules', '--format', 'json']);
    expect(code).toBe(0);
    const rules = JSON.parse(stdout) as Array<Record<string, unknown>>;
    expect(rules).toMatchObject(
      RULES.map(({ meta }) => ({ id: meta.id, description: meta.description, severity: meta.severity, tags: meta.tags, docs: ruleDocsPath(meta.id) })),
    );
    expect(rules.find((r) => r.id === 'timely-response')).toMatchObject({
      exceptions: [{ messageId: 'flaky', severity: { recommended: 'note', strict: 'note' } }],
      options: [],
      capsGrade: 'D',
      securitySeverity: null,
    });
    expect(rules.find((r) => r.id === 'error-not-generic')?.options).toEqual([{ name: 'extraPhrases', default: [], description: 'More whole-text phrases that count as generic (any case).' }]);
  });

  it("--format markdown prints the README's rule table", async () => {
    const { code, stdout } = await runCli(['rules', '--format', 'markdown']);
    expect(code).toBe(0);
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(`<!-- rules:start -->\n${stdout}<!-- rules:end -->`);
  });

  it('after --, rules is a server command to lint, not the subcommand', async () => {
    const { code, stdout, stderr } = await runCli(['--', 'rules']);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/could not lint: could not start 'rules'/);
    expect(code).toBe(2);
  });

  it('rejects a bad format or a stray argument with exit 2', async () => {
    expect((await runCli(['rules', '--format', 'xml'])).code).toBe(2);
    expect((await runCli(['rules', 'extra'])).code).toBe(2);
  });
});
