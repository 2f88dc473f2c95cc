// The recovery counts (per category, per tool, at the first try) and what the rate does to the score and the grade.
import { describe, expect, it } from 'vitest';
import { recoveryEffect, recoveryOf } from '../../src/score/recovery.js';
import { scoreChecks, gated, type Check } from '../../src/score/score.js';
import type { RepairOutcome } from '../../src/types.js';

const outcome = (o: Partial<RepairOutcome>): RepairOutcome => ({ category: 'validation', recovered: false, confirmed: false, verdict: 'v', ...o });

describe('recoveryOf', () => {
  it('counts attempted, recovered, confirmed, Repair@1, blind and wasted, per category and per tool', () => {
    const exchanges = [
      { tool: 'a', repair: outcome({ recovered: true, confirmed: true, attempt: 1 }) },
      { tool: 'a', repair: outcome({ recovered: true, attempt: 2 }) },
      { tool: 'a' },
      { tool: 'b', repair: outcome({ category: 'transient', blind: true }) },
      { tool: 'b', repair: outcome({ category: 'business', wasted: true }) },
    ];
    expect(recoveryOf(exchanges, 3)).toEqual({
      attempted: 4, recovered: 2, confirmed: 1, rate: 0.5, atFirst: 1, rateAtFirst: 0.25, attempts: 3, blind: 1, wasted: 1,
      byCategory: {
        business: { attempted: 1, recovered: 0, confirmed: 0, rate: 0 },
        transient: { attempted: 1, recovered: 0, confirmed: 0, rate: 0 },
        validation: { attempted: 2, recovered: 2, confirmed: 1, rate: 1 },
      },
      byTool: { a: { attempted: 2, recovered: 2, confirmed: 1, rate: 1 }, b: { attempted: 2, recovered: 0, confirmed: 0, rate: 0 } },
    });
  });

  it('has no rate when nothing was attempted', () => {
    expect(recoveryOf([{ tool: 'a' }], 3)).toMatchObject({ attempted: 0, rate: null, rateAtFirst: null, byCategory: {}, byTool: {} });
  });
});

describe('the recovery rate in the score', () => {
  const checks: Check[] = [{ ruleId: 'recovery-hint', tool: 't', probe: 'wrong-type', verdict: 'pass', severity: 'warning', exchanges: 1 }];

  it('takes the unrecovered share, weighted, off the score', () => {
    expect(scoreChecks(checks).score).toBe(100);
    expect(scoreChecks(checks, { recovery: { attempted: 10, recovered: 10, rate: 1 } }).score).toBe(100);
    const some = scoreChecks(checks, { recovery: { attempted: 10, recovered: 8, rate: 0.8 } });
    expect(some).toMatchObject({ score: 95, grade: 'A+', recoveryPenalty: 5, caps: [] });
  });

  it('caps the grade at C below half, over enough refused calls, and keeps the cap through the gate', () => {
    const low = scoreChecks(checks, { recovery: { attempted: 10, recovered: 1, rate: 0.1 } });
    expect(low.grade).toBe('C');
    expect(low.caps).toEqual([{ max: 'C', reason: 'an agent recovered from 1 of 10 refused calls (10%)' }]);
    expect(gated(low, false)).toMatchObject({ grade: 'C', score: low.score, recoveryPenalty: low.recoveryPenalty });
    expect(scoreChecks(checks, { recovery: { attempted: 3, recovered: 0, rate: 0 } }).caps).toEqual([]);
  });

  it('recoveryEffect: no rate, no effect', () => {
    expect(recoveryEffect({ attempted: 0, recovered: 0, rate: null })).toEqual({ penalty: 0 });
  });
});
