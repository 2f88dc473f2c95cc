// The programmatic API as a server author uses it inside their own vitest suite (docs/api.md shows this test).
import { describe, expect, it } from 'vitest';
import { lint, type Report } from 'mcp-errlint';

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
});
