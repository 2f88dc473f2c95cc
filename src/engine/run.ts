// The run stage: executes each (tool, probe) plan against the session under one seed, shrinking failures with fast-check.
import fc from 'fast-check';
import type { Exchange, GradedExchange, ProbeCase, ProbeKind, ProbePlan, Probe, ProfileName, ToolInfo } from '../types.js';
import type { CallPolicy } from '../safety.js';
import { NO_TOOL, UNKNOWN_PATH } from '../types.js';
import type { RawExchange, Session } from '../session/session.js';
import { gradeExchange, type EnabledRule, type RuleHit } from './grade.js';
import { callPolicy, restrictPlan } from '../safety.js';
import { answerKind, errorText, isErrorAnswer } from '../matchers/surface.js';
import { findTransientMarker } from '../matchers/phrases.js';
import { abbreviate } from '../util/text.js';
import { releaseSchemaCaches, schemaProblem } from '../plan/schema-arbitrary.js';
import { formatDuration, Interrupted, interruptionOf } from '../interrupt.js';

export interface Skip {
  tool: string;
  probe: ProbeKind | '*';
  reason: string;
}

export interface RunOptions {
  seed: number;
  runs: number;
  profile: ProfileName;
  probes: readonly Probe[];
  rules: readonly EnabledRule[];
  allowWrites: boolean;
  allowDestructive: boolean;
  /** Only readOnlyHint tools get any call. */
  readOnly?: boolean;
  /** Replay exactly one input: the (tool, probe) pair and its fast-check path. */
  replay?: { tool: string; probe: ProbeKind; path: string };
  onProgress?: (progress: { done: number; total: number; tool: string; probe: ProbeKind }) => void;
  /** Stops the run between tools (the session stops it mid-call). */
  signal?: AbortSignal;
  /** Time one tool (and the server-scope probes together) may take; past it the tool's further inputs are not sent. */
  toolBudgetMs?: number;
  /** How many tools may be probed at once (default 1); 1 when the server fails concurrent-calls. */
  concurrency?: number;
}

export interface RunResult {
  /** In run order: exchanges some rule hit (whole), and the rest reduced to what the checks need once graded. */
  exchanges: (Exchange | GradedExchange)[];
  hits: RuleHit[];
  skips: Skip[];
  /** Set when the run was stopped (deadline, signal) before every batch ran; the unrun ones are in `skips`. */
  interrupted?: Interrupted;
}

/** A tool whose inputs are no longer sent: only those that may run long (valid or any), or all of them. */
interface Hold {
  all: boolean;
  reason: string;
}

/** This many failures of one tool, alike and each slow, are enough: its further inputs are not sent. */
const ALIKE_SLOW_FAILURES = 3;


/** Shrinking re-sends inputs to the server; past this many extra calls per (tool, probe) it stops. */
const SHRINK_BUDGET = 40;

/** One (tool, probe) pair with the inputs it will send. */
export interface Batch {
  tool: ToolInfo;
  probe: ProbeKind;
  plan: ProbePlan;
}

export type PlanOptions = Pick<RunOptions, 'probes' | 'allowWrites' | 'allowDestructive' | 'readOnly' | 'replay'>;

/** One unit of the plan: the server-scope probes (tool NO_TOOL), or one tool's probes. */
interface PlannedUnit {
  tool: string;
  batches: Batch[];
  skips: Skip[];
}

/** Plan every (tool, probe) batch, and every skip with its reason. Pure; shared by the run and --dry-run. */
export function planBatches(tools: readonly ToolInfo[], allTools: readonly ToolInfo[], options: PlanOptions): { batches: Batch[]; skips: Skip[] } {
  const units = [...planUnits(tools, allTools, options)];
  return { batches: units.flatMap((u) => u.batches), skips: units.flatMap((u) => u.skips) };
}

/**
 * The plan one unit at a time, server-scope probes first: the run plans a tool only when it reaches it, so start-up
 * and memory do not grow with the number of tools, and a deadline can stop between tools.
 */
