// Flags over the config file over defaults: the one place where the command line's settings become LintOptions.
import { DEFAULTS, randomSeed } from '../defaults.js';
import type { LintOptions } from '../target/types.js';
import { UsageError } from '../errors.js';
import { PROBE_KINDS, type ProbeKind, type ProfileName, type RuleLevel, type Severity } from '../types.js';
import type { LoadedConfig } from './load.js';
import type { ServerChoice } from './servers.js';
import { checkLintOptions, ruleFlagRefusal, SETTINGS, type Setting } from './settings.js';
import { parseDuration } from '../interrupt.js';
import { literalPatterns, withSecretPatterns } from '../matchers/secrets.js';

/** The lint settings as given on the command line; a flag not given is undefined. */
export interface LintFlags {
  seed?: number;
  runs?: number;
  timeout?: number;
  /** Milliseconds, parsed from a duration by the CLI. */
  deadline?: number;
  toolBudget?: number;
  concurrency?: number;
  repairAttempts?: number;
  protocolVersion?: string;
  profile?: ProfileName;
  rule?: string[];
  probe?: string[];
  tool?: string[];
  path?: string;
  allowWrites?: boolean;
  allowDestructive?: boolean;
  readOnly?: boolean;
  failOn?: Severity | 'never';
  minScore?: number;
  minCoverage?: number;
  maxWarnings?: number;
}

/**
 * One lint's options for one chosen server (chooseServers): each flag given wins over its config key, which wins over
 * the default. --probe replaces `probes`; --tool replaces `tools`; --rule sets one rule's level and keeps its options
 * from the config.
 */
export function mergeOptions(server: ServerChoice, flags: LintFlags, loaded?: LoadedConfig): LintOptions {
  const config = loaded?.config ?? {};

  // Kinds, rule ids and levels, and every value are checked on the options made (checkLintOptions), as lint() checks them.
  const flagProbes = flags.probe as ProbeKind[] | undefined;
  const configProbes = config.probes && PROBE_KINDS.filter((kind) => config.probes?.[kind] !== false);

  const rules: Record<string, RuleLevel> = {};
  let ruleOptions: Record<string, Record<string, unknown>> = {};
  for (const [id, entry] of Object.entries(config.rules ?? {})) {
    const [level, options] = typeof entry === 'string' ? [entry] : entry;
    rules[id] = level;
    if (options) ruleOptions[id] = options;
  }
  for (const flag of flags.rule ?? []) {
    const match = /^([^=]+)=(.*)$/.exec(flag);
    if (!match) throw ruleFlagRefusal(flag);
    rules[match[1]] = match[2] as RuleLevel;
  }

  let replay: LintOptions['replay'];
  if (flags.path !== undefined) {
    if (flags.tool?.length !== 1 || flagProbes?.length !== 1) throw new UsageError('--path replays one input: give exactly one --tool and one --probe with it');
    replay = { tool: flags.tool[0], probe: flagProbes[0], path: flags.path };
  }

  const readOnly = flags.readOnly ?? config.readOnly ?? false;
  const allowWrites = flags.allowWrites ?? config.allowWrites ?? false;
  const allowDestructive = flags.allowDestructive ?? config.allowDestructive ?? false;
  // Credentials that must never be printed are redacted like any, and a server that echoes one is caught by no-secrets.
  const literals = [...literalPatterns(server.secrets), ...(server.secretContexts ?? [])];
  ruleOptions = withSecretPatterns(ruleOptions, literals);
  // The rest of the server's environment is only redacted: a server may well say which environment it runs in.
  const redactPatterns = literalPatterns(server.privateValues ?? []).filter((pattern) => !literals.includes(pattern));
  const options: LintOptions = {
    target: server.target,
    ...(server.name !== undefined ? { name: server.name } : {}),
    ...(server.anchor ? { anchor: server.anchor } : {}),
    ...(server.configFile !== undefined ? { configFile: server.configFile } : {}),
    ...(server.replayServer ? { replayServer: server.replayServer } : {}),
    ...(server.shown ? { shown: server.shown } : {}),
    ...(redactPatterns.length > 0 ? { redactPatterns } : {}),
    ...(server.oauthClientCredentials ? { oauthClientCredentials: server.oauthClientCredentials } : {}),
    protocolVersion: flags.protocolVersion ?? config.protocolVersion,
    timeoutMs: flags.timeout ?? config.timeout ?? DEFAULTS.timeoutMs,
    deadlineMs: flags.deadline ?? durationOf(config.deadline, 'deadline', SETTINGS.deadlineMs) ?? DEFAULTS.deadlineMs,
    toolBudgetMs: flags.toolBudget ?? durationOf(config.toolBudget, 'toolBudget', SETTINGS.toolBudgetMs) ?? DEFAULTS.toolBudgetMs,
    concurrency: flags.concurrency ?? config.concurrency ?? DEFAULTS.concurrency,
    repairAttempts: flags.repairAttempts ?? config.repairAttempts ?? DEFAULTS.repairAttempts,
    seed: flags.seed ?? config.seed ?? randomSeed(),
    runs: flags.runs ?? config.runs ?? DEFAULTS.runs,
    profile: flags.profile ?? config.profile ?? DEFAULTS.profile,
    allowWrites,
    allowDestructive,
    readOnly,
    probes: flagProbes ?? configProbes,
    tools: replay ? undefined : flags.tool,
    toolGlobs: flags.tool ? undefined : config.tools,
    rules,
    // Values that must never be printed are redacted like credentials, and a server that echoes one is caught by no-secrets.
    ruleOptions,
    ...(config.metadata ? { metadata: config.metadata } : {}),
    replay,
    failOn: flags.failOn ?? config.failOn ?? DEFAULTS.failOn,
    minScore: flags.minScore ?? config.minScore ?? DEFAULTS.minScore,
    minCoverage: flags.minCoverage ?? config.minCoverage,
    maxWarnings: flags.maxWarnings ?? config.maxWarnings,
  };
  checkLintOptions(options);
  return options;
}

/** A config duration ("10m") in milliseconds; the config schema has already checked its shape, not its size. */
function durationOf(text: string | undefined, key: string, setting: Setting<number>): number | undefined {
  if (text === undefined) return undefined;
  const ms = parseDuration(text);
  if (!setting.accepts(ms)) throw new UsageError(`"${key}" must be ${setting.expects}, got '${text}'`);
  return ms;
}
