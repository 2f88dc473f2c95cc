// What every report must hold, whatever the server: the breakdown adds up to the score, and the causes partition the findings.
import { expect } from 'vitest';
import type { Report } from '../../src/report/model.js';

export function expectReportAddsUp(report: Pick<Report, 'score' | 'findings' | 'causes'>): void {
  const points = report.score.breakdown.reduce((sum, step) => sum + Math.round(step.points * 10), 0) / 10;
  expect(Math.round((100 + points) * 10) / 10, `breakdown ${JSON.stringify(report.score.breakdown)}`).toBe(report.score.score);
  // Every finding (every warning or worse, and the notes too) is in exactly one cause, and a cause names only findings.
  const listed = report.causes.flatMap((c) => c.findings);
  expect([...listed].sort()).toEqual(report.findings.map((f) => f.fingerprint).sort());
  for (const cause of report.causes) {
    expect(cause.findings.length).toBeGreaterThan(0);
    expect(cause.fix.length, cause.id).toBeGreaterThan(0);
  }
}
