// The HTML board: one self-contained page (no network, no external script or font) with the ranking, a per-rule pass
// rate across servers, the grade distribution, and a drill-down per server (the parts of its report page,
// src/report/html.ts); readable without JavaScript.
import type { ReportDetail } from '../report/html.js';
import { factList, fixed, gradeChip, gradeClass, page, serverBody, t } from '../report/html.js';
import { percent } from '../report/verdict.js';
import type { Board, BoardRow } from './board.js';
import { plural } from '../util/text.js';
import { BOARD_CLASSES, countsOf } from './classes.js';

/** What the page shows of one server beyond its row: its report without the long list of checks. */
export type BoardDetail = ReportDetail;

/** Findings shown per server at most (the rest are counted), and across the page: a board of thousands stays a page. */
const FINDINGS_PER_SERVER = 50;
const FINDINGS_PER_PAGE = 5000;
const RULES_ON_CHART = 100;

const GRADES = ['A+', 'A', 'B', 'C', 'D', 'F', 'incomplete'] as const;
const anchor = (row: BoardRow) => `server-${t(row.index)}`;
/** A bar's width from counts the page computed itself (never server text), in percent. */
const width = (part: number, whole: number) => (whole > 0 ? Math.max(0, Math.min(100, (100 * part) / whole)) : 0).toFixed(1);

/** The page for a board; `details` by row index (a server with no report has none). */
export function formatBoardHtml(board: Board, details: ReadonlyMap<number, BoardDetail>): string {
  const version = [...details.values()].find((d) => d.tool?.version)?.tool.version;
  const perServer = Math.min(FINDINGS_PER_SERVER, Math.max(3, Math.floor(FINDINGS_PER_PAGE / Math.max(1, details.size))));
  return page(
    `mcp-errlint scoreboard · ${board.source}`,
    [header(board), '<main>', ranking(board), '<div class="charts">', gradeDistribution(board), ruleChart(board, details), '</div>', classCounts(board), drillDowns(board, details, perServer), '</main>'],
    `Written by mcp-errlint${version ? ` ${t(version)}` : ''}. Every server's text on this page is its own, escaped; nothing here loads from the network.`,
    true,
  );
}

function header(board: Board): string {
  const facts: Array<[string, string]> = [
    ['source', board.source],
    ['seed', String(board.seed)],
    ...(board.shard ? [['shard', `${board.shard.index} of ${board.shard.count}`] as [string, string]] : []),
    ['servers', board.shard || board.rows.length !== board.servers ? `${board.rows.length} of ${board.servers}` : String(board.servers)],
  ];
  const dl = facts.map(([name, value]) => `<div><dt>${t(name)}</dt><dd>${t(value)}</dd></div>`).join('');
  return `<header><h1>mcp-errlint scoreboard</h1><dl class="facts" id="board-facts">${dl}</dl></header>`;
}

function ranking(board: Board): string {
  const head = ['#', 'server', 'grade', 'score', 'coverage', 'recovery', 'failing rules', 'time'].map((h) => `<th scope="col">${t(h)}</th>`).join('');
  const rows = board.rows.map((row) => {
    const failing =
      row.grade === null
        ? `<td class="cause">could not lint: ${t(row.cause ?? 'no report was written')}${classTag(row)}</td>`
        : `<td class="failing" data-label="failing rules">${row.failing.length === 0 ? '<span class="none">none</span>' : row.failing.map((id) => `<code>${t(id)}</code>`).join(' ')}${row.cause ? ` <span class="cut">(cut short: ${t(row.cause)})</span>` : ''}</td>`;
    return [
      `<tr data-index="${t(row.index)}" class="${row.grade === null ? 'unlinted' : 'linted'}">`,
      `<td class="num rank">${row.rank === null ? '–' : t(row.rank)}</td>`,
      `<td class="name"><a href="#${anchor(row)}">${t(row.name)}</a></td>`,
      `<td class="grade-cell">${gradeChip(row.grade)}</td>`,
      // data-label: the column's name, which a phone's card (no header row) shows above each number.
      `<td class="num metric" data-label="score">${fixed(row.score)}</td>`,
      `<td class="num metric" data-label="coverage">${row.coverage ? `${t(row.coverage.probed)}/${t(row.coverage.listed)}` : '–'}</td>`,
      `<td class="num metric" data-label="recovery">${t(percent(row.recovery))}</td>`,
      failing,
      `<td class="num metric" data-label="time">${fixed(row.durationMs / 1000)} s</td>`,
      '</tr>',
    ].join('');
  });
  return [
    '<section id="ranking">',
    '<h2>Ranking</h2>',
    '<div class="frame">',
    `<table class="ranking"><thead><tr>${head}</tr></thead>`,
    `<tbody>${rows.join('\n')}</tbody></table>`,
    '</div>',
    '<p class="hint">Ranked by grade, then score, then list order; servers that could not be linted come last with their cause. A server\'s name opens its drill-down.</p>',
    '</section>',
  ].join('\n');
}

