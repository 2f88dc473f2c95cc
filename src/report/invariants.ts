// What every report must hold, whatever the server: its breakdown adds up to its score, and its causes partition its
// findings. Checked by the tests on every report they read and by the corpus script on every published server's.
import type { Report } from './model.js';

/** Each way the report breaks them, in words; empty when it holds both. */
export function reportProblems(report: Pick<Report, 'score' | 'findings' | 'causes'>): string[] {
  const problems: string[] = [];
  const tenths = report.score.breakdown.reduce((sum, step) => sum + Math.round(step.points * 10), 0);
  if (Math.round(report.score.score * 10) !== 1000 + tenths) problems.push(`the breakdown adds up to ${(1000 + tenths) / 10}, the score is ${report.score.score}`);
  const fingerprints = new Set(report.findings.map((f) => f.fingerprint));
  const seen = new Map<string, string>();
  for (const cause of report.causes) {
    if (cause.findings.length === 0) problems.push(`cause ${cause.id} explains no finding`);
    if (cause.fix.trim() === '') problems.push(`cause ${cause.id} has no fix`);
    for (const fp of cause.findings) {
      if (!fingerprints.has(fp)) problems.push(`cause ${cause.id} names ${fp}, no finding of the report`);
      if (seen.has(fp)) problems.push(`finding ${fp} is in two causes (${seen.get(fp)}, ${cause.id})`);
      seen.set(fp, cause.id);
    }
  }
  for (const f of report.findings) if (!seen.has(f.fingerprint)) problems.push(`finding ${f.ruleId} on ${f.tool} (${f.probe}, ${f.severity}) is in no cause`);
  return problems;
}
