// --quiet, as ESLint's: the report every format writes shows error-level findings only (and whatever else the gate
// fails on: --fail-on warning keeps the warnings, so that no format shows a pass where the exit code says fail); what
// it weighs is unchanged.
import type { Report } from './model.js';
import type { Severity } from '../types.js';
import { SEVERITY_RANK } from '../score/score.js';

/** Whether --quiet shows an item of this severity under this --fail-on. */
export function shownWhenQuiet(severity: Severity, failOn: Severity | 'never'): boolean {
  return severity === 'error' || (failOn !== 'never' && SEVERITY_RANK[severity] >= SEVERITY_RANK[failOn]);
}

/**
 * The report with its warnings and notes (below --fail-on) left out of `findings`, of `causes` (a cause left with none goes) and of a
 * replay's verdicts, and `settings.quiet` saying so. The score (its defects and breakdown included), grade, gate and
 * `summary` stay the whole run's, so that the score still adds up: apply this after the gate and any baseline are
 * settled, never before, or --max-warnings would count nothing.
 */
export function quietReport(report: Report): Report {
  const shown = (item: { severity?: Severity }) => item.severity !== undefined && shownWhenQuiet(item.severity, report.settings.failOn);
  const replay = report.replay && {
    ...report.replay,
    exchanges: report.replay.exchanges.map((exchange) => ({ ...exchange, verdicts: exchange.verdicts.filter((verdict) => verdict.passed || shown(verdict)) })),
  };
  const findings = report.findings.filter(shown);
  const kept = new Set(findings.map((f) => f.fingerprint));
  return {
    ...report,
    settings: { ...report.settings, quiet: true },
    findings,
    causes: report.causes.map((cause) => ({ ...cause, findings: cause.findings.filter((fp) => kept.has(fp)) })).filter((cause) => cause.findings.length > 0),
    ...(replay ? { replay } : {}),
  };
}
