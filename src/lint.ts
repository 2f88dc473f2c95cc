// One lint, end to end: session → plan → run → grade → score, assembled into the report object.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { NO_TOOL, type Exchange, type HttpFacts, type ProbeKind, type ProfileName, type RuleLevel, type Severity, type ToolInfo } from './types.js';
import { UsageError } from './errors.js';
import { matchesAny } from './config/glob.js';
import { describeOutcome, Session } from './session/session.js';
import { isHttpTarget, type ServerTarget } from './session/target.js';
import { runProbes } from './engine/run.js';
import { enabledRules, type RuleHit } from './engine/grade.js';
import { buildChecks, scoreChecks, SEVERITY_RANK } from './score/score.js';
import { coverageOf } from './score/coverage.js';
import { settle } from './gate.js';
import { callPolicy } from './safety.js';
import { REPORT_SCHEMA_VERSION, UNKNOWN_PATH, byReplayableThenSmallest, type Finding, type Report, type SourceAnchor } from './report/model.js';
import { RULES, ruleDocsPath } from '../rules/index.js';
import { PROBES } from '../probes/index.js';
import { redact, type SecretOptions } from './matchers/secrets.js';
import { answerKind, describeErrorCode, errorText, isBlank, resultText, snippet } from './matchers/surface.js';
import { TOOL_NAME, TOOL_VERSION } from './version.js';
import { abbreviate, shellQuote } from './util/text.js';
import { formatDuration, Interrupted, type InterruptCause } from './interrupt.js';
import { NPX_PREFIX } from './invocation.js';

export interface LintOptions {
  target: ServerTarget;
  /** The server's name where it was declared (a client config file's key): the report's name for it. */
  name?: string;
  /** How a replay command names the server, e.g. ['--url', url, '--header', 'Authorization: Bearer ${TOKEN}'] (default: from `target`). */
  replayServer?: readonly string[];
  protocolVersion?: string;
  timeoutMs?: number;
  seed?: number;
  runs?: number;
  profile?: ProfileName;
  allowWrites?: boolean;
  allowDestructive?: boolean;
  /** Only readOnlyHint tools get any call (rulebook §7). */
  readOnly?: boolean;
  /** Probe kinds to run (default: all). */
  probes?: ProbeKind[];
  /** Only these tools (default: all). */
  tools?: string[];
  /** Name globs from the config's `tools` key: only tools matching `include` (default: all) and no `exclude`. */
  toolGlobs?: { include?: string[]; exclude?: string[] };
  rules?: Record<string, RuleLevel>;
  ruleOptions?: Record<string, Record<string, unknown>>;
  replay?: { tool: string; probe: ProbeKind; path: string };
  failOn?: Severity | 'never';
  minScore?: number;
  /** Fail below this share (percent) of listed tools probed; by default only a run that probed no tool fails. */
  minCoverage?: number;
  /** Fail when more than this many warnings are found. */
  maxWarnings?: number;
  /** The file and line that declared the server (a config file), for SARIF and annotations. */
  anchor?: SourceAnchor;
  /** The config file the server came from: replay commands name it instead of repeating the command. */
  configFile?: string;
  /** The words a replay command starts with, e.g. ['mcp-errlint'] or ['node', 'bin/mcp-errlint.js'] (default: npx mcp-errlint). */
  replayPrefix?: readonly string[];
  onProgress?: (progress: { done: number; total: number; tool: string; probe: ProbeKind }) => void;
  /** The whole run's time budget, start-up included; when it is spent the report is written with what was probed. */
  deadlineMs?: number;
  /** One tool's time budget; past it the tool's further inputs are not sent. */
  toolBudgetMs?: number;
  /** How many tools are probed at once (1 when the server fails concurrent-calls); the report is the same whatever it is. */
  concurrency?: number;
  /** Aborting it with an Interrupted reason (a signal) stops the run; the report then says what was not probed. */
  signal?: AbortSignal;
}

export const DEFAULTS = {
  timeoutMs: 10_000,
  runs: 25,
  profile: 'recommended' as ProfileName,
  failOn: 'error' as const,
  minScore: 0,
  deadlineMs: 10 * 60_000,
  toolBudgetMs: 2 * 60_000,
  concurrency: 1,
};

export function randomSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}

