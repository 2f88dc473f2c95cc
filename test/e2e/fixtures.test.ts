// End to end: the built CLI against every fixture server, pinned seed, asserting exit code, rule ids and replay.
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { runCli, replayArgs } from '../helpers/cli.js';
import type { Report } from '../../src/report/model.js';
import { formatSarif } from '../../src/report/sarif.js';
import { reportSchemaErrors, sarifProblems } from '../helpers/validate.js';
import { expectReportAddsUp } from '../helpers/invariants.js';
import { BURST_SIZE } from '../../probes/concurrency.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const SEED = '1';
// No --timeout: the default 10 s per call is far beyond any answer of these servers, however loaded the machine.
const COMMON = ['--seed', SEED, '--format', 'json'];
/**
 * For the fixtures whose verdict is about time (a call never answered, a stall that does not come back, slow work that
 * reports progress): a short timeout, so their waits stay short; they run one at a time, never beside other lints, so
 * only their own stalls time out (their other answers take milliseconds).
 */
const TIMED = ['--timeout', '2000'];

/** Each defect fixture, the exact set of rule ids it must produce, and the exit code (recommended profile unless `args` say otherwise). */
const DEFECTS: Array<{ fixture: string; rules: string[]; exit: number; args?: string[]; timed?: true; method?: string }> = [
  { fixture: 'stack-trace', rules: ['no-stack-trace'], exit: 1 },
  { fixture: 'validation-internal-error', rules: ['error-channel'], exit: 1 },
  { fixture: 'internal-host', rules: ['no-internal-details'], exit: 1 },
  // Every valid lookup fails as passing with no delay: the agent retries after a backoff, as the answer allows (handled;
  // the missing delay is retry-after-on-transient's finding, not agent-recovers').
  { fixture: 'transient-no-retry', rules: ['retry-after-on-transient'], exit: 0 },
  // Built on @modelcontextprotocol/sdk 1.x: "Operation failed" / empty errors also carry no metadata (a note).
  // Nothing in them for the repair agent to act on either (agent-recovers).
  // SDK 1.x also answers tools/list with an invalid cursor with page one (request-refusal, a note).
  { fixture: 'generic-error', rules: ['error-not-generic', 'recovery-hint', 'structured-error-metadata', 'agent-recovers', 'request-refusal'], exit: 0 },
  { fixture: 'empty-error', rules: ['error-not-empty', 'structured-error-metadata', 'agent-recovers', 'request-refusal'], exit: 1 },
  { fixture: 'error-as-success', rules: ['no-error-as-success'], exit: 1 },
  { fixture: 'crash-on-nul', rules: ['server-survives'], exit: 1 },
  { fixture: 'hang-on-large', rules: ['timely-response'], exit: 1, args: TIMED, timed: true },
  { fixture: 'unknown-tool-success', rules: ['unknown-tool'], exit: 1 },
  { fixture: 'malformed-request-internal', rules: ['malformed-request'], exit: 0 },
  // Its -32603 for any unknown method is also its answer to resources/list, a capability it did not declare (request-refusal).
  { fixture: 'jsonrpc-sloppy', rules: ['jsonrpc-conformance', 'request-refusal'], exit: 0 },
  { fixture: 'answers-notifications', rules: ['notification-silence'], exit: 1 },
  { fixture: 'inconsistent-metadata', rules: ['structured-error-metadata'], exit: 0 },
  { fixture: 'inconsistent-metadata', rules: ['structured-error-metadata'], exit: 1, args: ['--profile', 'strict'] },
  { fixture: 'business-no-customer-message', rules: ['customer-message'], exit: 0, args: ['--profile', 'strict'] },
  { fixture: 'empty-success', rules: ['empty-result-explicit'], exit: 0 },
  { fixture: 'echoes-payload', rules: ['error-size-bounded'], exit: 0 },
  { fixture: 'bad-output-schema', rules: ['output-schema-conformance'], exit: 1 },
  { fixture: 'concurrency-mixup', rules: ['concurrent-calls'], exit: 1 },
  { fixture: 'noisy-stdout', rules: ['stdout-clean'], exit: 1 },
  // No annotations: probed with inputs it must refuse only, which it answers with -32603.
  { fixture: 'unannotated-tools', rules: ['error-channel'], exit: 1 },
  // One stall that does not happen again when re-sent alone: a flaky timeout, a note that caps nothing.
  { fixture: 'flaky-timeout', rules: ['timely-response'], exit: 0, args: TIMED, timed: true },
  // Issue 19: resources and prompts (2026-07-28: an empty contents array for a missing resource is a MUST NOT, an error).
  { fixture: 'resource-empty-contents', rules: ['resource-not-found'], exit: 1, method: 'resources/read' },
  { fixture: 'resource-stack-trace', rules: ['no-stack-trace', 'no-internal-details', 'resource-not-found'], exit: 1, method: 'resources/read' },
  // The crash text says nothing to do either (recovery-hint), and -32603 is not the -32602 the spec asks for (prompt-contract).
  { fixture: 'prompt-crash', rules: ['no-internal-details', 'prompt-contract', 'recovery-hint'], exit: 1, method: 'prompts/get' },
  { fixture: 'unknown-prompt-accepted', rules: ['prompt-contract'], exit: 1, method: 'prompts/get' },
  // Issue 21 (7): a tools/call without its arguments key meets a handler that destructures it: the TypeError as -32603
  // (list_orders' names 'email', an argument it does not have: no hint).
  // Issue 21 (3): only an oversized code that matches the pattern gets past the refusal, to be echoed whole.
  { fixture: 'echoes-matching-code', rules: ['error-size-bounded'], exit: 0 },
  // Issue 21 (4): a line that is not JSON ends the server; the frames after it go to its restart, where the unknown
  // method's code 0 is found (it hid behind the crash).
  { fixture: 'exits-on-bad-frame', rules: ['server-survives', 'jsonrpc-conformance', 'request-refusal'], exit: 1 },
  { fixture: 'arguments-destructured', rules: ['error-channel', 'no-internal-details', 'recovery-hint'], exit: 1 },
];

