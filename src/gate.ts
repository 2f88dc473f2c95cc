// The gate of rulebook §8: whether a finished lint passes, from its findings (baselined ones excluded) and its score.
import type { Report } from './report/model.js';
import type { Severity } from './types.js';
import { SEVERITY_RANK } from './score/score.js';

export const EXIT = { ok: 0, findings: 1, cannotLint: 2 } as const;

export interface Gate {
  failOn: Severity | 'never';
  minScore: number;
  /** Fail when more than this many (non-baselined) warnings were found; undefined for no limit. */
  maxWarnings?: number;
}

/** Why the run fails the gate (empty when it passes). No output format has any say in this. */
export function gateFailures(report: Report, gate: Gate): string[] {
  const live = report.findings.filter((f) => !f.baselined);
  const reasons: string[] = [];
  if (gate.failOn !== 'never') {
    const failing = live.filter((f) => SEVERITY_RANK[f.severity] >= SEVERITY_RANK[gate.failOn as Severity]);
    if (failing.length > 0) reasons.push(`${failing.length} finding${failing.length === 1 ? '' : 's'} at or above ${gate.failOn}`);
  }
  if (report.score.score < gate.minScore) reasons.push(`score ${report.score.score} is below --min-score ${gate.minScore}`);
  const warnings = live.filter((f) => f.severity === 'warning').length;
  if (gate.maxWarnings !== undefined && warnings > gate.maxWarnings) reasons.push(`${warnings} warnings exceed --max-warnings ${gate.maxWarnings}`);
  return reasons;
}

export function exitCodeFor(report: Report, gate: Gate): number {
  return gateFailures(report, gate).length > 0 ? EXIT.findings : EXIT.ok;
}
