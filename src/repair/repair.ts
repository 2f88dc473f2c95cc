// The repair stage: from each graded (tool, probe) batch the agent picks a few refused calls, deterministically; once the
// tool is probed it takes its turn on them and attaches to each the record of its attempt (the agent-recovers rule grades
// it; the score counts it).
import type { Exchange, RepairDecision } from '../exchange.js';
import type { MetadataOptions } from '../matchers/metadata.js';
import type { ToolInfo } from '../session/types.js';
import { abbreviate } from '../util/text.js';
import { NO_TOOL } from '../plan/types.js';
import type { Repairer } from '../engine/run.js';
import { callPolicy, type SafetyFlags } from '../plan/safety.js';
import { isRefusal } from '../diagnose/view.js';
import { repairCall, type AgentSettings } from './agent.js';

/** Refused calls the agent takes per (tool, probe kind): enough to measure, few enough to keep a run's time. */
export const REPAIRS_PER_BATCH = 2;

export interface RepairSettings {
  /** Tries at a validation error (0: no repair agent). */
  attempts: number;
  flags: SafetyFlags;
  metadata?: MetadataOptions;
  allTools: readonly ToolInfo[];
  /** The run's stop signal: a wait ends with it. */
  signal?: AbortSignal;
  maxWaitMs?: number;
  backoffMs?: number;
  onRepair?: (decision: RepairDecision) => void;
}

/** A tools/call of ours the server refused: an error answer (tool or JSON-RPC), or an HTTP refusal without one. */
export function refused(exchange: Exchange): boolean {
  if (exchange.case.delivery !== undefined || exchange.burst !== undefined) return false;
  if (exchange.case.expect === 'protocol-error' || exchange.case.expect === 'no-answer') return false;
  return isRefusal(exchange);
}

/** The refused calls the agent takes: distinct calls in run order, an unknown tool's near misses first (an agent's likely slip). */
export function chooseRefusals(exchanges: readonly Exchange[]): Exchange[] {
  const refusals = exchanges.filter(refused);
  const ranked = refusals[0]?.case.expect === 'unknown-tool' ? [...refusals.filter((e) => e.case.target !== undefined), ...refusals.filter((e) => e.case.target === undefined)] : refusals;
  const seen = new Set<string>();
  const chosen: Exchange[] = [];
  for (const e of ranked) {
    if (chosen.length === REPAIRS_PER_BATCH) break;
    // Abbreviated: an oversized probe's megabyte need not be written out to tell two calls apart.
    const key = JSON.stringify([e.case.name, abbreviate(e.case.arguments ?? null)]);
    if (!seen.has(key) && seen.add(key)) chosen.push(e);
  }
  return chosen;
}

/** The repair stage as the engine calls it: what it picks of each graded batch, and its turn once a tool is probed. */
export function repairer(settings: RepairSettings): Repairer | undefined {
  if (settings.attempts <= 0) return undefined;
  const byName = new Map(settings.allTools.map((t) => [t.name, t]));
  const agent: AgentSettings = {
    attempts: settings.attempts,
    metadata: settings.metadata,
    toolNames: settings.allTools.map((t) => t.name),
    maxWaitMs: settings.maxWaitMs ?? 5_000,
    backoffMs: settings.backoffMs ?? 1_000,
    wait: (ms) => sleep(ms, settings.signal),
  };
  const take: Repairer['take'] = async (turn) => {
    const repaired: Exchange[] = [];
    for (const exchange of turn.exchanges) {
      const tool = turn.tool.name === NO_TOOL ? byName.get(exchange.case.name) : turn.tool;
      const policy = tool === undefined ? { level: 'none' as const, reason: 'no such tool' } : callPolicy(tool, settings.flags);
      exchange.repair = await repairCall({ exchange, tool, policy }, (name, args, mayRunLong) => turn.send(exchange, name, args, mayRunLong), agent);
      repaired.push(exchange);
      settings.onRepair?.({
        tool: exchange.tool,
        probe: exchange.probe,
        label: exchange.case.label,
        call: { name: exchange.case.name, arguments: abbreviate(exchange.case.arguments ?? null) },
        answer: JSON.stringify(abbreviate(exchange.response ?? exchange.outcome)).slice(0, 2000),
        record: exchange.repair,
      });
    }
    return repaired;
  };
  return { pick: chooseRefusals, take };
}

/** Wait `ms`, or less when the signal stops the run (the engine then notices the interruption). */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
