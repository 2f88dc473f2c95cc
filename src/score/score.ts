// The score stage: checks (rule × tool × probe) with verdicts, defects with their breadth, the score and the grade (rulebook §6; docs/scoring.md). Pure.
import type { Grade, ProbeKind, Severity } from '../types.js';
import type { Exchange } from '../exchange.js';
import type { RuleHit } from '../engine/types.js';
import { NO_TOOL, SURFACE_OF } from '../plan/types.js';
import type { EnabledRule } from '../grade/grade.js';
import { ruleById } from '../../rules/index.js';
import type { Coverage } from './coverage.js';
import { recoveryEffect, type Recovery } from './recovery.js';
import { groupBy } from '../util/group.js';

export type { Grade };

export interface Check {
  ruleId: string;
  tool: string;
  probe: ProbeKind;
  verdict: 'pass' | 'fail';
  /** A failing check weighs at the worst severity it was reported with; a passing one at the rule's level. */
  severity: Severity;
  exchanges: number;
}

/**
 * One defect: a rule failing at one severity, on some share (`breadth`) of the server's surface: each probed tool,
 * plus the server's own protocol handling (the '(server)' probes) as one more unit.
 */
export interface Defect {
  ruleId: string;
  severity: Severity;
  /** Units (tools, and the server) with a failing check of this rule at this severity. */
  tools: number;
  /** Units checked in this run, by any rule. */
  of: number;
  breadth: number;
  /** Points (out of 100) this defect takes off, before the defects are combined. */
  penalty: number;
}

/** A ceiling on the grade, and why. */
export interface GradeCap {
  max: Grade;
  reason: string;
}

/** One step from 100 to the score: a defect's points, recovery's, a ceiling's squeeze. 100 + the sum of `points` is `score.score`. */
export interface ScoreStep {
  label: string;
  /** Negative: points taken off the score as it stood before this step (0 for a ceiling the score was already under). */
  points: number;
}

/**
 * A severity-weighted pass rate over one tool's or one rule's own checks: not a score, and no grade can be read from
 * it (a tool can pass 96 % of its checks while the defect it shares with every other tool grades the server C).
 */
export interface SubScore {
  score: number | null;
  passed: number;
  failed: number;
}

export interface Score {
  score: number;
  /** 'incomplete': the run probed no tool of a server that lists tools, so it has no letter grade. */
  grade: Grade | 'incomplete';
  /** Every ceiling that applies; the grade is below each of them. */
  caps: GradeCap[];
  defects: Defect[];
  /** Points the unrecovered share of refused calls took off (rulebook §9; docs/scoring.md), multiplied in like a defect's. */
  recoveryPenalty: number;
  /** How the score was reached, one step a line: 100, then each penalty as the points it took off, then each ceiling. */
  breakdown: ScoreStep[];
  byRule: Record<string, SubScore>;
  byTool: Record<string, SubScore>;
}

export const SEVERITY_WEIGHT: Record<Severity, number> = { error: 5, warning: 3, note: 1 };
export const SEVERITY_RANK: Record<Severity, number> = { note: 1, warning: 2, error: 3 };

/** Lowest score of each grade, best first. */
const BANDS: Array<[number, Grade]> = [
  [95, 'A+'],
  [85, 'A'],
  [70, 'B'],
  [55, 'C'],
  [40, 'D'],
  [0, 'F'],
];

/** Penalty of a defect: a floor for being there at all, plus a share that grows with its breadth (0..1). */
const PENALTY: Record<Severity, { base: number; breadth: number }> = {
  error: { base: 10, breadth: 20 },
  warning: { base: 2, breadth: 10 },
  note: { base: 0.5, breadth: 1 },
};

const checkKey = (ruleId: string, tool: string, probe: string) => `${ruleId}\u0000${tool}\u0000${probe}`;

const worse = (a: Severity, b: Severity): Severity => (SEVERITY_RANK[a] >= SEVERITY_RANK[b] ? a : b);

