// --concurrency: tools probed beside each other give the very report one tool at a time gives (same seed), including
// for servers that crash, hang, print noise or cross concurrent answers (the run then goes back to one at a time).
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import type { Report } from '../../src/report/model.js';

/** Everything a verdict is made of: findings with their counterexamples, every check, the exchange count and the score. */
function verdicts(report: Report): unknown {
  return {
    findings: report.findings.map((f) => [f.ruleId, f.tool, f.probe, f.severity, f.message, f.counterexample, f.occurrences]),
    checks: report.checks,
    skips: report.skips,
    exchanges: report.exchanges,
    score: report.score,
  };
}

async function lintAt(concurrency: number, args: string[], env?: Record<string, string>): Promise<Report> {
  const run = await runCli(['--seed', '7', '--runs', '5', '--timeout', '3000', '-f', 'json', '--concurrency', String(concurrency), ...args], { env });
  expect(run.stdout, run.stderr).not.toBe('');
  return JSON.parse(run.stdout) as Report;
}

describe('--concurrency', () => {
  const cases: Array<[string, string[], Record<string, string>?]> = [
    ['12 tools that behave', ['--', 'node', 'fixtures/hostile/many-tools.mjs'], { ERRLINT_TOOLS: '12' }],
    ['a defect on every tool', ['--', 'node', 'fixtures/validation-internal-error.mjs']],
    ['a server that crashes on NUL', ['--', 'node', 'fixtures/crash-on-nul.mjs']],
    ['a server that hangs on large input', ['--', 'node', 'fixtures/hang-on-large.mjs']],
    ['noise on stdout', ['--', 'node', 'fixtures/noisy-stdout.mjs']],
  ];
  for (const [what, args, env] of cases) {
    it(`gives the report of one tool at a time: ${what}`, async () => {
      const [one, four] = await Promise.all([lintAt(1, args, env), lintAt(4, args, env)]);
      expect(four.settings.concurrency).toBe(4);
      expect(verdicts(four)).toEqual(verdicts(one));
    }, 120_000);
  }

  it('goes one tool at a time for a server that crosses concurrent answers', async () => {
    // How many of its bursts get crossed depends on how the lines reach it (fixtures/README.md): compare the tools' verdicts.
    const args = ['--', 'node', 'fixtures/concurrency-mixup.mjs'];
    const [one, four] = await Promise.all([lintAt(1, args), lintAt(4, args)]);
    const tools = (report: Report) => report.checks.filter((check) => check.tool !== '(server)');
    expect(four.findings.map((f) => f.ruleId)).toEqual(['concurrent-calls']);
    expect(tools(four)).toEqual(tools(one));
  }, 120_000);

  it('refuses a concurrency below 1 or above 64', async () => {
    const run = await runCli(['--concurrency', '0', '--', 'node', 'fixtures/well-behaved.mjs']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("mcp-errlint: --concurrency must be an integer from 1 to 64, got '0'\n");
    expect((await runCli(['--concurrency', '65', '--', 'node', 'fixtures/well-behaved.mjs'])).stderr).toBe("mcp-errlint: --concurrency must be an integer from 1 to 64, got '65'\n");
  });
});
