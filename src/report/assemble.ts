// Report assembly: the run's hits grouped into findings (worst severity, smallest replayable counterexample, redacted
// evidence, a replay command), its checks scored, its coverage stated, and every setting the verdict rests on.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { ProbeKind, Severity } from '../types.js';
import type { Exchange, HttpFacts, RepairOutcome, RepairRecord } from '../exchange.js';
import type { Graded, RuleHit } from '../engine/types.js';
import type { LintOptions, SourceAnchor } from '../target/types.js';
import type { Probe } from '../plan/types.js';
import type { ServerSurfaces, SessionFacts, ToolInfo } from '../session/types.js';
import { NO_TOOL } from '../plan/types.js';
import type { EnabledRule } from '../grade/grade.js';
import type { CauseFinding } from '../causes/cause.js';
import { templateOf } from '../grade/grade.js';
import { formatMessage } from '../grade/rule.js';
import { ruleById, ruleDocsPath } from '../../rules/index.js';
import { callPolicy } from '../plan/safety.js';
import { buildChecks, scoreChecks, SEVERITY_RANK } from '../score/score.js';
import { causesOf } from '../causes/causes.js';
import { FRAMEWORKS } from '../causes/frameworks/index.js';
import { fixOf } from '../grade/grade.js';
import { coverageOf, needsAuthorization } from '../score/coverage.js';
import { recoveryOf } from '../score/recovery.js';
import { redact, redactionPatternsOf, type SecretOptions } from '../matchers/secrets.js';
import { answerSaid, describeAnswer, methodOf, rawLineOf, withoutOurIds } from '../grade/exchange.js';
import { isRecord } from '../util/guards.js';
import { isHttpTarget, targetName } from '../target/target.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import { abbreviate } from '../util/text.js';
import { groupBy } from '../util/group.js';
import type { Interrupted } from '../interrupt.js';
import { REPORT_SCHEMA_VERSION, byReplayableThenSmallest, type Counterexample, type Finding, type Report } from './model.js';
import { replayCommand, replayedInput, serverWords } from './replay.js';
import { shownTarget, shownText, variablesOf } from '../target/command-secrets.js';

/** Everything one lint produced, for the report. */
export interface LintOutcome {
  options: LintOptions;
  settings: Report['settings'];
  rules: readonly EnabledRule[];
  probes: readonly Probe[];
  /** What the session knew of the server at the end. */
  server: { serverInfo: Report['server']['serverInfo']; facts: SessionFacts; restarts: number; stderr: string; limits: string[]; throttle?: Report['server']['throttle'] };
  allTools: readonly ToolInfo[];
  tools: readonly ToolInfo[];
  /** What the server lists besides tools (absent when the run never read it). */
  surfaces?: ServerSurfaces;
  run: { exchanges: readonly (Pick<Exchange, 'tool' | 'probe' | 'applies'> & { repair?: RepairOutcome })[]; hits: readonly RuleHit[]; skips: Report['skips']; sent: number; interrupted?: Interrupted };
  /** When the lint started, probing started and probing ended (ms since the epoch). */
  clock: { started: number; probingFrom: number; tailFrom: number };
  /** A replay run (--path): each exchange it sent, with its latest grading. */
  replayed?: ReadonlyMap<Exchange, Graded>;
}

