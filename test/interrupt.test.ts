// Durations for --deadline and --tool-budget, and what an interrupted run's report says: no letter grade, a failed
// gate, and the exit code of its signal.
import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from '../src/interrupt.js';
import { exitCodeFor, settle } from '../src/report/gate.js';
import { reportWith } from './helpers/report.js';

describe('parseDuration', () => {
  it.each([
    ['90s', 90_000],
    ['10m', 600_000],
    ['1h', 3_600_000],
    ['1m30s', 90_000],
    ['500ms', 500],
    ['1.5s', 1500],
    ['45', 45_000],
    [' 2m ', 120_000],
  ])('%s is %d ms', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', '0', '0s', '-5s', '10 minutes', 'm', '5x', '1m 30s', 'Infinity'])('%j is not a duration', (text) => expect(parseDuration(text)).toBeUndefined());
});

describe('formatDuration', () => {
  it.each([
    [250, '250ms'],
    [1500, '1.5s'],
    [6000, '6s'],
    [90_000, '1m30s'],
    [600_000, '10m'],
    [3_660_000, '1h1m'],
  ])('%d ms reads %s', (ms, text) => expect(formatDuration(ms)).toBe(text));

  it('round-trips through parseDuration', () => {
    for (const ms of [500, 1000, 90_000, 120_000, 600_000, 3_600_000]) expect(parseDuration(formatDuration(ms))).toBe(ms);
  });
});

describe('an interrupted report', () => {
  const clean = reportWith('server');
  it('passes without the interruption, and fails with it, with no letter grade', () => {
    const passing = settle({ ...clean, findings: [] });
    expect(passing.gate.passed).toBe(true);
    const cut = settle({ ...clean, findings: [], interrupted: { by: 'deadline', message: "the run's deadline of 1m (--deadline) was reached" } });
    expect(cut.gate.failures).toContain("cut short: the run's deadline of 1m (--deadline) was reached");
    expect(cut.score.grade).toBe('incomplete');
    expect(exitCodeFor(cut)).toBe(1);
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('stopped by %s exits %d', (by, code) => {
    expect(exitCodeFor(settle({ ...clean, findings: [], interrupted: { by, message: `interrupted by ${by}` } }))).toBe(code);
  });
});

describe('a run stopped before a tool the policy never calls (issue 20)', () => {
  it('skips it for the policy\'s reason, not "not probed: interrupted"', async () => {
    const { stopped } = await import('../src/engine/run.js');
    const { Interrupted } = await import('../src/interrupt.js');
    const tools = [
      { name: 'research', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true }, execution: { taskSupport: 'required' } },
      { name: 'lookup', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
    ];
    const result = stopped({ exchanges: [], hits: [], skips: [], sent: 0 }, new Interrupted('SIGINT', 'interrupted by SIGINT'), [], tools, { allowWrites: false, allowDestructive: false, readOnly: false, runs: 1 });
    expect(result.skips).toEqual([
      { tool: 'research', probe: '*', reason: expect.stringMatching(/requires task-augmented calls/) },
      { tool: 'lookup', probe: '*', reason: 'not probed: interrupted by SIGINT' },
    ]);
  });
});

describe('a run stopped inside a batch (issue 20, coverage)', () => {
  it('counts as not sent only what the cut batch had yet to send, and the whole of the batches after it', async () => {
    const { stopped } = await import('../src/engine/run.js');
    const { Interrupted } = await import('../src/interrupt.js');
    const tool = { name: 'lookup', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } };
    const cases = (n: number) => Array.from({ length: n }, (_, i) => ({ name: 'lookup', arguments: { i }, expect: 'invalid-input' as const, label: `case ${i}` }));
    const batch = (probe: 'wrong-type' | 'null-values', n: number) => ({ tool, probe, plan: { enumerated: cases(n), arbitrary: null } });
    const reached = { seq: 1, tool: 'lookup', probe: 'wrong-type' as const, applies: [] };
    const cut = { left: [batch('wrong-type', 5), batch('null-values', 4)], sentOfFirst: 5 };
    const result = stopped({ exchanges: [reached], hits: [], skips: [], sent: 5 }, new Interrupted('deadline', "the run's deadline"), [cut], [], { allowWrites: false, allowDestructive: false, runs: 25 });
    // The first batch had sent all five: its skip carries no count (a count of 0 would break the report's schema).
    expect(result.skips).toEqual([
      { tool: 'lookup', probe: 'wrong-type', reason: "cut short: the run's deadline" },
      { tool: 'lookup', probe: 'null-values', reason: "cut short: the run's deadline", notSent: 4 },
    ]);
  });
});
