// Flags over the config file over defaults: the one place where the command line's settings become LintOptions.
import { DEFAULTS, randomSeed } from '../defaults.js';
import type { LintOptions } from '../types.js';
import { UsageError } from '../errors.js';
import { PROBE_KINDS, type ProbeKind, type ProfileName, type RuleLevel, type Severity } from '../types.js';
import { RULES } from '../../rules/index.js';
import type { LoadedConfig } from './load.js';
import type { ServerChoice } from './servers.js';
import { didYouMean } from '../util/suggest.js';
import { parseDuration } from '../interrupt.js';
import { literalPatterns } from '../matchers/secrets.js';

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

  const flagProbes = flags.probe?.map((kind) => {
    if (!(PROBE_KINDS as readonly string[]).includes(kind)) throw new UsageError(`unknown probe kind '${kind}'${didYouMean(kind, PROBE_KINDS)} (known: ${PROBE_KINDS.join(', ')})`);
    return kind as ProbeKind;
  });
  const configProbes = config.probes && PROBE_KINDS.filter((kind) => config.probes?.[kind] !== false);

  const rules: Record<string, RuleLevel> = {};
  const ruleOptions: Record<string, Record<string, unknown>> = {};
  for (const [id, entry] of Object.entries(config.rules ?? {})) {
    const [level, options] = typeof entry === 'string' ? [entry] : entry;
    rules[id] = level;
    if (options) ruleOptions[id] = options;
  }
  for (const flag of flags.rule ?? []) {
    const match = /^([a-z0-9-]+)=(off|note|warning|error)$/.exec(flag);
    if (!match) throw new UsageError(`--rule expects <id>=<off|note|warning|error>, got '${flag}'`);
    const ids = RULES.map((r) => r.meta.id);
    if (!ids.includes(match[1])) throw new UsageError(`unknown rule id '${match[1]}' in --rule${didYouMean(match[1], ids) || ' (mcp-errlint rules lists them)'}`);
    rules[match[1]] = match[2] as RuleLevel;
  }

  let replay: LintOptions['replay'];
  if (flags.path !== undefined && !/^\d+(:\d+)*$/.test(flags.path)) throw new UsageError(`--path expects a fast-check path such as 3 or 5:0:1 (from a finding's replay command), got '${flags.path}'`);
  if (flags.path !== undefined) {
    if (flags.tool?.length !== 1 || flagProbes?.length !== 1) throw new UsageError('--path replays one input: give exactly one --tool and one --probe with it');
    replay = { tool: flags.tool[0], probe: flagProbes[0], path: flags.path };
  }

  const readOnly = flags.readOnly ?? config.readOnly ?? false;
  const allowWrites = flags.allowWrites ?? config.allowWrites ?? false;
  const allowDestructive = flags.allowDestructive ?? config.allowDestructive ?? false;
  if (readOnly && (allowWrites || allowDestructive)) {
    throw new UsageError('--read-only calls only readOnlyHint tools: it cannot be combined with --allow-writes or --allow-destructive');
  }
  // Credentials that must never be printed are redacted like any, and a server that echoes one is caught by no-secrets.
  const literals = [...literalPatterns(server.secrets), ...(server.secretContexts ?? [])];
  if (literals.length > 0) {
    const own = (ruleOptions['no-secrets'] ?? {}) as { extraPatterns?: string[] };
    ruleOptions['no-secrets'] = { ...own, extraPatterns: [...(own.extraPatterns ?? []), ...literals] };
  }
  // The rest of the server's environment is only redacted: a server may well say which environment it runs in.
  const redactPatterns = literalPatterns(server.privateValues ?? []).filter((pattern) => !literals.includes(pattern));
  return {
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
    deadlineMs: flags.deadline ?? durationOf(config.deadline, 'deadline') ?? DEFAULTS.deadlineMs,
    toolBudgetMs: flags.toolBudget ?? durationOf(config.toolBudget, 'toolBudget') ?? DEFAULTS.toolBudgetMs,
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
    maxWarnings: flags.maxWarnings,
  };
}

/** A config duration ("10m") in milliseconds; the config schema has already checked its shape. */
function durationOf(text: string | undefined, key: string): number | undefined {
  if (text === undefined) return undefined;
  const ms = parseDuration(text);
  if (ms === undefined) throw new UsageError(`"${key}" must be a positive duration such as 90s or 10m, got '${text}'`);
  return ms;
}
