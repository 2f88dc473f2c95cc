// The one check of a lint's settings (issue 28): what each flag and lint() option accepts, in the same words,
// and the config file's schema accepting the same values for the same keys.
import { describe, expect, it } from 'vitest';
import { checkLintOptions, SETTINGS, type Setting } from '../../src/config/settings.js';
import { configProblems } from '../../src/config/load.js';
import { mergeOptions } from '../../src/config/merge.js';
import { UsageError } from '../../src/errors.js';
import type { LintOptions } from '../../src/target/types.js';

const TARGET = { command: 'node', args: ['server.js'] };

describe('a flag and the lint() option it sets refuse the same values in the same words', () => {
  it.each([
    ['seed', '-1', -1, "--seed must be an integer from 0 to 4294967295, got '-1'"],
    ['seed', 'abc', 'abc', "--seed must be an integer from 0 to 4294967295, got 'abc'"],
    ['seed', '4294967296', 2 ** 32, "--seed must be an integer from 0 to 4294967295, got '4294967296'"],
    ['runs', '2.5', 2.5, "--runs must be an integer ≥ 0, got '2.5'"],
    ['timeoutMs', '0', 0, "--timeout must be an integer from 1 to 2147483647, got '0'"],
    ['concurrency', '65', 65, "--concurrency must be an integer from 1 to 64, got '65'"],
    ['minScore', '100.5', 100.5, "--min-score must be a number from 0 to 100, got '100.5'"],
    ['deadlineMs', '0', 0, "--deadline must be a positive duration such as 90s, 10m or 1h (a bare number is seconds; lint() takes milliseconds), at most 596h, got '0'"],
    ['profile', 'lax', 'lax', "--profile must be recommended or strict, got 'lax'"],
    ['failOn', 'all', 'all', "--fail-on must be error, warning, note or never, got 'all'"],
  ] as const)('%s: %s', (key, text, value, message) => {
    const setting: Setting<unknown> = SETTINGS[key];
    expect(() => setting.parse(text)).toThrow(new UsageError(message));
    expect(() => checkLintOptions({ target: TARGET, [key]: value } as LintOptions)).toThrow(new UsageError(message));
  });

  it('reads what a flag writes: numbers, durations in milliseconds, choices as they are', () => {
    expect([SETTINGS.seed.parse('7'), SETTINGS.minCoverage.parse('12.5'), SETTINGS.deadlineMs.parse('1m30s'), SETTINGS.toolBudgetMs.parse('2'), SETTINGS.profile.parse('strict')]).toEqual([7, 12.5, 90_000, 2000, 'strict']);
  });

  it('a duration no timer can hold (past 2^31-1 ms) is refused, not fired at once', () => {
    expect(() => SETTINGS.deadlineMs.parse('597h')).toThrow(/^--deadline must be .* at most 596h, got '597h'$/);
    expect(SETTINGS.deadlineMs.parse('596h')).toBe(596 * 3_600_000);
  });

  it('lint() options that are valid pass, left out or set', () => {
    expect(() => checkLintOptions({ target: TARGET })).not.toThrow();
    expect(() => checkLintOptions({ target: { url: 'https://example.com/mcp', transport: 'auto' }, seed: 0, runs: 0, rules: { 'no-stack-trace': 'off' }, ruleOptions: { 'no-internal-details': { allowedHosts: ['a.corp'] } }, probes: ['unicode'], replay: { tool: 't', probe: 'unicode', path: '3:0' }, readOnly: true })).not.toThrow();
  });
});

describe('the config file accepts for a key what the flag accepts', () => {
  // Config key → setting, and values on each side of the setting's bounds.
  const NUMERIC: Array<[string, Setting<number>, number[]]> = [
    ['seed', SETTINGS.seed, [-1, 0, 1.5, 2 ** 31, 2 ** 32 - 1, 2 ** 32]],
    ['runs', SETTINGS.runs, [-1, 0, 1.5]],
    ['timeout', SETTINGS.timeoutMs, [0, 1, 2 ** 31 - 1, 2 ** 31]],
    ['concurrency', SETTINGS.concurrency, [0, 1, 64, 65]],
    ['repairAttempts', SETTINGS.repairAttempts, [-1, 0, 1.5]],
    ['minScore', SETTINGS.minScore, [-0.5, 0, 99.5, 100, 100.5]],
    ['minCoverage', SETTINGS.minCoverage, [-0.5, 0, 100, 100.5]],
    ['maxWarnings', SETTINGS.maxWarnings, [-1, 0, 1.5, 3]],
  ];
  it.each(NUMERIC)('%s', (key, setting, values) => {
    for (const value of values) expect({ value, valid: configProblems({ [key]: value }).length === 0 }).toEqual({ value, valid: setting.accepts(value) });
  });

  it.each([
    ['profile', SETTINGS.profile, ['recommended', 'strict', 'lax']],
    ['failOn', SETTINGS.failOn, ['error', 'warning', 'note', 'never', 'all']],
    ['protocolVersion', SETTINGS.protocolVersion, ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28', '2026-01-01']],
  ] as Array<[string, Setting<string>, string[]]>)('%s', (key, setting, values) => {
    for (const value of values) expect({ value, valid: configProblems({ [key]: value }).length === 0 }).toEqual({ value, valid: setting.accepts(value) });
  });

  it('a config duration past what a timer holds is refused, naming the key', () => {
    const server = { target: TARGET, secrets: [] };
    expect(() => mergeOptions(server, {}, { file: 'c.json', dir: '/', config: { deadline: '1000h' } })).toThrow(
      new UsageError('"deadline" must be a positive duration such as 90s, 10m or 1h (a bare number is seconds; lint() takes milliseconds), at most 596h, got \'1000h\''),
    );
  });
});