export async function lint(options: LintOptions): Promise<Report> {
  const started = Date.now();
  const seed = options.seed ?? randomSeed();
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const runs = options.runs ?? DEFAULTS.runs;
  const profile = options.profile ?? DEFAULTS.profile;
  const rules = enabledRules(RULES, profile, options.rules, options.ruleOptions);
  const probes = PROBES.filter((p) => !options.probes || options.probes.includes(p.kind));

  const deadlineMs = options.deadlineMs ?? DEFAULTS.deadlineMs;
  const toolBudgetMs = options.toolBudgetMs ?? DEFAULTS.toolBudgetMs;
  const concurrency = options.concurrency ?? DEFAULTS.concurrency;
  // One signal for the session and the engine: the caller's (a signal handler) or the deadline, whichever comes first.
  const stop = new AbortController();
  const deadline = setTimeout(() => stop.abort(new Interrupted('deadline', `the run's deadline of ${formatDuration(deadlineMs)} (--deadline) was reached`)), deadlineMs);
  const forward = () => stop.abort(options.signal!.reason);
  if (options.signal?.aborted) forward();
  options.signal?.addEventListener('abort', forward, { once: true });
  const release = () => {
    clearTimeout(deadline);
    options.signal?.removeEventListener('abort', forward);
  };
  const session = await Session.open({ target: options.target, protocolVersion: options.protocolVersion, timeoutMs, signal: stop.signal }).catch((error) => {
    release();
    throw error;
  });
  try {
    const allTools = await session.listTools();
    const tools = selectTools(allTools, options.tools ?? (options.replay && options.replay.tool !== NO_TOOL ? [options.replay.tool] : undefined), options.toolGlobs);
    const probingFrom = Date.now();
    const run = await runProbes(session, tools, allTools, {
      seed,
      runs,
      profile,
      probes,
      rules,
      allowWrites: options.allowWrites ?? false,
      allowDestructive: options.allowDestructive ?? false,
      readOnly: options.readOnly ?? false,
      replay: options.replay,
      onProgress: options.onProgress,
      toolBudgetMs,
      concurrency,
      signal: stop.signal,
    });
    const tailFrom = Date.now();
    const serverName = options.name ?? session.serverInfo.name ?? targetName(options.target);
    const checks = buildChecks(run.exchanges, run.hits, rules, session.facts);
    // Everything the server said is redacted, with the user's extra secret patterns too.
    const secretOptions = (options.ruleOptions?.['no-secrets'] ?? {}) as SecretOptions;
    const scrub = (text: string) => redact(text, secretOptions);
    const findings = groupFindings(run.hits, serverName, (hit) => replayCommand(options, seed, timeoutMs, profile, hit), scrub);
    const counts = { error: 0, warning: 0, note: 0 };
    for (const finding of findings) counts[finding.severity]++;
    const passed = checks.filter((c) => c.verdict === 'pass').length;
    const toolProbesWanted = probes.some((p) => p.scope === 'tool') && (!options.replay || options.replay.tool !== NO_TOOL);
    const coverage = coverageOf(allTools.map((t) => t.name), tools.map((t) => t.name), run.exchanges, run.skips, probes.map((p) => p.kind), toolProbesWanted);
    const interrupted = run.interrupted && { by: run.interrupted.by, message: run.interrupted.message };
    const perTool = exchangesPerTool(run.exchanges);
    const safety = { allowWrites: options.allowWrites ?? false, allowDestructive: options.allowDestructive ?? false, readOnly: options.readOnly ?? false };
    return settle({
      schemaVersion: REPORT_SCHEMA_VERSION,
      tool: { name: TOOL_NAME, version: TOOL_VERSION },
      server: {
        name: serverName,
        ...(isHttpTarget(options.target) ? { url: scrub(options.target.url) } : { command: [options.target.command, ...options.target.args].map(scrub) }),
        serverInfo: session.serverInfo,
        protocolVersion: session.facts.protocolVersion,
        era: session.facts.era,
        transport: session.facts.transport,
        restarts: session.restarts,
        stderrTail: scrub(session.stderr).slice(-2000),
        limits: session.caps.messages,
      },
      settings: {
        seed,
        runs,
        timeoutMs,
        profile,
        allowWrites: options.allowWrites ?? false,
        allowDestructive: options.allowDestructive ?? false,
        readOnly: options.readOnly ?? false,
        failOn: options.failOn ?? DEFAULTS.failOn,
        minScore: options.minScore ?? DEFAULTS.minScore,
        ...(options.minCoverage !== undefined ? { minCoverage: options.minCoverage } : {}),
        ...(options.maxWarnings !== undefined ? { maxWarnings: options.maxWarnings } : {}),
        deadlineMs,
        toolBudgetMs,
        concurrency,
      },
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      timing: { startupMs: probingFrom - started, probingMs: tailFrom - probingFrom, tailMs: Date.now() - tailFrom },
      rules: rules.map(({ rule, level }) => ({ id: rule.meta.id, level, description: rule.meta.description, tags: rule.meta.tags, docs: ruleDocsPath(rule.meta.id) })),
      source: options.anchor ?? defaultAnchor(serverName),
      tools: tools.map((t) => ({
        name: t.name,
        annotations: t.annotations,
        exchanges: perTool.get(t.name)?.exchanges ?? 0,
        probes: [...(perTool.get(t.name)?.probes ?? [])],
        calls: callPolicy(t, safety).level,
      })),
      exchanges: run.exchanges.length,
      findings,
      checks,
      skips: run.skips,
      coverage,
      ...(interrupted ? { interrupted } : {}),
      score: scoreChecks(checks, { coverage, interrupted: interrupted !== undefined }),
      gate: { passed: true, failures: [] }, // settled below
      summary: { ...counts, passed, failed: checks.length - passed, skipped: run.skips.length },
    });
  } finally {
    release();
    await session.close();
  }
}

