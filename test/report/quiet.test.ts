// --quiet over a report (every format shows error-level findings only; score, grade and gate unchanged) and --max-warnings.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { quietReport } from '../../src/report/quiet.js';
import { exitCodeFor, settle } from '../../src/report/gate.js';
import { formatStylish } from '../../src/report/stylish.js';
import { formatMarkdown } from '../../src/report/markdown.js';
import { formatSarif } from '../../src/report/sarif.js';
import { formatJunit } from '../../src/report/junit.js';
import { formatGithub } from '../../src/report/github.js';
import { formatJson } from '../../src/report/json.js';
import { formatExchange } from '../../src/report/exchange.js';
import { formatReportHtml } from '../../src/report/html.js';
import type { Finding, Report } from '../../src/report/model.js';
import type { Severity } from '../../src/types.js';
import { reportWith } from '../helpers/report.js';
import { reportSchemaErrors, sarifProblems } from '../helpers/validate.js';

const base = reportWith('srv');
const finding = (ruleId: string, severity: Severity, tool: string, extra: Partial<Finding> = {}): Finding => ({
  ...base.findings[0],
  ruleId,
  severity,
  tool,
  message: `${ruleId} on ${tool}`,
  fingerprint: createHash('sha256').update(`${ruleId}\u0000${tool}`).digest('hex').slice(0, 32),
  ...extra,
});

/** Two errors, three warnings (one baselined), one note: settled with the given gate settings. */
function mixed(settings: Partial<Report['settings']> = {}): Report {
  const findings = [
    finding('no-stack-trace', 'error', 'a'),
    finding('no-stack-trace', 'error', 'b'),
    finding('recovery-hint', 'warning', 'a'),
    finding('recovery-hint', 'warning', 'b'),
    finding('error-not-generic', 'warning', 'c', { baselined: true }),
    finding('structured-error-metadata', 'note', 'a'),
  ];
  const checks = findings.map((f) => ({ ruleId: f.ruleId, tool: f.tool, probe: f.probe, verdict: 'fail' as const, severity: f.severity, exchanges: 1 }));
  return settle(reportWith('srv', {
    settings: { ...base.settings, ...settings },
    findings,
    causes: findings.map((f) => ({ id: `rule/${f.ruleId}/${f.tool}`, summary: f.message, fix: 'Fix it.', severity: f.severity, findings: [f.fingerprint] })),
    checks,
    rules: [...base.rules, { id: 'error-not-generic', level: 'warning', description: 'Generic.', tags: [], docs: 'docs/rules/error-not-generic.md' }, { id: 'structured-error-metadata', level: 'note', description: 'Metadata.', tags: [], docs: 'docs/rules/structured-error-metadata.md' }],
    score: {
      ...base.score,
      caps: [],
      defects: [
        { ruleId: 'no-stack-trace', severity: 'error', tools: 2, of: 3, breadth: 0.67, penalty: 20 },
        { ruleId: 'recovery-hint', severity: 'warning', tools: 2, of: 3, breadth: 0.67, penalty: 5 },
        { ruleId: 'structured-error-metadata', severity: 'note', tools: 1, of: 3, breadth: 0.33, penalty: 0.5 },
      ],
    },
    summary: { error: 2, warning: 3, note: 1, passed: 0, failed: 6, skipped: 1 },
  }));
}