/** The report of one lint, before its gate is settled. */
export function assembleReport({ options, settings, rules, probes, server, allTools, tools, surfaces, run, clock, replayed }: LintOutcome): Report {
  const serverName = options.name ?? server.serverInfo.name ?? targetName(options.target);
  const checks = buildChecks(run.exchanges, run.hits, rules);
  // Everything the server said is redacted, with the user's extra secret patterns and the server's private values too.
  const secretOptions: SecretOptions = { extraPatterns: redactionPatternsOf(options) };
  const scrub = (text: string) => redact(text, secretOptions);
  // The target as shown: a secret of its command line or URL as $NAME, the variable a replay reads it from.
  const shown = (options.shown ?? shownTarget(options.target)).map(shownText).map(scrub);
  const secretVariables = variablesOf([...(options.shown ?? []), ...serverWords(options)]);
  const grouped = groupFindings(run.hits, serverName, (hit) => replayCommand(options, settings.seed, settings.timeoutMs, settings.profile, hit.exchange), scrub);
  const findings = grouped.map(({ finding }) => finding);
  // Findings that share one mechanism or one answer form one cause; a framework the answers show is named.
  const causeInput = { serverInfo: server.serverInfo, transport: server.facts.transport, protocolVersion: server.facts.protocolVersion, findings: grouped.map(({ finding, said }) => ({ ...finding, said })) };
  const { causes, frameworks } = causesOf(causeInput, { frameworks: FRAMEWORKS, fixOf });
  const counts = { error: 0, warning: 0, note: 0 };
  for (const finding of findings) counts[finding.severity]++;
  const passed = checks.filter((c) => c.verdict === 'pass').length;
  const toolProbesWanted = probes.some((p) => p.scope === 'tool') && (!options.replay || options.replay.tool !== NO_TOOL);
  const offered = surfaces && { protocolVersion: server.facts.protocolVersion, capabilities: server.facts.capabilities, surfaces };
  const blocked = server.facts.needsAuthorization ? needsAuthorization(server.facts.protocolVersion) : undefined;
  // A probe of the HTTP layer is no kind a stdio run left out: its skip says why it was not sent.
  const applicable = probes.filter((p) => !(p.httpOnly && server.facts.transport === 'stdio')).map((p) => p.kind);
  const coverage = coverageOf(allTools.map((t) => t.name), tools.map((t) => t.name), run.exchanges, run.skips, applicable, toolProbesWanted, offered, run.sent, blocked);
  const interrupted = run.interrupted && { by: run.interrupted.by, message: run.interrupted.message };
  const perTool = exchangesPerTool(run.exchanges);
  const recovery = settings.repairAttempts === 0 ? undefined : recoveryOf(run.exchanges, settings.repairAttempts ?? 0);
  // Recovery weighs on the score through its rule: with agent-recovers off, the counts are reported and cost nothing.
  const recoveryWeighs = recovery !== undefined && rules.some(({ rule }) => rule.meta.id === 'agent-recovers');
  const { facts } = server;
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    server: {
      name: serverName,
      ...(isHttpTarget(options.target) ? { url: shown[0] } : { command: shown }),
      ...(secretVariables.length > 0 ? { secretVariables } : {}),
      serverInfo: server.serverInfo,
      ...(frameworks.length > 0 ? { frameworks } : {}),
      protocolVersion: facts.protocolVersion,
      era: facts.era,
      transport: facts.transport,
      restarts: server.restarts,
      stderrTail: scrub(server.stderr).slice(-2000),
      limits: server.limits,
      ...(server.throttle ? { throttle: server.throttle } : {}),
    },
    settings,
    startedAt: new Date(clock.started).toISOString(),
    durationMs: Date.now() - clock.started,
    timing: { startupMs: clock.probingFrom - clock.started, probingMs: clock.tailFrom - clock.probingFrom, tailMs: Date.now() - clock.tailFrom },
    rules: rules.map(({ rule, level }) => ({ id: rule.meta.id, level, description: rule.meta.description, tags: rule.meta.tags, docs: ruleDocsPath(rule.meta.id) })),
    source: options.anchor ?? defaultAnchor(serverName),
    tools: tools.map((t) => ({
      name: t.name,
      annotations: t.annotations,
      exchanges: perTool.get(t.name)?.exchanges ?? 0,
      probes: [...(perTool.get(t.name)?.probes ?? [])],
      calls: callPolicy(t, settings).level,
    })),
    exchanges: run.exchanges.length,
    findings,
    causes,
    checks,
    skips: run.skips,
    coverage,
    ...(interrupted ? { interrupted } : {}),
    score: scoreChecks(checks, { coverage, interrupted: interrupted !== undefined, ...(recoveryWeighs ? { recovery } : {}) }),
    ...(recovery ? { recovery } : {}),
    ...(options.replay && replayed ? { replay: replayedInput(options.replay, replayed, scrub) } : {}),
    gate: { passed: true, failures: [] }, // settled by the caller
    summary: { ...counts, passed, failed: checks.length - passed, skipped: run.skips.length },
  };
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

/**
 * One finding per (rule, tool, probe): the worst severity, and the smallest replayable counterexample; with what its
 * answer said (redacted), which the causes stage reads.
 */