function gradeDistribution(board: Board): string {
  const counts = new Map<string | null, number>(GRADES.map((g) => [g, 0]));
  for (const row of board.rows) counts.set(row.grade, (counts.get(row.grade) ?? 0) + 1);
  const order = [...GRADES, ...[...counts.keys()].filter((g): g is string => g !== null && !GRADES.includes(g as (typeof GRADES)[number])), null];
  const total = board.rows.length;
  const items = order.map((grade) => {
    const count = counts.get(grade) ?? 0;
    return `<li data-grade="${t(grade ?? 'could not lint')}" data-count="${count}"><span class="label">${gradeChip(grade)}</span><span class="track"><span class="fill ${gradeClass(grade)}" style="width:${width(count, total)}%"></span></span><span class="value">${count}</span></li>`;
  });
  return `<section id="grades"><h2>Grade distribution</h2><ul class="bars">${items.join('')}</ul><p class="hint">${t(plural(total, 'server'))} on this board.</p></section>`;
}

/** A row's class after its cause: why it has no grade, in one word. */
const classTag = (row: BoardRow) => (row.class ? ` <span class="class" data-class="${t(row.class)}">(${t(row.class)})</span>` : '');

/** The rows not graded, counted by class (none: no section). */
function classCounts(board: Board): string {
  const counts = countsOf(board.rows);
  const present = BOARD_CLASSES.filter((c) => counts.classes[c] > 0);
  if (present.length === 0) return '';
  const total = board.rows.length;
  const items = present.map((c) => `<li data-class="${t(c)}" data-count="${counts.classes[c]}"><span class="label">${t(c)}</span><span class="track"><span class="fill ${gradeClass(null)}" style="width:${width(counts.classes[c], total)}%"></span></span><span class="value">${counts.classes[c]}</span></li>`);
  return `<section id="classes"><h2>Not graded, by class</h2><ul class="bars">${items.join('')}</ul><p class="hint">${t(`${counts.graded} graded${counts.incomplete > 0 ? `, ${counts.incomplete} linted in part (incomplete)` : ''}`)}; a class is never a grade: its server is not ranked.</p></section>`;
}

interface RuleRate {
  rule: string;
  description?: string;
  /** Linted servers with this rule in force. */
  servers: number;
  /** Of them, those with no finding of the rule at warning or error. */
  passed: number;
}

/** For each rule, the share of linted servers it passed on: from each report's findings, or, for a row with no report here (a merged board), its failing rules. */
export function rulePassRates(board: Board, details: ReadonlyMap<number, BoardDetail>): RuleRate[] {
  const linted = board.rows.filter((row) => row.coverage !== null || details.has(row.index));
  const known = new Map<string, string | undefined>();
  for (const detail of details.values()) for (const rule of detail.rules ?? []) if (!known.has(rule.id)) known.set(rule.id, rule.description);
  for (const row of linted) for (const id of row.failing) if (!known.has(id)) known.set(id, undefined);
  const rates = [...known].map(([rule, description]): RuleRate => {
    let servers = 0;
    let passed = 0;
    for (const row of linted) {
      const detail = details.get(row.index);
      if (detail && !(detail.rules ?? []).some((r) => r.id === rule)) continue;
      const failing = detail ? detail.findings.some((f) => f.ruleId === rule && f.severity !== 'note') : row.failing.includes(rule);
      servers++;
      if (!failing) passed++;
    }
    return { rule, ...(description !== undefined ? { description } : {}), servers, passed };
  });
  const rate = (r: RuleRate) => (r.servers === 0 ? 1 : r.passed / r.servers);
  return rates.sort((a, b) => rate(a) - rate(b) || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0));
}