function* planUnits(tools: readonly ToolInfo[], allTools: readonly ToolInfo[], options: PlanOptions): Generator<PlannedUnit> {
  const add = (unit: PlannedUnit, tool: ToolInfo, probe: Probe, known: readonly ToolInfo[], policy: CallPolicy = { level: 'all' }) => {
    const planned = probe.plan(tool, known);
    const plan = 'skip' in planned ? planned : restrictPlan(planned, probe.kind, policy);
    if ('skip' in plan) unit.skips.push({ tool: tool.name, probe: probe.kind, reason: plan.skip });
    else if (plan.enumerated.length === 0 && plan.arbitrary === null) unit.skips.push({ tool: tool.name, probe: probe.kind, reason: 'the probe planned no input for this tool' });
    else unit.batches.push({ tool, probe: probe.kind, plan });
  };
  const policies = new Map(tools.map((tool) => [tool, callPolicy(tool, options)]));
  // Server-scope probes that call a real tool send it only input it must refuse: any tool that may be called at all.
  const callable = tools.filter((tool) => policies.get(tool)!.level !== 'none');
  const placeholder: ToolInfo = { name: NO_TOOL, inputSchema: { type: 'object' } };
  const server: PlannedUnit = { tool: NO_TOOL, batches: [], skips: [] };
  for (const probe of options.probes) {
    if (probe.scope !== 'server' || !wanted(options, NO_TOOL, probe.kind)) continue;
    // Unknown names must avoid every real tool.
    add(server, placeholder, probe, probe.kind === 'unknown-tool' ? allTools : callable);
  }
  yield server;
  for (const tool of tools) {
    const unit: PlannedUnit = { tool: tool.name, batches: [], skips: [] };
    const policy = policies.get(tool)!;
    if (policy.level === 'none') {
      if (!options.replay) unit.skips.push({ tool: tool.name, probe: '*', reason: policy.reason! });
      yield unit;
      continue;
    }
    for (const probe of options.probes) {
      if (probe.scope === 'tool' && wanted(options, tool.name, probe.kind)) add(unit, tool, probe, allTools, policy);
    }
    // A restricted tool that got nothing at all: one reason for the tool instead of one per probe kind.
    if (policy.level !== 'all' && unit.batches.length === 0 && unit.skips.length > 0) {
      const none = policy.level === 'must-refuse' ? 'it has no required argument, so there is no input it must refuse' : 'no schema-invalid input could be made from its schema';
      unit.skips = [{ tool: tool.name, probe: '*', reason: `${none}; ${policy.reason}` }];
    }
    // An outputSchema that cannot be checked safely (a lookahead pattern) is said, not passed in silence.
    const unchecked = unit.batches.length > 0 && tool.outputSchema !== undefined ? schemaProblem(tool.outputSchema) : undefined;
    if (unchecked) unit.skips.push({ tool: tool.name, probe: unit.batches.find((b) => b.probe === 'positive')?.probe ?? unit.batches[0].probe, reason: `structured results not checked against the outputSchema: ${unchecked}` });
    yield unit;
  }
}

/**
 * Run every unit: the server-scope probes first, alone, then the tools. With `concurrency` above 1 (and a server that
 * passed concurrent-calls), up to that many tools are probed at once, each into a result of its own, merged in tool
 * order so the report is the one a run of one tool at a time gives. Anything that could make a tool's verdicts depend on
 * what ran beside it (a timeout, a crash, a slow answer, noise, strays, progress) sends the run back to one tool at a
 * time: the tools then in flight are run again from their start, alone.
 */
