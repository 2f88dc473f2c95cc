// The score stage: checks (rule × tool × probe) with verdicts, the weighted score and the grade of rulebook §6. Pure.
import type { Exchange, SessionFacts, Severity } from '../types.js';
import type { EnabledRule, RuleHit } from '../engine/grade.js';
import type { Check, Grade, Score, SubScore } from '../report/model.js';

export const SEVERITY_WEIGHT: Record<Severity, number> = { error: 5, warning: 3, note: 1 };
export const SEVERITY_RANK: Record<Severity, number> = { note: 1, warning: 2, error: 3 };
/** A failure of any of these caps the grade at D. */
export const GRADE_CAPPING_RULES = ['server-survives', 'no-secrets', 'timely-response'];

const GRADES: Array<[number, Grade]> = [
  [95, 'A+'],
  [85, 'A'],
  [70, 'B'],
  [55, 'C'],
  [40, 'D'],
];

const checkKey = (ruleId: string, tool: string, probe: string) => `${ruleId}\u0000${tool}\u0000${probe}`;

/** One check per (rule, tool, probe) that had at least one applicable exchange; it fails when any hit landed. */
export function buildChecks(exchanges: readonly Exchange[], hits: readonly RuleHit[], rules: readonly EnabledRule[], session: SessionFacts): Check[] {
  const failed = new Set(hits.map((hit) => checkKey(hit.ruleId, hit.exchange.tool, hit.exchange.probe)));
  const checks = new Map<string, Check>();
  for (const exchange of exchanges) {
    for (const { rule, level } of rules) {
      if (!rule.appliesTo(exchange, session)) continue;
      const key = checkKey(rule.meta.id, exchange.tool, exchange.probe);
      const check = checks.get(key);
      if (check) check.exchanges++;
      else
        checks.set(key, {
          ruleId: rule.meta.id,
          tool: exchange.tool,
          probe: exchange.probe,
          verdict: failed.has(key) ? 'fail' : 'pass',
          severity: level,
          exchanges: 1,
        });
    }
  }
  // A hit can land on an exchange the rule did not count as applicable (a liveness verdict added afterwards).
  for (const hit of hits) {
    const key = checkKey(hit.ruleId, hit.exchange.tool, hit.exchange.probe);
    if (checks.has(key)) continue;
    const level = rules.find((r) => r.rule.meta.id === hit.ruleId)?.level ?? hit.severity;
    checks.set(key, { ruleId: hit.ruleId, tool: hit.exchange.tool, probe: hit.exchange.probe, verdict: 'fail', severity: level, exchanges: 1 });
  }
  return [...checks.values()];
}

export function gradeFor(score: number): Grade {
  return GRADES.find(([min]) => score >= min)?.[1] ?? 'F';
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

const round1 = (n: number) => Math.round(n * 10) / 10;

function groupBy(checks: readonly Check[], key: (check: Check) => string): Record<string, SubScore> {
  const groups = new Map<string, Check[]>();
  for (const check of checks) groups.set(key(check), [...(groups.get(key(check)) ?? []), check]);
  return Object.fromEntries([...groups].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, subScore(v)]));
}

/** Score = 100 × Σ weight(passed) / Σ weight(applicable); no applicable check at all scores 0, not 100. */
export function scoreChecks(checks: readonly Check[]): Score {
  const overall = subScore(checks);
  const score = overall.score ?? 0;
  const cappedBy = GRADE_CAPPING_RULES.filter((id) => checks.some((c) => c.ruleId === id && c.verdict === 'fail'));
  let grade = gradeFor(score);
  if (cappedBy.length > 0 && ['A+', 'A', 'B', 'C'].includes(grade)) grade = 'D';
  return { score, grade, cappedBy, byRule: groupBy(checks, (c) => c.ruleId), byTool: groupBy(checks, (c) => c.tool) };
}
