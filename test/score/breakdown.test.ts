// The breakdown adds up: 100 plus the points of its steps is the score, for any mix of defects, recovery and ceilings.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gated, gradeFor, scoreChecks } from '../../src/score/score.js';
import type { Check } from '../../src/report/model.js';
import type { Severity } from '../../src/types.js';

const sum = (points: readonly { points: number }[]) => Math.round(points.reduce((total, step) => total + step.points * 10, 0)) / 10;

const check = (ruleId: string, tool: string, verdict: 'pass' | 'fail', severity: Severity): Check => ({ ruleId, tool, probe: 'wrong-type', verdict, severity, exchanges: 1 });

describe('score.breakdown', () => {
  it('adds up to the score for any defects, recovery and gate', () => {
    const rules = ['no-stack-trace', 'error-channel', 'server-survives', 'recovery-hint', 'no-secrets'];
    const checks = fc.array(fc.record({ rule: fc.constantFrom(...rules), tool: fc.constantFrom('a', 'b', 'c', 'd'), fail: fc.boolean(), severity: fc.constantFrom<Severity>('error', 'warning', 'note') }), { minLength: 1, maxLength: 30 });
    const recovery = fc.option(fc.record({ recovered: fc.nat(20), notRecoverable: fc.nat(20) }));
    fc.assert(
      fc.property(checks, recovery, fc.boolean(), (list, counts, gateFailed) => {
        const rate = counts && counts.recovered + counts.notRecoverable > 0 ? counts.recovered / (counts.recovered + counts.notRecoverable) : null;
        const context = counts ? { recovery: { ...counts, rate } } : {};
        const score = gated(scoreChecks(list.map((c) => check(c.rule, c.tool, c.fail ? 'fail' : 'pass', c.severity)), context), gateFailed, context);
        expect(sum(score.breakdown)).toBe(Math.round((score.score - 100) * 10) / 10);
        // Every penalty and every ceiling has its step, and no step adds points.
        const steps = score.breakdown.filter((s) => s.label !== 'rounded down to 0.1');
        expect(steps.length).toBe(score.defects.length + score.caps.length + (score.recoveryPenalty > 0 ? 1 : 0));
        for (const step of score.breakdown) expect(step.points).toBeLessThanOrEqual(0);
        // A ceiling said to be met takes nothing, and the running score really is within it.
        let running = 100;
        for (const step of score.breakdown) {
          running = Math.round((running + step.points) * 10) / 10;
          const met = /^ceiling: at most (\S+),.*\(the score is already within it\)$/.exec(step.label);
          if (met) {
            expect(step.points).toBe(0);
            expect(['A+', 'A', 'B', 'C', 'D', 'F'].indexOf(gradeFor(running))).toBeGreaterThanOrEqual(['A+', 'A', 'B', 'C', 'D', 'F'].indexOf(met[1]));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('shows the arithmetic: each defect takes its share of what is left, the strictest ceiling squeezes, the others are listed at 0', () => {
    const checks = [check('no-stack-trace', 'a', 'fail', 'error'), check('no-stack-trace', 'b', 'pass', 'error'), check('recovery-hint', 'a', 'fail', 'warning'), check('recovery-hint', 'b', 'pass', 'warning')];
    const score = scoreChecks(checks, { recovery: { recovered: 1, notRecoverable: 3, rate: 0.25 } });
    expect(score.breakdown.map((s) => s.label)).toEqual([
      'recovery: refused calls an agent could not recover from (18.8 % off 100)',
      'no-stack-trace: error on 1 of 2 parts probed (20.0 % off 81.2)',
      'recovery-hint: warning on 1 of 2 parts probed (7.0 % off 65.0)',
      'ceiling: at most C, an agent recovered from 1 of the 4 refused calls it could judge (25%)',
      'ceiling: at most B, error-level findings (no-stack-trace) (the score is already within it)',
      'ceiling: at most A, warnings (recovery-hint) (the score is already within it)',
      'rounded down to 0.1',
    ]);
    expect(score.breakdown.map((s) => s.points)).toEqual([-18.8, -16.2, -4.6, -3.6, 0, 0, -0.1]);
    expect(score.score).toBe(56.7);
    expect(score.grade).toBe('C');
  });

  it('a clean run has no step; a run without a check has one that takes all 100 points', () => {
    expect(scoreChecks([check('no-stack-trace', 'a', 'pass', 'error')]).breakdown).toEqual([]);
    expect(scoreChecks([]).breakdown).toEqual([{ label: 'no check ran: nothing to grade', points: -100 }]);
    // A ceiling is listed even then: the gate's, put on by gated().
    expect(gated(scoreChecks([]), true).breakdown).toEqual([{ label: 'no check ran: nothing to grade', points: -100 }, { label: 'ceiling: at most B, the run failed its gate (the score is already within it)', points: 0 }]);
  });
});
