// Hostile output: servers that flood stderr or stdout, write a 50 MB line, answer with megabytes, stop reading, send
// bad bytes or wrong ids. Each lint ends in bounded time with the right finding, states the caps it hit, stays under a
// memory ceiling and leaves no process. Measured with these probe restrictions: 105-125 MB each. Before the caps
// (075d863), the stderr flood took the linter to 729 MB; the others stayed under the ceiling (huge-answers 252 MB,
// garbage-stdout 236 MB, huge-line 173 MB) and fail there on the report's missing `server.limits` instead.
import { describe, expect, it } from 'vitest';
import { lintHostile, survivors, type HostileResult } from '../helpers/hostile.js';
import { reportSchemaErrors } from '../helpers/validate.js';
import type { Report } from '../../src/report/model.js';

const RSS_CEILING_MB = 250;
const fixture = (name: string) => ['--', 'node', `fixtures/hostile/${name}.mjs`];

function reportOf(run: HostileResult): Report {
  const report = JSON.parse(run.stdout) as Report;
  expect(reportSchemaErrors(report)).toEqual([]);
  return report;
}

const ruleIds = (report: Report) => [...new Set(report.findings.map((f) => `${f.ruleId}/${f.messageId}`))].sort();

// One at a time: each pushes hundreds of MB through the linter, and together they would starve each other (and the
// budget tests running beside them) of the two cores, turning answers into timeouts.
describe('hostile output stays bounded', () => {
  it('a server flooding stderr (300 MB while serving) keeps a 64 KB tail, and the report says so', async () => {
    // Answers queue behind the floods before them (4-5 s for the whole run on a quiet machine): a 2 s timeout turned a
    // late answer into a timely-response finding when CI ran this beside other files.
    const run = await lintHostile(['--seed', '1', '--timeout', '15000', '--runs', '2', '--probe', 'wrong-type', '--format', 'json', ...fixture('floods-stderr')]);
    expect(run.code).toBe(0);
    const report = reportOf(run);
    // 20 MB before each answer: 15 answers or more means the whole 300 MB went through the linter.
    expect(report.exchanges).toBeGreaterThanOrEqual(15);
    expect(report.findings).toEqual([]);
    expect(report.server.limits).toEqual([expect.stringMatching(/^server stderr: only its last 64 KB were kept/)]);
    expect(report.server.stderrTail).toMatch(/stderr flood/);
    expect(run.elapsedMs).toBeLessThan(60_000);
    expect(run.peakRssMb).toBeLessThan(RSS_CEILING_MB);
    expect(await survivors(run.pids)).toEqual([]);
  });

  it('a 50 MB stdout line is dropped unread: stdout-clean, and the cap in the report and on stylish output', async () => {
    // A generous timeout: reading 50 MB on a busy machine must not turn the call it precedes into a stall.
    const run = await lintHostile(['--seed', '1', '--timeout', '15000', '--runs', '2', '--probe', 'wrong-type', '--format', 'json', ...fixture('huge-line')]);
    expect(run.code).toBe(1);
    const report = reportOf(run);
    expect(ruleIds(report)).toEqual(['stdout-clean/noise']);
    expect(report.server.limits).toEqual(['server stdout: 1 line(s) longer than 8.0 MB (50.0 MB in all) were dropped unread; a call they answered counts as unanswered']);
    expect(run.peakRssMb).toBeLessThan(RSS_CEILING_MB);
    expect(await survivors(run.pids)).toEqual([]);

    const stylish = await lintHostile(['--seed', '1', '--timeout', '15000', '--runs', '2', '--probe', 'wrong-type', ...fixture('huge-line')]);
    expect(stylish.stdout).toMatch(/Limits hit \(1\):\n {2}server stdout: 1 line\(s\) longer than 8\.0 MB \(50\.0 MB in all\) were dropped unread/);
    expect(await survivors(stylish.pids)).toEqual([]);
  });

  it('answers of 3 MB each are cut before grading, yet graded at their full size', async () => {
    const run = await lintHostile(['--seed', '1', '--timeout', '2000', '--runs', '2', '--probe', 'wrong-type,missing-required', '--format', 'json', ...fixture('huge-answers')]);
    const report = reportOf(run);
    const tooLarge = report.findings.filter((f) => f.ruleId === 'error-size-bounded' && f.messageId === 'tooLarge');
    expect(tooLarge.length).toBeGreaterThan(0);
    for (const finding of tooLarge) expect(Number(finding.data.bytes)).toBeGreaterThan(3 * 1024 * 1024);
    expect(report.server.limits).toEqual([expect.stringMatching(/^answers: \d+ answer\(s\) longer than 128 KB had [\d.]+ MB of long strings or arrays cut before grading/)]);
    expect(run.peakRssMb).toBeLessThan(RSS_CEILING_MB);
    expect(await survivors(run.pids)).toEqual([]);
  });

  it('a server that stops reading its stdin: calls time out, the server is restarted, the run ends', async () => {
    // The run ends by itself (about 10 s on a loaded machine), not by its deadline, which is far enough not to be reached.
    const run = await lintHostile(['--seed', '1', '--timeout', '1000', '--runs', '2', '--probe', 'oversized', '--deadline', '80s', '--format', 'json', ...fixture('stops-reading-stdin')]);
    expect(run.code).toBe(1);
    const report = reportOf(run);
    expect(ruleIds(report)).toContain('timely-response/timeout');
    expect(report.server.restarts).toBeGreaterThan(0);
    expect(report.interrupted).toBeUndefined();
    expect(run.peakRssMb).toBeLessThan(RSS_CEILING_MB);
    expect(await survivors(run.pids)).toEqual([]);
  });

  it('a stdout flood of non-JSON lines: stdout-clean, and the lines past the first few per call are counted, not kept', async () => {
    const run = await lintHostile(['--seed', '1', '--timeout', '2000', '--runs', '2', '--probe', 'wrong-type', '--format', 'json', ...fixture('garbage-stdout')]);
    expect(run.code).toBe(1);
    const report = reportOf(run);
    expect(ruleIds(report)).toContain('stdout-clean/noise');
    expect(report.server.limits).toEqual([expect.stringMatching(/^server stdout: \d+ non-JSON-RPC line\(s\) beyond the first 20 of a call were counted, not kept/)]);
    expect(run.elapsedMs).toBeLessThan(30_000);
    expect(run.peakRssMb).toBeLessThan(RSS_CEILING_MB);
    expect(await survivors(run.pids)).toEqual([]);
  });

  it('answers with bytes that are not UTF-8 are read (as U+FFFD) and graded like any answer', async () => {
    const run = await lintHostile(['--seed', '1', '--timeout', '2000', '--runs', '2', '--probe', 'wrong-type,positive', '--format', 'json', ...fixture('invalid-utf8')]);
    expect(run.code).toBe(0);
    const report = reportOf(run);
    expect(report.findings).toEqual([]);
    expect(report.exchanges).toBeGreaterThan(10);
    expect(report.server.limits).toEqual([]);
    expect(run.peakRssMb).toBeLessThan(RSS_CEILING_MB);
    expect(await survivors(run.pids)).toEqual([]);
  });
});

