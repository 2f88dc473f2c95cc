// What every report must hold, whatever the server (src/report/invariants.ts): checked on every report a test reads.
import { expect } from 'vitest';
import type { Report } from '../../src/report/model.js';
import { reportProblems } from '../../src/report/invariants.js';

export function expectReportAddsUp(report: Pick<Report, 'score' | 'findings' | 'causes'>): void {
  expect(reportProblems(report)).toEqual([]);
}
