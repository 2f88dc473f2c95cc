// Several servers in one run (an MCP client config file): one section per server in every format, and a server that
// could not be linted is a section with its cause, never a missing one.
import type { Report } from './model.js';
import { REPORT_SCHEMA_VERSION } from './model.js';
import { cdata, markdownCell, workflowData, workflowProperty, xmlAttribute } from './escape.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import { SARIF_SCHEMA } from './sarif.js';

/** What one server of the run came to: its report, or why it could not be linted (or was left out). */
export type ServerOutcome = { name: string; report: Report } | { name: string; failure: string; skipped?: boolean };

export type ManyFormat = 'stylish' | 'json' | 'sarif' | 'junit' | 'github' | 'markdown';

/** The run's outcomes in one document of `format`; `render` renders one report alone (already sanitised). */
export function formatMany(outcomes: readonly ServerOutcome[], format: ManyFormat, render: (report: Report) => string): string {
  const part = (outcome: ServerOutcome) => ('report' in outcome ? render(outcome.report) : undefined);
  switch (format) {
    case 'json':
      return `${JSON.stringify({ schemaVersion: REPORT_SCHEMA_VERSION, servers: outcomes.map((o) => ('report' in o ? { name: o.name, report: JSON.parse(part(o)!) } : { name: o.name, [o.skipped ? 'skipped' : 'failure']: o.failure })) }, null, 2)}\n`;
    case 'sarif':
      return sarifOf(outcomes, part);
    case 'junit':
      return junitOf(outcomes, part);
    case 'github':
      return outcomes.map((o) => ('report' in o ? part(o) : `::${o.skipped ? 'notice' : 'error'} title=${workflowProperty(`mcp-errlint: ${o.name}`)}::${workflowData(notLinted(o))}\n`)).join('');
    case 'markdown':
      return outcomes.map((o) => ('report' in o ? part(o) : `## ${markdownCell(o.name)}\n\n${markdownCell(notLinted(o))}\n`)).join('\n') + (outcomes.length > 1 ? `\n${summaryMarkdown(outcomes)}` : '');
    case 'stylish':
      // Each section starts with the name it was declared under: the report's own header shows the server's serverInfo.
      return outcomes.map((o) => ('report' in o ? `${o.name}\n${part(o)}` : `${o.name}\n  ${notLinted(o)}\n`)).join('\n') + (outcomes.length > 1 ? `\n${summaryStylish(outcomes)}` : '');
  }
}

/** One row per server of the run: its grade, score, finding counts and coverage, or why it was not linted. */
function summaryRows(outcomes: readonly ServerOutcome[]): string[][] {
  return outcomes.map((o) => {
    if (!('report' in o)) return [o.name, '–', '–', '–', '–', '–', '–', notLinted(o)];
    const { score, summary, coverage } = o.report;
    return [o.name, score.grade, score.score.toFixed(1), String(summary.error), String(summary.warning), String(summary.note), `${coverage.toolsProbed}/${coverage.toolsListed} tools`, o.report.gate.passed ? 'passes' : 'fails the gate'];
  });
}

const SUMMARY_HEAD = ['server', 'grade', 'score', 'errors', 'warnings', 'notes', 'probed', 'verdict'];

/** The run across its servers, as a table at the end of the terminal output (names and causes made safe by the caller). */
function summaryStylish(outcomes: readonly ServerOutcome[]): string {
  const rows = [SUMMARY_HEAD, ...summaryRows(outcomes)];
  const widths = SUMMARY_HEAD.map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row: string[]) => `  ${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ')}`.trimEnd();
  return [`Summary (${outcomes.length} servers)`, ...rows.map(line), ''].join('\n');
}

function summaryMarkdown(outcomes: readonly ServerOutcome[]): string {
  return [`## Summary (${outcomes.length} servers)`, '', `| ${SUMMARY_HEAD.join(' | ')} |`, `|${SUMMARY_HEAD.map(() => '---').join('|')}|`, ...summaryRows(outcomes).map((row) => `| ${row.map(markdownCell).join(' | ')} |`), ''].join('\n');
}

