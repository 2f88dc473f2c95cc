// Score and grade (rulebook §6): defects by breadth, ceilings that agree with the findings and the gate, sub-scores, no free passes.
import { describe, expect, it } from 'vitest';
import { gated, gradeFor, scoreChecks } from '../../src/score/score.js';
import type { Check } from '../../src/report/model.js';
import { coverageOf } from '../../src/score/coverage.js';
import type { Skip } from '../../src/plan/types.js';

const check = (ruleId: string, verdict: 'pass' | 'fail', severity: Check['severity'] = 'error', tool = 't'): Check => ({ ruleId, tool, probe: 'wrong-type', verdict, severity, exchanges: 1 });

const tools = (n: number) => Array.from({ length: n }, (_, i) => `tool${i}`);
/** One rule checked on every tool, failing at `severity` on the first `failing` of them. */
const rule = (ruleId: string, all: string[], failing: number, severity: Check['severity'] = 'error') =>
  all.map((tool, i) => check(ruleId, i < failing ? 'fail' : 'pass', severity, tool));

describe('scoreChecks', () => {
  it('scores a clean run 100, A+', () => {
    const score = scoreChecks(rule('a', tools(3), 0));
    expect(score).toMatchObject({ score: 100, grade: 'A+', caps: [], defects: [] });
  });

  it('maps scores to grades at the band edges', () => {
    expect([95, 94.9, 85, 70, 55, 40, 39.9].map(gradeFor)).toEqual(['A+', 'A', 'A', 'B', 'C', 'D', 'F']);
  });

  it('keeps any error-level finding below A, however many checks pass', () => {
    const passes = Array.from({ length: 50 }, (_, i) => rule(`r${i}`, tools(20), 0)).flat();
    const score = scoreChecks([...passes, ...rule('no-stack-trace', tools(20), 1, 'error')]);
    expect(['B', 'C', 'D', 'F']).toContain(score.grade);
    expect(score.score).toBeLessThan(85);
    expect(score.caps).toContainEqual({ max: 'B', reason: expect.stringContaining('no-stack-trace') });
  });

  it('gives A+ only without warnings: one warning on one tool of twenty still caps at A', () => {
    const score = scoreChecks([...rule('a', tools(20), 0), ...rule('recovery-hint', tools(20), 1, 'warning')]);
    expect(score.grade).toBe('A');
    expect(score.score).toBeLessThan(95);
  });

  it('counts a defect repeated on every tool once, its breadth lowering the score, never drowned by passes', () => {
    const everywhere = scoreChecks(rule('error-not-generic', tools(10), 10, 'warning'));
    const once = scoreChecks(rule('error-not-generic', tools(10), 1, 'warning'));
    expect(everywhere.defects).toEqual([expect.objectContaining({ ruleId: 'error-not-generic', tools: 10, of: 10, breadth: 1 })]);
    expect(everywhere.score).toBeLessThan(once.score);
    // the same defect on every tool of a 1-tool server weighs the same as on every tool of a 10-tool server
    expect(scoreChecks(rule('error-not-generic', tools(1), 1, 'warning')).score).toBe(everywhere.score);
    // a thousand passing checks of other rules change nothing
    const padded = scoreChecks([...rule('error-not-generic', tools(10), 10, 'warning'), ...Array.from({ length: 100 }, (_, i) => rule(`r${i}`, tools(10), 0)).flat()]);
    expect(padded.score).toBe(everywhere.score);
  });

  it('weighs a note as a note: a few note-level deviations keep A+', () => {
    const score = scoreChecks([...rule('unknown-tool', ['(server)'], 1, 'note'), ...rule('structured-error-metadata', tools(5), 5, 'note')]);
    expect(score.grade).toBe('A+');
    expect(score.caps).toEqual([]);
  });

  it('caps at D for a reproduced server-survives, no-secrets or timely-response failure, not for a flaky one (a note)', () => {
    const passes = Array.from({ length: 20 }, (_, i) => rule(`r${i}`, tools(5), 0)).flat();
    const reproduced = scoreChecks([...passes, ...rule('timely-response', tools(5), 1, 'error')]);
    expect(reproduced.grade).toBe('D');
    expect(reproduced.score).toBeLessThan(55);
    expect(reproduced.caps[0]).toMatchObject({ max: 'D', reason: expect.stringContaining('timely-response') });
    const flaky = scoreChecks([...passes, ...rule('timely-response', tools(5), 1, 'note')]);
    expect(flaky.grade).toBe('A+');
  });

  it('keeps the order of scores inside a capped band', () => {
    const narrow = scoreChecks(rule('no-stack-trace', tools(10), 1, 'error'));
    const broad = scoreChecks(rule('no-stack-trace', tools(10), 10, 'error'));
    expect(narrow.grade).toBe('B');
    expect(narrow.score).toBeGreaterThan(broad.score);
    // One error on every tool: 100 × (1 − (10 + 20 × 1)/100) = 70, B's floor, which the B cap leaves as it is.
    expect(broad).toMatchObject({ score: 70, grade: 'B' });
  });

  it('never reads as A when the run failed its gate', () => {
    const open = scoreChecks(rule('a', tools(3), 0));
    const score = gated(open, true);
    expect(open.grade).toBe('A+');
    expect(score.grade).toBe('B');
    expect(score.caps).toContainEqual({ max: 'B', reason: 'the run failed its gate' });
    // taken off again (a baseline made the gate pass): the score it had, from the same defects
    expect(gated(score, false)).toEqual(open);
  });

  it('gives no letter grade to an incomplete run, and never turns "nothing was checked" into a perfect score', () => {
    expect(scoreChecks(rule('a', ['(server)'], 0), { coverage: { incomplete: true } }).grade).toBe('incomplete');
    expect(scoreChecks([])).toMatchObject({ score: 0, grade: 'incomplete' });
  });

  it('gives per-rule and per-tool sub-scores, a failing check weighing at the severity it was reported with', () => {
    const score = scoreChecks([check('a', 'pass', 'error', 'x'), check('a', 'fail', 'error', 'y'), check('b', 'pass', 'warning', 'y')]);
    expect(score.byRule.a).toEqual({ score: 50, passed: 1, failed: 1 });
    expect(score.byTool.y).toEqual({ score: 37.5, passed: 1, failed: 1 });
    expect(scoreChecks([check('a', 'pass', 'error', 'x'), check('a', 'fail', 'note', 'y')]).byRule.a.score).toBe(83.3);
  });
});

