// Table tests for agent-recovers: the repair agent's record on a refused call decides; no record, no check.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/agent-recovers.js';
import type { RepairRecord } from '../../src/exchange.js';
import { exchange, grade } from '../helpers/exchange.js';

const refusal = (repair?: RepairRecord, probe: 'missing-required' | 'unknown-tool' | 'positive' = 'missing-required') =>
  ({ ...exchange({ probe, isError: true, text: 'Operation failed' }), ...(repair ? { repair } : {}) });

const step = { understood: 'nothing located: the answer names no argument, value or next step' };

describe('agent-recovers', () => {
  it('does not apply to an exchange the agent did not take', () => {
    expect(grade(rule, refusal())).toEqual({ applies: false, findings: [] });
  });

  it.each([
    ['confirmed by the server', { category: 'validation', result: 'recovered', recovered: true, confirmed: true, attempt: 1, verdict: 'confirmed by the server', steps: [step] }],
    ['repaired by the schema alone', { category: 'validation', result: 'recovered', recovered: true, confirmed: false, attempt: 2, verdict: 'repaired (by schema)', steps: [step, step] }],
    ['a business error that says not to retry', { category: 'business', result: 'recovered', recovered: true, confirmed: false, attempt: 1, verdict: 'handled', steps: [step] }],
    ['a blind transient retry that succeeded', { category: 'transient', result: 'recovered', recovered: true, confirmed: true, attempt: 1, blind: true, verdict: 'succeeded', steps: [step] }],
    // The answer names something the agent could not turn into a call: counted and shown, never a finding.
    ['undetermined', { category: 'validation', result: 'undetermined', recovered: false, confirmed: false, cause: 'names an argument', verdict: 'what the answer says leads to no change the agent can make', steps: [step] }],
    // An unknown tool is out of the rate: an agent fixes the name from tools/list; the unknown-tool rule judges the answer.
    ['an unknown tool, whatever the answer', { category: 'unknown-tool', result: 'undetermined', recovered: false, confirmed: false, outOfRate: 'unknown-tool', verdict: 'near no listed tool', steps: [step] }],
    // The server's own upstream down measures the sandbox, not the server.
    ['an upstream failure', { category: 'business', result: 'undetermined', recovered: false, confirmed: false, outOfRate: 'upstream', cause: 'upstream unreachable', verdict: 'ECONNREFUSED', steps: [step] }],
    // So do a program the server runs missing and a credential or setting its operator gives (an agent stops and tells the user).
    ['a runtime missing', { category: 'business', result: 'undetermined', recovered: false, confirmed: false, outOfRate: 'runtime', cause: 'runtime missing', verdict: 'Chrome failed to start', steps: [step] }],
    ['a configuration missing', { category: 'validation', result: 'undetermined', recovered: false, confirmed: false, outOfRate: 'configuration', cause: 'configuration missing', verdict: 'API key is required', steps: [step] }],
  ] as Array<[string, RepairRecord]>)('passes: %s', (_name, repair) => {
    expect(grade(rule, refusal(repair))).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['validation', 'missing-required', { category: 'validation', result: 'not-recoverable', recovered: false, confirmed: false, verdict: 'the answer singles out nothing to change', steps: [step] }, 'validation'],
    ['validation, advice refused again', 'missing-required', { category: 'validation', result: 'not-recoverable', recovered: false, confirmed: false, verdict: 'the agent did what the answer said, and the server refused the repaired call for the same reason', steps: [step] }, 'validation'],
    ['transient', 'positive', { category: 'transient', result: 'not-recoverable', recovered: false, confirmed: false, blind: true, verdict: 'a blind retry failed again', steps: [step] }, 'transient'],
    ['business, wasted', 'positive', { category: 'business', result: 'not-recoverable', recovered: false, confirmed: false, wasted: true, verdict: 'the agent retried, in vain', steps: [step] }, 'business'],
  ] as Array<[string, 'missing-required' | 'unknown-tool' | 'positive', RepairRecord, string]>)('fails: %s', (_name, probe, repair, messageId) => {
    const { findings } = grade(rule, refusal(repair, probe));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId, severity: 'warning', data: { verdict: repair.verdict, understood: step.understood } });
  });

  it('is an error in the strict profile', () => {
    const repair: RepairRecord = { category: 'validation', result: 'not-recoverable', recovered: false, confirmed: false, verdict: 'x', steps: [step] };
    expect(grade(rule, refusal(repair), { profile: 'strict' }).findings[0].severity).toBe('error');
  });
});
