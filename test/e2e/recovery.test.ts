// End to end: the repair agent on fixtures whose errors come in different styles. Each style that locates the culprit
// its own way recovers; generic, empty and "Internal error" answers do not, though the agent knows the schema; the
// score agrees; and no write is ever carried out in a default run.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';
import { reportSchemaErrors } from '../helpers/validate.js';
import type { Report } from '../../src/report/model.js';

const COMMON = ['--seed', '1', '--format', 'json'];

async function lint(fixture: string, extra: string[] = [], env: Record<string, string> = {}): Promise<Report> {
  const result = await runCli([...COMMON, ...extra, '--', 'node', `fixtures/${fixture}.mjs`], { env });
  const report = JSON.parse(result.stdout) as Report;
  expect(reportSchemaErrors(report)).toEqual([]);
  return report;
}

const agentFindings = (report: Report) => report.findings.filter((f) => f.ruleId === 'agent-recovers');

describe('the repair agent', () => {
  // Each style names the field its own way: a zod issue path, pydantic's field line, ajv's instancePath and
  // missingProperty, plain English words ("The order ID is required.").
  it.each(['style-zod', 'style-pydantic', 'style-ajv', 'style-prose'])('%s: recovers at least 0.7 of the refused calls, validation ones above all', async (fixture) => {
    const actions = join(tempDir('errlint-recovery-'), 'actions.jsonl');
    const report = await lint(fixture, [], { ERRLINT_ACTIONS_FILE: actions });
    const recovery = report.recovery!;
    expect(recovery.attempted).toBeGreaterThanOrEqual(20);
    expect(recovery.rate).toBeGreaterThanOrEqual(0.7);
    expect(recovery.byCategory.validation!.rate).toBeGreaterThanOrEqual(0.7);
    // The read-only tools confirm their repaired calls; the write tool's valid repairs are judged by the schema alone.
    expect(recovery.byTool.get_order.confirmed).toBeGreaterThan(0);
    expect(recovery.byTool.update_order_note.recovered).toBeGreaterThan(0);
    expect(recovery.byTool.update_order_note.confirmed).toBe(0);
    // update_order_note appends a line for every write it carries out: none in a default run.
    expect(existsSync(actions) ? readFileSync(actions, 'utf8') : '').toBe('');
    expect(report.score.grade).not.toBe('C');
  });

  it('well-behaved: recovers at least 0.9, and stays A+', async () => {
    const report = await lint('well-behaved');
    expect(report.recovery!.rate).toBeGreaterThanOrEqual(0.9);
    expect(agentFindings(report)).toEqual([]);
    expect(report.score.grade).toBe('A+');
  });

  it.each(['generic-error', 'empty-error', 'internal-error-text'])('%s: recovers at most 0.1 of its validation errors, each a finding with the transcript, and grades C or lower', async (fixture) => {
    const report = await lint(fixture);
    const validation = report.recovery!.byCategory.validation!;
    expect(validation.attempted).toBeGreaterThanOrEqual(10);
    expect(validation.rate).toBeLessThanOrEqual(0.1);
    expect(report.recovery!.rate).toBeLessThanOrEqual(0.1 + (report.recovery!.byCategory['unknown-tool']?.recovered ?? 0) / report.recovery!.attempted);
    const findings = agentFindings(report);
    expect(findings.length).toBeGreaterThan(0);
    const transcript = findings.find((f) => f.messageId === 'validation')!.repair!;
    expect(transcript).toMatchObject({ category: 'validation', recovered: false, verdict: 'the answer singles out nothing to change' });
    expect(transcript.steps[0].call).toBeUndefined(); // nothing located, nothing changed, although the schema is known
    expect(['C', 'D', 'F']).toContain(report.score.grade);
    expect(report.score.caps.map((c) => c.max)).toContain('C');
  });

  it('a transient failure with no delay gets one blind retry and is handled (the missing delay is retry-after-on-transient’s); a business refusal that says not to retry is handled', async () => {
    const transient = await lint('transient-no-retry');
    const passing = transient.recovery!.byCategory.transient!;
    expect(passing.attempted).toBeGreaterThan(0);
    expect(passing).toMatchObject({ recovered: passing.attempted, confirmed: 0 });
    expect(transient.recovery!.blind).toBeGreaterThan(0);
    expect(agentFindings(transient).map((f) => f.messageId)).not.toContain('transient');
    expect(transient.findings.map((f) => f.ruleId)).toContain('retry-after-on-transient');
    const business = await lint('business-no-customer-message');
    expect(business.recovery!.byCategory.business).toMatchObject({ recovered: business.recovery!.byCategory.business!.attempted, confirmed: 0 });
    expect(business.recovery!.wasted).toBe(0);
  });

  it('--repair-attempts 0 turns the agent off: no rate, no recovery penalty, no agent-recovers check', async () => {
    const report = await lint('generic-error', ['--repair-attempts', '0']);
    expect(report.recovery).toBeUndefined();
    expect(report.score.recoveryPenalty).toBe(0);
    expect(report.checks.some((c) => c.ruleId === 'agent-recovers')).toBe(false);
  });

  it('agent-recovers off leaves nothing in the score: the rate is still reported, its penalty and ceiling are gone', async () => {
    const on = await lint('generic-error');
    expect(on.score.recoveryPenalty).toBeGreaterThan(0);
    expect(on.score.breakdown.some((s) => s.label.startsWith('recovery:'))).toBe(true);
    const off = await lint('generic-error', ['--rule', 'agent-recovers=off']);
    expect(off.recovery!.rate).toBe(on.recovery!.rate);
    expect(off.score.recoveryPenalty).toBe(0);
    expect(off.score.breakdown.some((s) => s.label.startsWith('recovery:') || s.label.includes('an agent recovered'))).toBe(false);
    expect(off.score.score).toBeGreaterThan(on.score.score);
  });
});