describe('Grader', () => {
  it('turns a rule that throws on an answer into a failing check, not a pass or a crash', async () => {
    const { Grader, templateOf } = await import('../../src/grade/grade.js');
    const { exchange } = await import('../helpers/exchange.js');
    const throwing = {
      meta: { id: 'throws', description: 'd', severity: { recommended: 'error', strict: 'error' }, tags: [], messages: {} },
      appliesTo: () => true,
      check: () => {
        throw new RangeError('Maximum call stack size exceeded');
      },
    } as const;
    const grader = new Grader([{ rule: throwing as never, level: 'error', explicit: false, options: {} }], {
      session: { protocolVersion: '2025-11-25', era: 'legacy', transport: 'stdio', timeoutMs: 1000, capabilities: {} },
      profile: 'recommended',
    });
    const { applies, hits } = grader.grade(exchange({ probe: 'positive', result: { content: [] } }));
    expect(applies).toEqual(['throws']);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ ruleId: 'throws', severity: 'error', messageId: 'ruleFailed', data: { error: 'Maximum call stack size exceeded' } });
    expect(templateOf(throwing as never, hits[0].messageId)).toContain('could not grade this answer');
  });
});

describe('coverage of a run cut short', () => {
  const sent = (tool: string, n: number) => Array.from({ length: n }, () => ({ tool, probe: 'missing-required' as const }));
  const cut = (tool: string, probe: Skip['probe'], notSent: number, reason = '3 inputs failed alike, each after 3.0 s or more') => ({ tool, probe, reason: `not run: ${reason}`, notSent });

  it('a tool cut short is partly probed, and the inputs never sent are counted', () => {
    const coverage = coverageOf(['a', 'b'], ['a', 'b'], [...sent('a', 3), ...sent('b', 30)], [cut('a', 'wrong-type', 35), cut('a', 'positive', 26)], ['missing-required', 'wrong-type', 'positive'], true);
    expect(coverage).toMatchObject({ toolsProbed: 2, toolsPartlyProbed: 1, inputs: { sent: 33, notSent: 61 }, incomplete: true });
    expect(coverage.reasons).toEqual(['1 tool (a): partly probed, 61 planned inputs not sent: 3 inputs failed alike, each after 3.0 s or more']);
  });

  it('a few inputs held back leave the run complete; skips the policy planned no input for are not cuts', () => {
    const policy = { tool: 'b', probe: 'positive' as const, reason: 'a tool without annotations gets only inputs it must refuse' };
    const coverage = coverageOf(['a', 'b'], ['a', 'b'], [...sent('a', 30), ...sent('b', 30)], [cut('a', 'positive', 26), policy], ['missing-required', 'positive'], true);
    expect(coverage).toMatchObject({ toolsPartlyProbed: 1, inputs: { sent: 60, notSent: 26 }, incomplete: false });
  });

  it('with most planned inputs never sent, no letter grade', () => {
    const coverage = coverageOf(['a'], ['a'], sent('a', 3), [cut('a', 'wrong-type', 35)], ['missing-required', 'wrong-type'], true);
    expect(scoreChecks(rule('a', ['a'], 0), { coverage }).grade).toBe('incomplete');
  });
});