/** Exchanges and probe kinds per tool, counted in one pass. */
function exchangesPerTool(exchanges: readonly Pick<Exchange, 'tool' | 'probe'>[]): Map<string, { exchanges: number; probes: Set<ProbeKind> }> {
  const perTool = new Map<string, { exchanges: number; probes: Set<ProbeKind> }>();
  for (const exchange of exchanges) {
    const entry = perTool.get(exchange.tool) ?? { exchanges: 0, probes: new Set<ProbeKind>() };
    entry.exchanges++;
    entry.probes.add(exchange.probe);
    perTool.set(exchange.tool, entry);
  }
  return perTool;
}

/** The tools to probe: all, or the named ones (every name checked against what the server listed), or those the globs select. */
export function selectTools(allTools: ToolInfo[], names: string[] | undefined, globs?: LintOptions['toolGlobs']): ToolInfo[] {
  if (!names) {
    if (!globs) return allTools;
    const selected = allTools.filter((t) => (!globs.include || matchesAny(t.name, globs.include)) && !matchesAny(t.name, globs.exclude ?? []));
    if (selected.length === 0) throw new UsageError(`no tool matches the config's "tools" globs (the server lists: ${allTools.map((t) => t.name).join(', ') || 'none'})`);
    return selected;
  }
  const missing = names.filter((name) => !allTools.some((t) => t.name === name));
  if (missing.length > 0) {
    throw new UsageError(`the server has no tool named ${missing.map((n) => `'${n}'`).join(', ')} (it lists: ${allTools.map((t) => t.name).join(', ') || 'none'})`);
  }
  return allTools.filter((t) => names.includes(t.name));
}

/** One finding per (rule, tool, probe): the worst severity, and the smallest replayable counterexample. */
function groupFindings(hits: readonly RuleHit[], serverName: string, replay: (hit: RuleHit) => string, scrub: (text: string) => string): Finding[] {
  // Redact whole values first: abbreviating first could cut a token below the length its pattern needs.
  const scrubbed = (value: unknown): unknown => JSON.parse(scrub(JSON.stringify(value ?? null)));
  const groups = new Map<string, RuleHit[]>();
  for (const hit of hits) {
    const key = `${hit.ruleId}\u0000${hit.exchange.tool}\u0000${hit.exchange.probe}`;
    groups.set(key, [...(groups.get(key) ?? []), hit]);
  }
  const findings: Finding[] = [];
  for (const group of groups.values()) {
    const severity = group.reduce<Severity>((worst, hit) => (SEVERITY_RANK[hit.severity] > SEVERITY_RANK[worst] ? hit.severity : worst), 'note');
    // The evidence shown is a hit of the finding's own (worst) severity, so message, replay and severity agree.
    const input = (hit: RuleHit) => ({ path: hit.exchange.path, arguments: hit.exchange.case.arguments });
    const best = group.filter((hit) => hit.severity === severity).sort((a, b) => byReplayableThenSmallest(input(a), input(b)))[0];
    const exchanges = new Set(group.map((hit) => hit.exchange.seq));
    const { exchange } = best;
    findings.push({
      ruleId: best.ruleId,
      severity,
      messageId: best.messageId,
      message: scrub(best.message),
      data: Object.fromEntries(Object.entries(best.data).map(([key, value]) => [key, typeof value === 'string' ? scrub(value) : value])),
      tool: exchange.tool,
      probe: exchange.probe,
      occurrences: exchanges.size,
      counterexample: {
        name: scrub(exchange.case.name),
        arguments: abbreviate(scrubbed(exchange.case.arguments ?? null)),
        label: exchange.case.label,
        path: exchange.path,
      },
      answer: scrub(describeAnswer(exchange)),
      request: JSON.stringify(abbreviate(scrubbed(exchange.request))).slice(0, 2000),
      response: JSON.stringify(abbreviate(scrubbed(exchange.response ?? exchange.outcome))).slice(0, 2000),
      replay: scrub(replay(best)),
      ...(exchange.http ? { http: scrubbed(exchange.http) as HttpFacts } : {}),
      fingerprint: fingerprint(best.ruleId, serverName, exchange.tool, exchange.probe),
    });
  }
  return findings.sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || a.ruleId.localeCompare(b.ruleId) || a.tool.localeCompare(b.tool));
}