async function lintFixture(fixture: string, extra: string[] = []): Promise<{ code: number | null; report: Report; stderr: string }> {
  const result = await runCli([...COMMON, ...extra, '--', 'node', `fixtures/${fixture}.mjs`]);
  expect(result.stderr).toContain(`Seed: ${SEED}`);
  const report = JSON.parse(result.stdout) as Report;
  // Every real report matches the shipped JSON schema, and its SARIF is valid and acceptable to GitHub.
  expect(reportSchemaErrors(report)).toEqual([]);
  expect(sarifProblems(formatSarif(report))).toEqual([]);
  expectReportAddsUp(report);
  return { code: result.code, report, stderr: result.stderr };
}

/** Lint a defect fixture, then replay its first finding's input alone. */
async function findsItsDefect({ fixture, rules, exit, args = [], method }: (typeof DEFECTS)[number]): Promise<void> {
  const { code, report } = await lintFixture(fixture, args);
  expect([...new Set(report.findings.map((f) => f.ruleId))].sort()).toEqual([...rules].sort());
  expect(code).toBe(exit);
  // Where the finding came from: the JSON-RPC method of the exchange it rests on.
  if (method !== undefined) for (const f of report.findings.filter((f) => rules.includes(f.ruleId))) expect(f.method, f.ruleId).toBe(method);
  expect(report.score.byRule[rules[0]].failed).toBeGreaterThan(0);
  // One stack trace from every tool is one cause.
  if (fixture === 'stack-trace') expect(report.causes.map((c) => c.id)).toEqual(['rule/no-stack-trace/stackTrace']);

  // The replay command of the first finding re-sends exactly one input and reproduces the same rule.
  const finding = report.findings.find((f) => f.ruleId === rules[0])!;
  expect(finding.counterexample.path).not.toBe('?');
  const replayArgv = replayArgs(finding.replay);
  const separator = replayArgv.indexOf('--');
  const replay = await runCli([...replayArgv.slice(0, separator), '--format', 'json', ...replayArgv.slice(separator)]);
  const replayed = JSON.parse(replay.stdout) as Report;
  // One input: a single request, or one burst of concurrent requests.
  expect(replayed.exchanges).toBe(finding.probe === 'concurrency' ? BURST_SIZE : 1);
  expect(replayed.findings.map((f) => f.ruleId)).toContain(rules[0]);
  expect(replayed.findings.find((f) => f.ruleId === rules[0])!.counterexample.arguments).toEqual(finding.counterexample.arguments);
}

