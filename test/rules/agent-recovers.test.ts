// Table tests for agent-recovers: the repair agent's record on a refused call decides; no record, no check.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/agent-recovers.js';
import type { RepairRecord } from '../../src/types.js';
import { exchange, grade } from '../helpers/exchange.js';

const refusal = (repair?: RepairRecord, probe: 'missing-required' | 'unknown-tool' | 'positive' = 'missing-required') =>
  ({ ...exchange({ probe, isError: true, text: 'Operation failed' }), ...(repair ? { repair } : {}) });

const step = { understood: 'nothing located: the answer names no argument, value or next step' };

describe('agent-recovers', () => {
  it('does not apply to an exchange the agent did not take', () => {
    expect(grade(rule, refusal())).toEqual({ applies: false, findings: [] });
  });

  it.each([
    ['confirmed by the server', { category: 'validation', recovered: true, confirmed: true, attempt: 1, verdict: 'confirmed by the server', steps: [step] }],
    ['repaired by the schema alone', { category: 'validation', recovered: true, confirmed: false, attempt: 2, verdict: 'repaired (by schema)', steps: [step, step] }],
    ['a business error that says not to retry', { category: 'business', recovered: true, confirmed: false, attempt: 1, verdict: 'handled', steps: [step] }],
    ['a blind transient retry that succeeded', { category: 'transient', recovered: true, confirmed: true, attempt: 1, blind: true, verdict: 'succeeded', steps: [step] }],
  ] as Array<[string, RepairRecord]>)('passes: %s', (_name, repair) => {
    expect(grade(rule, refusal(repair))).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['validation', 'missing-required', { category: 'validation', recovered: false, confirmed: false, verdict: 'the answer singles out nothing to change', steps: [step] }, 'validation'],
    ['unknown tool', 'unknown-tool', { category: 'unknown-tool', recovered: false, confirmed: false, verdict: 'the answer names no tool the server has', steps: [step] }, 'unknownTool'],
    ['transient', 'positive', { category: 'transient', recovered: false, confirmed: false, blind: true, verdict: 'a blind retry failed again', steps: [step] }, 'transient'],
    ['business, wasted', 'positive', { category: 'business', recovered: false, confirmed: false, wasted: true, verdict: 'the agent retried, in vain', steps: [step] }, 'business'],
  ] as Array<[string, 'missing-required' | 'unknown-tool' | 'positive', RepairRecord, string]>)('fails: %s', (_name, probe, repair, messageId) => {
    const { findings } = grade(rule, refusal(repair, probe));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId, severity: 'warning', data: { verdict: repair.verdict, understood: step.understood } });
  });

  it('is an error in the strict profile', () => {
    const repair: RepairRecord = { category: 'validation', recovered: false, confirmed: false, verdict: 'x', steps: [step] };
    expect(grade(rule, refusal(repair), { profile: 'strict' }).findings[0].severity).toBe('error');
  });
});
