// The HTML board as text: server words come out inert (escaped everywhere they land), the page's own markup survives
// the output step, the one script runs under the page's CSP, and a huge report is cut to a bounded drill-down.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { htmlText } from '../../src/report/escape.js';
import { safeOutput } from '../../src/report/sanitize.js';
import { BOARD_SCHEMA_VERSION, ranked, rowOf, type Board } from '../../src/board/board.js';
import { formatBoardHtml, rulePassRates, type BoardDetail } from '../../src/board/html.js';
import { formatReportHtml } from '../../src/report/html.js';
import type { Finding, Report } from '../../src/report/model.js';
import { reportWith } from '../helpers/report.js';

const NAME = '<img src=x onerror=alert(1)>';
const MESSAGE = '</details><script>alert(1)</script>';

const detailOf = ({ checks: _, ...detail }: Report): BoardDetail => detail;

function boardOf(reports: Array<{ name: string; report?: Report; cause?: string }>, source = 'servers.json'): { board: Board; details: Map<number, BoardDetail> } {
  const details = new Map<number, BoardDetail>();
  const rows = reports.map(({ name, report, cause }, index) => {
    if (report) details.set(index, detailOf(report));
    return rowOf(name, index, report ? 1 : 2, 1234, report, cause);
  });
  return { board: { schemaVersion: BOARD_SCHEMA_VERSION, kind: 'mcp-errlint-board', source, seed: 7, servers: rows.length, rows: ranked(rows) }, details };
}