function groupFindings(hits: readonly RuleHit[], serverName: string, replay: (hit: RuleHit) => string, scrub: (text: string) => string): Array<{ finding: Finding; said: CauseFinding['said'] }> {
  // Redact whole values first: abbreviating first could cut a token below the length its pattern needs.
  const scrubbed = (value: unknown): unknown => JSON.parse(scrub(JSON.stringify(value ?? null)));
  const groups = groupBy(hits, (hit) => `${hit.ruleId}\u0000${hit.exchange.tool}\u0000${hit.exchange.probe}`);
  const findings: Array<{ finding: Finding; said: CauseFinding['said'] }> = [];
  for (const group of groups.values()) {
    const severity = group.reduce<Severity>((worst, hit) => (SEVERITY_RANK[hit.severity] > SEVERITY_RANK[worst] ? hit.severity : worst), 'note');
    // The evidence shown is a hit of the finding's own (worst) severity, so message, replay and severity agree.
    const input = (hit: RuleHit) => ({ path: hit.exchange.path, arguments: hit.exchange.case.arguments });
    const best = group.filter((hit) => hit.severity === severity).sort((a, b) => byReplayableThenSmallest(input(a), input(b)))[0];
    const exchanges = new Set(group.map((hit) => hit.exchange.seq));
    const { exchange } = best;
    const sent = sentText(exchange, scrub, scrubbed);
    const said = answerSaid(exchange);
    const finding: Finding = {
      ruleId: best.ruleId,
      severity,
      messageId: best.messageId,
      message: scrub(formatMessage(templateOf(ruleById(best.ruleId)!, best.messageId), best.data)),
      data: Object.fromEntries(Object.entries(best.data).map(([key, value]) => [key, typeof value === 'string' ? scrub(value) : value])),
      tool: exchange.tool,
      probe: exchange.probe,
      method: methodOf(exchange),
      occurrences: exchanges.size,
      counterexample: counterexampleOf(exchange, sent, scrub, scrubbed),
      answer: scrub(describeAnswer(exchange)),
      request: sent,
      response: JSON.stringify(abbreviate(scrubbed(exchange.response ?? exchange.outcome))).slice(0, 2000),
      replay: scrub(replay(best)),
      ...(exchange.http ? { http: scrubbed(exchange.http) as HttpFacts } : {}),
      ...(exchange.repair && !exchange.repair.recovered ? { repair: scrubbed(exchange.repair) as RepairRecord } : {}),
      fingerprint: fingerprint(best.ruleId, serverName, exchange.tool, exchange.probe),
    };
    findings.push({ finding, said: { ...said, text: scrub(said.text) } });
  }
  return findings.sort(({ finding: a }, { finding: b }) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || a.ruleId.localeCompare(b.ruleId) || a.tool.localeCompare(b.tool));
}

/** The request frame as sent, in at most 2,000 characters: a line that was no JSON as written, else its JSON. */
function sentText(exchange: Exchange, scrub: (text: string) => string, scrubbed: (value: unknown) => unknown): string {
  const raw = rawLineOf(exchange);
  return (raw !== undefined ? scrub(raw) : JSON.stringify(abbreviate(scrubbed(exchange.request)))).slice(0, 2000);
}

/**
 * What the counterexample sent. A tools/call the engine made of the case is its tool name and arguments. A frame the
 * probe wrote itself is that frame (our request id as `{id}`: the same input sent at another moment is the same
 * counterexample), with the name and arguments it carries when it is a tools/call (none of the tool the probe aimed
 * at), else what the probe asked for: a malformed tools/call is never shown as a call of a real tool.
 */
function counterexampleOf(exchange: Exchange, sent: string, scrub: (text: string) => string, scrubbed: (value: unknown) => unknown): Counterexample {
  const { case: probeCase, path } = exchange;
  const { delivery, label } = probeCase;
  const input = (name: string, args: unknown) => ({ name: scrub(name), arguments: abbreviate(scrubbed(args ?? null)) });
  // A burst is tools/calls of the case's own making; an HTTP request with no body sent no frame to show.
  if (delivery === undefined || delivery.kind === 'burst' || Object.keys(exchange.request).length === 0) return { ...input(probeCase.name, probeCase.arguments), label, path };
  const params = Array.isArray(exchange.request) ? undefined : exchange.request.params;
  const carried = methodOf(exchange) === 'tools/call' ? input(isRecord(params) && typeof params.name === 'string' ? params.name : '', isRecord(params) ? params.arguments : undefined) : input(probeCase.name, probeCase.arguments);
  return { ...carried, frame: withoutOurIds(sent), label, path };
}

/** Without a config file: package.json when the linter runs in a package, else a synthetic path for the server. */
function defaultAnchor(serverName: string): SourceAnchor {
  if (existsSync('package.json')) return { uri: 'package.json', line: 1 };
  return { uri: `mcp-errlint/${serverName.replace(/[^A-Za-z0-9._-]+/g, '-')}`, line: 1 };
}

export function fingerprint(ruleId: string, server: string, tool: string, probe: string): string {
  return createHash('sha256').update([ruleId, server, tool, probe].join('\u0000')).digest('hex').slice(0, 32);
}
