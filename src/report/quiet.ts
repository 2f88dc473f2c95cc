// --quiet, as ESLint's: the report every format writes shows error-level findings only; what it weighs is unchanged.
import type { Report } from './model.js';

const shown = (item: { severity: string }) => item.severity === 'error';

/**
 * The report with its warnings and notes left out of `findings`, of `score.defects` (which lists them by rule) and of a
 * replay's verdicts, and `settings.quiet` saying so. The score, grade, gate and `summary` stay the whole run's: apply
 * this after the gate and any baseline are settled, never before, or --max-warnings would count nothing.
 */
export function quietReport(report: Report): Report {
  const replay = report.replay && {
    ...report.replay,
    exchanges: report.replay.exchanges.map((exchange) => ({ ...exchange, verdicts: exchange.verdicts.filter((verdict) => verdict.passed || shown(verdict)) })),
  };
  return {
    ...report,
    settings: { ...report.settings, quiet: true },
    findings: report.findings.filter(shown),
    score: { ...report.score, defects: report.score.defects.filter(shown) },
    ...(replay ? { replay } : {}),
  };
}
