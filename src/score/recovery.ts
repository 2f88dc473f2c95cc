// Recoverability, counted (rulebook §9): of the refused calls the repair agent took, how many it recovered, how many the
// server confirmed, at the first try, per category and per tool; and what that does to the score.
import type { OutOfRate, RecoveryCategory, RepairOutcome } from '../exchange.js';
import { groupBy } from '../util/group.js';

export interface RecoveryCount {
  /** Refused calls the agent took. */
  attempted: number;
  /** The agent built a call the judge accepts (by the schema or by the server), or stopped where stopping is right. */
  recovered: number;
  /** The part of `recovered` the server was sent and accepted. */
  confirmed: number;
  /** The answer gave the agent nothing (or advice refused again for the same reason): each one is a finding. */
  notRecoverable: number;
  /** The answer named something the agent could not turn into a call: never a finding, out of the rate. */
  undetermined: number;
  /** recovered / (recovered + notRecoverable); null when no decision counts. */
  rate: number | null;
}

export interface Recovery extends RecoveryCount {
  /** Decisions left out of the counts above and of the rate: unknown tools (fixed from tools/list), the server's upstream down, a program it runs missing, a credential or setting it lacks. */
  outOfRate: { unknownTool: number; upstream: number; runtime: number; configuration: number };
  /** Recovered at the first try (Repair@1); `recovered` is Repair@N. */
  atFirst: number;
  /** atFirst / (recovered + notRecoverable). */
  rateAtFirst: number | null;
  /** The most tries the agent made at one validation error (--repair-attempts). */
  attempts: number;
  /** Transient failures retried without a stated delay. */
  blind: number;
  /** Retries the answer gave no ground for, that failed. */
  wasted: number;
  /** Undetermined decisions by what the answer named that the agent could not act on. */
  undeterminedCauses: Record<string, number>;
  /** Per category, every decision of it (an unknown tool's too: reported apart), each with its own rate. */
  byCategory: Partial<Record<RecoveryCategory, RecoveryCount>>;
  /** Per tool, the decisions the rate counts. */
  byTool: Record<string, RecoveryCount>;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const rateOf = (part: number, whole: number) => (whole === 0 ? null : round3(part / whole));

function count(outcomes: readonly RepairOutcome[]): RecoveryCount {
  const recovered = outcomes.filter((o) => o.result === 'recovered').length;
  const notRecoverable = outcomes.filter((o) => o.result === 'not-recoverable').length;
  return {
    attempted: outcomes.length,
    recovered,
    confirmed: outcomes.filter((o) => o.confirmed).length,
    notRecoverable,
    undetermined: outcomes.filter((o) => o.result === 'undetermined').length,
    rate: rateOf(recovered, recovered + notRecoverable),
  };
}

function groups<K extends string>(items: readonly { key: K; outcome: RepairOutcome }[]): Record<K, RecoveryCount> {
  const by = groupBy(items, (item) => item.key);
  return Object.fromEntries([...by].sort(([a], [b]) => a.localeCompare(b)).map(([key, list]) => [key, count(list.map((item) => item.outcome))])) as Record<K, RecoveryCount>;
}

/** The recovery counts of a run, from the outcomes its exchanges carry. */
export function recoveryOf(exchanges: readonly { tool: string; repair?: RepairOutcome }[], attempts: number): Recovery {
  const items = exchanges.flatMap((e) => (e.repair ? [{ tool: e.tool, outcome: e.repair }] : []));
  const rated = items.filter((i) => i.outcome.outOfRate === undefined);
  const outOf = (why: OutOfRate) => items.filter((i) => i.outcome.outOfRate === why).length;
  const outcomes = rated.map((i) => i.outcome);
  const counted = count(outcomes);
  const atFirst = outcomes.filter((o) => o.result === 'recovered' && o.attempt === 1).length;
  const causes: Record<string, number> = {};
  for (const o of outcomes) if (o.result === 'undetermined') causes[o.cause ?? 'other'] = (causes[o.cause ?? 'other'] ?? 0) + 1;
  return {
    ...counted,
    attempted: items.length,
    outOfRate: { unknownTool: outOf('unknown-tool'), upstream: outOf('upstream'), runtime: outOf('runtime'), configuration: outOf('configuration') },
    atFirst,
    rateAtFirst: rateOf(atFirst, counted.recovered + counted.notRecoverable),
    attempts,
    blind: outcomes.filter((o) => o.blind).length,
    wasted: outcomes.filter((o) => o.wasted).length,
    undeterminedCauses: Object.fromEntries(Object.entries(causes).sort(([a, x], [b, y]) => y - x || a.localeCompare(b))),
    byCategory: groups(items.map((i) => ({ key: i.outcome.category, outcome: i.outcome }))),
    byTool: groups(rated.map((i) => ({ key: i.tool, outcome: i.outcome }))),
  };
}

/** Points of every hundred the unrecovered share takes off the score (all of them unrecovered: this many). */
export const RECOVERY_WEIGHT = 25;
/** Below this rate an agent cannot act on most of the server's errors: the grade is C at best. */
export const RECOVERY_CAP_RATE = 0.5;
/** The cap needs this many attempts: two or three refusals are too few to say an agent cannot act on the server's errors. */
export const RECOVERY_CAP_MIN_ATTEMPTS = 4;

/** What the recovery rate does to the score: a penalty (multiplied in like a defect's) and, when it is low, a ceiling. */
// The cap is spelled out rather than typed as score.ts's GradeCap: score.ts imports this file, and the flow runs one way.
export function recoveryEffect(recovery: Pick<Recovery, 'recovered' | 'notRecoverable' | 'rate'>): { penalty: number; cap?: { max: 'C'; reason: string } } {
  if (recovery.rate === null) return { penalty: 0 };
  const penalty = Math.round(RECOVERY_WEIGHT * (1 - recovery.rate) * 10) / 10;
  const counted = recovery.recovered + recovery.notRecoverable;
  if (counted < RECOVERY_CAP_MIN_ATTEMPTS || recovery.rate >= RECOVERY_CAP_RATE) return { penalty };
  return { penalty, cap: { max: 'C', reason: `an agent recovered from ${recovery.recovered} of the ${counted} refused calls it could judge (${Math.round(recovery.rate * 100)}%)` } };
}
