// Test helper: a table of answers run through diagnose(), asserting the culprits (path, problem, expected, format) in order, and what else the answer says.
import { expect, it } from 'vitest';
import type { CallView, Culprit, Diagnosis } from '../../src/diagnose/diagnosis.js';
import { diagnose } from '../../src/diagnose/diagnose.js';
import type { Frame } from './answer.js';
import { answerOf } from './answer.js';

export interface Row {
  name: string;
  frame: Frame;
  call: CallView;
  /** The culprits in order; `expected` is compared whole when given, left out when the answer states none. */
  culprits: (Pick<Culprit, 'path' | 'problem' | 'format'> & { expected?: Culprit['expected'] })[];
  suggestedTools?: string[];
  transient?: Diagnosis['transient'] | false;
  final?: boolean;
  retryAfterHeader?: string;
}

/** One `it` per row. */
export function table(rows: Row[]): void {
  for (const row of rows) {
    it(row.name, () => {
      const d = diagnose(answerOf(row.frame, row.retryAfterHeader), row.call);
      const got = d.culprits.map((c) => ({ path: c.path, problem: c.problem, format: c.format, ...(c.expected ? { expected: c.expected } : {}) }));
      const want = row.culprits.map(({ expected, ...c }) => ({ ...c, ...(expected ? { expected } : {}) }));
      expect(got).toEqual(want);
      for (const c of d.culprits) expect(c.evidence.length).toBeGreaterThan(0), expect(c.evidence.length).toBeLessThanOrEqual(200);
      if (row.suggestedTools !== undefined) expect(d.suggestedTools).toEqual(row.suggestedTools);
      if (row.transient === false) expect(d.transient).toBeUndefined();
      else if (row.transient !== undefined) expect(d.transient).toMatchObject(row.transient);
      if (row.final !== undefined) expect(d.final !== undefined).toBe(row.final);
    });
  }
}
