// The run stage: executes each (tool, probe) batch of the plan against the session under one seed, grading every answer
// as it comes (shrinking follows the rules that failed), within the tool limits, one tool at a time or side by side.
import fc from 'fast-check';
import type { ProbeKind } from '../types.js';
import type { Exchange, RepairOutcome, RepairRecord } from '../exchange.js';
import type { Graded, GradedExchange, RuleHit } from './types.js';
import type { ProbeCase } from '../probe-case.js';
import type { Skip } from '../plan/types.js';
import type { ToolInfo } from '../session/types.js';
import { NO_TOOL } from '../plan/types.js';
import { UNKNOWN_PATH } from './types.js';
import type { RawExchange, Session } from '../session/session.js';
import { withhold } from './withhold.js';
import { planUnits, type Batch, type PlannedUnit, type PlanOptions } from '../plan/batches.js';
import { callPolicy, type SafetyFlags } from '../plan/safety.js';
import { abbreviate } from '../util/text.js';
import { releaseSchemaCaches } from '../schema/caches.js';
import { asSchema, propertySchemas } from '../schema/read.js';
import { Interrupted, interruptionOf } from '../interrupt.js';
import { Abandoned, UnitPool } from './pool.js';
import { limitedAs, ToolLimits } from './limits.js';
import { exploreAndShrink, replayOne, type Search } from './shrink.js';
import { discover } from './discovery.js';

export interface RunOptions extends PlanOptions {
  seed: number;
  runs: number;
  /** Grade one exchange: the rules that apply to it (its checks) and their hits. Pure. */
  grade(exchange: Exchange): Graded;
  /** The repair stage: it picks refused calls from each graded batch, and takes its turn on them once the tool is probed. */
  repair?: Repairer;
  /** Does this hit show that the server cannot take calls side by side? Then every tool is probed alone. */
  serializes(hit: RuleHit): boolean;
  onProgress?: (progress: { done: number; total: number; tool: string; probe: ProbeKind }) => void;
  /** Stops the run between tools (the session stops it mid-call). */
  signal?: AbortSignal;
  /** Time one tool (or one server-scope probe kind) may take; past it the tool's further inputs are not sent. */
  toolBudgetMs?: number;
  /** How many tools may be probed at once (default 1); 1 when the server fails concurrent-calls. */
  concurrency?: number;
}

/**
 * The repair stage as the engine sees it. Its turn comes once every batch of a tool is graded, so its own calls change
 * nothing the probes send or find; the exchanges it picked are kept whole until then.
 */
export interface Repairer {
  /** The refused calls of one graded batch (whole, in run order) that the agent will take. */
  pick(exchanges: readonly Exchange[]): Exchange[];
  /** The agent's turn on what it picked of one tool: the exchanges it attached a repair record to (they are graded again). */
  take(turn: RepairTurn): Promise<readonly Exchange[]>;
}

/** What the repair stage gets of one probed tool. */
export interface RepairTurn {
  tool: ToolInfo;
  /** The refused calls it picked, whole, in run order. */
  exchanges: readonly Exchange[];
  /**
   * Send one tools/call for the refused call `of` (recorded in the repair transcript, not among the run's exchanges),
   * within the tool's limits: its exchange, or why it was not sent.
   */
  send(of: Exchange, name: string, args: Record<string, unknown>, mayRunLong: boolean): Promise<Exchange | { notSent: string }>;
}

export interface RunResult {
  /** In run order, each with the rules that applied to it: exchanges some rule hit (whole), the rest reduced to that. */
  exchanges: (Exchange | GradedExchange)[];
  /** Planned inputs sent: each input of a batch once (a burst as one), not the shrinking's or the repair agent's calls. */
  sent: number;
  hits: RuleHit[];
  skips: Skip[];
  /** Set when the run was stopped (deadline, signal) before every batch ran; the unrun ones are in `skips`. */
  interrupted?: Interrupted;
}

/**
 * Run every unit: the server-scope probes first, alone, then the tools. With `concurrency` above 1 (and a server that
 * passed concurrent-calls), up to that many tools are probed at once, each into a result of its own, merged in tool
 * order so the report is the one a run of one tool at a time gives. Anything that could make a tool's verdicts depend on
 * what ran beside it (a timeout, a crash, a slow answer, noise, strays, progress) sends the run back to one tool at a
 * time: the tools then in flight are run again from their start, alone.
 */
