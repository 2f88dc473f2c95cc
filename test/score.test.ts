// Score and grade (rulebook §6): weights by severity, grade bands, the D cap, sub-scores, and no free passes.
import { describe, expect, it } from 'vitest';
import { gradeFor, scoreChecks } from '../src/score/score.js';
import type { Check } from '../src/report/model.js';

const check = (ruleId: string, verdict: 'pass' | 'fail', severity: Check['severity'] = 'error', tool = 't'): Check => ({ ruleId, tool, probe: 'wrong-type', verdict, severity, exchanges: 1 });

describe('scoreChecks', () => {
  it('weights checks by severity: error 5, warning 3, note 1', () => {
    // passed: error (5) + note (1); failed: warning (3) → 6 / 9
    const score = scoreChecks([check('a', 'pass', 'error'), check('b', 'fail', 'warning'), check('c', 'pass', 'note')]);
    expect(score.score).toBe(66.7);
    expect(score.grade).toBe('C');
  });

  it('maps scores to grades at the band edges', () => {
    expect([95, 94.9, 85, 70, 55, 40, 39.9].map(gradeFor)).toEqual(['A+', 'A', 'A', 'B', 'C', 'D', 'F']);
  });

  it('caps the grade at D when server-survives, no-secrets or timely-response fails', () => {
    const checks = [...Array.from({ length: 99 }, (_, i) => check(`r${i}`, 'pass')), check('timely-response', 'fail')];
    const score = scoreChecks(checks);
    expect(score.score).toBe(99);
    expect(score.grade).toBe('D');
    expect(score.cappedBy).toEqual(['timely-response']);
    expect(scoreChecks([...checks.slice(0, 99), check('recovery-hint', 'fail')]).grade).toBe('A+');
  });

  it('never turns "nothing was checked" into a perfect score', () => {
    expect(scoreChecks([]).score).toBe(0);
    expect(scoreChecks([]).grade).toBe('F');
  });

  it('gives per-rule and per-tool sub-scores', () => {
    const score = scoreChecks([check('a', 'pass', 'error', 'x'), check('a', 'fail', 'error', 'y'), check('b', 'pass', 'warning', 'y')]);
    expect(score.byRule.a).toEqual({ score: 50, passed: 1, failed: 1 });
    expect(score.byTool.y).toEqual({ score: 37.5, passed: 1, failed: 1 });
  });
});

describe('gradeExchange', () => {
  it('turns a rule that throws on an answer into a failing check, not a pass or a crash', async () => {
    const { gradeExchange } = await import('../src/engine/grade.js');
    const { exchange } = await import('./helpers/exchange.js');
    const throwing = {
      meta: { id: 'throws', description: 'd', severity: { recommended: 'error', strict: 'error' }, tags: [], messages: {} },
      appliesTo: () => true,
      check: () => {
        throw new RangeError('Maximum call stack size exceeded');
      },
    } as const;
    const hits = gradeExchange(exchange({ probe: 'positive', result: { content: [] } }), [{ rule: throwing as never, level: 'error', options: {} }], { protocolVersion: '2025-11-25', era: 'legacy', transport: 'stdio', timeoutMs: 1000 }, 'recommended');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ ruleId: 'throws', severity: 'error', messageId: 'ruleFailed' });
    expect(hits[0].message).toContain('Maximum call stack size exceeded');
  });
});
