// The gate of rulebook §8: whether a finished lint passes, from its findings (baselined ones excluded), score and coverage; and the grade that agrees with it.
import type { Report } from './model.js';
import type { Severity } from '../types.js';
import type { InterruptCause } from '../interrupt.js';
import { SEVERITY_RANK, gated } from '../score/score.js';
import { plural } from '../util/text.js';
import { incompleteText } from './verdict.js';

export const EXIT = { ok: 0, findings: 1, cannotLint: 2 } as const;


/** Why the run fails the gate its settings describe (empty when it passes); a replay fails on its findings only. No output format has any say in this. */
export function gateFailures(report: Report): string[] {
  const { failOn, minScore, maxWarnings, minCoverage } = report.settings;
  const live = report.findings.filter((f) => !f.baselined);
  const reasons: string[] = [];
  if (failOn !== 'never') {
    const failing = live.filter((f) => SEVERITY_RANK[f.severity] >= SEVERITY_RANK[failOn as Severity]);
    if (failing.length > 0) reasons.push(`${plural(failing.length, 'finding')} at or above ${failOn}`);
  }
  // A replay (--path) judges one input: its findings, not a score, a warning count or a coverage it was never meant to reach.
  // One that sent nothing (a wrong --seed or --path, an input the safety policy holds back) reproduced nothing: no pass.
  if (report.replay) {
    if (report.interrupted) reasons.push(`cut short: ${report.interrupted.message}`);
    if (report.replay.exchanges.length === 0) reasons.push('the replay sent no input, so it reproduced nothing');
    return reasons;
  }
  if (report.score.score < minScore) reasons.push(`score ${report.score.score} is below --min-score ${minScore}`);
  const warnings = live.filter((f) => f.severity === 'warning').length;
  if (maxWarnings !== undefined && warnings > maxWarnings) reasons.push(`${plural(warnings, 'warning')} exceed${warnings === 1 ? 's' : ''} --max-warnings ${maxWarnings}`);
  if (report.interrupted) reasons.push(`cut short: ${report.interrupted.message}`);
  const { coverage } = report;
  if (minCoverage === undefined && coverage.incomplete) {
    reasons.push(`incomplete: ${incompleteText(coverage)} (${coverage.reasons.join('; ')}); --min-coverage 0 accepts such a run`);
  } else if (minCoverage !== undefined && coverage.percent < minCoverage) {
    reasons.push(`coverage ${coverage.percent}% (${coverage.toolsProbed} of ${plural(coverage.toolsListed, 'tool')} probed) is below --min-coverage ${minCoverage}`);
  }
  return reasons;
}

/**
 * The report with its gate decided and a grade that agrees with it: when the gate fails, the score goes under a
 * ceiling, so a failing run never reads as an A. Run again after a baseline (it starts from the score without that ceiling).
 */
export function settle(report: Report): Report {
  const context = { coverage: report.coverage, interrupted: report.interrupted !== undefined };
  const open: Report = { ...report, score: gated(report.score, false, context) };
  const failures = gateFailures(open);
  return { ...open, score: failures.length === 0 ? open.score : gated(open.score, true, context), gate: { passed: failures.length === 0, failures } };
}

/** 128 + the signal's number for a run a signal stopped, as shells report it; undefined for the deadline or a throttling server. */
export function signalExitCode(by: InterruptCause): number | undefined {
  return { SIGHUP: 129, SIGINT: 130, SIGTERM: 143, deadline: undefined, throttled: undefined }[by];
}

export function exitCodeFor(report: Report): number {
  return (report.interrupted && signalExitCode(report.interrupted.by)) ?? (report.gate.passed ? EXIT.ok : EXIT.findings);
}
