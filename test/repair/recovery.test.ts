// The recovery counts (per category, per tool, at the first try) and what the rate does to the score and the grade.
import { describe, expect, it } from 'vitest';
import { recoveryEffect, recoveryOf } from '../../src/score/recovery.js';
import { scoreChecks, gated, type Check } from '../../src/score/score.js';
import type { RepairOutcome } from '../../src/exchange.js';

const outcome = (o: Partial<RepairOutcome>): RepairOutcome => ({ category: 'validation', result: o.recovered ? 'recovered' : 'not-recoverable', recovered: false, confirmed: false, verdict: 'v', ...o });
const count = (attempted: number, recovered: number, confirmed: number, notRecoverable: number, undetermined: number, rate: number | null) => ({ attempted, recovered, confirmed, notRecoverable, undetermined, rate });

describe('recoveryOf', () => {
  it('counts attempted, recovered, confirmed, Repair@1, blind and wasted, per category and per tool; undetermined and out-of-rate decisions stay out of the rate', () => {
    const exchanges = [
      { tool: 'a', repair: outcome({ recovered: true, confirmed: true, attempt: 1 }) },
      { tool: 'a', repair: outcome({ recovered: true, attempt: 2 }) },
      { tool: 'a', repair: outcome({ result: 'undetermined', cause: 'names an argument' }) },
      { tool: 'a' },
      { tool: 'b', repair: outcome({ category: 'transient', blind: true }) },
      { tool: 'b', repair: outcome({ category: 'business', wasted: true }) },
      { tool: 'b', repair: outcome({ category: 'business', result: 'undetermined', outOfRate: 'upstream', cause: 'upstream unreachable' }) },
      { tool: 'b', repair: outcome({ category: 'validation', result: 'undetermined', outOfRate: 'configuration', cause: 'configuration missing' }) },
      { tool: 'b', repair: outcome({ category: 'business', result: 'undetermined', outOfRate: 'configuration', cause: 'configuration missing' }) },
      { tool: 'b', repair: outcome({ category: 'business', result: 'undetermined', outOfRate: 'runtime', cause: 'runtime missing' }) },
      { tool: '(none)', repair: outcome({ category: 'unknown-tool', result: 'recovered', recovered: true, attempt: 1, outOfRate: 'unknown-tool' }) },
    ];
    expect(recoveryOf(exchanges, 3)).toEqual({
      ...count(10, 2, 1, 2, 1, 0.5),
      outOfRate: { unknownTool: 1, upstream: 1, runtime: 1, configuration: 2 },
      atFirst: 1, rateAtFirst: 0.25, attempts: 3, blind: 1, wasted: 1,
      undeterminedCauses: { 'names an argument': 1 },
      byCategory: {
        business: count(4, 0, 0, 1, 3, 0),
        transient: count(1, 0, 0, 1, 0, 0),
        'unknown-tool': count(1, 1, 0, 0, 0, 1),
        validation: count(4, 2, 1, 0, 2, 1),
      },
      byTool: { a: count(3, 2, 1, 0, 1, 1), b: count(2, 0, 0, 2, 0, 0) },
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
    expect(scoreChecks(checks, { recovery: { recovered: 10, notRecoverable: 0, rate: 1 } }).score).toBe(100);
    const some = scoreChecks(checks, { recovery: { recovered: 8, notRecoverable: 2, rate: 0.8 } });
    expect(some).toMatchObject({ score: 95, grade: 'A+', recoveryPenalty: 5, caps: [] });
  });

  it('caps the grade at C below half, over enough refused calls, and keeps the cap through the gate', () => {
    const low = scoreChecks(checks, { recovery: { recovered: 1, notRecoverable: 9, rate: 0.1 } });
    expect(low.grade).toBe('C');
    expect(low.caps).toEqual([{ max: 'C', reason: 'an agent recovered from 1 of the 10 refused calls it could judge (10%)' }]);
    expect(gated(low, false)).toMatchObject({ grade: 'C', score: low.score, recoveryPenalty: low.recoveryPenalty });
    expect(scoreChecks(checks, { recovery: { recovered: 0, notRecoverable: 3, rate: 0 } }).caps).toEqual([]);
  });

  it('recoveryEffect: no rate, no effect', () => {
    expect(recoveryEffect({ recovered: 0, notRecoverable: 0, rate: null })).toEqual({ penalty: 0 });
  });
});
