// End to end: the repair agent on fixtures that name the argument as people write it: quoted inside Chinese, Spanish or
// German sentences, in lists of names, asked for in conversation, in camelCase or Title Case for snake_case fields.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { reportSchemaErrors } from '../helpers/validate.js';
import type { Report } from '../../src/report/model.js';

const COMMON = ['--seed', '1', '--format', 'json'];

async function lint(fixture: string): Promise<Report> {
  const result = await runCli([...COMMON, '--', 'node', `fixtures/${fixture}.mjs`]);
  const report = JSON.parse(result.stdout) as Report;
  expect(reportSchemaErrors(report)).toEqual([]);
  return report;
}

describe('the repair agent reads phrasings a model reads at a glance', () => {
  it.each(['style-multilingual', 'style-name-list', 'style-need', 'style-camel', 'style-valibot', 'style-node-args'])('%s: recovers at least 0.7 of its validation errors', async (fixture) => {
    const report = await lint(fixture);
    const validation = report.recovery!.byCategory.validation!;
    expect(validation.attempted).toBeGreaterThanOrEqual(10);
    expect(validation.rate).toBeGreaterThanOrEqual(0.7);
    // Every refusal names its argument: none of them is an agent-recovers finding (not recoverable is for answers that
    // give nothing), and recovery-hint, reading them the same way, agrees.
    expect(validation.notRecoverable).toBe(0);
    expect(report.findings.filter((f) => f.ruleId === 'agent-recovers' || f.ruleId === 'recovery-hint')).toEqual([]);
  });
});
