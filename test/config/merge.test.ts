// Precedence: flags > config file > defaults, key by key, into the LintOptions of one lint.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeOptions as mergeFor, type LintFlags } from '../../src/config/merge.js';
import { chooseServers, type ServerFlags } from '../../src/config/servers.js';
import type { Config, LoadedConfig } from '../../src/config/load.js';
import { UsageError } from '../../src/errors.js';
import { PROBE_KINDS } from '../../src/types.js';

const DIR = join('/', 'work', 'project');
const COMMAND = ['node', 'server.js'];

/** The options of the one server the command line and the config name (chooseServers, then mergeOptions). */
function mergeOptions(command: string[], flags: LintFlags & ServerFlags, config?: LoadedConfig) {
  return mergeFor(chooseServers(command, flags, config, { env: {}, cwd: DIR })[0], flags, config);
}

function loaded(config: Config): LoadedConfig {
  return { file: 'mcp-errlint.config.json', dir: DIR, config };
}

const FULL: Config = {
  server: { command: 'python', args: ['-m', 'srv'], env: { LOG: 'quiet' }, cwd: 'sub' },
  profile: 'strict',
  rules: { 'no-stack-trace': 'off', 'no-internal-details': ['warning', { allowedHosts: ['a.corp'] }], 'recovery-hint': ['note'] },
  metadata: { categoryFields: ['failureClass'] },
  tools: { include: ['lookup_*'], exclude: ['*_admin'] },
  probes: { oversized: false, unicode: false },
  runs: 3,
  timeout: 500,
  deadline: '5m',
  toolBudget: '1m30s',
  concurrency: 3,
  repairAttempts: 1,
  seed: 9,
  failOn: 'warning',
  minScore: 80,
  allowWrites: true,
  allowDestructive: true,
  minCoverage: 50,
  maxWarnings: 4,
  protocolVersion: '2025-06-18',
};

