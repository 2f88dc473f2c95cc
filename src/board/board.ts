// The scoreboard: one row per server (its grade, score, coverage, failing rules, time, or why it could not be linted),
// ranked; shards of one board merge into the board an unsharded run gives.
import type { Report } from '../report/model.js';
import { EXIT, exitCodeFor } from '../report/gate.js';
import type { ServerOutcome } from '../report/many.js';
import type { ReportDetail } from '../report/html.js';
import { markdownCell } from '../report/escape.js';
import { percent } from '../report/verdict.js';
import { plural } from '../util/text.js';
import { countsLine, countsOf, type BoardClass, type BoardCounts } from './classes.js';

export const BOARD_SCHEMA_VERSION = 1;

export interface BoardRow {
  /** 1 for the best server; rows that could not be linted come last, unranked (null). */
  rank: number | null;
  name: string;
  /** Where it sits in the list file (from 0): the order shards are cut by and ties are broken by. */
  index: number;
  grade: string | null;
  score: number | null;
  coverage: { probed: number; listed: number } | null;
  /** The share of refused calls an agent recovered from (rulebook §9); null when none was attempted or there is no report. */
  recovery?: number | null;
  /** Rules failing at warning or error, worst first. */
  failing: string[];
  findings: { error: number; warning: number; note: number } | null;
  /** The linter's exit code for this server (0, 1, 2, or a signal's). */
  exitCode: number;
  durationMs: number;
  /** Why it has no grade: it could not start, timed out, was cut short. */
  cause?: string;
  /** Why it was not graded, in one word (classes.ts): a class is never a grade, and its row is never ranked. */
  class?: BoardClass;
  /** Its JSON report, relative to the board's --out-dir, when one was written. */
  report?: string;
}

export interface Board {
  schemaVersion: number;
  kind: 'mcp-errlint-board';
  /** The list file the servers came from. */
  source: string;
  seed: number;
  /** Set on a shard's board: `index` of `count` (from 1); merged boards have none. */
  shard?: { index: number; count: number };
  /** How many servers the whole list has (every shard knows it). */
  servers: number;
  /** The rows graded and the rows of each class (countsOf). */
  counts?: BoardCounts;
  rows: BoardRow[];
}

/** A server's row from its report (or, with no report, from why there is none). */
export function rowOf(name: string, index: number, exitCode: number, durationMs: number, report?: Report, cause?: string, reportPath?: string): BoardRow {
  if (!report) return { rank: null, name, index, grade: null, score: null, coverage: null, recovery: null, failing: [], findings: null, exitCode, durationMs, cause: cause ?? 'no report was written' };
  const failing = report.score.defects.filter((d) => d.severity !== 'note').map((d) => d.ruleId);
  return {
    rank: null,
    name,
    index,
    grade: report.score.grade,
    score: report.score.score,
    coverage: { probed: report.coverage.toolsProbed, listed: report.coverage.toolsListed },
    recovery: report.recovery?.rate ?? null,
    failing: [...new Set(failing)],
    findings: { error: report.summary.error, warning: report.summary.warning, note: report.summary.note },
    exitCode,
    durationMs,
    ...(report.interrupted ? { cause: report.interrupted.message } : {}),
    ...(reportPath !== undefined ? { report: reportPath } : {}),
  };
}

const GRADE_ORDER = ['A+', 'A', 'B', 'C', 'D', 'F', 'incomplete'];

/** A board of these rows, ranked and counted: the one way a board is made. */
export function boardOf(head: Pick<Board, 'source' | 'seed' | 'servers' | 'shard'>, rows: readonly BoardRow[]): Board {
  const { shard, ...rest } = head;
  return { schemaVersion: BOARD_SCHEMA_VERSION, kind: 'mcp-errlint-board', ...rest, ...(shard ? { shard } : {}), counts: countsOf(rows), rows: ranked(rows) };
}

/** A board of one server's report (a single lint's --format html, its badge). */
export function boardOfOne(report: Report, source: string): Board {
  return boardOf({ source, seed: report.settings.seed, servers: 1 }, [rowOf(report.server.name, 0, 0, report.durationMs, report)]);
}

/** Rank rows: by grade, then score, then list order; a server with no grade comes last, unranked. */
export function ranked(rows: readonly BoardRow[]): BoardRow[] {
  const graded = rows.filter((row) => row.grade !== null);
  const ungraded = rows.filter((row) => row.grade === null).sort((a, b) => a.index - b.index);
  graded.sort((a, b) => GRADE_ORDER.indexOf(a.grade!) - GRADE_ORDER.indexOf(b.grade!) || (b.score ?? 0) - (a.score ?? 0) || a.index - b.index);
  return [...graded.map((row, i) => ({ ...row, rank: i + 1 })), ...ungraded.map((row) => ({ ...row, rank: null }))];
}