function ruleChart(board: Board, details: ReadonlyMap<number, BoardDetail>): string {
  const rates = rulePassRates(board, details);
  const linted = board.rows.filter((row) => row.coverage !== null || details.has(row.index)).length;
  if (rates.length === 0) return '<section id="rules"><h2>Pass rate per rule</h2><p class="hint">No server on this board was linted.</p></section>';
  const items = rates.slice(0, RULES_ON_CHART).map((r) => {
    const share = r.servers === 0 ? 1 : r.passed / r.servers;
    const level = share >= 0.9 ? 'ok' : share >= 0.6 ? 'mid' : 'bad';
    const tip = r.description ? ` title="${t(r.description)}"` : '';
    return `<li data-rule="${t(r.rule)}" data-passed="${r.passed}" data-servers="${r.servers}"${tip}><span class="label"><code>${t(r.rule)}</code></span><span class="track"><span class="fill ${level}" style="width:${width(r.passed, r.servers)}%"></span></span><span class="value">${r.passed}/${r.servers} · ${Math.round(100 * share)}%</span></li>`;
  });
  const more = rates.length > RULES_ON_CHART ? `<p class="more">and ${rates.length - RULES_ON_CHART} more rules</p>` : '';
  return [
    '<section id="rules"><h2>Pass rate per rule</h2>',
    `<p class="hint">For each rule, how many of the ${t(plural(linted, 'linted server'))} (with the rule in force) have no finding of it at warning or error. Worst first.</p>`,
    `<ul class="bars">${items.join('')}</ul>${more}</section>`,
  ].join('\n');
}

function drillDowns(board: Board, details: ReadonlyMap<number, BoardDetail>, perServer: number): string {
  const items = board.rows.map((row) => drillDown(row, details.get(row.index), perServer));
  return `<section id="servers"><h2>Servers</h2><p class="hint">Open a server for its findings (counterexample, the server's answer, the command that replays it), its skips and its coverage.</p>\n${items.join('\n')}\n</section>`;
}

function drillDown(row: BoardRow, detail: BoardDetail | undefined, perServer: number): string {
  const counts = row.findings ? [plural(row.findings.error, 'error'), plural(row.findings.warning, 'warning'), plural(row.findings.note, 'note')].join(' · ') : 'could not lint';
  const summary = `<summary><span class="rank">${row.rank === null ? '–' : `#${t(row.rank)}`}</span> <span class="name">${t(row.name)}</span> ${gradeChip(row.grade)} <span class="score">${row.score === null ? '' : `${fixed(row.score)} / 100`}</span> <span class="counts">${t(counts)}</span></summary>`;
  const body = detail ? linted(row, detail, perServer) : row.grade !== null ? withoutReport(row) : unlinted(row);
  return `<details class="server" id="${anchor(row)}">${summary}<div class="body">${body}</div></details>`;
}

/** A server that was linted but whose report is not at hand (a merge of boards without their --out-dir reports). */
function withoutReport(row: BoardRow): string {
  return `<p class="cause">Linted; its findings are in its report, which is not beside this board (merge the board.json of each shard's --out-dir to show them here).</p>${runFacts(row)}`;
}

function unlinted(row: BoardRow): string {
  return `<p class="cause">Could not lint: ${t(row.cause ?? 'no report was written')}${classTag(row)}</p>${runFacts(row)}`;
}

/** How a server's lint process ended, from its row alone. */
function runFacts(row: BoardRow): string {
  return factList([
    ['exit code', String(row.exitCode)],
    ['time', `${fixed(row.durationMs / 1000)} s`],
    ...(row.report ? [['report', row.report] as [string, string]] : []),
  ]);
}

function linted(row: BoardRow, detail: BoardDetail, perServer: number): string {
  return serverBody(row, detail, perServer);
}

