// Several servers in one document (formatMany): two linted servers, one that could not be linted and one left out, in
// every format: one JSON document, one valid SARIF log with a run per server, one JUnit document whose totals add up.
import { describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { formatMany, type ManyFormat, type ServerOutcome } from '../../src/report/many.js';
import { formatJson } from '../../src/report/json.js';
import { formatSarif } from '../../src/report/sarif.js';
import { formatJunit } from '../../src/report/junit.js';
import { formatGithub } from '../../src/report/github.js';
import { formatMarkdown } from '../../src/report/markdown.js';
import { formatStylish } from '../../src/report/stylish.js';
import type { Report } from '../../src/report/model.js';
import { reportWith } from '../helpers/report.js';
import { reportSchemaErrors, sarifSchemaErrors } from '../helpers/validate.js';

/** A report of the server declared as `name` (its serverInfo says otherwise, as real servers' do), anchored on `line`. */
function reportOf(name: string, serverInfoName: string, line: number, failing: boolean): Report {
  const base = reportWith('x');
  const finding = {
    ...base.findings[0],
    message: 'the error carries a stack trace: at lookup (/srv/app/users.js:42:7)',
    data: { frame: 'at lookup (/srv/app/users.js:42:7)' },
    tool: 'lookup_user',
    counterexample: { name: 'lookup_user', arguments: { email: 42 }, label: 'email: number', path: '3' },
    answer: 'Error: boom\n    at lookup (/srv/app/users.js:42:7)',
    request: '{"jsonrpc":"2.0","id":7,"method":"tools/call"}',
    response: '{"jsonrpc":"2.0","id":7,"result":{"isError":true}}',
    replay: `npx mcp-errlint --seed 1 --tool lookup_user --probe wrong-type --path 3 --mcp-config .mcp.json --server ${name}`,
  };
  return reportWith('x', {
    server: { ...base.server, name, serverInfo: { name: serverInfoName, version: '1.4.2' } },
    source: { uri: '.mcp.json', line },
    durationMs: failing ? 1500 : 250,
    tools: [{ name: 'lookup_user', exchanges: 12, probes: ['wrong-type'], calls: 'all' }],
    findings: failing ? [finding] : [],
    checks: [
      { ruleId: 'no-stack-trace', tool: 'lookup_user', probe: 'wrong-type', verdict: failing ? 'fail' : 'pass', severity: 'error', exchanges: 6 },
      { ruleId: 'recovery-hint', tool: 'lookup_user', probe: 'wrong-type', verdict: 'pass', severity: 'warning', exchanges: 6 },
    ],
    skips: failing ? [{ tool: 'delete_user', probe: '*', reason: 'destructive tool (destructiveHint: true)' }] : [],
    score: { ...base.score, score: failing ? 62.5 : 100, grade: failing ? 'D' : 'A', byTool: { lookup_user: { score: failing ? 50 : 100, passed: failing ? 1 : 2, failed: failing ? 1 : 0 } } },
    gate: failing ? base.gate : { passed: true, failures: [] },
    summary: failing ? { error: 1, warning: 0, note: 0, passed: 1, failed: 1, skipped: 1 } : { error: 0, warning: 0, note: 0, passed: 2, failed: 0, skipped: 0 },
  });
}

const USERS = reportOf('users', 'acme-directory', 3, true);
const ORDERS = reportOf('orders', 'acme-directory', 11, false);

const OUTCOMES: ServerOutcome[] = [
  { name: 'users', report: USERS },
  { name: 'orders', report: ORDERS },
  { name: 'billing', failure: 'could not reach http://127.0.0.1:9/mcp: ECONNREFUSED' },
  { name: 'legacy-search', failure: 'disabled in the file ("disabled": true)', skipped: true },
];

const RENDER: Record<ManyFormat, (report: Report) => string> = {
  json: formatJson,
  sarif: formatSarif,
  junit: formatJunit,
  github: formatGithub,
  markdown: formatMarkdown,
  stylish: (report) => formatStylish(report, { color: false }),
};

const many = (format: ManyFormat, outcomes = OUTCOMES) => formatMany(outcomes, format, RENDER[format]);

describe('json', () => {
  const doc = JSON.parse(many('json'));

  it('is one document listing every server in order: a report, a failure or a skip each', () => {
    expect(doc.schemaVersion).toBe(2);
    expect(doc.servers.map((s: Record<string, unknown>) => [s.name, Object.keys(s).sort()])).toEqual([
      ['users', ['name', 'report']],
      ['orders', ['name', 'report']],
      ['billing', ['failure', 'name']],
      ['legacy-search', ['name', 'skipped']],
    ]);
    expect(doc.servers[2].failure).toBe('could not reach http://127.0.0.1:9/mcp: ECONNREFUSED');
    expect(doc.servers[3].skipped).toBe('disabled in the file ("disabled": true)');
  });

  it('embeds each report as the json format writes it alone, valid against the report schema', () => {
    expect(doc.servers[0].report).toEqual(JSON.parse(formatJson(USERS)));
    for (const server of doc.servers.slice(0, 2)) expect(reportSchemaErrors(server.report)).toEqual([]);
    expect(doc.servers[0].report.findings).toHaveLength(1);
    expect(doc.servers[1].report.findings).toHaveLength(0);
  });
});

describe('sarif', () => {
  const text = many('sarif');
  const log = JSON.parse(text);

  it('is one log, valid against the SARIF 2.1.0 schema, with ONE run for every server (reporting.md: GitHub refuses two runs of one category)', () => {
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    expect(log.runs[0].automationDetails).toEqual({ id: 'mcp-errlint/' });
    expect(log.runs[0].results).toHaveLength(1);
    expect(log.runs[0].invocations.map((invocation: any) => invocation.properties.server)).toEqual(['users', 'orders', 'billing', 'legacy-search']);
    const ids = log.runs[0].tool.driver.rules.map((rule: any) => rule.id);
    expect(new Set(ids).size).toBe(ids.length); // the rules of every server, each once
  });

  it('marks the server that could not be linted as a failed invocation with its cause, and the skipped one as a note', () => {
    const [users, , billing, skipped] = log.runs[0].invocations;
    expect(users.executionSuccessful).toBe(true);
    expect(billing.executionSuccessful).toBe(false);
    expect(billing.toolExecutionNotifications).toEqual([{ level: 'error', message: { text: 'billing: could not lint: could not reach http://127.0.0.1:9/mcp: ECONNREFUSED' } }]);
    expect(skipped.executionSuccessful).toBe(true);
    expect(skipped.toolExecutionNotifications[0]).toMatchObject({ level: 'note', message: { text: expect.stringMatching(/^legacy-search: not linted: disabled/) } });
  });

  it('keeps every result with the one location GitHub needs, on its server’s anchor line', () => {
    expect(log.runs[0].results[0].locations[0].physicalLocation).toEqual({ artifactLocation: { uri: '.mcp.json' }, region: { startLine: 3 } });
  });
});

describe('junit', () => {
  const xml = many('junit');
  const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['testsuite', 'testcase'].includes(name) }).parse(xml);
  const root = parsed.testsuites;
  const suites: any[] = root.testsuite;
  const cases = suites.flatMap((suite) => suite.testcase);

  it('is one well-formed document with one <testsuites> root and a suite per server', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.match(/<\?xml /g)).toHaveLength(1);
    expect(xml.match(/<testsuites\b/g)).toHaveLength(1);
    expect(suites.map((suite) => suite['@_name'])).toEqual(['users', 'orders', 'billing', 'legacy-search']);
  });

  it('has root totals that are the sums of its suites, and of the cases themselves', () => {
    const sum = (key: string) => suites.reduce((n, suite) => n + Number(suite[`@_${key}`]), 0);
    for (const key of ['tests', 'failures', 'errors', 'skipped']) expect(Number(root[`@_${key}`]), key).toBe(sum(key));
    expect(Number(root['@_tests'])).toBe(cases.length);
    expect(Number(root['@_failures'])).toBe(cases.filter((c) => 'failure' in c).length);
    expect(Number(root['@_errors'])).toBe(cases.filter((c) => 'error' in c).length);
    expect(Number(root['@_skipped'])).toBe(cases.filter((c) => 'skipped' in c).length);
    expect([root['@_tests'], root['@_failures'], root['@_errors'], root['@_skipped']]).toEqual(['7', '1', '1', '2']);
    expect(root['@_time']).toBe('1.750');
  });

  it('gives the server that could not be linted an erroring case with its cause, and the skipped one a skipped case', () => {
    const [billing, skipped] = suites.slice(2);
    expect(billing.testcase[0].error['@_message']).toBe('could not lint: could not reach http://127.0.0.1:9/mcp: ECONNREFUSED');
    expect(skipped.testcase[0].skipped['@_message']).toBe('not linted: disabled in the file ("disabled": true)');
  });
});