export async function runProbes(session: Session, tools: readonly ToolInfo[], allTools: readonly ToolInfo[], options: RunOptions): Promise<RunResult> {
  const result: RunResult = { exchanges: [], hits: [], skips: [] };
  const limits = new ToolLimits(session.facts.timeoutMs, options.toolBudgetMs);
  // Progress counts (tool, probe kind) pairs, known without planning: skipped pairs count as done.
  const kinds = { server: options.probes.filter((p) => p.scope === 'server').length, tool: options.probes.filter((p) => p.scope === 'tool').length };
  const total = kinds.server + tools.length * kinds.tool;
  let done = 0;
  const progress = (tool: string, probe: ProbeKind, index: number) => options.onProgress?.({ done: Math.min(done + index, total - 1), total, tool, probe });
  const units = planUnits(tools, allTools, options);
  // Units come server first, then one per tool in order: unit n (n ≥ 1) is tools[n - 1].
  const server = units.next().value!;
  const serverRun = await runUnit(session, server, options, result, limits, progress);
  done += kinds.server;
  if (serverRun) return stopped(result, serverRun.interruption, [serverRun.left], tools);
  const concurrency = result.hits.some((hit) => hit.ruleId === CONCURRENT_CALLS) ? 1 : Math.max(1, options.concurrency ?? 1);
  const pool = new UnitPool(units, concurrency, session);
  const results = new Map<number, RunResult>();
  let interrupted: Interrupted | undefined;
  const cuts: Array<readonly Batch[]> = [];
  const worker = async (beside: boolean): Promise<void> => {
    while (interrupted === undefined && !(beside && pool.alone)) {
      const item = pool.take();
      if (item === undefined) return;
      const local: RunResult = { exchanges: [], hits: [], skips: [] };
      try {
        const cut = await runUnit(session, item.unit, options, local, limits, progress, beside ? pool : undefined);
        results.set(item.n, local);
        if (cut) {
          interrupted ??= cut.interruption;
          cuts.push(cut.left);
        }
      } catch (error) {
        if (!(error instanceof Abandoned)) throw error;
        limits.forget(item.unit.tool); // it starts again from nothing
        pool.again(item);
        continue;
      }
      done += kinds.tool;
      releaseSchemaCaches(); // the tool is graded: its compiled validators need not outlive it
      // Planning is synchronous: give a deadline or a signal its turn between units.
      await new Promise((resolve) => setImmediate(resolve));
      if (options.signal?.aborted) interrupted ??= interruptionOf(options.signal);
    }
  };
  if (!pool.alone) {
    await Promise.all(Array.from({ length: concurrency }, () => worker(true)));
    // Back to one at a time: a unit abandoned for a crash left the server down; the units run again find it as they would have.
    if (pool.alone && interrupted === undefined && !session.gone && !(await session.isAlive())) await session.recover();
  }
  // One at a time: everything, or (back from running beside each other) what was abandoned, then the rest.
  await worker(false);
  for (const n of [...results.keys()].sort((a, b) => a - b)) merge(result, results.get(n)!);
  if (interrupted) return stopped(result, interrupted, cuts, pool.unstarted(tools, results));
  return result;
}

/** A concurrent unit saw something that could depend on what ran beside it: it is dropped, to run again alone. */
class Abandoned extends Error {}

const CONCURRENT_CALLS = 'concurrent-calls';

/**
 * Hands out tool units to the workers, lazily and in order; an abandoned unit comes back first. Once `alone`, one
 * worker runs whatever is left, one tool at a time.
 */
class UnitPool {
  alone: boolean;
  private next = 1;
  private readonly retry: Array<{ n: number; unit: PlannedUnit }> = [];
  private readonly restarts: number;

  constructor(
    private readonly units: Generator<PlannedUnit>,
    concurrency: number,
    private readonly session: Session,
  ) {
    this.alone = concurrency === 1;
    this.restarts = session.restarts;
  }

  take(): { n: number; unit: PlannedUnit } | undefined {
    if (this.retry.length > 0) return this.retry.sort((a, b) => a.n - b.n).shift();
    const step = this.units.next();
    return step.done ? undefined : { n: this.next++, unit: step.value };
  }

  again(item: { n: number; unit: PlannedUnit }): void {
    this.retry.push(item);
  }

  /**
   * After an exchange of a unit running beside others (or a liveness check that failed, `dead`): may its verdicts depend
   * on them? Then the run goes on alone, and the unit is abandoned to run again.
   */
  check(exchanges: readonly Exchange[], timeoutMs: number, dead = false): void {
    const disturbed = dead || this.session.gone !== null || this.session.restarts !== this.restarts || exchanges.some((e) => disturbance(e, timeoutMs));
    if (disturbed) this.alone = true;
    if (this.alone) throw new Abandoned();
  }

  /** The tools no unit reached (for an interrupted run), in order. */
  unstarted(tools: readonly ToolInfo[], results: ReadonlyMap<number, RunResult>): ToolInfo[] {
    const retried = new Set(this.retry.map((item) => item.n));
    return tools.filter((_, i) => (i + 1 >= this.next || retried.has(i + 1)) && !results.has(i + 1));
  }
}

/**
 * What makes an exchange's verdict depend on other calls in flight: broken, noisy, crossed, still progressing, or slow
 * enough (half of what ToolLimits calls slow: a slow failure, a slow valid input) that its neighbours' load could tip it.
 */