/** Which servers of the list a shard lints: every count-th one, starting at index - 1 (deterministic, balanced). */
export function inShard(position: number, shard: { index: number; count: number } | undefined): boolean {
  return shard === undefined || position % shard.count === shard.index - 1;
}

/** Shards of one list (same source, seed and size) merged into the board an unsharded run gives. */
export function mergeBoards(boards: readonly Board[]): Board {
  if (boards.length === 0) throw new Error('no board to merge');
  const [first] = boards;
  for (const board of boards) {
    if (board.kind !== 'mcp-errlint-board' || board.schemaVersion !== BOARD_SCHEMA_VERSION) throw new Error('not an mcp-errlint board (kind "mcp-errlint-board", schemaVersion 1)');
    if (board.source !== first.source || board.seed !== first.seed || board.servers !== first.servers) {
      throw new Error(`these boards are not shards of one run: ${board.source} (seed ${board.seed}, ${board.servers} servers) and ${first.source} (seed ${first.seed}, ${first.servers} servers)`);
    }
  }
  const rows = new Map<number, BoardRow>();
  for (const board of boards) for (const row of board.rows) rows.set(row.index, row);
  return boardOf({ source: first.source, seed: first.seed, servers: first.servers }, [...rows.values()]);
}

/** The board as a text table (stylish), markdown, or JSON. */
export function formatBoard(board: Board, format: 'stylish' | 'markdown' | 'json'): string {
  if (format === 'json') return `${JSON.stringify(board, null, 2)}\n`;
  const header = ['#', 'server', 'grade', 'score', 'coverage', 'recovery', 'failing rules', 'time'];
  const cells = board.rows.map((row) => [
    row.rank === null ? '–' : String(row.rank),
    row.name,
    row.grade ?? '–',
    row.score === null ? '–' : row.score.toFixed(1),
    row.coverage ? `${row.coverage.probed}/${row.coverage.listed}` : '–',
    percent(row.recovery),
    row.grade === null ? `${row.class ?? 'could not lint'}: ${row.cause ?? ''}` : row.failing.join(', ') || '—',
    `${(row.durationMs / 1000).toFixed(1)} s`,
  ]);
  const title = `mcp-errlint scoreboard · ${board.source} · seed ${board.seed}${board.shard ? ` · shard ${board.shard.index}/${board.shard.count}` : ''} · ${board.rows.length} of ${plural(board.servers, 'server')}`;
  const counts = countsLine(countsOf(board.rows));
  if (format === 'markdown') {
    const line = (row: string[]) => `| ${row.map(markdownCell).join(' | ')} |`;
    return [`## ${markdownCell(title)}`, '', markdownCell(counts), '', line(header), `|${header.map(() => '---').join('|')}|`, ...cells.map(line), ''].join('\n');
  }
  const widths = header.map((_, i) => Math.max(header[i].length, ...cells.map((row) => Math.min(row[i].length, 60))));
  const text = (row: string[]) => row.map((cell, i) => (cell.length > 60 ? `${cell.slice(0, 59)}…` : cell).padEnd(widths[i])).join('  ').trimEnd();
  return [title, counts, '', text(header), ...cells.map(text), ''].join('\n');
}

/**
 * The board of one lint run's servers (the servers of a client config file): a row per server, and each report's
 * detail for its drill-down, as `detailOf` gives it (the CLI's: sanitised for output).
 */
export function boardOfRun(outcomes: readonly ServerOutcome[], detailOf: (report: Report) => ReportDetail): { board: Board; details: Map<number, ReportDetail> } {
  const details = new Map<number, ReportDetail>();
  const rows = outcomes.map((outcome, index) => {
    if (!('report' in outcome)) return rowOf(outcome.name, index, outcome.skipped ? 0 : EXIT.cannotLint, 0, undefined, outcome.failure);
    details.set(index, detailOf(outcome.report));
    return rowOf(outcome.name, index, exitCodeFor(outcome.report), outcome.report.durationMs, outcome.report);
  });
  const first = outcomes.find((o): o is Extract<ServerOutcome, { report: Report }> => 'report' in o);
  // One server: what it was (its command or URL); several: the config file that declared them.
  const server = first?.report.server;
  const source = outcomes.length === 1 && server ? (server.url ?? server.command?.join(' ') ?? server.name) : (first?.report.source.uri ?? 'mcp-errlint');
  return { board: boardOf({ source, seed: first?.report.settings.seed ?? 0, servers: outcomes.length }, rows), details };
}
