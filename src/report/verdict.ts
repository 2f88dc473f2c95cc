// The verdict in words, shared by every format: the grade with the coverage next to it, and why the grade is capped.
import type { Report } from './model.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "grade B (78.9 / 100)", or "incomplete (no letter grade; 61.2 / 100 from protocol checks only)". */
export function gradeText(report: Report): string {
  const { score } = report;
  if (report.interrupted) return `incomplete (no letter grade: ${report.interrupted.message}; ${score.score.toFixed(1)} / 100 from what was probed)`;
  if (score.grade === 'incomplete') return `incomplete (no letter grade; ${score.score.toFixed(1)} / 100 from protocol checks only)`;
  return `grade ${score.grade} (${score.score.toFixed(1)} / 100)`;
}

/** "4 of 9 tools probed (partial) · 12 of 14 probe kinds run". */
export function coverageText(report: Report): string {
  const { coverage } = report;
  const partial = coverage.toolsProbed < coverage.toolsListed ? ' (partial)' : '';
  const kinds = coverage.probeKindsRun.length + coverage.probeKindsNotRun.length;
  return `${coverage.toolsProbed} of ${plural(coverage.toolsListed, 'tool')} probed${partial} · ${coverage.probeKindsRun.length} of ${plural(kinds, 'probe kind')} run`;
}

/** Why the grade is lower than its score alone would make it, one clause per ceiling; empty when nothing caps it. */
export function capsText(report: Report): string {
  return report.score.caps.map((cap) => `at most ${cap.max}: ${cap.reason}`).join('; ');
}