function disturbance(exchange: Exchange, timeoutMs: number): boolean {
  const kind = exchange.outcome.kind;
  return kind === 'timeout' || kind === 'closed' || exchange.elapsedMs >= Math.min(slowAfterMs(timeoutMs), timeoutMs / 2) / 2
    || (exchange.noise?.length ?? 0) > 0 || (exchange.unmatched?.length ?? 0) > 0 || exchange.answers !== 1 || exchange.progress !== undefined || exchange.cancelled === true
    || busy(exchange);
}

/** A refusal that may come from the load itself (a rate limit, "unavailable", "try again"): alone, it might not come. */
function busy(exchange: Exchange): boolean {
  if (exchange.outcome.kind === 'http') return exchange.outcome.status === 429 || exchange.outcome.status >= 500;
  return isErrorAnswer(exchange) && findTransientMarker(errorText(exchange)) !== null;
}

/** Append a unit's result to the run's, renumbering its exchanges after those already there. */
function merge(into: RunResult, unit: RunResult): void {
  const offset = into.exchanges.length;
  for (const exchange of unit.exchanges) exchange.seq += offset;
  into.exchanges.push(...unit.exchanges);
  into.hits.push(...unit.hits);
  into.skips.push(...unit.skips);
}

/** Run one unit's batches into `result`; an interruption comes back with the batches left, anything else throws. */
async function runUnit(
  session: Session,
  unit: PlannedUnit,
  options: RunOptions,
  result: RunResult,
  limits: ToolLimits,
  progress: (tool: string, probe: ProbeKind, index: number) => void,
  pool?: UnitPool,
): Promise<{ interruption: Interrupted; left: readonly Batch[] } | undefined> {
  result.skips.push(...unit.skips);
  for (const [index, { tool, probe, plan }] of unit.batches.entries()) {
    progress(tool.name, probe, index);
    const held = limits.held(tool.name);
    if (session.gone) result.skips.push({ tool: tool.name, probe, reason: `not run: ${session.gone}` });
    else if (held?.all) result.skips.push({ tool: tool.name, probe, reason: `not run: ${held.reason}` });
    else {
      try {
        await runBatch(session, tool, probe, plan.enumerated, plan.arbitrary, options, result, limits, pool);
      } catch (error) {
        if (!(error instanceof Interrupted)) throw error;
        return { interruption: error, left: unit.batches.slice(index) };
      }
    }
  }
  return undefined;
}

/**
 * The run, interrupted: the unrun batches of each unit it cut are skipped per probe kind when its tool was reached (else
 * once for the tool), and every tool no unit reached is listed as not probed.
 */
function stopped(result: RunResult, interruption: Interrupted, lefts: ReadonlyArray<readonly Batch[]>, laterTools: readonly ToolInfo[]): RunResult {
  result.interrupted = interruption;
  const why = interruption.message;
  const cut = new Set<string>();
  for (const left of lefts) {
    const tool = left[0]?.tool.name;
    if (tool === undefined) continue;
    cut.add(tool);
    if (tool === NO_TOOL || result.exchanges.some((e) => e.tool === tool)) {
      for (const { probe } of left) result.skips.push({ tool, probe, reason: `cut short: ${why}` });
    } else result.skips.push({ tool, probe: '*', reason: `not probed: ${why}` });
  }
  for (const later of laterTools) if (!cut.has(later.name)) result.skips.push({ tool: later.name, probe: '*', reason: `not probed: ${why}` });
  return result;
}

/**
 * What stops a tool's inputs before the run's deadline does: valid input that runs long (only its inputs that may run
 * long are held), failures that are alike and slow (a stalled lookup behind every call), and the tool's time budget.
 */
class ToolLimits {
  private readonly holds = new Map<string, Hold>();
  private readonly started = new Map<string, number>();
  private readonly alike = new Map<string, Map<string, number>>();

  constructor(
    private readonly timeoutMs: number,
    private readonly budgetMs: number | undefined,
  ) {}

  held(tool: string): Hold | undefined {
    return this.holds.get(tool);
  }

  /** Everything known of a tool, for a tool that is probed again from its start. */
  forget(tool: string): void {
    this.holds.delete(tool);
    this.started.delete(tool);
    this.alike.delete(tool);
  }