describe.concurrent('answers that do not carry our ids', () => {
  // Before: every call waited out its timeout (2 s here; 10 s by default: minutes per run).
  for (const [mode, received] of [['wrong', /^"x-errlint-\d+"$/], ['missing', /^\(none\)$/]] as const) {
    it(`${mode} ids: jsonrpc-conformance idMismatch on each call, without waiting out the timeouts`, async () => {
      const run = await lintHostile(['--seed', '1', '--timeout', '2000', '--runs', '3', '--probe', 'wrong-type,unknown-tool', '--format', 'json', ...fixture('wrong-ids')], { env: { ERRLINT_IDS: mode } });
      expect(run.code).toBe(0); // idMismatch is a warning in the recommended profile
      const report = reportOf(run);
      const mismatches = report.findings.filter((f) => f.ruleId === 'jsonrpc-conformance' && f.messageId === 'idMismatch');
      expect(new Set(mismatches.map((f) => f.tool))).toEqual(new Set(['(server)', 'lookup_user', 'list_orders']));
      for (const finding of mismatches) expect(String(finding.data.received)).toMatch(received);
      expect(ruleIds(report)).not.toContain('timely-response/timeout');
      expect(report.exchanges).toBeGreaterThan(15);
      expect(run.elapsedMs).toBeLessThan(30_000); // 2-3 s; waiting out each timeout would take 40 s or more
      expect(run.peakRssMb).toBeLessThan(RSS_CEILING_MB);
      expect(await survivors(run.pids)).toEqual([]);
    });
  }

  it('duplicated ids: concurrent-calls reports the duplicates', async () => {
    const run = await lintHostile(['--seed', '1', '--timeout', '2000', '--runs', '2', '--probe', 'concurrency', '--format', 'json', ...fixture('wrong-ids')], { env: { ERRLINT_IDS: 'duplicate' } });
    expect(run.code).toBe(1);
    const report = reportOf(run);
    expect(ruleIds(report)).toEqual(['concurrent-calls/duplicated']);
    expect(run.elapsedMs).toBeLessThan(30_000); // 2 s on a loaded machine
    expect(run.peakRssMb).toBeLessThan(RSS_CEILING_MB);
    expect(await survivors(run.pids)).toEqual([]);
  });
});