describe('stylish, markdown and github', () => {
  it.each(['stylish', 'markdown', 'github'] as const)('%s names every server, and the cause of each one not linted', (format) => {
    const text = many(format);
    for (const name of ['users', 'orders', 'billing', 'legacy-search']) expect(text, name).toContain(name);
    expect(text).toMatch(/could not lint: could not reach http\\?:\/\/127\.0\.0\.1:9\/mcp: ECONNREFUSED/); // markdown escapes the autolink
    expect(text).toContain('not linted: disabled in the file ("disabled": true)');
    // The servers come in the order given.
    const at = ['users', 'orders', 'billing', 'legacy-search'].map((name) => text.indexOf(name));
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('stylish starts each section with the server’s name, a linted one too (two servers may share a serverInfo)', () => {
    const lines = many('stylish').split('\n');
    const starts = ['users', 'orders', 'billing', 'legacy-search'].map((name) => lines.indexOf(name));
    expect(starts, 'a line that is just the server’s name, for each server').not.toContain(-1);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(lines[starts[0] + 1]).toMatch(/^mcp-errlint 0\.0\.0 · acme-directory 1\.4\.2 · /);
    expect(lines[starts[1] + 1]).toMatch(/^mcp-errlint 0\.0\.0 · acme-directory 1\.4\.2 · /);
  });

  it('github: a failure is an error annotation and a skip a notice, each one line', () => {
    const lines = many('github').trimEnd().split('\n');
    for (const line of lines) expect(line).toMatch(/^::(error|warning|notice) [^\n]*::/);
    expect(lines).toContain('::error title=mcp-errlint%3A billing::could not lint: could not reach http://127.0.0.1:9/mcp: ECONNREFUSED');
    expect(lines).toContain('::notice title=mcp-errlint%3A legacy-search::not linted: disabled in the file ("disabled": true)');
    // Each linted server's verdict notice names it.
    expect(lines.filter((line) => /^::notice title=mcp-errlint [A-F]::(users|orders): /.test(line))).toHaveLength(2);
  });

  it('markdown: a heading per server not linted', () => {
    const md = many('markdown');
    expect(md).toMatch(/^## billing\n\ncould not lint: /m);
    expect(md).toMatch(/^## legacy-search\n\nnot linted: /m);
    expect(md.match(/^## mcp-errlint: (users|orders) /gm)).toHaveLength(2);
  });
});

describe('a summary across the servers (issue 20)', () => {
  it('stylish ends with one table: every server with its grade, score and counts, or why it was not linted', () => {
    const text = many('stylish');
    const summary = text.slice(text.lastIndexOf('Summary (4 servers)'));
    const lines = summary.trimEnd().split('\n');
    expect(lines[1]).toMatch(/^ {2}server\s+grade\s+score\s+errors\s+warnings\s+notes\s+probed\s+verdict$/);
    expect(lines[2]).toMatch(/^ {2}users\s+D\s+62\.5\s+1\s+0\s+0\s+\d+\/\d+ tools\s+fails the gate$/);
    expect(lines[3]).toMatch(/^ {2}orders\s+A\s+100\.0\s+0\s+0\s+0\s+\d+\/\d+ tools\s+passes$/);
    expect(lines[4]).toMatch(/^ {2}billing\s+(–\s+){6}could not lint: could not reach/);
    expect(lines[5]).toMatch(/^ {2}legacy-search\s+(–\s+){6}not linted: disabled in the file/);
  });

  it('markdown ends with the same table; one server alone gets none', () => {
    expect(many('markdown')).toMatch(/## Summary \(4 servers\)\n\n\| server \| grade \| score \| errors \| warnings \| notes \| probed \| verdict \|\n/);
    expect(many('stylish', OUTCOMES.slice(0, 1))).not.toContain('Summary (');
  });
});
