// Replaying one input (--tool, --probe, --path) with the built CLI: the exchange and its verdicts, no graded report; exit by its findings.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import type { Report } from '../../src/report/model.js';
import { reportSchemaErrors } from '../helpers/validate.js';

const STACK_TRACE = ['--', 'node', 'fixtures/stack-trace.mjs'];
const WELL_BEHAVED = ['--', 'node', 'fixtures/well-behaved.mjs'];
/** The input stack-trace.mjs's first finding replays: list_orders called without its required 'status'. */
const REPLAY = ['--seed', '1', '--tool', 'list_orders', '--probe', 'missing-required', '--path', '0'];

describe.concurrent('replaying one input', () => {
  it('prints what was sent, what came back and each rule verdict, and exits 1 on the error it reproduces', async () => {
    const { code, stdout, stderr } = await runCli([...REPLAY, ...STACK_TRACE]);
    expect(code).toBe(1);
    expect(stdout).toContain('Replay of list_orders · missing-required · path 0 · seed 1');
    expect(stdout).toMatch(/^ {2}sent: +\{"jsonrpc":"2\.0","id":"[^"]+","method":"tools\/call","params":\{"name":"list_orders","arguments":\{\}/m);
    // The answer frame whole enough to read the defect in it: the stack trace the server sent.
    expect(stdout).toMatch(/^ {2}got: +\{"jsonrpc":"2\.0".*"isError":true.*at listOrders \(src\/tools\/orders\.js:27:9\)/m);
    expect(stdout).toMatch(/^ {2}✖ error +no-stack-trace {2}The error answer carries a javascript stack trace/m);
    expect(stdout).toMatch(/^ {2}✔ pass +error-channel$/m);
    expect(stdout).toMatch(/^ {2}repair agent: recovered/m);
    expect(stdout).not.toMatch(/Score|Grade|tools probed|Skipped|Defects|Surfaces/);
    expect(stderr).toMatch(/failing: 1 finding at or above error/);
  });

  it('exits 0 when the exchange passes, or its findings are below --fail-on, whatever --min-score says', async () => {
    const clean = await runCli(['--seed', '1', '--tool', 'lookup_user', '--probe', 'missing-required', '--path', '0', '--min-score', '100', ...WELL_BEHAVED]);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toMatch(/^ {2}✔ pass +error-channel$/m);
    expect(clean.stdout).not.toMatch(/✖|⚠ warning/);
    const below = await runCli([...REPLAY, '--fail-on', 'never', '--min-score', '100', ...STACK_TRACE]);
    expect(below.code).toBe(0);
    expect(below.stdout).toMatch(/✖ error +no-stack-trace/);
  });

  it('json stays the whole report, with the exchange in its replay field', async () => {
    const { code, stdout } = await runCli([...REPLAY, '-f', 'json', ...STACK_TRACE]);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as Report;
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(report.replay).toMatchObject({ tool: 'list_orders', probe: 'missing-required', path: '0' });
    expect(report.replay!.exchanges).toHaveLength(1);
    const [exchange] = report.replay!.exchanges;
    expect(exchange.verdicts).toContainEqual(expect.objectContaining({ ruleId: 'no-stack-trace', passed: false, severity: 'error' }));
    expect(exchange.verdicts).toContainEqual({ ruleId: 'error-channel', passed: true });
    expect(exchange.repair?.recovered).toBe(true);
    expect(report.findings.map((f) => f.ruleId)).toEqual(['no-stack-trace']);
  });

  it('shows a frame that was no JSON as it was written, not wrapped', async () => {
    const { stdout } = await runCli(['--seed', '1', '--tool', '(server)', '--probe', 'jsonrpc', '--path', '0', '-f', 'json', '--', 'node', 'fixtures/stack-trace.mjs']);
    const [exchange] = (JSON.parse(stdout) as Report).replay!.exchanges;
    expect(exchange.label).toBe('truncated JSON');
    expect(exchange.request).toMatch(/^\{"jsonrpc":"2\.0","id":"[^"]+","method":"tools\/list",$/);
  });

  it('says why nothing was sent to a tool the safety policy does not call, and fails: it reproduced nothing', async () => {
    const { code, stdout } = await runCli(['--seed', '1', '--tool', 'delete_user', '--probe', 'missing-required', '--path', '0', '--', 'node', 'fixtures/unannotated-tools.mjs']);
    expect(code).toBe(1);
    expect(stdout).toContain('⚠ Nothing was sent: the safety policy sends this tool no call');
  });
});