/** One check per (rule, tool, probe) that had at least one applicable exchange (as grading found); it fails when any hit landed. */
export function buildChecks(exchanges: readonly Pick<Exchange, 'tool' | 'probe' | 'applies'>[], hits: readonly RuleHit[], rules: readonly EnabledRule[]): Check[] {
  const failedAt = new Map<string, Severity>();
  for (const hit of hits) {
    const key = checkKey(hit.ruleId, hit.exchange.tool, hit.exchange.probe);
    failedAt.set(key, worse(failedAt.get(key) ?? 'note', hit.severity));
  }
  // The checks in the order they first appear, found by (tool, probe) and then by rule: one key per exchange, not per rule.
  const checks: Check[] = [];
  const byUnit = new Map<string, Map<string, Check>>();
  const add = (ruleId: string, level: Severity, exchange: Pick<Exchange, 'tool' | 'probe'>, unit: Map<string, Check>) => {
    const check = unit.get(ruleId);
    if (check) {
      check.exchanges++;
      return;
    }
    const failed = failedAt.get(checkKey(ruleId, exchange.tool, exchange.probe));
    const created: Check = { ruleId, tool: exchange.tool, probe: exchange.probe, verdict: failed ? 'fail' : 'pass', severity: failed ?? level, exchanges: 1 };
    unit.set(ruleId, created);
    checks.push(created);
  };
  const unitOf = (exchange: Pick<Exchange, 'tool' | 'probe'>) => {
    const key = `${exchange.tool}\u0000${exchange.probe}`;
    let unit = byUnit.get(key);
    if (unit === undefined) byUnit.set(key, (unit = new Map()));
    return unit;
  };
  const levels = new Map(rules.map(({ rule, level }) => [rule.meta.id, level]));
  for (const exchange of exchanges) {
    if (!exchange.applies?.length) continue;
    const unit = unitOf(exchange);
    for (const id of exchange.applies) {
      const level = levels.get(id);
      if (level !== undefined) add(id, level, exchange, unit);
    }
  }
  // A hit can land on an exchange the rule did not count as applicable (a liveness verdict added afterwards).
  for (const hit of hits) {
    const unit = unitOf(hit.exchange);
    if (!unit.has(hit.ruleId)) add(hit.ruleId, hit.severity, hit.exchange, unit);
  }
  return checks;
}

/** 0 for A+, growing as grades get worse. */
const gradeRank = (grade: Grade) => BANDS.findIndex(([, g]) => g === grade);

export function gradeFor(score: number): Grade {
  return BANDS.find(([min]) => score >= min)![1];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The unit of breadth a check belongs to: its tool, a surface of its own (resources, prompts, completions), or the server. */
function unitOf(check: Pick<Check, 'tool' | 'probe'>): string {
  if (check.tool !== NO_TOOL) return check.tool;
  const surface = SURFACE_OF[check.probe];
  return surface === 'tools' || surface === 'server' ? NO_TOOL : `(${surface})`;
}

/** Every defect: per (rule, severity), the share of the checked units (tools, and the server) where it failed at that severity. */
export function defectsOf(checks: readonly Check[]): Defect[] {
  const units = new Set<string>();
  const failingTools = new Map<string, Set<string>>();
  for (const check of checks) {
    const unit = unitOf(check);
    units.add(unit);
    if (check.verdict !== 'fail') continue;
    const key = `${check.ruleId}\u0000${check.severity}`;
    if (!failingTools.has(key)) failingTools.set(key, new Set());
    failingTools.get(key)!.add(unit);
  }
  const defects: Defect[] = [];
  for (const [key, tools] of failingTools) {
    const [ruleId, severity] = key.split('\u0000') as [string, Severity];
    const of = units.size;
    const breadth = tools.size / of;
    defects.push({ ruleId, severity, tools: tools.size, of, breadth: round1(breadth * 100) / 100, penalty: round1(PENALTY[severity].base + PENALTY[severity].breadth * breadth) });
  }
  return defects.sort((a, b) => b.penalty - a.penalty || a.ruleId.localeCompare(b.ruleId));
}

/** The ceilings the findings put on the grade: a rule that caps it (its meta says where) failing above note, errors, warnings. */
function capsOf(defects: readonly Defect[]): GradeCap[] {
  const caps: GradeCap[] = [];
  const capping = new Map<Grade, Set<string>>();
  for (const { ruleId, severity } of defects) {
    const max = ruleById(ruleId)?.meta.capsGrade;
    if (max !== undefined && severity !== 'note') capping.set(max, (capping.get(max) ?? new Set()).add(ruleId));
  }
  for (const [max, ids] of capping) caps.push({ max, reason: `${[...ids].join(', ')} failed (reproduced)` });
  const errors = defects.filter((d) => d.severity === 'error');
  if (errors.length > 0) caps.push({ max: 'B', reason: `error-level findings (${errors.map((d) => d.ruleId).join(', ')})` });
  const warnings = defects.filter((d) => d.severity === 'warning');
  if (warnings.length > 0) caps.push({ max: 'A', reason: `warnings (${warnings.map((d) => d.ruleId).join(', ')})` });
  return caps;
}

const GATE_CAP: GradeCap = { max: 'B', reason: 'the run failed its gate' };

/** Squeeze a score into the band of `max` and below, keeping the order of scores that share the same ceiling. */
function capScore(score: number, max: Grade): number {
  const index = gradeRank(max);
  if (index === 0) return score;
  const low = BANDS[index][0];
  const high = BANDS[index - 1][0] - 0.1;
  return score <= low ? score : low + ((score - low) * (high - low)) / (100 - low);
}

function subScore(checks: readonly Check[]): SubScore {
  let passedWeight = 0;
  let totalWeight = 0;
  let passed = 0;
  for (const check of checks) {
    totalWeight += SEVERITY_WEIGHT[check.severity];
    if (check.verdict === 'pass') {
      passedWeight += SEVERITY_WEIGHT[check.severity];
      passed++;
    }
  }
  return { score: totalWeight === 0 ? null : round1((100 * passedWeight) / totalWeight), passed, failed: checks.length - passed };
}

/** The sub-scores of the checks by key, keys in order. */
function subScoresBy(checks: readonly Check[], key: (check: Check) => string): Record<string, SubScore> {
  return Object.fromEntries([...groupBy(checks, key)].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, subScore(v)]));
}

