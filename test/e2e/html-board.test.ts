// The HTML board as a reader sees it in headless Chromium: the ranking of 12 servers, the causes of the two that could
// not be linted, a drill-down that opens, the charts' counts; nothing loads from anywhere; it reads without JavaScript
// and on a phone.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { ROOT, runCli } from '../helpers/cli.js';
import { execFileSync } from 'node:child_process';
import type { Board } from '../../src/board/board.js';
import type { Report } from '../../src/report/model.js';

// The browser `npm test` made sure of before it ran (scripts/ensure-chromium.mjs): found the same way here.
const CHROMIUM = execFileSync(process.execPath, [join(ROOT, 'scripts', 'ensure-chromium.mjs')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
/** Without the background-networking flags Chromium reaches for Google's hosts; launch() gives it a fresh profile (its own --user-data-dir). */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
/** Generous: a loaded two-core machine. */
const WAIT = 20_000;

let dir: string;
let url: string;
let board: Board;
const reports = new Map<string, Report>();
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'errlint-html-board-'));
  const page = join(dir, 'board.html');
  // --out-dir too: its board.json and reports are what the page is checked against.
  const [run, launched] = await Promise.all([
    runCli(['scoreboard', 'fixtures/scoreboard/servers.json', '--seed', '3', '--jobs', '2', '-f', 'html', '-o', page, '-q', '--out-dir', join(dir, 'out'), '--', '--runs', '2']),
    chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 }),
  ]);
  browser = launched;
  expect(run.code, run.stderr).toBe(0);
  url = pathToFileURL(page).href;
  board = JSON.parse(readFileSync(join(dir, 'out', 'board.json'), 'utf8')) as Board;
  for (const row of board.rows) if (row.report) reports.set(row.name, JSON.parse(readFileSync(join(dir, 'out', row.report), 'utf8')) as Report);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The board in a new context; every request the page makes is recorded (the test ends by asserting there was only the page). */
async function open(options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page; requests: string[] }> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(WAIT);
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  return { context, page, requests };
}

const rowOf = (name: string) => board.rows.find((row) => row.name === name)!;

describe('the HTML board in Chromium', () => {
  it('ranks the 12 servers in order with their grades; the two that could not be linted come last with their cause', async () => {
    const { context, page, requests } = await open({ viewport: { width: 1280, height: 900 } });
    const rows = page.locator('table.ranking tbody tr');
    await expect.poll(() => rows.count()).toBe(12);
    const seen = await rows.evaluateAll((trs) => trs.map((tr) => ({ rank: tr.cells[0].innerText, name: tr.cells[1].innerText, grade: tr.cells[2].innerText, recovery: tr.cells[5].innerText, failing: tr.cells[6].innerText })));
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

  it('fits a phone: the page does not overflow sideways, the table scrolls inside its own box', async () => {
    const { context, page, requests } = await open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await pageWidth()).toBeLessThanOrEqual(392);
    expect(await page.locator('table.ranking').isVisible()).toBe(true);
    const box = await page.locator('#ranking .scroll').evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth, overflow: getComputedStyle(el).overflowX }));
    expect(box.client).toBeLessThanOrEqual(390);
    expect(box.overflow).toBe('auto');
    // An open drill-down (long replay commands, long answers) still fits.
    await page.locator(`details#server-${rowOf('stack-trace').index} summary`).click();
    expect(await pageWidth()).toBeLessThanOrEqual(392);
    expect(requests).toEqual([url]);
    await context.close();
  });
});