function notLinted(outcome: Extract<ServerOutcome, { failure: string }>): string {
  return outcome.skipped ? `not linted: ${outcome.failure}` : `could not lint: ${outcome.failure}`;
}

/**
 * One SARIF log with ONE run for all servers (GitHub refuses two runs of one category): the results of every server,
 * the union of their rules, and one invocation per server; one that could not be linted is an unsuccessful invocation.
 */
function sarifOf(outcomes: readonly ServerOutcome[], part: (o: ServerOutcome) => string | undefined): string {
  type Run = { tool: { driver: { rules?: Array<{ id: string }> } & Record<string, unknown> }; invocations?: unknown[]; results?: unknown[] } & Record<string, unknown>;
  let log: Record<string, unknown> = { $schema: SARIF_SCHEMA, version: '2.1.0' };
  let run: Run | undefined;
  const rules = new Map<string, { id: string }>();
  const invocations: unknown[] = [];
  const results: unknown[] = [];
  for (const outcome of outcomes) {
    const text = part(outcome);
    if (text !== undefined) {
      const { runs, ...rest } = JSON.parse(text) as { runs: Run[] };
      log = rest;
      for (const one of runs) {
        run ??= one;
        for (const rule of one.tool.driver.rules ?? []) if (!rules.has(rule.id)) rules.set(rule.id, rule);
        invocations.push(...(one.invocations ?? []));
        results.push(...(one.results ?? []));
      }
    } else if (!('report' in outcome)) {
      invocations.push({
        executionSuccessful: Boolean(outcome.skipped),
        toolExecutionNotifications: [{ level: outcome.skipped ? 'note' : 'error', message: { text: `${outcome.name}: ${notLinted(outcome)}` } }],
        properties: { server: outcome.name },
      });
    }
  }
  const base: Run = run ?? { tool: { driver: { name: TOOL_NAME, version: TOOL_VERSION } }, automationDetails: { id: 'mcp-errlint/' } };
  const merged = { ...base, tool: { ...base.tool, driver: { ...base.tool.driver, rules: [...rules.values()] } }, invocations, results };
  return `${JSON.stringify({ ...log, runs: [merged] }, null, 2)}\n`;
}

/** One JUnit document: the test suites of every server; one that could not be linted is a suite with one erroring case. */
function junitOf(outcomes: readonly ServerOutcome[], part: (o: ServerOutcome) => string | undefined): string {
  const totals = { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 };
  const suites: string[] = [];
  for (const outcome of outcomes) {
    const text = part(outcome);
    if (text !== undefined) {
      const root = /<testsuites\b([^>]*)>([\s\S]*)<\/testsuites>/.exec(text);
      if (!root) continue;
      for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += Number(new RegExp(`\\b${key}="([\\d.]+)"`).exec(root[1])?.[1] ?? 0);
      suites.push(root[2].replace(/^\n|\n$/g, ''));
    } else if (!('report' in outcome)) {
      totals.tests++;
      totals[outcome.skipped ? 'skipped' : 'errors']++;
      const inner = outcome.skipped ? `<skipped message="${xmlAttribute(notLinted(outcome))}"/>` : `<error message="${xmlAttribute(notLinted(outcome))}">${cdata(outcome.failure)}</error>`;
      suites.push(`  <testsuite name="${xmlAttribute(outcome.name)}" tests="1" failures="0" errors="${outcome.skipped ? 0 : 1}" skipped="${outcome.skipped ? 1 : 0}">\n    <testcase name="start" classname="${xmlAttribute(outcome.name)}">${inner}</testcase>\n  </testsuite>`);
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcp-errlint" tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}" skipped="${totals.skipped}" time="${totals.time.toFixed(3)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