  /** Before an input is sent: the hold that keeps it back, if any (the tool's clock starts at its first input). */
  before(tool: string, mayRunLong: boolean): Hold | undefined {
    const started = this.started.get(tool) ?? performance.now();
    this.started.set(tool, started);
    if (this.budgetMs !== undefined && !this.holds.get(tool)?.all && performance.now() - started > this.budgetMs) {
      this.holds.set(tool, { all: true, reason: `its time budget of ${formatDuration(this.budgetMs)} (--tool-budget) was spent` });
    }
    const hold = this.holds.get(tool);
    return hold && (hold.all || mayRunLong) ? hold : undefined;
  }

  /** After an exchange: a slow valid input holds the tool's long-running inputs; slow failures alike hold all of them. */
  after(tool: string, probe: ProbeKind, probeCase: ProbeCase, exchanges: readonly Exchange[], mayRunLong: boolean): void {
    if (this.holds.get(tool)?.all) return;
    const slowest = mayRunLong ? exchanges.find((e) => e.outcome.kind === 'timeout' || e.elapsedMs > this.timeoutMs / 2) : undefined;
    if (slowest && !this.holds.has(tool)) {
      const took = slowest.cancelled ? `was still reporting progress after ${(slowest.elapsedMs / 1000).toFixed(1)} s` : slowest.outcome.kind === 'timeout' ? 'timed out' : `took ${(slowest.elapsedMs / 1000).toFixed(1)} s`;
      this.holds.set(tool, { all: false, reason: `the tool is slow on valid input (${probe}: ${probeCase.label} ${took}), so its further valid or possibly valid inputs are not sent` });
    }
    for (const exchange of exchanges) {
      const key = slowFailure(exchange, this.timeoutMs);
      if (key === undefined) continue;
      const counts = this.alike.get(tool) ?? new Map<string, number>();
      this.alike.set(tool, counts);
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      if (count >= ALIKE_SLOW_FAILURES) {
        this.holds.set(tool, { all: true, reason: `${count} inputs failed alike, each after ${(exchange.elapsedMs / 1000).toFixed(1)} s or more (${key}), so its further inputs are not sent` });
        return;
      }
    }
  }
}

/** How long an answer takes to count as slow: a quarter of the timeout, and at least a second. */
function slowAfterMs(timeoutMs: number): number {
  return Math.max(1000, timeoutMs / 4);
}

/** A failure that took at least a quarter of the timeout (and a second), described without its numbers; else undefined. */
function slowFailure(exchange: Exchange, timeoutMs: number): string | undefined {
  if (exchange.cancelled || exchange.elapsedMs < slowAfterMs(timeoutMs)) return undefined;
  const kind = answerKind(exchange);
  if (kind === 'timeout') return 'no answer within the timeout';
  if (kind !== 'tool-error' && kind !== 'protocol-error') return undefined;
  const text = errorText(exchange).replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().slice(0, 80);
  return `${kind === 'tool-error' ? 'isError' : 'JSON-RPC error'}: "${text}"`;
}

function wanted(options: PlanOptions, tool: string, probe: ProbeKind): boolean {
  return !options.replay || (options.replay.tool === tool && options.replay.probe === probe);
}

/** A 32-bit seed per (tool, probe), so a replay of one pair does not depend on which others ran. */
export function batchSeed(seed: number, tool: string, probe: ProbeKind): number {
  let hash = (seed ^ 0x9e3779b9) >>> 0;
  for (const char of `${tool}\u0000${probe}`) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193) >>> 0;
  return hash | 0;
}

