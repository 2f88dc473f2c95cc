// Recoverability, counted (rulebook §9): of the refused calls the repair agent took, how many it recovered, how many the
// server confirmed, at the first try, per category and per tool; and what that does to the score.
import type { RecoveryCategory, RepairOutcome } from '../types.js';
import type { GradeCap } from './score.js';

export interface RecoveryCount {
  attempted: number;
  /** The agent built a call the judge accepts (by the schema or by the server), or stopped where stopping is right. */
  recovered: number;
  /** The part of `recovered` the server was sent and accepted. */
  confirmed: number;
  /** recovered / attempted; null when nothing was attempted. */
  rate: number | null;
}

export interface Recovery extends RecoveryCount {
  /** Recovered at the first try (Repair@1); `recovered` is Repair@N. */
  atFirst: number;
  /** atFirst / attempted. */
  rateAtFirst: number | null;
  /** The most tries the agent made at one validation error (--repair-attempts). */
  attempts: number;
  /** Transient failures retried without a stated delay. */
  blind: number;
  /** Retries the answer gave no ground for, that failed. */
  wasted: number;
  byCategory: Partial<Record<RecoveryCategory, RecoveryCount>>;
  byTool: Record<string, RecoveryCount>;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

function count(outcomes: readonly RepairOutcome[]): RecoveryCount {
  const recovered = outcomes.filter((o) => o.recovered).length;
  return { attempted: outcomes.length, recovered, confirmed: outcomes.filter((o) => o.confirmed).length, rate: outcomes.length === 0 ? null : round3(recovered / outcomes.length) };
}

function groups<K extends string>(items: readonly { key: K; outcome: RepairOutcome }[]): Record<K, RecoveryCount> {
  const by = new Map<K, RepairOutcome[]>();
  for (const { key, outcome } of items) by.set(key, [...(by.get(key) ?? []), outcome]);
  return Object.fromEntries([...by].sort(([a], [b]) => a.localeCompare(b)).map(([key, list]) => [key, count(list)])) as Record<K, RecoveryCount>;
}

/** The recovery counts of a run, from the outcomes its exchanges carry. */
export function recoveryOf(exchanges: readonly { tool: string; repair?: RepairOutcome }[], attempts: number): Recovery {
  const items = exchanges.flatMap((e) => (e.repair ? [{ tool: e.tool, outcome: e.repair }] : []));
  const outcomes = items.map((i) => i.outcome);
  const atFirst = outcomes.filter((o) => o.recovered && o.attempt === 1).length;
  return {
    ...count(outcomes),
    atFirst,
    rateAtFirst: outcomes.length === 0 ? null : round3(atFirst / outcomes.length),
    attempts,
    blind: outcomes.filter((o) => o.blind).length,
    wasted: outcomes.filter((o) => o.wasted).length,
    byCategory: groups(items.map((i) => ({ key: i.outcome.category, outcome: i.outcome }))),
    byTool: groups(items.map((i) => ({ key: i.tool, outcome: i.outcome }))),
  };
}

/** Points of every hundred the unrecovered share takes off the score (all of them unrecovered: this many). */
export const RECOVERY_WEIGHT = 25;
/** Below this rate an agent cannot act on most of the server's errors: the grade is C at best. */
export const RECOVERY_CAP_RATE = 0.5;
/** The cap needs this many attempts: two or three refusals are too few to say an agent cannot act on the server's errors. */
export const RECOVERY_CAP_MIN_ATTEMPTS = 4;

/** What the recovery rate does to the score: a penalty (multiplied in like a defect's) and, when it is low, a ceiling. */
export function recoveryEffect(recovery: Pick<Recovery, 'attempted' | 'recovered' | 'rate'>): { penalty: number; cap?: GradeCap } {
  if (recovery.rate === null) return { penalty: 0 };
  const penalty = Math.round(RECOVERY_WEIGHT * (1 - recovery.rate) * 10) / 10;
  if (recovery.attempted < RECOVERY_CAP_MIN_ATTEMPTS || recovery.rate >= RECOVERY_CAP_RATE) return { penalty };
  return { penalty, cap: { max: 'C', reason: `an agent recovered from ${recovery.recovered} of ${recovery.attempted} refused calls (${Math.round(recovery.rate * 100)}%)` } };
}