describe('mergeOptions', () => {
  it('takes the defaults when neither a flag nor the file sets a key', () => {
    const options = mergeOptions(COMMAND, {});
    expect(options).toMatchObject({
      target: { command: 'node', args: ['server.js'] },
      protocolVersion: undefined,
      timeoutMs: 10_000,
      runs: 25,
      profile: 'recommended',
      allowWrites: false,
      allowDestructive: false,
      probes: undefined,
      tools: undefined,
      toolGlobs: undefined,
      rules: {},
      ruleOptions: {},
      failOn: 'error',
      minScore: 0,
    });
    expect(Number.isInteger(options.seed)).toBe(true);
  });

  it('takes every key from the file when no flag is given', () => {
    expect(mergeOptions([], {}, loaded(FULL))).toEqual({
      target: { command: 'python', args: ['-m', 'srv'], env: { LOG: 'quiet' }, cwd: join(DIR, 'sub') },
      // The config declared the server: findings anchor at its file, replays name it.
      anchor: { uri: expect.stringMatching(/mcp-errlint\.config\.json$/), line: 1 },
      configFile: expect.stringMatching(/mcp-errlint\.config\.json$/),
      protocolVersion: '2025-06-18',
      timeoutMs: 500,
      deadlineMs: 300_000,
      toolBudgetMs: 90_000,
      concurrency: 3,
      repairAttempts: 1,
      seed: 9,
      runs: 3,
      profile: 'strict',
      allowWrites: true,
      allowDestructive: true,
      probes: PROBE_KINDS.filter((k) => k !== 'oversized' && k !== 'unicode'),
      tools: undefined,
      toolGlobs: { include: ['lookup_*'], exclude: ['*_admin'] },
      rules: { 'no-stack-trace': 'off', 'no-internal-details': 'warning', 'recovery-hint': 'note' },
      ruleOptions: { 'no-internal-details': { allowedHosts: ['a.corp'] } },
      metadata: { categoryFields: ['failureClass'] },
      replay: undefined,
      failOn: 'warning',
      minScore: 80,
      readOnly: false,
      minCoverage: 50,
      maxWarnings: 4,
    });
  });

  it('lets every flag given win over its key', () => {
    const flags: LintFlags = {
      seed: 1,
      runs: 0,
      timeout: 2000,
      deadline: 60_000,
      toolBudget: 10_000,
      concurrency: 2,
      repairAttempts: 0,
      protocolVersion: '2026-07-28',
      profile: 'recommended',
      rule: ['no-stack-trace=error', 'no-internal-details=note'],
      probe: ['unicode'],
      tool: ['list_orders'],
      allowWrites: true,
      failOn: 'never',
      minScore: 0,
      minCoverage: 10,
      maxWarnings: 3,
    };
    expect(mergeOptions(COMMAND, flags, loaded(FULL))).toEqual({
      target: { command: 'node', args: ['server.js'] },
      protocolVersion: '2026-07-28',
      timeoutMs: 2000,
      deadlineMs: 60_000,
      toolBudgetMs: 10_000,
      concurrency: 2,
      repairAttempts: 0,
      seed: 1,
      runs: 0,
      profile: 'recommended',
      allowWrites: true,
      allowDestructive: true,
      probes: ['unicode'],
      tools: ['list_orders'],
      toolGlobs: undefined,
      rules: { 'no-stack-trace': 'error', 'no-internal-details': 'note', 'recovery-hint': 'note' },
      ruleOptions: { 'no-internal-details': { allowedHosts: ['a.corp'] } },
      metadata: { categoryFields: ['failureClass'] },
      replay: undefined,
      failOn: 'never',
      minScore: 0,
      readOnly: false,
      minCoverage: 10,
      maxWarnings: 3,
    });
  });

  it('refuses --read-only together with a flag or key that allows writes', () => {
    expect(mergeOptions(COMMAND, { readOnly: true }).readOnly).toBe(true);
    expect(() => mergeOptions(COMMAND, { readOnly: true, allowWrites: true })).toThrow(/--read-only/);
    expect(() => mergeOptions(COMMAND, { readOnly: true }, loaded(FULL))).toThrow(/cannot be combined/);
  });

  it('lints the file’s server from its directory unless a command follows --', () => {
    expect(mergeOptions([], {}, loaded({ server: { command: 'node' } })).target).toEqual({ command: 'node', args: [], env: undefined, cwd: DIR });
    expect(mergeOptions([], {}, loaded({ server: { command: 'node', cwd: '/srv/app' } })).target).toMatchObject({ cwd: '/srv/app' });
    expect(mergeOptions(['deno', 'run', 'x.ts'], {}, loaded({ server: { command: 'node', env: { A: '1' }, cwd: 'x' } })).target).toEqual({ command: 'deno', args: ['run', 'x.ts'] });
  });

  it('is a usage error when neither -- nor the file names a server', () => {
    expect(() => mergeOptions([], {}, loaded({ runs: 1 }))).toThrow(UsageError);
    expect(() => mergeOptions([], {})).toThrow(/^no server to lint: give its command after --, e.g. mcp-errlint -- node server.js, a --url, an --mcp-config file, or a "server" in mcp-errlint.config.json$/);
  });

  it('keeps a rule’s options from the file when --rule sets its level, and --profile keeps the file’s levels', () => {
    const options = mergeOptions(COMMAND, { rule: ['no-internal-details=off'], profile: 'recommended' }, loaded(FULL));
    expect(options.rules).toEqual({ 'no-stack-trace': 'off', 'no-internal-details': 'off', 'recovery-hint': 'note' });
    expect(options.ruleOptions).toEqual({ 'no-internal-details': { allowedHosts: ['a.corp'] } });
    expect(options.profile).toBe('recommended');
  });

  it('rejects an unknown --rule id in one line, with the closest id when there is one', () => {
    expect(() => mergeOptions(COMMAND, { rule: ['no-stack-traces=off'] })).toThrow(new UsageError("unknown rule id 'no-stack-traces' in --rule (did you mean 'no-stack-trace'?)"));
    expect(() => mergeOptions(COMMAND, { rule: ['zzz=off'] })).toThrow(new UsageError("unknown rule id 'zzz' in --rule (mcp-errlint rules lists them)"));
    expect(() => mergeOptions(COMMAND, { rule: ['no-stack-trace'] })).toThrow(new UsageError("--rule expects <id>=<off|note|warning|error>, got 'no-stack-trace'"));
  });

  it('rejects an unknown --probe kind with the closest kind', () => {
    expect(() => mergeOptions(COMMAND, { probe: ['unicod'] })).toThrow(/^unknown probe kind 'unicod' \(did you mean 'unicode'\?\)/);
  });

  it('replays one input only with one --tool and one --probe, whatever the file says', () => {
    expect(mergeOptions(COMMAND, { tool: ['lookup_user'], probe: ['wrong-type'], path: '3' }, loaded(FULL))).toMatchObject({
      replay: { tool: 'lookup_user', probe: 'wrong-type', path: '3' },
      tools: undefined,
      toolGlobs: undefined,
    });
    expect(() => mergeOptions(COMMAND, { tool: ['lookup_user'], path: '3' }, loaded(FULL))).toThrow(/--path replays one input/);
  });
});
