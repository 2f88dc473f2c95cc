// The lint's options checked once, for the command line and lint() alike: what each value must be, and the one line
// (naming the flag, on both) that refuses it before anything starts.
import { UsageError } from '../errors.js';
import { parseDuration } from '../interrupt.js';
import { PROBE_KINDS, PROTOCOL_VERSIONS, type ProbeKind, type ProfileName, type ProtocolVersion, type RuleLevel, type Severity } from '../types.js';
import type { LintOptions } from '../target/types.js';
import { RULES } from '../../rules/index.js';
import { ruleOptionProblems } from '../grade/grade.js';
import { isHttpTarget } from '../target/target.js';
import { CommandLineSecrets, shownText } from '../target/command-secrets.js';
import { didYouMean } from '../util/suggest.js';
import { isRecord } from '../util/guards.js';

/** One setting: the flag that sets it, what its value must be, and how the flag's text reads as a value. */
export interface Setting<T> {
  flag: string;
  /** What the value must be, as the refusal says it: "an integer ≥ 0". */
  expects: string;
  accepts(value: unknown): value is T;
  /** The flag's text as a value, checked: what commander stores for the flag. */
  parse(text: string): T;
}

/** The longest wait a timer can hold (Node fires a longer one at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;

function setting<T>(flag: string, expects: string, accepts: (value: unknown) => value is T, read: (text: string) => unknown): Setting<T> {
  const made: Setting<T> = {
    flag,
    expects,
    accepts,
    parse: (text) => {
      const value = read(text);
      if (!accepts(value)) throw refusal(made, text);
      return value;
    },
  };
  return made;
}

/** An integer from `min` (to `max`), read from a flag as a number. */
export function integer(flag: string, min: number, max?: number): Setting<number> {
  const expects = max === undefined ? `an integer ≥ ${min}` : `an integer from ${min} to ${max}`;
  return setting(flag, expects, (v): v is number => Number.isInteger(v) && (v as number) >= min && (max === undefined || (v as number) <= max), readNumber);
}

/** A percentage: a number from 0 to 100. */
function percent(flag: string): Setting<number> {
  return setting(flag, 'a number from 0 to 100', (v): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 100, readNumber);
}

/** Milliseconds, written on the command line as a duration (90s, 10m, 1h; a bare number is seconds). */
export function duration(flag: string): Setting<number> {
  const expects = `a positive duration such as 90s, 10m or 1h (a bare number is seconds; lint() takes milliseconds), at most ${Math.floor(MAX_TIMER_MS / 3_600_000)}h`;
  return setting(flag, expects, (v): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= MAX_TIMER_MS, (text) => parseDuration(text) ?? text);
}

function choice<T extends string>(flag: string, choices: readonly T[]): Setting<T> {
  const expects = `${choices.slice(0, -1).join(', ')} or ${choices[choices.length - 1]}`;
  return setting(flag, expects, (v): v is T => (choices as readonly unknown[]).includes(v), (text) => text);
}

function readNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** The options of one lint that a flag sets with a value, keyed as LintOptions names them. */
export const SETTINGS = {
  // fast-check reads a seed as 32 bits: a larger one would print as given and run as another.
  seed: integer('--seed', 0, 2 ** 32 - 1),
  runs: integer('--runs', 0),
  timeoutMs: integer('--timeout', 1, MAX_TIMER_MS),
  deadlineMs: duration('--deadline'),
  toolBudgetMs: duration('--tool-budget'),
  concurrency: integer('--concurrency', 1, 64),
  repairAttempts: integer('--repair-attempts', 0),
  maxWarnings: integer('--max-warnings', 0),
  minScore: percent('--min-score'),
  minCoverage: percent('--min-coverage'),
  protocolVersion: choice<ProtocolVersion>('--protocol-version', PROTOCOL_VERSIONS),
  profile: choice<ProfileName>('--profile', ['recommended', 'strict']),
  failOn: choice<Severity | 'never'>('--fail-on', ['error', 'warning', 'note', 'never']),
} satisfies { [K in keyof LintOptions]?: Setting<NonNullable<LintOptions[K]>> };

/** `--transport`: one HTTP transport only (an HTTP target's `transport`, where 'auto', both in turn, is the default). */
export const TRANSPORT = choice<'http' | 'sse'>('--transport', ['http', 'sse']);

const LEVELS: readonly RuleLevel[] = ['off', 'note', 'warning', 'error'];