describe('quietReport', () => {
  const loud = mixed();
  const quiet = quietReport(loud);

  it('keeps the error-level findings and their causes only, and says it filtered', () => {
    expect(quiet.findings.map((f) => `${f.ruleId}@${f.tool}`)).toEqual(['no-stack-trace@a', 'no-stack-trace@b']);
    expect(quiet.causes.map((c) => c.id)).toEqual(['rule/no-stack-trace/a', 'rule/no-stack-trace/b']);
    // The score is the whole run's, its defects and breakdown too, so that it still adds up.
    expect(quiet.score).toEqual(loud.score);
    expect(quiet.settings.quiet).toBe(true);
    expect(loud.settings.quiet).toBeUndefined(); // pure: the report it was given is unchanged
    expect(loud.findings).toHaveLength(6);
  });

  it('leaves the score, grade, gate and counts as the whole run settled them', () => {
    expect(quiet.score.score).toBe(loud.score.score);
    expect(quiet.score.grade).toBe(loud.score.grade);
    expect(quiet.score.caps).toEqual(loud.score.caps);
    expect(quiet.gate).toEqual(loud.gate);
    expect(quiet.summary).toEqual(loud.summary);
  });

  it('the json report is filtered, valid, and records settings.quiet', () => {
    const json = JSON.parse(formatJson(quiet)) as Report;
    expect(reportSchemaErrors(json)).toEqual([]);
    expect(json.settings.quiet).toBe(true);
    expect(json.findings.every((f) => f.severity === 'error')).toBe(true);
  });

  it('no format shows a warning or a note; the terminal and markdown say how many were left out', () => {
    const stylish = formatStylish(quiet, { color: false });
    expect(stylish).not.toMatch(/⚠ warning|ℹ note/);
    expect(stylish).not.toMatch(/^ {2}⚠ \S+ {2}recovery-hint/m);
    expect(stylish).toMatch(/^ {2}✖ a {2}no-stack-trace/m);
    expect(stylish).toContain('3 warnings, 1 note not shown (--quiet); the score, grade and gate count them');
    expect(formatStylish(loud, { color: false })).not.toContain('not shown (--quiet)');

    const markdown = formatMarkdown(quiet);
    expect(markdown).not.toMatch(/🟠|🔵/);
    expect(markdown).toContain('3 warnings, 1 note not shown (--quiet)');

    const { checks: _, ...detail } = quiet;
    const html = formatReportHtml('srv', detail);
    expect(html).toContain('3 warnings, 1 note not shown (--quiet)');
    expect(html).not.toContain('data-rule="recovery-hint"');

    const sarif = formatSarif(quiet);
    expect(sarifProblems(sarif)).toEqual([]);
    expect(JSON.parse(sarif).runs[0].results.map((r: { level: string }) => r.level)).toEqual(['error', 'error']);

    expect(formatGithub(quiet)).not.toMatch(/^::warning|recovery-hint \(|structured-error-metadata \(/m);
    expect(formatGithub(loud)).toMatch(/^::warning/m);

    const junit = formatJunit(quiet);
    expect(junit).not.toContain('recovery-hint on');
    expect(junit).not.toContain('structured-error-metadata on');
    const suite = new XMLParser({ ignoreAttributes: false }).parse(junit).testsuites.testsuite;
    expect(suite['@_failures']).toBe('2');
  });

  it('keeps what the gate fails on: under --fail-on warning the warnings stay, so no format shows a pass where the exit code fails', () => {
    const strict = quietReport(mixed({ failOn: 'warning' }));
    expect(strict.findings.map((f) => f.severity)).toEqual(['error', 'error', 'warning', 'warning', 'warning']);
    expect(formatStylish(strict, { color: false })).toContain('1 note not shown (--quiet)');
    const suite = new XMLParser({ ignoreAttributes: false }).parse(formatJunit(strict)).testsuites.testsuite;
    expect(Number(suite['@_failures'])).toBeGreaterThan(2);
  });

  it("a replay's warning and note verdicts go too; passes and errors stay", () => {
    const replayed = settle(reportWith('srv', {
      replay: {
        tool: 'a', probe: 'wrong-type', path: '0',
        exchanges: [{ label: 'x', request: '{}', response: '{}', answer: 'isError result: "x"', verdicts: [
          { ruleId: 'error-channel', passed: true },
          { ruleId: 'no-stack-trace', passed: false, severity: 'error', messageId: 'm', message: 'a trace' },
          { ruleId: 'recovery-hint', passed: false, severity: 'warning', messageId: 'm', message: 'no hint' },
        ] }],
      },
    }));
    const verdicts = quietReport(replayed).replay!.exchanges[0].verdicts.map((v) => v.ruleId);
    expect(verdicts).toEqual(['error-channel', 'no-stack-trace']);
    expect(formatExchange({ ...quietReport(replayed), replay: quietReport(replayed).replay! }, { color: false })).not.toContain('no hint');
  });
});

describe('--max-warnings, as ESLint: more than n warnings fail the run, --quiet or not', () => {
  it('fails above n live warnings (a baselined warning is not counted), passes at n', () => {
    const over = mixed({ failOn: 'never', maxWarnings: 1 });
    expect(over.gate).toEqual({ passed: false, failures: ['2 warnings exceed --max-warnings 1'] });
    expect(exitCodeFor(over)).toBe(1);
    const at = mixed({ failOn: 'never', maxWarnings: 2 });
    expect(at.gate.passed).toBe(true);
    expect(exitCodeFor(at)).toBe(0);
    expect(mixed({ failOn: 'never' }).gate.passed).toBe(true); // no limit unless given
  });

  it('the warnings --quiet leaves out of the report still fail the gate', () => {
    const quiet = quietReport(mixed({ failOn: 'never', maxWarnings: 0 }));
    expect(quiet.findings.some((f) => f.severity === 'warning')).toBe(false);
    expect(quiet.gate.failures).toEqual(['2 warnings exceed --max-warnings 0']);
    expect(exitCodeFor(quiet)).toBe(1);
  });
});