describe('htmlText', () => {
  it('turns each of & < > " \' into a reference and leaves the rest alone', () => {
    expect(htmlText(`a&b<c>d"e'f é ☃`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f é ☃');
    expect(htmlText('&amp;')).toBe('&amp;amp;');
  });
});

describe('formatBoardHtml', () => {
  const report = reportWith(MESSAGE, {
    server: { ...reportWith('x').server, name: NAME, serverInfo: { name: NAME, version: `1.0"><svg onload=alert(1)>` } },
  });
  const { board, details } = boardOf([
    { name: NAME, report },
    { name: `${NAME}'"`, cause: `could not start '<script>alert(2)</script>': ENOENT` },
  ], `list<script>.json`);
  const page = formatBoardHtml(board, details);

  it('puts no tag, attribute or script of the server on the page: every word is text', () => {
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<svg');
    expect(page).not.toContain('</details><script>');
    expect(page.match(/<script/g)).toHaveLength(1); // the page's own
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('&lt;/details&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;&#39;&quot;');
    expect(page).toContain('1.0&quot;&gt;&lt;svg onload=alert(1)&gt;');
    expect(page).toContain('could not start &#39;&lt;script&gt;alert(2)&lt;/script&gt;&#39;: ENOENT');
    expect(page).toContain('<title>mcp-errlint scoreboard · list&lt;script&gt;.json</title>');
    // Every drill-down closes where it opened: the message did not end one early.
    expect(page.match(/<details/g)).toHaveLength(2);
    expect(page.match(/<\/details>/g)).toHaveLength(2);
    // Server text inside attributes (a rule's description as a tooltip) cannot leave its quotes.
    for (const attribute of page.matchAll(/ [a-z-]+="([^"]*)"/g)) expect(attribute[1]).not.toMatch(/[<>']/);
  });

  it('links each ranking row to its drill-down by list index', () => {
    for (const row of board.rows) {
      expect(page).toContain(`<a href="#server-${row.index}">`);
      expect(page).toContain(`<details class="server" id="server-${row.index}">`);
    }
  });

  it('passes the output step unchanged, and its one script runs under the page\'s CSP', () => {
    expect(safeOutput(page, 'text')).toBe(page);
    const script = /<script>([\s\S]*?)<\/script>/.exec(page)![1];
    const hash = createHash('sha256').update(script).digest('base64');
    expect(page).toContain(`script-src &#39;sha256-${hash}&#39;`);
    expect(page).toMatch(/default-src &#39;none&#39;/);
    expect(page).not.toMatch(/(?:src|href)="(?!#)/); // nothing is loaded or linked outside the page
  });

  it('shows at most 50 findings of a server and says how many more', () => {
    const [first] = reportWith('x').findings;
    const many: Finding[] = Array.from({ length: 120 }, (_, i) => ({ ...first, message: `finding ${i}`, fingerprint: String(i).padStart(32, '0') }));
    const [cause] = reportWith('x').causes;
    const big = boardOf([{ name: 'big', report: reportWith('x', { findings: many, causes: [{ ...cause, findings: many.map((f) => f.fingerprint) }] }) }]);
    const html = formatBoardHtml(big.board, big.details);
    expect(html.match(/<article class="finding/g)).toHaveLength(50);
    expect(html).toContain('and 70 more findings not shown here');
  });

  it('counts a rule as passed on a server with no finding of it at warning or error', () => {
    const note = reportWith('x', { findings: [{ ...reportWith('x').findings[0], severity: 'note' }] });
    const rates = rulePassRates(...Object.values(boardOf([{ name: 'a', report: reportWith('x') }, { name: 'b', report: note }, { name: 'c', cause: 'ENOENT' }])) as [Board, Map<number, BoardDetail>]);
    expect(rates).toEqual([
      { rule: 'no-stack-trace', description: 'No stack traces.', servers: 2, passed: 1 },
      { rule: 'recovery-hint', description: 'Hints.', servers: 2, passed: 2 },
    ]);
  });
});

describe('the page of one server is a report (issue 20)', () => {
  it('leads with its findings by cause, open, then the run (its facts and the score step by step), coverage and skips; no ranking, no pass-rate bars', () => {
    const page = formatReportHtml('acme', detailOf(reportWith(MESSAGE)));
    expect(page).toContain('<h1>mcp-errlint report · acme</h1>');
    expect(page).toMatch(/class="grade g-f"/);
    const at = (text: string) => page.indexOf(text);
    expect(at('<h3>1 cause behind 1 finding</h3>')).toBeGreaterThan(0);
    expect(at('<h3>1 cause behind 1 finding</h3>')).toBeLessThan(at('<h3>Run</h3>'));
    expect(at('<h3>Run</h3>')).toBeLessThan(at('<h3>Score, step by step</h3>'));
    expect(at('<h3>Score, step by step</h3>')).toBeLessThan(at('<h3>Coverage</h3>'));
    expect(at('<h3>Coverage</h3>')).toBeLessThan(at('<h3>Skips (1)</h3>'));
    // Open: the findings are not inside a closed <details>.
    expect(page.slice(0, at('<h3>1 cause behind 1 finding</h3>'))).not.toContain('<details');
    expect(page).toContain('<pre class="replay">');
    expect(page).not.toContain('Pass rate per rule');
    // The one table is the breakdown, its points adding up to the score.
    expect(page.match(/<table/g)).toEqual(['<table']);
    const points = [...page.matchAll(/<td class="points">(−?[\d.]+)<\/td>/g)].map((m) => Number(m[1].replace('−', '-')));
    expect(points).toEqual([100, -12.5, -26.3, -23.7, 37.5]);
    // The server's words stay inert here too.
    expect(page).not.toContain(MESSAGE);
  });

  it('puts each finding under its cause, with the fix and the framework, the worst cause first', () => {
    const base = reportWith('srv');
    const second = { ...base.findings[0], tool: 'other', ruleId: 'recovery-hint', severity: 'warning' as const, message: 'no hint', fingerprint: 'f'.repeat(32) };
    const report: Report = {
      ...base,
      findings: [base.findings[0], second],
      causes: [
        { id: 'express/development-error-page', summary: 'The development error page answers', fix: 'Set NODE_ENV=production.', severity: 'error', framework: { name: 'Express' }, source: 'https://expressjs.com/en/guide/error-handling.html', findings: [base.findings[0].fingerprint] },
        { id: 'rule/recovery-hint/noHint', summary: 'No hint given', fix: 'Say what to send instead.', severity: 'warning', findings: [second.fingerprint] },
      ],
    };
    const page = formatReportHtml('acme', detailOf(report));
    const at = (text: string) => page.indexOf(text);
    expect(at('<h3>2 causes behind 2 findings</h3>')).toBeGreaterThan(0);
    expect(at('The development error page answers')).toBeLessThan(at('<strong>Fix:</strong> Set NODE_ENV=production.'));
    expect(at('Framework: Express · <a href="https://expressjs.com/en/guide/error-handling.html">source</a>')).toBeGreaterThan(0);
    expect(at('data-rule="no-stack-trace"')).toBeLessThan(at('No hint given'));
    expect(at('No hint given')).toBeLessThan(at('data-rule="recovery-hint"'));
  });

  it('still shows a report written before causes and the breakdown: findings by severity, ceilings as lines', () => {
    const { causes: _, ...old } = reportWith('srv');
    const { breakdown: __, ...score } = old.score;
    const page = formatReportHtml('acme', detailOf({ ...old, score } as unknown as Report));
    expect(page).toContain('<h3>Findings (1)</h3>');
    expect(page).toContain('Grade capped at B');
    expect(page).not.toContain('<table');
  });
});

describe('formatBoardHtml: rows by class', () => {
  it('counts the rows of each class in a section of their own, and names the class after the cause', () => {
    const { board, details } = boardOf([{ name: 'graded', report: reportWith('x') }, { name: 'no-key', cause: 'no value for environment variable KEY' }, { name: 'no-uvx', cause: "'uvx' is not on PATH" }, { name: 'no-uv2', cause: "'uvx' is not on PATH" }]);
    const classes = ['needs-config', 'unsupported-runtime', 'unsupported-runtime'] as const;
    board.rows = board.rows.map((row) => (row.grade === null ? { ...row, class: classes[row.index - 1] } : row));
    const page = formatBoardHtml(board, details);
    expect([...page.matchAll(/<li data-class="([^"]+)" data-count="(\d+)"/g)].map((m) => [m[1], m[2]])).toEqual([['needs-config', '1'], ['unsupported-runtime', '2']]);
    expect(page).toContain('<p class="hint">1 graded; a class is never a grade');
    expect(page).toContain('could not lint: no value for environment variable KEY <span class="class" data-class="needs-config">(needs-config)</span>');
    // A board with no class has no such section.
    expect(formatBoardHtml(boardOf([{ name: 'graded', report: reportWith('x') }]).board, details)).not.toContain('id="classes"');
  });
});