/** Every key lint() takes (the compiler keeps it whole): any other is a misspelling, refused as the CLI refuses a flag. */
const OPTION_KEYS = Object.keys({
  target: 1, name: 1, replayServer: 1, shown: 1, redactPatterns: 1, protocolVersion: 1, timeoutMs: 1, seed: 1, runs: 1, profile: 1,
  allowWrites: 1, allowDestructive: 1, readOnly: 1, probes: 1, tools: 1, toolGlobs: 1, rules: 1, ruleOptions: 1, metadata: 1,
  replay: 1, failOn: 1, minScore: 1, minCoverage: 1, maxWarnings: 1, anchor: 1, configFile: 1, replayPrefix: 1, onProgress: 1,
  deadlineMs: 1, toolBudgetMs: 1, concurrency: 1, repairAttempts: 1, onRepair: 1, onExchange: 1, signal: 1,
  oauthClientCredentials: 1, onSecret: 1,
} satisfies Record<keyof LintOptions, 1>);

/**
 * Refuse, with a UsageError, the first option that does not fit: what the CLI refuses for the flag that sets it, in
 * the same words. Nothing is started before: lint() calls it first, mergeOptions() on the options it makes.
 */
export function checkLintOptions(options: LintOptions): void {
  if (!isRecord(options) || !isRecord(options.target)) throw new UsageError('lint() needs options with a target: { command, args } or { url }');
  for (const [key, value] of Object.entries(options)) {
    if (!OPTION_KEYS.includes(key)) throw new UsageError(`lint() has no option '${key}'${didYouMean(key, OPTION_KEYS) || ' (docs/api.md lists them)'}`);
    const known: Setting<unknown> | undefined = (SETTINGS as Record<string, Setting<unknown>>)[key];
    if (known && value !== undefined && !known.accepts(value)) throw refusal(known, shown(value));
  }
  const { target } = options;
  if (isHttpTarget(target)) {
    const problem = urlProblem(target.url);
    if (problem) throw new UsageError(problem);
    if (target.transport !== undefined && target.transport !== 'auto' && !TRANSPORT.accepts(target.transport)) throw refusal(TRANSPORT, shown(target.transport));
  }
  for (const [id, level] of Object.entries(options.rules ?? {})) {
    checkRuleId(id, 'in --rule');
    if (!LEVELS.includes(level)) throw ruleFlagRefusal(`${id}=${shown(level)}`);
  }
  for (const [id, given] of Object.entries(options.ruleOptions ?? {})) {
    const rule = checkRuleId(id, 'in ruleOptions');
    const problems = ruleOptionProblems(rule, given, `rule ${id} options`);
    if (problems.length > 0) throw new UsageError(problems.join('; '));
  }
  if (options.probes !== undefined && !Array.isArray(options.probes)) throw new UsageError(`probes must be an array of probe kinds, got '${shown(options.probes)}'`);
  for (const kind of options.probes ?? []) checkProbeKind(kind);
  if (options.replay) {
    checkProbeKind(options.replay.probe);
    if (typeof options.replay.path !== 'string' || !/^\d+(:\d+)*$/.test(options.replay.path)) {
      throw new UsageError(`--path expects a fast-check path such as 3 or 5:0:1 (from a finding's replay command), got '${shown(options.replay.path)}'`);
    }
  }
  if (options.readOnly && (options.allowWrites || options.allowDestructive)) {
    throw new UsageError('--read-only calls only readOnlyHint tools: it cannot be combined with --allow-writes or --allow-destructive');
  }
}

/** A rule level that is none, as `--rule <id>=<level>` was written. */
export function ruleFlagRefusal(written: string): UsageError {
  return new UsageError(`--rule expects <id>=<${LEVELS.join('|')}>, got '${written}'`);
}

/** Why `url` cannot be linted (a secret in it shown as the variable it would be read from), or undefined. */
export function urlProblem(url: unknown): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(String(url));
  } catch {
    return `--url expects an http:// or https:// URL, got '${shownText(new CommandLineSecrets().url(String(url)))}'`;
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? undefined : `--url expects an http:// or https:// URL, got a ${parsed.protocol} one`;
}

function checkRuleId(id: string, where: string) {
  const rule = RULES.find((r) => r.meta.id === id);
  if (!rule) throw new UsageError(`unknown rule id '${id}' ${where}${didYouMean(id, RULES.map((r) => r.meta.id)) || ' (mcp-errlint rules lists them)'}`);
  return rule;
}

function checkProbeKind(kind: unknown): asserts kind is ProbeKind {
  if (!(PROBE_KINDS as readonly unknown[]).includes(kind)) throw new UsageError(`unknown probe kind '${shown(kind)}'${didYouMean(String(kind), PROBE_KINDS)} (known: ${PROBE_KINDS.join(', ')})`);
}

function refusal(setting: Setting<unknown>, shownValue: string): UsageError {
  return new UsageError(`${setting.flag} must be ${setting.expects}, got '${shownValue}'`);
}

/** A value as a refusal quotes it: a string as it is, anything else as JSON. */
function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value) ?? String(value);
}
