// The HTML board as a reader sees it in headless Chromium: the ranking of 12 servers, the causes of the two that could
// not be linted, a drill-down that opens, the charts' counts; nothing loads from anywhere; it reads without JavaScript;
// it and the page of one server's report fit a phone and a desktop window.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { ROOT, runCli } from '../helpers/cli.js';
import { execFileSync } from 'node:child_process';
import type { Board } from '../../src/board/board.js';
import { formatBoardHtml, type BoardDetail } from '../../src/board/html.js';
import { formatReportHtml } from '../../src/report/html.js';
import type { Report } from '../../src/report/model.js';

// The browser `npm test` made sure of before it ran (scripts/ensure-chromium.mjs): found the same way here.
const CHROMIUM = execFileSync(process.execPath, [join(ROOT, 'scripts', 'ensure-chromium.mjs')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
/**
 * Without the background-networking flags Chromium reaches for Google's hosts. launch() adds --headless and a fresh
 * profile of its own (--user-data-dir, a folder it makes in the run's temp folder and removes on close()).
 */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
/** Generous: a loaded two-core machine. */
const WAIT = 20_000;

let dir: string;
let url: string;
let board: Board;
const reports = new Map<string, Report>();
let browser: Browser;
/** The pages whose layout is checked, by what they are: the file:// address of each. */
const pages: Record<string, string> = {};

/** Long enough to overflow any phone, with no place to break: a server's name, a rule id, a command or a path may be one such word. */
const LONG = `x${'0123456789'.repeat(16)}`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'errlint-html-board-'));
  const page = join(dir, 'board.html');
  const reportPage = join(dir, 'report.html');
  // --out-dir too: its board.json and reports are what the page is checked against.
  const [run, lint, launched] = await Promise.all([
    runCli(['scoreboard', 'fixtures/scoreboard/servers.json', '--seed', '3', '--jobs', '2', '-f', 'html', '-o', page, '-q', '--out-dir', join(dir, 'out'), '--', '--runs', '2']),
    // The page of one server (`--format html`): stack-trace has findings with answers and replay commands.
    runCli(['--seed', '3', '--runs', '2', '--format', 'html', '-o', reportPage, '--', 'node', 'fixtures/stack-trace.mjs']),
    chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 }),
  ]);
  browser = launched;
  expect(run.code, run.stderr).toBe(0);
  expect(lint.code, lint.stderr).toBe(1); // it has findings at error
  url = pathToFileURL(page).href;
  board = JSON.parse(readFileSync(join(dir, 'out', 'board.json'), 'utf8')) as Board;
  for (const row of board.rows) if (row.report) reports.set(row.name, JSON.parse(readFileSync(join(dir, 'out', row.report), 'utf8')) as Report);

  // The same board and report with the longest words a server may bring: a name, a failing rule, a cause, a command, a tool.
  const long = structuredClone(board);
  long.source = `/home/someone/${'lists/'.repeat(20)}servers-${LONG}.json`;
  long.rows[0].name = `server-${LONG}`;
  long.rows[2].failing = [...long.rows[2].failing, `rule-${LONG}`];
  long.rows[long.rows.length - 1].cause = `could not start '/opt/${LONG}/${LONG}/bin': ENOENT`;
  const details = new Map<number, BoardDetail>();
  for (const row of board.rows) if (row.report) details.set(row.index, structuredClone(reports.get(row.name)!));
  const stackTrace = details.get(rowOf('stack-trace').index)!;
  stackTrace.server.command = ['node', `/home/someone/${'deep/'.repeat(40)}server-${LONG}.mjs`, `--token-file=${LONG}`];
  stackTrace.findings[0] = { ...stackTrace.findings[0], tool: `tool_${LONG}`, message: `${stackTrace.findings[0].message} ${LONG}` };
  writeFileSync(join(dir, 'long-board.html'), formatBoardHtml(long, details));
  writeFileSync(join(dir, 'long-report.html'), formatReportHtml(`server-${LONG}`, stackTrace));
  Object.assign(pages, {
    board: url,
    report: pathToFileURL(reportPage).href,
    'board of long words': pathToFileURL(join(dir, 'long-board.html')).href,
    'report of long words': pathToFileURL(join(dir, 'long-report.html')).href,
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A page (the board unless told) in a new context; every request the page makes is recorded (the test ends by asserting there was only the page). */
async function open(options: BrowserContextOptions = {}, address = url): Promise<{ context: BrowserContext; page: Page; requests: string[] }> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(WAIT);
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(address, { waitUntil: 'load', timeout: 60_000 });
  return { context, page, requests };
}

const rowOf = (name: string) => board.rows.find((row) => row.name === name)!;

describe('the HTML board in Chromium', () => {
  it('ranks the 12 servers in order with their grades; the two that could not be linted come last with their cause', async () => {
    const { context, page, requests } = await open({ viewport: { width: 1280, height: 900 } });
    const rows = page.locator('table.ranking tbody tr');
    await expect.poll(() => rows.count()).toBe(12);
    const seen = await rows.evaluateAll((trs: HTMLTableRowElement[]) => trs.map((tr) => ({ rank: tr.cells[0].innerText, name: tr.cells[1].innerText, grade: tr.cells[2].innerText, recovery: tr.cells[5].innerText, failing: tr.cells[6].innerText })));
    expect(seen.map((r) => r.name)).toEqual(board.rows.map((row) => row.name));
    expect(seen.map((r) => r.grade)).toEqual(board.rows.map((row) => row.grade ?? 'could not lint'));
    expect(seen.slice(0, 2)).toMatchObject([{ rank: '1', name: 'well-behaved', grade: 'A+' }, { rank: '2', grade: 'A+' }]);
    expect(seen.find((r) => r.name === 'stack-trace')).toMatchObject({ grade: 'B', recovery: '100%', failing: 'no-stack-trace' });
    expect(seen[11].recovery).toBe('–');
    expect(seen.slice(10).map((r) => [r.rank, r.name])).toEqual([['–', 'not-a-server'], ['–', 'missing-command']]);
    expect(seen[10].failing).toMatch(/^could not lint: the server exited with code 3 before the MCP handshake/);
    expect(seen[11].failing).toMatch(/^could not lint: could not start 'errlint-no-such-command-xyz'/);
    // A colour per grade: A+ and B (stack-trace's) differ, and neither is the page's background.
    const colour = (grade: string) => page.locator('table.ranking .grade', { hasText: new RegExp(`^${grade.replace('+', '\\+')}$`) }).first().evaluate((el) => getComputedStyle(el).backgroundColor);
    const [aPlus, b] = [await colour('A+'), await colour('B')];
    expect(aPlus).not.toBe(b);
    expect(aPlus).not.toMatch(/rgba\(0, 0, 0, 0\)/);
    // The header names the run.
    await expect.poll(() => page.locator('#board-facts').innerText()).toMatch(/fixtures\/scoreboard\/servers\.json[\s\S]*seed\s*3[\s\S]*servers\s*12/);
    expect(requests).toEqual([url]);
    await context.close();
  });

  it('opens a drill-down on a click of its summary: a finding\'s message, the server\'s answer and the replay command', async () => {
    const { context, page, requests } = await open({ viewport: { width: 1280, height: 900 } });
    const row = rowOf('stack-trace');
    const drillDown = page.locator(`details#server-${row.index}`);
    const first = drillDown.locator('article.finding').first();
    expect(await drillDown.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    expect(await first.isVisible()).toBe(false);
    await drillDown.locator('summary').click();
    expect(await drillDown.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    const finding = reports.get('stack-trace')!.findings.find((f) => f.severity === 'error')!;
    await expect.poll(() => first.locator('p.message').innerText()).toBe(finding.message);
    expect(await first.locator('p.message').isVisible()).toBe(true);
    expect(await first.locator('pre.replay code').innerText()).toBe(finding.replay);
    expect(await first.locator('pre.answer').innerText()).toBe(finding.answer);
    expect(await first.locator('.finding-head').innerText()).toMatch(/error\s+no-stack-trace/i);
    expect(await drillDown.locator('article.finding').count()).toBe(Math.min(50, reports.get('stack-trace')!.findings.length));
    expect(await drillDown.locator('p.coverage').innerText()).toMatch(/^2 of 2 listed tools probed \(100%\)/);

    // A ranking row's link leads to (and, with JavaScript, opens) its server's drill-down; a server that could not be linted has one with its cause.
    const missing = rowOf('missing-command');
    await page.locator(`table.ranking a[href="#server-${missing.index}"]`).click();
    await expect.poll(() => page.locator(`details#server-${missing.index}`).evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    expect(await page.locator(`details#server-${missing.index} p.cause`).innerText()).toMatch(/^Could not lint: could not start 'errlint-no-such-command-xyz'/);
    expect(requests).toEqual([url]);
    await context.close();
  });

  it('charts the pass rate of every rule and the grade distribution with the board\'s counts', async () => {
    const { context, page, requests } = await open({ viewport: { width: 1280, height: 900 } });
    const linted = board.rows.filter((row) => row.grade !== null);
    const rules = [...new Set([...reports.values()].flatMap((report) => report.rules.map((rule) => rule.id)))].sort();
    const bars = await page.locator('#rules li[data-rule]').evaluateAll((lis) => lis.map((li) => ({ rule: li.getAttribute('data-rule')!, value: (li.querySelector('.value') as HTMLElement).innerText })));
    expect(bars.map((bar) => bar.rule).sort()).toEqual(rules);
    // The chart counts findings; the board's failing rules come from the score's defects: the two must agree.
    for (const bar of bars) {
      const passed = linted.filter((row) => !row.failing.includes(bar.rule)).length;
      expect(bar.value, bar.rule).toBe(`${passed}/${linted.length} · ${Math.round((100 * passed) / linted.length)}%`);
    }
    expect(bars.find((bar) => bar.rule === 'no-stack-trace')?.value).toBe('9/10 · 90%');
    expect(await page.locator('#rules li[data-rule]').first().isVisible()).toBe(true);

    const grades = await page.locator('#grades li').evaluateAll((lis) => lis.map((li) => [li.getAttribute('data-grade'), (li.querySelector('.value') as HTMLElement).innerText]));
    const count = (grade: string | null) => String(board.rows.filter((row) => row.grade === grade).length);
    expect(grades).toEqual([...['A+', 'A', 'B', 'C', 'D', 'F', 'incomplete'].map((g) => [g, count(g)]), ['could not lint', count(null)]]);
    expect(grades.find(([g]) => g === 'could not lint')?.[1]).toBe('2');
    expect(grades.reduce((sum, [, n]) => sum + Number(n), 0)).toBe(12);
    expect(requests).toEqual([url]);
    await context.close();
  });

  it('shows the ranking, and opens a drill-down, with JavaScript off', async () => {
    const { context, page, requests } = await open({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    expect(await page.locator('table.ranking tbody tr').count()).toBe(12);
    expect(await page.locator('table.ranking tbody tr').first().innerText()).toMatch(/well-behaved\s+A\+/);
    const drillDown = page.locator(`details#server-${rowOf('generic-error').index}`);
    await drillDown.locator('summary').click();
    expect(await drillDown.locator('article.finding').first().isVisible()).toBe(true);
    expect(requests).toEqual([url]);
    await context.close();
  });
});

/** What the layout checks read of a page with every drill-down open (long answers and replay commands laid out too). */
interface Layout {
  /** The layout viewport: a page too wide for a phone makes its browser zoom out, and this grows past the phone's width. */
  window: number;
  page: { scroll: number; client: number };
  /** Boxes that scroll sideways (overflow-x auto or scroll, and content wider than the box), by tag and class. */
  scrolling: string[];
  /** The body's line height in px. */
  line: number;
  rows: Array<{
    text: string;
    height: number;
    /** The tallest band across the row, in px, with none of its text visible in it (text scrolled or clipped away counts as absent). */
    blank: number;
    /** Pieces of its text that stick out of the row sideways. */
    outside: number;
    /** Its cells side by side (a table row: all start at one height), or stacked (the name above the failing rules or cause). */
    sideBySide: boolean;
    stacked: boolean;
  }>;
}

/** Runs in the page: the rows are the elements `selector` finds (the ranking's rows, a report's findings). */
function measure(selector: string): Layout {
  for (const details of document.querySelectorAll('details')) details.open = true;
  const root = document.documentElement;
  const scrolls = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1;
  /** The rectangles of an element's text as a reader sees them: cut by every box that clips it and by the window. */
  const seen = (el: Element) => {
    const rects: DOMRect[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        let [left, top, right, bottom] = [Math.max(rect.left, 0), rect.top, Math.min(rect.right, innerWidth), rect.bottom];
        for (let box = node.parentElement; box && box !== root; box = box.parentElement) {
          const style = getComputedStyle(box);
          if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
          const clip = box.getBoundingClientRect();
          [left, top, right, bottom] = [Math.max(left, clip.left), Math.max(top, clip.top), Math.min(right, clip.right), Math.min(bottom, clip.bottom)];
        }
        if (right > left && bottom > top) rects.push(new DOMRect(left, top, right - left, bottom - top));
      }
    }
    return rects;
  };
  const rows = [...document.querySelectorAll(selector)].map((row) => {
    const box = row.getBoundingClientRect();
    const spans = seen(row).map((r) => [Math.max(r.top, box.top), Math.min(r.bottom, box.bottom)]).sort((a, b) => a[0] - b[0]);
    let blank = 0;
    let reached = box.top;
    for (const [top, bottom] of spans) {
      blank = Math.max(blank, top - reached);
      reached = Math.max(reached, bottom);
    }
    blank = Math.max(blank, box.bottom - reached);
    const outside = seen(row).filter((r) => r.left < box.left - 1 || r.right > box.right + 1).length;
    const cells = row instanceof HTMLTableRowElement ? [...row.cells].map((cell) => cell.getBoundingClientRect()) : [];
    const name = row.querySelector('td.name')?.getBoundingClientRect();
    const failing = row.querySelector('td.failing, td.cause')?.getBoundingClientRect();
    return {
      text: (row as HTMLElement).innerText.trim(),
      height: box.height,
      blank,
      outside,
      sideBySide: cells.length > 0 && cells.every((cell) => Math.abs(cell.top - cells[0].top) <= 1),
      stacked: !!name && !!failing && name.bottom <= failing.top + 1,
    };
  });
  return {
    window: innerWidth,
    page: { scroll: root.scrollWidth, client: root.clientWidth },
    scrolling: [...document.querySelectorAll('body *')].filter(scrolls).map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
    line: parseFloat(getComputedStyle(document.body).lineHeight),
    rows,
  };
}

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

// Issue 28: at 390 px the ranking scrolled sideways inside its box, and each row was as tall as its failing rules wrapped
// in a column off screen, blank where the reader looked. A blank row here: a band across a row taller than two lines of
// text in which none of its text is visible.
describe.each([
  ['a phone (390 px)', PHONE],
  ['a desktop window (1280 px)', DESKTOP],
])('the pages fit %s: nothing scrolls sideways, no row has a blank band, no text leaves its row', (_, options) => {
  const width = options.viewport!.width;
  it.each([
    ['board', 'table.ranking tbody tr'],
    ['board of long words', 'table.ranking tbody tr'],
    ['report', 'article.finding'],
    ['report of long words', 'article.finding'],
  ])('the %s', async (which, selector) => {
    const address = pages[which];
    const { context, page, requests } = await open({ ...options, colorScheme: 'light' }, address);
    const layout = await page.evaluate(measure, selector);
    expect(layout.window).toBe(width);
    expect(layout.page.scroll).toBeLessThanOrEqual(layout.page.client);
    expect(layout.scrolling).toEqual([]);
    // The board's 12 servers; stack-trace's findings (15 at seed 3).
    if (which.startsWith('board')) expect(layout.rows).toHaveLength(12);
    else expect(layout.rows.length).toBeGreaterThanOrEqual(3);
    for (const [i, row] of layout.rows.entries()) {
      expect(row.text, `row ${i}`).not.toBe('');
      expect(row.blank, `row ${i} (${row.height} px): ${row.text.slice(0, 80)}`).toBeLessThanOrEqual(2 * layout.line);
      expect(row.outside, `row ${i}: ${row.text.slice(0, 80)}`).toBe(0);
    }
    // A phone gets each server as a card, the name above the failing rules; a desktop keeps the table, one line of cells a row.
    if (which.startsWith('board')) expect(layout.rows.map((row) => (width < 600 ? row.stacked : row.sideBySide))).toEqual(layout.rows.map(() => true));
    if (which.startsWith('board') && width >= 600) expect(await page.locator('table.ranking thead th').first().isVisible()).toBe(true);
    expect(requests).toEqual([address]);
    await context.close();
  });
});
