// Schemas that hurt: patterns that backtrack catastrophically on the JavaScript engine are matched in linear time (the
// lint ends, and the server's non-conforming output is still graded); a pattern no linear-time engine runs is a skip
// that says why.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { lintHostile, survivors } from '../helpers/hostile.js';
import { lint } from '../../src/lint.js';
import type { Report } from '../../src/report/model.js';

describe('catastrophic patterns', () => {
  it('lints a server whose input and output schemas declare ^(a+)+$-style patterns, in bounded time', async () => {
    const run = await lintHostile(['--seed', '1', '--timeout', '2000', '--runs', '5', '--format', 'json', '--', 'node', 'fixtures/hostile/redos-pattern.mjs'], { timeoutMs: 60_000 });
    const report = JSON.parse(run.stdout) as Report;
    // Before re2js, ajv's check of the output 'aaaa…a!' against ^(a|aa)+$ blocked the event loop for minutes.
    expect(run.elapsedMs).toBeLessThan(30_000);
    expect(report.findings.some((f) => f.ruleId === 'output-schema-conformance' && f.tool === 'find_code' && /must match pattern/.test(f.message))).toBe(true);
    const skip = report.skips.find((s) => s.tool === 'check_password' && s.probe === 'positive');
    expect(skip?.reason).toMatch(/cannot be matched in linear time \(invalid or unsupported Perl syntax: `\(\?=`\)/);
    // Its outputSchema cannot be checked either: said as a skip, never a silent pass.
    expect(report.skips).toContainEqual({ tool: 'check_password', probe: expect.any(String), reason: expect.stringMatching(/^structured results not checked against the outputSchema: pattern "\^\(\?!\.\*password\)\.\*\$" cannot be matched in linear time/) });
    // Patterns and bounds no value meets used to make fast-check redraw forever while planning: now the tool is probed,
    // and the positive probe says it found no valid input instead of sending an unconfirmed one.
    expect(report.findings.some((f) => f.tool === 'tag_item' && /not matching pattern \^aaaaaaaaaa\$/.test(f.message))).toBe(true);
    expect(report.skips).toContainEqual({ tool: 'tag_item', probe: 'positive', reason: 'could not generate an input that ajv accepts' });
    expect(run.peakRssMb).toBeLessThan(250);
    expect(await survivors(run.pids)).toEqual([]);
  });
});

describe('size and depth', () => {
  it('a 200-deep schema (and a $ref to itself) is linted to a normal end', async () => {
    const run = await lintHostile(['--seed', '1', '--timeout', '2000', '--runs', '5', '--format', 'json', '--', 'node', 'fixtures/hostile/deep-schema.mjs'], { timeoutMs: 60_000 });
    expect([0, 1]).toContain(run.code);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.coverage.toolsProbed).toBe(1);
    expect(report.exchanges).toBeGreaterThan(20);
    expect(run.elapsedMs).toBeLessThan(30_000);
    expect(run.peakRssMb).toBeLessThan(250);
    expect(await survivors(run.pids)).toEqual([]);
  });

  it('5,000 tools: planned one tool at a time, stopped by the deadline with every unreached tool listed, memory bounded', async () => {
    const run = await lintHostile(['--seed', '1', '--timeout', '2000', '--deadline', '12s', '--format', 'json', '--', 'node', 'fixtures/hostile/many-tools.mjs'], { timeoutMs: 90_000, env: { ERRLINT_TOOLS: '5000' } });
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.interrupted?.by).toBe('deadline');
    expect(report.coverage.toolsListed).toBe(5000);
    expect(report.coverage.toolsProbed).toBeGreaterThan(0);
    // Every tool is either probed or listed as not probed, with the reason.
    const unreached = report.skips.filter((s) => s.probe === '*' && /^not probed: the run's deadline of 12s/.test(s.reason));
    expect(report.coverage.toolsProbed + unreached.length).toBeGreaterThanOrEqual(4999);
    // The 12 s deadline plus writing the report (13.5 s on a loaded machine), not minutes of planning.
    expect(run.elapsedMs).toBeLessThan(40_000);
    expect(run.peakRssMb).toBeLessThan(600);
    expect(await survivors(run.pids)).toEqual([]);
  });
});

describe('memory per tool', () => {
  it('what a run keeps grows by a few KB per probed tool, not by every request and answer sent', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const tools = 250;
    const live: Record<string, number> = {};
    process.env.ERRLINT_TOOLS = String(tools);
    try {
      const report = await lint({
        target: { command: 'node', args: ['fixtures/hostile/many-tools.mjs'] },
        seed: 1,
        runs: 0,
        timeoutMs: 2000,
        probes: ['missing-required', 'wrong-type'],
        onProgress: ({ done, total }) => {
          for (const mark of ['0.2', '0.9']) {
            if (live[mark] === undefined && done >= total * Number(mark)) {
              gc();
              live[mark] = process.memoryUsage().heapUsed;
            }
          }
        },
      });
      expect(report.coverage.toolsProbed).toBe(tools);
      expect(report.exchanges).toBeGreaterThan(tools * 4);
    } finally {
      delete process.env.ERRLINT_TOOLS;
    }
    // 175 tools of ~7 calls each between the marks. Before: every answer stayed reachable from the server's exit
    // promise, and each tool's compiled validator from ajv's scope (about 32 KB per tool here); now about 5 KB.
    const perTool = (live['0.9'] - live['0.2']) / (0.7 * tools);
    expect(perTool).toBeLessThan(12 * 1024);
  }, 60_000);
});
