// One lint, end to end: session → plan → run (graded as it goes) → report, within the run's deadline. A thin orchestrator:
// each stage does its own work in its own folder.
import { NO_TOOL } from './plan/types.js';
import type { Exchange } from './exchange.js';
import type { Graded } from './engine/types.js';
import type { LintOptions } from './target/types.js';
import type { ServerSurfaces } from './session/types.js';
import { DEFAULTS, randomSeed } from './defaults.js';
import { Session } from './session/session.js';
import { selectTools } from './plan/batches.js';
import { runProbes } from './engine/run.js';
import { enabledRules, Grader, type EnabledRule } from './grade/grade.js';
import { authorize } from './target/oauth.js';
import { checkLintOptions } from './config/settings.js';
import { RULES, ruleById } from '../rules/index.js';
import { PROBES } from '../probes/index.js';
import { repairer } from './repair/repair.js';
import { assembleReport } from './report/assemble.js';
import { settle } from './report/gate.js';
import type { Report } from './report/model.js';
import { formatDuration, Interrupted } from './interrupt.js';

export { DEFAULTS, randomSeed, type LintOptions };

/** Every setting of the run, the user's or the default: what the report states and the verdict rests on. */
export function settingsOf(options: LintOptions, seed: number): Report['settings'] {
  return {
    seed,
    runs: options.runs ?? DEFAULTS.runs,
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    profile: options.profile ?? DEFAULTS.profile,
    allowWrites: options.allowWrites ?? false,
    allowDestructive: options.allowDestructive ?? false,
    readOnly: options.readOnly ?? false,
    failOn: options.failOn ?? DEFAULTS.failOn,
    minScore: options.minScore ?? DEFAULTS.minScore,
    ...(options.minCoverage !== undefined ? { minCoverage: options.minCoverage } : {}),
    ...(options.maxWarnings !== undefined ? { maxWarnings: options.maxWarnings } : {}),
    deadlineMs: options.deadlineMs ?? DEFAULTS.deadlineMs,
    toolBudgetMs: options.toolBudgetMs ?? DEFAULTS.toolBudgetMs,
    concurrency: options.concurrency ?? DEFAULTS.concurrency,
    repairAttempts: options.repairAttempts ?? DEFAULTS.repairAttempts,
  };
}

export async function lint(given: LintOptions): Promise<Report> {
  // A bad option is refused as the CLI refuses its flag, before any timer, token request or server process.
  checkLintOptions(given);
  const started = Date.now();
  const settings = settingsOf(given, given.seed ?? randomSeed());
  const probes = PROBES.filter((p) => !given.probes || given.probes.includes(p.kind));
  const stop = stopSignal(settings.deadlineMs, given.signal);
  let options: LintOptions;
  let rules: EnabledRule[];
  let session: Session;
  try {
    // An access token, when the options carry OAuth client credentials, is one more value the rules and reports redact.
    options = await authorize(given, { timeoutMs: settings.timeoutMs, signal: stop.signal });
    rules = enabledRules(RULES, settings.profile, options.rules, options.ruleOptions);
    session = await Session.open({ target: options.target, protocolVersion: options.protocolVersion, timeoutMs: settings.timeoutMs, signal: stop.signal, stop: stop.abort });
  } catch (error) {
    stop.release();
    throw error;
  }
  try {
    // A server that refused the handshake with 401 (no token given): only the auth probe can ask it anything.
    const blocked = session.facts.needsAuthorization === true;
    const allTools = blocked ? [] : await session.listTools();
    const surfaces = blocked ? UNLISTED : await session.listSurfaces();
    const tools = selectTools(allTools, options.tools ?? (options.replay && options.replay.tool !== NO_TOOL ? [options.replay.tool] : undefined), options.toolGlobs);
    const probingFrom = Date.now();
    const grader = new Grader(rules, { session: session.facts, profile: settings.profile, metadata: options.metadata, toolNames: allTools.map((t) => t.name) });
    // A replay reports its exchanges whole, with each one's latest grading: the run keeps only what a report of many needs.
    const replayed = options.replay ? new Map<Exchange, Graded>() : undefined;
    const run = await runProbes(session, tools, allTools, {
      ...settings,
      probes: blocked ? probes.filter((p) => p.kind === 'auth') : probes,
      context: { facts: session.facts, surfaces },
      replay: options.replay,
      grade: (exchange) => {
        options.onExchange?.(exchange);
        const graded = grader.grade(exchange);
        replayed?.set(exchange, graded);
        return graded;
      },
      repair: repairer({ attempts: settings.repairAttempts ?? DEFAULTS.repairAttempts, flags: settings, metadata: options.metadata, allTools, signal: stop.signal, onRepair: options.onRepair }),
      serializes: (hit) => ruleById(hit.ruleId)?.meta.serializesRun === true,
      onProgress: options.onProgress,
      signal: stop.signal,
    });
    if (blocked) run.skips.push({ tool: NO_TOOL, probe: '*', reason: 'not probed: the server needs authorization (HTTP 401 at the handshake)' });
    const tailFrom = Date.now();
    const server = { serverInfo: session.serverInfo, facts: session.facts, restarts: session.restarts, stderr: session.stderr, limits: session.caps.messages, throttle: session.throttle };
    return settle(assembleReport({ options, settings, rules, probes, server, allTools, tools, surfaces: blocked ? undefined : surfaces, run, clock: { started, probingFrom, tailFrom }, replayed }));
  } finally {
    stop.release();
    await session.close();
  }
}

/** What a server that refused the handshake lists: nothing (it was never asked). */
const UNLISTED: ServerSurfaces = { resources: { declared: false, items: [] }, templates: { declared: false, items: [] }, prompts: { declared: false, items: [] } };

/** One signal for the session and the engine: the caller's (a signal handler) or the deadline, whichever comes first. */
function stopSignal(deadlineMs: number, outer: AbortSignal | undefined): { signal: AbortSignal; abort(reason: Interrupted): void; release(): void } {
  const stop = new AbortController();
  const deadline = setTimeout(() => stop.abort(new Interrupted('deadline', `the run's deadline of ${formatDuration(deadlineMs)} (--deadline) was reached`)), deadlineMs);
  const forward = () => stop.abort(outer!.reason);
  if (outer?.aborted) forward();
  outer?.addEventListener('abort', forward, { once: true });
  return {
    signal: stop.signal,
    abort: (reason) => stop.abort(reason),
    release() {
      clearTimeout(deadline);
      outer?.removeEventListener('abort', forward);
    },
  };
}
