// --quiet, as ESLint's: the report every format writes shows error-level findings only; what it weighs is unchanged.
import type { Report } from './model.js';

const shown = (item: { severity: string }) => item.severity === 'error';

/**
 * The report with its warnings and notes left out of `findings`, of `causes` (a cause left with none goes) and of a
 * replay's verdicts, and `settings.quiet` saying so. The score (its defects and breakdown included), grade, gate and
 * `summary` stay the whole run's, so that the score still adds up: apply this after the gate and any baseline are
 * settled, never before, or --max-warnings would count nothing.
 */
export function quietReport(report: Report): Report {
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
