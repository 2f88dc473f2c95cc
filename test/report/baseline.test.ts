// One baseline across the reports of a run of several servers: each server's entries are its own.
import { describe, expect, it } from 'vitest';
import { applyBaselineToRun, baselineOf, type Baseline } from '../../src/report/baseline.js';
import type { ServerOutcome } from '../../src/report/many.js';
import type { Report } from '../../src/report/model.js';
import { reportWith } from '../helpers/report.js';

/** A report of server `name` with one error-level finding of this fingerprint. */
function reportOf(name: string, fingerprint: string): Report {
  const report = reportWith(name);
  return { ...report, findings: [{ ...report.findings[0], fingerprint }] };
}

const entry = (server: string, fingerprint: string) => ({ fingerprint, ruleId: 'no-stack-trace', server, tool: server, probe: 'wrong-type' });

describe('applyBaselineToRun', () => {
  const outcomes: ServerOutcome[] = [
    { name: 'a', report: reportOf('a', 'fa') },
    { name: 'off', failure: 'disabled in its file', skipped: true },
    { name: 'b', report: reportOf('b', 'fb') },
  ];

  it("marks each server's known findings, settles each gate again, and finds an entry stale only on its own server", () => {
    const baseline: Baseline = { version: 1, findings: [entry('a', 'fa'), entry('b', 'gone')] };
    const [a, off, b] = applyBaselineToRun(outcomes, baseline, 'b.json');
    if (!('report' in a) || !('report' in b)) throw new Error('a report went missing');
    expect(a.report.findings.map((f) => f.baselined)).toEqual([true]);
    expect(a.report.baseline).toEqual({ file: 'b.json', matched: 1, stale: [] });
    expect(a.report.gate.failures).toEqual([]);
    expect(b.report.findings.map((f) => f.baselined)).toEqual([undefined]);
    expect(b.report.baseline).toEqual({ file: 'b.json', matched: 0, stale: [entry('b', 'gone')] });
    expect(b.report.gate.failures).toEqual(['1 finding at or above error']);
    expect(off).toBe(outcomes[1]);
  });

  it('with the baseline of the run itself (--update-baseline): every finding known, nothing stale', () => {
    const reports = outcomes.flatMap((o) => ('report' in o ? [o.report] : []));
    const run = applyBaselineToRun(outcomes, baselineOf(reports), 'b.json');
    expect(run.flatMap((o) => ('report' in o ? [o.report.baseline] : []))).toEqual([
      { file: 'b.json', matched: 1, stale: [] },
      { file: 'b.json', matched: 1, stale: [] },
    ]);
  });
});