async function runBatch(
  session: Session,
  toolInfo: ToolInfo,
  probe: ProbeKind,
  enumerated: ProbeCase[],
  arbitrary: fc.Arbitrary<ProbeCase> | null,
  options: RunOptions,
  result: RunResult,
  limits: ToolLimits,
  pool?: UnitPool,
): Promise<void> {
  const tool = toolInfo.name;
  const firstExchange = result.exchanges.length;
  const firstHit = result.hits.length;
  const batch = { stopped: false, lastExchange: undefined as Exchange | undefined, fatal: undefined as unknown, withheld: 0, heldBy: '' };
  // Every enumerated case runs first (fast-check counts examples inside numRuns), then `runs` random ones.
  const check = (property: fc.IAsyncProperty<[ProbeCase]>, path?: string) =>
    fc.check(property, {
      seed: batchSeed(options.seed, tool, probe),
      numRuns: enumerated.length + (arbitrary === null ? 0 : options.runs),
      examples: enumerated.map((c) => [c] as [ProbeCase]),
      path,
    });
  const source = arbitrary ?? fc.constantFrom(...enumerated);
  const send = async (probeCase: ProbeCase, path: string): Promise<RuleHit[]> => {
    if (batch.fatal) return [];
    // fast-check would take a throw for a failing input and hide it: a throw (an interruption) ends the run instead.
    try {
      return await sendOne(probeCase, path);
    } catch (error) {
      batch.fatal = error;
      return [];
    }
  };
  const sendOne = async (probeCase: ProbeCase, path: string): Promise<RuleHit[]> => {
    const mayRunLong = tool !== NO_TOOL && (probeCase.expect === 'valid-input' || probeCase.expect === 'any');
    const hold = limits.before(tool, mayRunLong);
    if (hold) {
      batch.withheld++; // a tool slow on valid input costs one wait, not one per input and probe kind
      batch.heldBy = hold.reason;
      return [];
    }
    const exchanges = await execute(session, toolInfo, probe, probeCase, path, result.exchanges.length + 1);
    pool?.check(exchanges, session.facts.timeoutMs); // beside other tools: anything they could have caused sends it back
    result.exchanges.push(...exchanges);
    batch.lastExchange = exchanges.at(-1);
    const broken = exchanges.find((e) => (e.outcome.kind === 'timeout' && !e.cancelled) || e.outcome.kind === 'closed');
    if (broken) {
      batch.stopped = true; // one timeout or crash is enough evidence for this (tool, probe)
      broken.alive = await session.isAlive();
      if (!broken.alive) await session.recover();
      if (!session.gone) broken.recheck = await recheck(session, toolInfo, probe, probeCase, exchanges.indexOf(broken), broken.outcome.kind);
    }
    limits.after(tool, probe, probeCase, exchanges, mayRunLong);
    const hits = exchanges.flatMap((exchange) => gradeExchange(exchange, options.rules, session.facts, options.profile));
    result.hits.push(...hits);
    return hits;
  };

  if (options.replay) {
    let sent = false; // with a path, fast-check goes on past the replayed value: send only that one
    await check(fc.asyncProperty(source, async (probeCase) => {
      if (sent) return true;
      sent = true;
      await send(probeCase, options.replay!.path);
      return true;
    }), options.replay.path);
  } else {
    // Explore: every input once; remember where each rule first failed.
    const firstFailure = new Map<string, string>();
    let index = 0;
    await check(fc.asyncProperty(source, async (probeCase) => {
      const path = String(index++);
      if (batch.stopped) return true;
      for (const hit of await send(probeCase, path)) if (!firstFailure.has(hit.ruleId)) firstFailure.set(hit.ruleId, path);
      return true;
    }));
    // Shrink: restart fast-check at each rule's first failure and let it look for a smaller input failing that rule.
    let shrinkCalls = 0;
    for (const [ruleId, path] of firstFailure) {
      if (batch.stopped || arbitrary === null) break;
      let first = true;
      const shrunk = await check(fc.asyncProperty(source, async (probeCase) => {
        if (first) {
          first = false; // the failing input itself was already sent and graded while exploring
          return false;
        }
        if (batch.stopped || shrinkCalls >= SHRINK_BUDGET) return true;
        shrinkCalls++;
        return !(await send(probeCase, UNKNOWN_PATH)).some((hit) => hit.ruleId === ruleId);
      }), path);
      if (shrunk.failed && shrunk.counterexamplePath && shrunk.counterexamplePath !== path) {
        const smallest = JSON.stringify(shrunk.counterexample?.[0]);
        const exchange = result.exchanges.findLast((e): e is Exchange => 'case' in e && e.tool === tool && e.probe === probe && e.path === UNKNOWN_PATH && JSON.stringify(e.case) === smallest);
        if (exchange) exchange.path = shrunk.counterexamplePath;
      }
    }
  }

  if (batch.fatal !== undefined) throw batch.fatal;
  if (batch.withheld > 0) result.skips.push({ tool, probe, reason: `${batch.withheld} input(s) not sent: ${batch.heldBy}` });
  const last = batch.lastExchange;
  if (last && last.alive === undefined && !session.gone) {
    last.alive = await session.isAlive();
    pool?.check([], session.facts.timeoutMs, !last.alive);
    if (!last.alive) {
      await session.recover();
      if (!session.gone) last.recheck = await recheckLiveness(session, toolInfo, probe, last);
      result.hits.push(...gradeExchange(last, options.rules, session.facts, options.profile).filter((hit) => hit.ruleId === 'server-survives'));
    }
  }
  // Graded: what the report needs of each input is an abbreviation (an oversized probe's megabyte stays in no exchange).
  const hit = new Set(result.hits.slice(firstHit).map((h) => h.exchange));
  for (let i = firstExchange; i < result.exchanges.length; i++) {
    const exchange = result.exchanges[i];
    if (!('case' in exchange)) continue;
    if (hit.has(exchange)) compact(exchange);
    else result.exchanges[i] = graded(exchange, options.rules, session);
  }
}

