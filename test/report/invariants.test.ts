// The invariants' check can fail: a breakdown that does not add up, a finding in no cause or in two, a cause naming nothing real.
import { describe, expect, it } from 'vitest';
import { reportProblems } from '../../src/report/invariants.js';
import { reportWith } from '../helpers/report.js';

describe('reportProblems', () => {
  const report = reportWith('srv');
  const fp = report.findings[0].fingerprint;

  it('holds on a report that adds up and is partitioned', () => {
    expect(reportProblems(report)).toEqual([]);
  });

  it('names a breakdown that does not add up', () => {
    expect(reportProblems({ ...report, score: { ...report.score, score: 40 } })).toEqual(['the breakdown adds up to 37.5, the score is 40']);
  });

  it('names a finding in no cause, in two causes, and a cause naming no finding of the report', () => {
    expect(reportProblems({ ...report, causes: [] })).toEqual(['finding no-stack-trace on srv (wrong-type, error) is in no cause']);
    const cause = report.causes[0];
    expect(reportProblems({ ...report, causes: [cause, { ...cause, id: 'other' }] })).toEqual([`finding ${fp} is in two causes (rule/no-stack-trace/m, other)`]);
    expect(reportProblems({ ...report, causes: [{ ...cause, findings: [fp, 'x'] }] })).toEqual([`cause rule/no-stack-trace/m names x, no finding of the report`]);
    expect(reportProblems({ ...report, causes: [{ ...cause, fix: ' ' }] })).toEqual([`cause rule/no-stack-trace/m has no fix`]);
  });
});
