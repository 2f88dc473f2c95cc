// The programmatic API as a server author uses it inside their own vitest suite (docs/api.md shows this test).
import { describe, expect, it } from 'vitest';
import { lint, type Report } from 'mcp-errlint';
import { chmodSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDir } from './helpers/temp.js';

describe('my MCP server', () => {
  it('reports its errors so that an agent can recover', async () => {
    const report: Report = await lint({ target: { command: 'node', args: ['fixtures/well-behaved.mjs'] }, seed: 1, runs: 5, timeoutMs: 3000 });
    expect(report.findings.filter((f) => f.severity !== 'note')).toEqual([]);
    expect(report.score.grade).toBe('A+');
  });

  it('catches a stack trace leaking from a tool error', async () => {
    const report = await lint({ target: { command: 'node', args: ['fixtures/stack-trace.mjs'] }, seed: 1, runs: 5, timeoutMs: 3000, probes: ['missing-required'] });
    expect(report.findings.map((f) => f.ruleId)).toContain('no-stack-trace');
    expect(report.findings.find((f) => f.ruleId === 'no-stack-trace')?.replay).toMatch(/--probe missing-required/);
  });

  it('lints a server given as a command alone, without args (issue 20: the API as typed)', async () => {
    // An executable that starts the well-behaved fixture by itself: `target.args` left out, as the type allows.
    const bin = join(tempDir('errlint-api-'), 'server');
    writeFileSync(bin, `#!/bin/sh\nexec "${process.execPath}" "${resolve('fixtures/well-behaved.mjs')}"\n`);
    chmodSync(bin, 0o755);
    const report = await lint({ target: { command: bin }, seed: 1, runs: 2, timeoutMs: 3000, probes: ['missing-required'] });
    expect(report.server.command).toEqual([bin]);
    expect(report.findings).toEqual([]);
  });
});