export interface ScoreContext {
  /** How much of the server was probed; an incomplete run gets no letter grade. */
  coverage?: Pick<Coverage, 'incomplete'>;
  /** The run was cut short (deadline, signal): what was not probed is unknown, so there is no letter grade. */
  interrupted?: boolean;
  /** How often the repair agent recovered a refused call: it weighs on the score, and a low rate caps the grade. */
  recovery?: Pick<Recovery, 'recovered' | 'notRecoverable' | 'rate'>;
}

/**
 * Score = 100 × (1 − recovery penalty/100) × Π (1 − penalty/100) over the defects, where a defect is one rule failing at one severity and its
 * penalty grows with its breadth (the share of tools it failed on); then the ceilings squeeze it into its band.
 * No check at all scores 0, not 100. Sub-scores per rule and per tool are severity-weighted pass rates.
 */
export function scoreChecks(checks: readonly Check[], context: ScoreContext = {}): Score {
  const defects = defectsOf(checks);
  const recovery = context.recovery ? recoveryEffect(context.recovery) : { penalty: 0 };
  const caps = [...capsOf(defects), ...(recovery.cap ? [recovery.cap] : [])];
  return scored({ defects, caps, recoveryPenalty: recovery.penalty, byRule: subScoresBy(checks, (c) => c.ruleId), byTool: subScoresBy(checks, (c) => c.tool) }, context);
}

/**
 * The score with the gate's ceiling put on (the run failed its gate: its grade must not read as a pass) or taken off:
 * the number again from the defects and the other ceilings; nothing is counted again.
 */
export function gated(score: Score, gateFailed: boolean, context: ScoreContext = {}): Score {
  const caps = score.caps.filter((cap) => cap.reason !== GATE_CAP.reason);
  return scored({ ...score, caps: gateFailed ? [...caps, GATE_CAP] : caps }, context);
}

function scored(parts: Pick<Score, 'defects' | 'caps' | 'recoveryPenalty' | 'byRule' | 'byTool'>, context: ScoreContext): Score {
  const anyCheck = Object.keys(parts.byRule).length > 0;
  const incomplete = !anyCheck || context.coverage?.incomplete === true || context.interrupted === true;
  const { score, breakdown } = anyCheck ? stepped(parts) : { score: 0, breakdown: [{ label: 'no check ran: nothing to grade', points: -100 }, ...parts.caps.map((cap) => ({ label: ceilingLabel(cap, false), points: 0 }))] };
  return { score, grade: incomplete ? 'incomplete' : gradeFor(score), caps: parts.caps, defects: parts.defects, recoveryPenalty: parts.recoveryPenalty, breakdown, byRule: parts.byRule, byTool: parts.byTool };
}

const percentOff = (penalty: number) => `${penalty.toFixed(1)} % off`;

const ceilingLabel = (cap: GradeCap, binds: boolean) => `ceiling: at most ${cap.max}, ${cap.reason}${binds ? '' : ' (the score is already within it)'}`;

/**
 * The score, step by step: each penalty takes its share of what is left (so the steps multiply, and the label says
 * of how much); then the strictest ceiling squeezes the score into its band, and every other ceiling, looser, is
 * listed at 0; then the rounding down to 0.1. A step's points are the difference of the running score rounded to 0.1
 * before and after it, so they add up exactly.
 */
function stepped(parts: Pick<Score, 'defects' | 'caps' | 'recoveryPenalty'>): { score: number; breakdown: ScoreStep[] } {
  const breakdown: ScoreStep[] = [];
  let raw = 100;
  let shown = 100;
  const step = (label: string, next: number) => {
    const rounded = round1(next);
    breakdown.push({ label, points: round1(rounded - shown) });
    raw = next;
    shown = rounded;
  };
  const penalties = [
    ...(parts.recoveryPenalty > 0 ? [{ label: `recovery: refused calls an agent could not recover from`, penalty: parts.recoveryPenalty }] : []),
    ...parts.defects.map((d) => ({ label: `${d.ruleId}: ${d.severity} on ${d.tools} of ${d.of} parts probed`, penalty: d.penalty })),
  ];
  for (const { label, penalty } of penalties) step(`${label} (${percentOff(penalty)} ${raw === 100 ? '100' : raw.toFixed(1)})`, raw * (1 - penalty / 100));
  // Strictest first: once it has squeezed the score, every looser ceiling is met.
  const caps = [...parts.caps].sort((a, b) => gradeRank(b.max) - gradeRank(a.max));
  caps.forEach((cap, index) => {
    const capped = index === 0 ? capScore(raw, cap.max) : raw;
    step(ceilingLabel(cap, capped < raw), capped);
  });
  // The score is floored to 0.1, never rounded up across a band edge.
  const score = Math.floor(raw * 10) / 10;
  if (score !== shown) breakdown.push({ label: 'rounded down to 0.1', points: round1(score - shown) });
  return { score, breakdown };
}