const appliesCache = new Map<string, readonly string[]>();

/** The slim record of an exchange no rule hit (the rule-id lists are shared, there are few distinct ones). */
function graded(exchange: Exchange, rules: readonly EnabledRule[], session: Session): GradedExchange {
  const ids = rules.filter(({ rule }) => rule.appliesTo(exchange, session.facts)).map(({ rule }) => rule.meta.id);
  const key = ids.join(',');
  const applies = appliesCache.get(key) ?? ids;
  appliesCache.set(key, applies);
  return { seq: exchange.seq, tool: exchange.tool, probe: exchange.probe, applies };
}

/** The exchange with long strings and arrays in its input and request frame abbreviated, once it has been graded. */
function compact(exchange: Exchange): void {
  exchange.case = { ...exchange.case, arguments: abbreviate(exchange.case.arguments), ...(exchange.case.delivery ? { delivery: abbreviate(exchange.case.delivery) as ProbeCase['delivery'] } : {}) };
  exchange.request = abbreviate(exchange.request) as Record<string, unknown>;
}

/**
 * Send a case that timed out or crashed the server once more, alone (nothing else in flight), and say whether the
 * same thing happened: only a failure that reproduces caps the grade. The resend is not recorded as an exchange.
 */
async function recheck(session: Session, tool: ToolInfo, probe: ProbeKind, probeCase: ProbeCase, index: number, kind: Exchange['outcome']['kind']): Promise<Exchange['recheck']> {
  const again = await execute(session, tool, probe, probeCase, UNKNOWN_PATH, 0);
  const same = again[Math.max(0, index)] ?? again[0];
  if (again.some((e) => e.outcome.kind === 'timeout' || e.outcome.kind === 'closed') && !(await session.isAlive())) await session.recover();
  return { reproduced: same.outcome.kind === kind, elapsedMs: same.elapsedMs };
}

/** After a server stopped answering: send the last input again, alone, and check liveness again. */
async function recheckLiveness(session: Session, tool: ToolInfo, probe: ProbeKind, last: Exchange): Promise<Exchange['recheck']> {
  const again = await execute(session, tool, probe, last.case, UNKNOWN_PATH, 0);
  const alive = await session.isAlive();
  if (!alive) await session.recover();
  return { reproduced: !alive, elapsedMs: again.at(-1)?.elapsedMs ?? 0 };
}

/** Put one probe case on the wire as its delivery says; a burst yields one exchange per request in it. */
async function execute(session: Session, tool: ToolInfo, probe: ProbeKind, probeCase: ProbeCase, path: string, seq: number): Promise<Exchange[]> {
  const delivery = probeCase.delivery;
  const call = (name: string, args: unknown) => ({ method: 'tools/call', params: args === undefined ? { name } : { name, arguments: args } });
  let raws: RawExchange[];
  switch (delivery?.kind) {
    case undefined:
      raws = [await session.request('tools/call', call(probeCase.name, probeCase.arguments).params)];
      break;
    case 'request':
      raws = [await session.requestOrSilence(delivery.method, delivery.params)];
      break;
    case 'raw':
      raws = [await session.unanswerable(delivery.text)];
      break;
    case 'notification':
      raws = [await session.notify(delivery.method, delivery.params)];
      break;
    case 'burst':
      raws = await session.burst(delivery.calls.map((c) => call(c.name, c.arguments)));
      break;
  }
  const noise = session.takeNoise();
  return raws.map((raw, index) => ({
    seq: seq + index,
    tool: tool.name,
    probe,
    case: probeCase,
    path,
    ...raw,
    ...(index === 0 && noise.length > 0 ? { noise } : {}),
    ...(delivery?.kind === 'burst' ? { burst: { index, size: raws.length, members: raws.map((r) => ({ outcome: r.outcome.kind, elapsedMs: r.elapsedMs })) } } : {}),
    ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema } : {}),
  }));
}
