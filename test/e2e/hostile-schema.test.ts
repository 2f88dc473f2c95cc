// Schemas that hurt: patterns that backtrack catastrophically on the JavaScript engine are matched in linear time (the
// lint ends, and the server's non-conforming output is still graded); a pattern no linear-time engine runs is a skip
// that says why.
import { describe, expect, it } from 'vitest';
import { lintHostile, survivors } from '../helpers/hostile.js';
import type { Report } from '../../src/report/model.js';

describe('catastrophic patterns', () => {
  it('lints a server whose input and output schemas declare ^(a+)+$-style patterns, in bounded time', async () => {
    const run = await lintHostile(['--seed', '1', '--timeout', '2000', '--runs', '5', '--format', 'json', '--quiet', '--', 'node', 'fixtures/hostile/redos-pattern.mjs'], { timeoutMs: 60_000 });
    const report = JSON.parse(run.stdout) as Report;
    // Before re2js, ajv's check of the output 'aaaa…a!' against ^(a|aa)+$ blocked the event loop for minutes.
    expect(run.elapsedMs).toBeLessThan(30_000);
    expect(report.findings.some((f) => f.ruleId === 'output-schema-conformance' && f.tool === 'find_code' && /must match pattern/.test(f.message))).toBe(true);
    const skip = report.skips.find((s) => s.tool === 'check_password' && s.probe === 'positive');
    expect(skip?.reason).toMatch(/cannot be matched in linear time \(invalid or unsupported Perl syntax: `\(\?=`\)/);
    expect(run.peakRssMb).toBeLessThan(250);
    expect(await survivors(run.pids)).toEqual([]);
  });
});
