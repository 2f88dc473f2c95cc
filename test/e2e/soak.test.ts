// Determinism soak: many lints in a row give the same findings (none for the well-behaved server, the same ones for a
// defect under one seed), and leave no server process and no file descriptor of the test process behind.
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { lintHostile, survivors, type HostileResult } from '../helpers/hostile.js';

// Probe kinds whose inputs the seed draws (plus bursts and unknown tools), with few runs: a lint is then ~2 s.
const PROBES = 'missing-required,wrong-type,null-values,constraint-violations,extra-properties,positive,concurrency,unknown-tool';
const CONCURRENT = 3;
/** Seeds for the well-behaved server: 8 in the suite (about 15 s), 30 with `npm run soak` (about 60 s, a script). */
const SEEDS = Number(process.env.ERRLINT_SOAK_SEEDS ?? 8);
/** The server runs with a preload that records its PID, so survivors can be checked. */
const server = (fixture: string) => ['--', 'node', '--import', './fixtures/lib/record-pid.mjs', `fixtures/${fixture}`];
// The default 10 s per call: three lints at a time load the machine, and these servers answer within milliseconds.
const lintArgs = (seed: number, fixture: string) => ['--seed', String(seed), '--runs', '2', '--probe', PROBES, '--timeout', '10000', '--deadline', '45s', '-f', 'json', ...server(fixture)];

/** Run every lint, CONCURRENT at a time, in order of the list. */
async function pool(argsList: string[][]): Promise<HostileResult[]> {
  const results: HostileResult[] = new Array(argsList.length);
  let next = 0;
  const worker = async () => {
    while (next < argsList.length) {
      const i = next++;
      results[i] = await lintHostile(argsList[i], { timeoutMs: 60_000 });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT }, worker));
  return results;
}

const FD_DIR = '/proc/self/fd';
const openFds = () => (existsSync(FD_DIR) ? readdirSync(FD_DIR).length : undefined);

interface JsonFinding {
  ruleId: string;
  tool: string;
  probe: string;
  severity: string;
  fingerprint: string;
  counterexample: unknown;
  replay: string;
}

describe('determinism soak', () => {
  it(`the well-behaved server under ${SEEDS} seeds: no finding every time, no process or descriptor left`, async () => {
    await lintHostile(lintArgs(1, 'well-behaved.mjs'), { timeoutMs: 60_000 }); // spawning once opens what the test process keeps
    const fdsBefore = openFds();
    const seeds = Array.from({ length: SEEDS }, (_, i) => 1000 + i * 7919);
    expect(seeds.length).toBeGreaterThan(0);
    const results = await pool(seeds.map((seed) => lintArgs(seed, 'well-behaved.mjs')));
    for (const [i, result] of results.entries()) {
      const seed = seeds[i];
      expect(result.code, `seed ${seed}: ${result.stderr}`).toBe(0);
      const report = JSON.parse(result.stdout);
      expect(report.settings.seed).toBe(seed);
      expect(report.findings.map((f: JsonFinding) => `${f.ruleId} @ ${f.tool} (${f.probe})`), `seed ${seed}`).toEqual([]);
      expect(report.coverage.toolsProbed, `seed ${seed}`).toBe(2);
      expect(result.pids.length, `seed ${seed}: the server recorded its PID`).toBeGreaterThan(0);
      expect(await survivors(result.pids), `seed ${seed}`).toEqual([]);
    }
    if (fdsBefore !== undefined) expect(openFds()).toBeLessThanOrEqual(fdsBefore);
  }, 120_000);

  it('a defect fixture 10 times under one seed: the same findings, severities and counterexamples', async () => {
    const fdsBefore = openFds();
    const results = await pool(Array.from({ length: 10 }, () => lintArgs(7, 'internal-host.mjs')));
    const shape = (result: HostileResult) =>
      (JSON.parse(result.stdout).findings as JsonFinding[]).map((f) => ({ id: `${f.ruleId} @ ${f.tool} (${f.probe})`, fingerprint: f.fingerprint, severity: f.severity, counterexample: f.counterexample, replay: f.replay }));
    const first = shape(results[0]);
    expect(first.map((f) => f.id)).toContain('no-internal-details @ list_orders (wrong-type)');
    for (const [i, result] of results.entries()) {
      expect(result.code, `run ${i}: ${result.stderr}`).toBe(1);
      expect(shape(result), `run ${i}`).toEqual(first);
      expect(result.pids.length, `run ${i}: the server recorded its PID`).toBeGreaterThan(0);
      expect(await survivors(result.pids), `run ${i}`).toEqual([]);
    }
    if (fdsBefore !== undefined) expect(openFds()).toBeLessThanOrEqual(fdsBefore);
  }, 120_000);
});
