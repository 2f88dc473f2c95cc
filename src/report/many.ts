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
      return outcomes.map((o) => ('report' in o ? part(o) : `## ${markdownCell(o.name)}\n\n${markdownCell(notLinted(o))}\n`)).join('\n');
    case 'stylish':
      // Each section starts with the name it was declared under: the report's own header shows the server's serverInfo.
      return outcomes.map((o) => ('report' in o ? `${o.name}\n${part(o)}` : `${o.name}\n  ${notLinted(o)}\n`)).join('\n');
  }
}

function notLinted(outcome: Extract<ServerOutcome, { failure: string }>): string {
  return outcome.skipped ? `not linted: ${outcome.failure}` : `could not lint: ${outcome.failure}`;
}

/** One SARIF log, one run per server; a server that could not be linted is a run whose invocation failed, with its cause. */
function sarifOf(outcomes: readonly ServerOutcome[], part: (o: ServerOutcome) => string | undefined): string {
  let log: { runs: unknown[] } & Record<string, unknown> = { $schema: SARIF_SCHEMA, version: '2.1.0', runs: [] };
  const runs: unknown[] = [];
  for (const outcome of outcomes) {
    const text = part(outcome);
    if (text !== undefined) {
      const one = JSON.parse(text) as typeof log;
      log = { ...one, runs: [] };
      // A category per server, as for a server not linted: GitHub rejects an upload with two runs of one tool and category.
      runs.push(...one.runs.map((run) => ({ ...(run as Record<string, unknown>), automationDetails: { id: `mcp-errlint/${outcome.name}/` } })));
    } else if (!('report' in outcome)) {
      runs.push({
        tool: { driver: { name: TOOL_NAME, version: TOOL_VERSION, rules: [] } },
        automationDetails: { id: `mcp-errlint/${outcome.name}/` },
        invocations: [{ executionSuccessful: Boolean(outcome.skipped), toolExecutionNotifications: [{ level: outcome.skipped ? 'note' : 'error', message: { text: `${outcome.name}: ${notLinted(outcome)}` } }] }],
        results: [],
      });
    }
  }
  return `${JSON.stringify({ ...log, runs }, null, 2)}\n`;
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