export async function runProbes(session: Session, tools: readonly ToolInfo[], allTools: readonly ToolInfo[], options: RunOptions): Promise<RunResult> {
  const result: RunResult = { exchanges: [], hits: [], skips: [], sent: 0 };
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
  if (serverRun) return stopped(result, serverRun.interruption, [serverRun.cut], tools, options);
  const concurrency = result.hits.some(options.serializes) ? 1 : Math.max(1, options.concurrency ?? 1);
  const pool = new UnitPool(units, concurrency, session);
  const results = new Map<number, RunResult>();
  let interrupted: Interrupted | undefined;
  const cuts: Cut[] = [];
  const worker = async (beside: boolean): Promise<void> => {
    while (interrupted === undefined && !(beside && pool.alone)) {
      const item = pool.take();
      if (item === undefined) return;
      const local: RunResult = { exchanges: [], hits: [], skips: [], sent: 0 };
      try {
        const cut = await runUnit(session, item.unit, options, local, limits, progress, beside ? pool : undefined);
        results.set(item.n, local);
        if (cut) {
          interrupted ??= cut.interruption;
          cuts.push(cut.cut);
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
  if (interrupted) return stopped(result, interrupted, cuts, pool.unstarted(tools, results), options);
  return result;
}

/** Append a unit's result to the run's, renumbering its exchanges after those already there. */
function merge(into: RunResult, unit: RunResult): void {
  const offset = into.exchanges.length;
  for (const exchange of unit.exchanges) exchange.seq += offset;
  into.exchanges.push(...unit.exchanges);
  into.hits.push(...unit.hits);
  into.skips.push(...unit.skips);
  into.sent += unit.sent;
}

/** Where an interruption cut a unit: the batches it did not finish, and how many inputs the first of them had sent. */
export interface Cut {
  left: readonly Batch[];
  sentOfFirst: number;
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
): Promise<{ interruption: Interrupted; cut: Cut } | undefined> {
  result.skips.push(...unit.skips);
  const picked: Exchange[] = [];
  for (const [index, batch] of unit.batches.entries()) {
    const { tool, probe } = batch;
    progress(tool.name, probe, index);
    const held = limits.held(limitedAs(tool.name, probe));
    if (session.gone) result.skips.push(cutSkip(tool.name, probe, `not run: ${session.gone}`, plannedInputs(batch, options)));
    else if (held?.all) result.skips.push(cutSkip(tool.name, probe, `not run: ${held.reason}`, plannedInputs(batch, options)));
    else {
      const sentBefore = result.sent;
      try {
        await runBatch(session, batch, options, result, limits, picked, pool);
      } catch (error) {
        if (!(error instanceof Interrupted)) throw error;
        settle(picked, result);
        return { interruption: error, cut: { left: unit.batches.slice(index), sentOfFirst: result.sent - sentBefore } };
      }
    }
  }
  try {
    await repairTurn(session, unit, picked, options, result, limits, pool);
  } catch (error) {
    if (!(error instanceof Interrupted)) throw error;
    return { interruption: error, cut: { left: [], sentOfFirst: 0 } };
  } finally {
    settle(picked, result);
  }
  return undefined;
}

/** The repair agent's turn on one tool's picked refusals, once all its batches are graded: each repaired one is graded again. */
async function repairTurn(session: Session, unit: PlannedUnit, picked: readonly Exchange[], options: RunOptions, result: RunResult, limits: ToolLimits, pool?: UnitPool): Promise<void> {
  const tool = unit.batches[0]?.tool;
  if (!options.repair || tool === undefined || picked.length === 0 || session.gone || limits.held(tool.name)?.all) return;
  const send = (of: Exchange, name: string, args: Record<string, unknown>, mayRunLong: boolean) => sendRepair(session, tool, of.probe, limits, { name, args, mayRunLong }, pool);
  for (const exchange of await options.repair.take({ tool, exchanges: picked, send })) regrade(exchange, options, result);
}

/** The picked exchanges, kept whole for the agent, reduced now as the others were at the end of their batch. */
function settle(picked: Exchange[], result: RunResult): void {
  const hit = new Set(result.hits.map((h) => h.exchange));
  for (const exchange of picked.splice(0)) {
    const i = result.exchanges.indexOf(exchange);
    if (i < 0) continue;
    if (hit.has(exchange)) compact(exchange);
    else result.exchanges[i] = reduced(exchange);
  }
}

/** What the run keeps of an exchange no rule hit: its checks, and the repair agent's outcome on it. */
function reduced(exchange: Exchange): GradedExchange {
  return { seq: exchange.seq, tool: exchange.tool, probe: exchange.probe, applies: exchange.applies ?? [], ...(exchange.repair ? { repair: outcomeOf(exchange.repair) } : {}) };
}

/**
 * The run, interrupted: the unrun batches of each unit it cut are skipped per probe kind when its tool was reached (else
 * once for the tool), and every tool no unit reached is listed as not probed (or, if the policy never calls it, why).
 */
export function stopped(result: RunResult, interruption: Interrupted, cuts: readonly Cut[], laterTools: readonly ToolInfo[], flags: SafetyFlags & Pick<RunOptions, 'runs' | 'replay'>): RunResult {
  result.interrupted = interruption;
  const why = interruption.message;
  const cut = new Set<string>();
  for (const { left, sentOfFirst } of cuts) {
    const tool = left[0]?.tool.name;
    if (tool === undefined) continue;
    cut.add(tool);
    if (tool === NO_TOOL || result.exchanges.some((e) => e.tool === tool)) {
      // The batch the interruption came in had sent some of its inputs already.
      for (const [i, batch] of left.entries()) result.skips.push(cutSkip(tool, batch.probe, `cut short: ${why}`, plannedInputs(batch, flags) - (i === 0 ? sentOfFirst : 0)));
    } else result.skips.push({ tool, probe: '*', reason: `not probed: ${why}` });
  }
  for (const later of laterTools) {
    if (cut.has(later.name)) continue;
    // A tool the policy never calls (task-only, destructive) is skipped for that, interrupted or not.
    const policy = callPolicy(later, flags);
    result.skips.push({ tool: later.name, probe: '*', reason: policy.level === 'none' ? policy.reason! : `not probed: ${why}` });
  }
  return result;
}

/** A skip for inputs a limit or an interruption kept back, with how many (none: no count). */
function cutSkip(tool: string, probe: ProbeKind, reason: string, notSent: number): Skip {
  return notSent > 0 ? { tool, probe, reason, notSent } : { tool, probe, reason };
}

/** How many inputs a batch would send: its enumerated cases and, when it has random ones, `runs` of them (one for a replay). */
function plannedInputs({ plan }: Batch, options: Pick<RunOptions, 'runs' | 'replay'>): number {
  return options.replay ? 1 : plan.enumerated.length + (plan.arbitrary === null ? 0 : options.runs);
}

/** A 32-bit seed per (tool, probe), so a replay of one pair does not depend on which others ran. */
export function batchSeed(seed: number, tool: string, probe: ProbeKind): number {
  let hash = (seed ^ 0x9e3779b9) >>> 0;
  for (const char of `${tool}\u0000${probe}`) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193) >>> 0;
  return hash | 0;
}

async function runBatch(
  session: Session,
  { tool: toolInfo, probe, plan }: Batch,
  options: RunOptions,
  result: RunResult,
  limits: ToolLimits,
  picked: Exchange[],
  pool?: UnitPool,
): Promise<void> {
  const tool = toolInfo.name;
  const limited = limitedAs(tool, probe);
  const { enumerated, arbitrary } = plan;
  const firstExchange = result.exchanges.length;
  const firstHit = result.hits.length;
  const batch = { stopped: false, stoppedBy: '', unsent: 0, lastExchange: undefined as Exchange | undefined, fatal: undefined as unknown, withheld: 0, heldBy: '' };
  // Answers wait here to be graded: grading one while the server works on the next overlaps our CPU with the server's.
  const ungraded: Exchange[] = [];
  const grade = (): RuleHit[] =>
    ungraded.splice(0).flatMap((exchange) => {
      const { applies, hits } = options.grade(exchange);
      exchange.applies = applies;
      result.hits.push(...hits);
      return hits;
    });
  const sendOne = async (probeCase: ProbeCase, path: string): Promise<void> => {
    const mayRunLong = tool !== NO_TOOL && (probeCase.expect === 'valid-input' || probeCase.expect === 'any');
    const hold = limits.before(limited, mayRunLong);
    if (hold) {
      batch.withheld++; // a tool slow on valid input costs one wait, not one per input and probe kind
      batch.heldBy = hold.reason;
      return;
    }
    if (path !== UNKNOWN_PATH) result.sent++; // an input of the plan, not a shrinking candidate
    const sending = execute(session, toolInfo, probe, probeCase, path, result.exchanges.length + 1); // written at once
    grade();
    const exchanges = await sending;
    pool?.check(exchanges, session.facts.timeoutMs); // beside other tools: anything they could have caused sends it back
    result.exchanges.push(...exchanges);
    batch.lastExchange = exchanges.at(-1);
    const broken = exchanges.find((e) => (e.outcome.kind === 'timeout' && !e.cancelled) || e.outcome.kind === 'closed');
    if (broken) {
      await checkLiveness(session, broken);
      if (!broken.alive) await session.recover();
      if (!session.gone) broken.recheck = await recheck(session, toolInfo, probe, probeCase, exchanges.indexOf(broken), broken.outcome.kind);
      // One timeout or crash is enough evidence for a tool's (tool, probe). A server-scope probe's inputs are distinct
      // checks (frames, methods): a frame that ended the server does not stand for the others, which go to its restart.
      const ended = broken.outcome.kind === 'closed' ? 'ended the server' : 'timed out';
      if (session.gone) [batch.stopped, batch.stoppedBy] = [true, `${probeCase.label} ${ended}, and ${session.gone}`];
      else if (tool !== NO_TOOL || broken.outcome.kind !== 'closed') [batch.stopped, batch.stoppedBy] = [true, `${probeCase.label} ${ended}: one is enough evidence for this probe kind`];
    }
    limits.after(limited, probe, probeCase, exchanges, mayRunLong);
    ungraded.push(...exchanges);
  };
  // fast-check would take a throw for a failing input and hide it: a throw (an interruption) ends the run instead.
  const send = async (probeCase: ProbeCase, path: string): Promise<void> => {
    if (batch.fatal) return;
    try {
      await sendOne(probeCase, path);
    } catch (error) {
      batch.fatal = error;
    }
  };
  // Every enumerated case runs first (fast-check counts examples inside numRuns), then `runs` random ones.
  const search: Search = {
    source: arbitrary ?? fc.constantFrom(...enumerated),
    check: (property, path) =>
      fc.check(property, {
        seed: batchSeed(options.seed, tool, probe),
        numRuns: enumerated.length + (arbitrary === null ? 0 : options.runs),
        examples: enumerated.map((c) => [c] as [ProbeCase]),
        path,
      }),
    send,
    async sendGraded(probeCase, path) {
      await send(probeCase, path);
      return grade();
    },
    graded() {
      grade();
      return result.hits.slice(firstHit);
    },
    stopped: () => batch.stopped,
    notSent: () => void batch.unsent++,
    shrinkable: arbitrary !== null,
    found(smallest, path) {
      const sent = JSON.stringify(smallest);
      const exchange = result.exchanges.findLast((e): e is Exchange => 'case' in e && e.tool === tool && e.probe === probe && e.path === UNKNOWN_PATH && JSON.stringify(e.case) === sent);
      if (exchange) exchange.path = path;
    },
  };
  if (options.replay) await replayOne(search, options.replay.path);
  else await exploreAndShrink(search);
  grade();

  if (batch.fatal !== undefined) throw batch.fatal;
  if (batch.withheld > 0) result.skips.push({ tool, probe, reason: `${batch.withheld} input(s) not sent: ${batch.heldBy}`, notSent: batch.withheld });
  if (batch.unsent > 0) result.skips.push({ tool, probe, reason: `${batch.unsent} input(s) not sent: ${batch.stoppedBy}`, notSent: batch.unsent });
  const last = batch.lastExchange;
  if (last && last.alive === undefined && !session.gone) {
    await checkLiveness(session, last);
    pool?.check([], session.facts.timeoutMs, !last.alive);
    if (!last.alive) {
      await session.recover();
      if (!session.gone) last.recheck = await recheckLiveness(session, toolInfo, probe, last);
      regrade(last, options, result);
    }
  }
  // The refused calls the repair agent will take stay whole until its turn, when the tool is probed.
  const kept = new Set(options.repair?.pick(result.exchanges.slice(firstExchange).filter((e): e is Exchange => 'case' in e)) ?? []);
  picked.push(...kept);
  // Graded: what the report needs of each input is an abbreviation (an oversized probe's megabyte stays in no exchange).
  const hit = new Set(result.hits.slice(firstHit).map((h) => h.exchange));
  for (let i = firstExchange; i < result.exchanges.length; i++) {
    const exchange = result.exchanges[i];
    if (!('case' in exchange) || kept.has(exchange)) continue;
    if (hit.has(exchange)) compact(exchange);
    else result.exchanges[i] = reduced(exchange);
  }
}

/** A repair record without its transcript: what the recovery counts need of an exchange no rule hit. */
function outcomeOf({ steps: _steps, ...outcome }: RepairRecord): RepairOutcome {
  return outcome;
}

/** One call of the repair agent, within the tool's limits; a timeout or a crash is recovered from as a probe's is. */
async function sendRepair(
  session: Session,
  tool: ToolInfo,
  probe: ProbeKind,
  limits: ToolLimits,
  call: { name: string; args: Record<string, unknown>; mayRunLong: boolean },
  pool?: UnitPool,
): Promise<Exchange | { notSent: string }> {
  if (session.gone) return { notSent: `not sent: ${session.gone}` };
  const hold = limits.before(tool.name, call.mayRunLong);
  if (hold) return { notSent: `not sent: ${hold.reason}` };
  const probeCase: ProbeCase = { name: call.name, arguments: call.args, expect: 'any', label: 'the repair agent\'s call' };
  const [exchange] = await execute(session, tool, probe, probeCase, UNKNOWN_PATH, 0);
  pool?.check([exchange], session.facts.timeoutMs);
  limits.after(tool.name, probe, probeCase, [exchange], call.mayRunLong);
  if ((exchange.outcome.kind === 'timeout' && !exchange.cancelled) || exchange.outcome.kind === 'closed') {
    if (!(await session.isAlive())) await session.recover();
  }
  return exchange;
}

/** Grade an exchange again once its liveness is known: the hits that this adds (a server that stopped answering after it). */
function regrade(exchange: Exchange, options: RunOptions, result: RunResult): void {
  const key = (hit: RuleHit) => `${hit.ruleId}\u0000${hit.messageId}\u0000${JSON.stringify(hit.data)}`;
  const before = new Set(result.hits.filter((hit) => hit.exchange === exchange).map(key));
  const { applies, hits } = options.grade(exchange);
  exchange.applies = applies;
  result.hits.push(...hits.filter((hit) => !before.has(key(hit))));
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

/** Whether the server still answers after this exchange, on it; and, when not, whether it lost the session it issued. */
async function checkLiveness(session: Session, exchange: Exchange): Promise<void> {
  exchange.alive = await session.isAlive();
  if (!exchange.alive && session.lostSession) exchange.lostSession = true;
}

/** Put one probe case on the wire as its delivery says; a burst yields one exchange per request in it. */
async function execute(session: Session, tool: ToolInfo, probe: ProbeKind, probeCase: ProbeCase, path: string, seq: number): Promise<Exchange[]> {
  const delivery = probeCase.delivery;
  const call = (name: string, args: unknown) => ({ method: 'tools/call', params: args === undefined ? { name } : { name, arguments: args } });
  let raws: Array<RawExchange & Pick<Exchange, 'control' | 'discovery'>>;
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
    case 'http': {
      const control = delivery.control && (await session.variant(delivery.control));
      const raw = await session.variant(delivery.request);
      raws = [control ? { ...raw, control: { outcome: control.outcome.kind, status: control.http?.status ?? 0 } } : raw];
      break;
    }
    case 'metadata':
      raws = [await discover(session, delivery)];
      break;
  }
  const noise = session.takeNoise();
  if (probeCase.sensitive) raws = raws.map(withhold);
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
    ...(tool.name !== NO_TOOL ? { inputProperties: inputPropertiesOf(tool), inputSchema: tool.inputSchema } : {}),
  }));
}

const declaredInputs = new WeakMap<ToolInfo, string[]>();

/** A tool's declared top-level input property names, worked out once per tool. */
function inputPropertiesOf(tool: ToolInfo): string[] {
  let names = declaredInputs.get(tool);
  if (!names) {
    names = Object.keys(propertySchemas(asSchema(tool.inputSchema)));
    declaredInputs.set(tool, names);
  }
  return names;
}