const title = ({ fixture, rules, exit, args = [] }: (typeof DEFECTS)[number]) => `${fixture}${args.length ? ` (${args.join(' ')})` : ''}: finds ${rules.join(', ')} and exits ${exit}`;

describe.concurrent('defect fixtures', () => {
  for (const defect of DEFECTS.filter((d) => !d.timed)) it(title(defect), () => findsItsDefect(defect));
});

// Verdicts about time: one lint at a time (see TIMED).
describe('defect fixtures whose verdict is about time', () => {
  for (const defect of DEFECTS.filter((d) => d.timed)) it(title(defect), () => findsItsDefect(defect));
});

describe.concurrent('coverage and the safety policy (unannotated-tools)', () => {
  const actions = () => join(tempDir('errlint-actions-'), 'actions.txt');

  it('probes tools without annotations with inputs they must refuse only, skips the destructive one, and says so', async () => {
    const file = actions();
    const result = await runCli([...COMMON, '--', 'node', 'fixtures/unannotated-tools.mjs'], { env: { ERRLINT_ACTIONS_FILE: file } });
    const report = JSON.parse(result.stdout) as Report;
    expect(existsSync(file)).toBe(false); // nothing was carried out, and delete_user was never called
    expect(report.coverage).toMatchObject({ toolsListed: 3, toolsProbed: 2, incomplete: false });
    expect(report.coverage.reasons).toEqual([expect.stringMatching(/^1 tool \(delete_user\): destructive tool/)]);
    expect(report.tools.map((t) => [t.name, t.calls])).toEqual([['lookup_user', 'must-refuse'], ['list_orders', 'must-refuse'], ['delete_user', 'none']]);
    expect(report.tools[0].probes.sort()).toEqual(['missing-required', 'null-values', 'wrong-type']);
    expect([...new Set(report.findings.filter((f) => f.ruleId === 'error-channel').map((f) => f.tool))].sort()).toEqual(['list_orders', 'lookup_user']);
    expect(report.score.grade).not.toMatch(/^A/);
  });

  it('under --read-only probes no tool: no letter grade, and the gate fails unless --min-coverage 0 accepts it', async () => {
    const file = actions();
    const readOnly = await runCli(['--seed', SEED, '--read-only', '--', 'node', 'fixtures/unannotated-tools.mjs'], { env: { ERRLINT_ACTIONS_FILE: file } });
    expect(readOnly.code).toBe(1);
    expect(readOnly.stdout).toMatch(/No tool of the 3 listed tools was probed, so there is no letter grade/);
    expect(readOnly.stdout).toMatch(/Grade incomplete/);
    expect(readOnly.stderr).toMatch(/failing: incomplete: no tool of the 3 listed tools was probed/);
    const json = JSON.parse((await runCli([...COMMON, '--read-only', '--', 'node', 'fixtures/unannotated-tools.mjs'])).stdout) as Report;
    expect(json.score.grade).toBe('incomplete');
    expect(json.gate.passed).toBe(false);
    expect(json.coverage).toMatchObject({ toolsProbed: 0, incomplete: true });
    const accepted = await runCli([...COMMON, '--read-only', '--min-coverage', '0', '--', 'node', 'fixtures/unannotated-tools.mjs']);
    expect(accepted.code).toBe(0);
    expect(existsSync(file)).toBe(false);
  });

  it('--min-coverage fails a run that probed too few of the listed tools, whatever the findings', async () => {
    const result = await runCli([...COMMON, '--fail-on', 'never', '--min-coverage', '80', '--', 'node', 'fixtures/unannotated-tools.mjs']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).gate.failures).toEqual(['coverage 66.6% (2 of 3 tools probed) is below --min-coverage 80']);
  });
});