/** What the server did, in one redacted line. */
function describeAnswer(exchange: Exchange): string {
  const text = (t: string) => (isBlank(t) ? '(no text)' : `"${snippet(t, 160)}"`);
  switch (answerKind(exchange)) {
    case 'success':
      return `success result: ${text(resultText(exchange))}`;
    case 'tool-error':
      return `isError result: ${text(errorText(exchange))}`;
    case 'protocol-error':
      return `JSON-RPC error with ${describeErrorCode(exchange.outcome.kind === 'error' ? exchange.outcome.error.code : undefined)}: ${text(errorText(exchange))}`;
    case 'timeout':
      return `no answer within the timeout (${exchange.elapsedMs} ms)`;
    case 'silent':
      return 'no answer';
    case 'closed':
      if (exchange.outcome.kind === 'closed' && exchange.outcome.error !== undefined) return `the connection failed without an answer (${exchange.outcome.error})`;
      return `the server exited without answering${exchange.outcome.kind === 'closed' && exchange.outcome.exitCode !== null ? ` (exit code ${exchange.outcome.exitCode})` : ''}`;
    case 'http':
      return describeOutcome(exchange.outcome);
  }
}

/** Without a config file: package.json when the linter runs in a package, else a synthetic path for the server. */
function defaultAnchor(serverName: string): SourceAnchor {
  if (existsSync('package.json')) return { uri: 'package.json', line: 1 };
  return { uri: `mcp-errlint/${serverName.replace(/[^A-Za-z0-9._-]+/g, '-')}`, line: 1 };
}

export function fingerprint(ruleId: string, server: string, tool: string, probe: string): string {
  return createHash('sha256').update([ruleId, server, tool, probe].join('\u0000')).digest('hex').slice(0, 32);
}

function replayCommand(options: LintOptions, seed: number, timeoutMs: number, profile: ProfileName, hit: RuleHit): string {
  const { exchange } = hit;
  const args = [...(options.replayPrefix?.length ? options.replayPrefix : NPX_PREFIX), '--seed', String(seed), '--tool', exchange.tool, '--probe', exchange.probe];
  // A shrink candidate has no path of its own: the replay then re-runs that (tool, probe) with the same seed.
  if (exchange.path !== UNKNOWN_PATH) args.push('--path', exchange.path);
  if (timeoutMs !== DEFAULTS.timeoutMs) args.push('--timeout', String(timeoutMs));
  // The verdict depends on the profile and the rule levels in force: a replay carries them.
  if (profile !== DEFAULTS.profile) args.push('--profile', profile);
  for (const [id, level] of Object.entries(options.rules ?? {})) if (!options.configFile) args.push('--rule', `${id}=${level}`);
  if (options.protocolVersion) args.push('--protocol-version', options.protocolVersion);
  if (options.allowWrites) args.push('--allow-writes');
  if (options.allowDestructive) args.push('--allow-destructive');
  if (options.readOnly) args.push('--read-only');
  if (options.configFile) args.push('--config', options.configFile);
  args.push(...serverWords(options));
  return args.map(shellQuote).join(' ');
}

/** The words that name the server on a command line: as the user gave them, else from the target (none when our config file names it). */
function serverWords(options: LintOptions): readonly string[] {
  if (options.replayServer) return options.replayServer;
  if (options.configFile) return [];
  const { target } = options;
  if (!isHttpTarget(target)) return ['--', target.command, ...target.args];
  return ['--url', target.url, ...(target.transport === 'sse' ? ['--transport', 'sse'] : [])];
}

/** A server's name when it gives none: its host for a URL, its command's file name for a process. */
export function targetName(target: ServerTarget): string {
  if (!isHttpTarget(target)) return basename(target.command);
  try {
    return new URL(target.url).host;
  } catch {
    return target.url;
  }
}