// Verdicts about time: one lint at a time (see TIMED).
describe('slow tools and flaky failures', () => {
  it('a stall that does not reproduce is a flaky note and leaves the grade alone', async () => {
    const { code, report } = await lintFixture('flaky-timeout', TIMED);
    expect(report.findings.map((f) => [f.severity, f.ruleId, f.messageId])).toEqual([['note', 'timely-response', 'flaky']]);
    expect(report.score.caps).toEqual([]);
    expect(report.score.grade).toBe('A+');
    expect(code).toBe(0);
  });

  it('a tool that works longer than the timeout while reporting progress is alive: no finding, one wait, its other valid inputs skipped', async () => {
    // 4 s: its progress comes every 400 ms (a tenth of the timeout), and half the timeout, when a call still reporting
    // progress is cancelled, falls before its 3 s of work are done.
    const { code, report } = await lintFixture('slow-with-progress', ['--timeout', '4000']);
    expect(report.findings).toEqual([]);
    expect(code).toBe(0);
    expect(report.tools.find((t) => t.name === 'lookup_user')!.probes).toContain('extra-properties');
    expect(report.skips.filter((s) => s.tool === 'lookup_user' && s.reason.includes('slow on valid input')).length).toBeGreaterThan(0);
  });
});

describe.concurrent('well-behaved fixture', () => {
  it('negotiates the newest era it speaks (2026-07-28), gets no finding at all and exits 0', async () => {
    const { code, report } = await lintFixture('well-behaved');
    expect(report.server.protocolVersion).toBe('2026-07-28');
    expect(report.server.era).toBe('modern');
    expect(report.findings).toEqual([]);
    expect(code).toBe(0);
    expect(report.score.grade).toBe('A+');
    // The http probe goes only to a server reached over Streamable HTTP: on stdio it is skipped, with that reason.
    expect(report.coverage).toMatchObject({ toolsListed: 2, toolsProbed: 2, percent: 100, probeKindsNotRun: ['http'], incomplete: false });
    expect(report.skips.filter((s) => s.probe === 'http')).toEqual([expect.objectContaining({ tool: '(server)', reason: 'the server was not reached over HTTP' })]);
    // Its resource, template, prompt and completions are probed too (issue 19); 2026-07-28 has no logging/setLevel to probe.
    expect(report.coverage.surfaces.map((s) => [s.surface, s.status])).toEqual([
      ['tools', 'probed'],
      ['resources', 'probed'],
      ['prompts', 'probed'],
      ['completions', 'probed'],
      ['logging', 'not probed'],
      ['server', 'probed'],
    ]);
    expect(report.coverage.surfaces.find((s) => s.surface === 'resources')!.available).toBe('1 resource, 1 template');
    expect(report.checks.length).toBeGreaterThan(100);
  });

  it('gets no finding under the strict profile either', async () => {
    const { code, report } = await lintFixture('well-behaved', ['--profile', 'strict']);
    expect(report.findings).toEqual([]);
    expect(code).toBe(0);
  });

  it('a business error without a customer message passes recommended, where customer-message is off', async () => {
    const { code, report } = await lintFixture('business-no-customer-message');
    expect(report.findings).toEqual([]);
    expect(report.rules.map((r) => r.id)).not.toContain('customer-message');
    expect(code).toBe(0);
  });

  for (const version of ['2024-11-05', '2025-03-26', '2025-06-18']) {
    it(`passes with --protocol-version ${version}, and the report states that version`, async () => {
      const { code, report } = await lintFixture('well-behaved', ['--protocol-version', version]);
      expect(report.server.protocolVersion).toBe(version);
      expect(report.server.era).toBe('legacy');
      expect(report.findings.filter((f) => f.severity !== 'note')).toEqual([]);
      expect(code).toBe(0);
    });
  }

  it('reads a paginated tools/list to the end', async () => {
    const { report } = await lintFixture('internal-host');
    expect(report.tools.map((t) => t.name).sort()).toEqual(['list_orders', 'lookup_user']);
    expect(report.findings.some((f) => f.tool === 'list_orders')).toBe(true);
  });
});
