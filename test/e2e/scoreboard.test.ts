// mcp-errlint scoreboard and merge: a list of 12 servers ranked on one board; two shards merged give the same board;
// a server that cannot start is a row with its cause; a client config file is a list too.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { runCli } from '../helpers/cli.js';
import type { Board, BoardRow } from '../../src/board/board.js';
import Ajv2020Module from 'ajv/dist/2020.js';
import { interop } from '../../src/util/interop.js';

const Ajv2020 = interop(Ajv2020Module);
const validBoard = new Ajv2020({ allErrors: true }).compile(JSON.parse(readFileSync('schema/board.schema.json', 'utf8')));

const LIST = 'fixtures/scoreboard/servers.json';
const BOARD = ['--seed', '3', '--jobs', '2', '-f', 'json', '-q'];
const LINT = ['--', '--runs', '2'];

/** A row as the ranking sees it: everything but how long it took. */
const stable = (rows: readonly BoardRow[]) => rows.map(({ durationMs: _, ...row }) => row);

async function board(args: string[]): Promise<Board> {
  const run = await runCli(['scoreboard', ...args]);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Board;
}

describe('mcp-errlint scoreboard', () => {
  it('ranks 12 servers; two shards merged give the same board; a server that cannot start is a row with its cause', async () => {
    const dir = tempDir('errlint-board-');
    const [whole, first, second] = await Promise.all([
      board([LIST, ...BOARD, '--out-dir', join(dir, 'whole'), ...LINT]),
      board([LIST, ...BOARD, '--shard', '1/2', '--out-dir', join(dir, 'r1'), ...LINT]),
      board([LIST, ...BOARD, '--shard', '2/2', '--out-dir', join(dir, 'r2'), ...LINT]),
    ]);
    expect(whole.rows).toHaveLength(12);
    for (const one of [whole, first, second]) expect(validBoard(one), JSON.stringify(validBoard.errors)).toBe(true);
    expect(whole.rows[0]).toMatchObject({ rank: 1, grade: 'A+', failing: [] });
    expect(whole.rows.find((row) => row.name === 'stack-trace')).toMatchObject({ grade: 'B', failing: ['no-stack-trace'] });
    expect(whole.rows.find((row) => row.name === 'missing-command')).toMatchObject({ rank: null, grade: null, exitCode: 2, cause: expect.stringMatching(/could not start 'errlint-no-such-command-xyz'/) });
    expect(whole.rows.find((row) => row.name === 'not-a-server')?.cause).toMatch(/exited with code 3 before the MCP handshake/);
    // Ranked by grade, then score: no row outranks a better one.
    const graded = whole.rows.filter((row) => row.rank !== null);
    for (let i = 1; i < graded.length; i++) expect(['A+', 'A', 'B', 'C', 'D', 'F', 'incomplete'].indexOf(graded[i].grade!)).toBeGreaterThanOrEqual(['A+', 'A', 'B', 'C', 'D', 'F', 'incomplete'].indexOf(graded[i - 1].grade!));

    expect([first.rows.length, second.rows.length]).toEqual([6, 6]);
    expect(first.shard).toEqual({ index: 1, count: 2 });
    writeFileSync(join(dir, 'a.json'), JSON.stringify(first));
    writeFileSync(join(dir, 'b.json'), JSON.stringify(second));
    const merged = await runCli(['merge', join(dir, 'b.json'), join(dir, 'a.json'), '-f', 'json']);
    expect(merged.code, merged.stderr).toBe(0);
    const mergedBoard = JSON.parse(merged.stdout) as Board;
    expect(mergedBoard.shard).toBeUndefined();
    const withoutReport = (rows: readonly BoardRow[]) => stable(rows).map(({ report: _, ...row }) => row);
    expect(withoutReport(mergedBoard.rows)).toEqual(withoutReport(whole.rows));

    // --out-dir: one report per server that was linted, and the board.
    const files = readdirSync(join(dir, 'whole'));
    expect(files).toContain('board.json');
    expect(files.filter((f) => f !== 'board.json')).toHaveLength(10);
    expect(JSON.parse(readFileSync(join(dir, 'whole', whole.rows[0].report!), 'utf8')).score.grade).toBe('A+');

    // The HTML page of the merged shards (their board.json beside their reports) is the unsharded page (issue 20):
    // every linted server's drill-down, the pass rate of every rule, and "could not lint" only where it is true.
    const page = async (...boards: string[]) => {
      const run = await runCli(['merge', ...boards, '-f', 'html']);
      expect(run.code, run.stderr).toBe(0);
      return run.stdout.replace(/\d+(?:\.\d+)? s\b/g, 'T s');
    };
    const [shardsPage, wholePage] = await Promise.all([page(join(dir, 'r1', 'board.json'), join(dir, 'r2', 'board.json')), page(join(dir, 'whole', 'board.json'))]);
    expect(shardsPage).toBe(wholePage);
    expect((shardsPage.match(/Could not lint/g) ?? []).length).toBe(whole.rows.filter((row) => row.grade === null).length);
    expect((shardsPage.match(/<li data-rule=/g) ?? []).length).toBeGreaterThan(20);

    // The markdown board of the merge names every server.
    const markdown = await runCli(['merge', join(dir, 'a.json'), join(dir, 'b.json'), '-f', 'markdown']);
    for (const row of whole.rows) expect(markdown.stdout).toContain(`| ${row.name} |`);
  }, 180_000);

  it('takes a client config file as its list', async () => {
    const result = await board(['fixtures/client-configs/claude_desktop_config.json', ...BOARD, ...LINT]);
    expect(result.rows.map((row) => row.name).sort()).toEqual(['generic-error', 'stack-trace', 'well-behaved']);
    expect(result.rows[0].name).toBe('well-behaved');
  }, 120_000);

  it('gives each server a temp folder of its own and removes it when its lint ends: nothing it leaves there stays', async () => {
    const dir = tempDir('errlint-board-');
    const log = join(dir, 'left.txt');
    const list = join(dir, 'servers.json');
    writeFileSync(list, JSON.stringify({ servers: [{ name: 'leaves-temp', command: 'node', args: [resolve('fixtures/leaves-temp-file.mjs')], env: { ERRLINT_TEMP_LOG: log } }] }));
    const result = await board([list, ...BOARD, '--', '--runs', '1', '--probe', 'missing-required']);
    expect(result.rows.map((row) => [row.name, row.grade])).toEqual([['leaves-temp', 'A+']]);
    const left = readFileSync(log, 'utf8').trim().split('\n');
    expect(left.length).toBeGreaterThan(0); // the server did leave something each time it started
    for (const path of left) {
      expect(basename(dirname(path))).toMatch(/^errlint-server-/);
      expect(existsSync(dirname(path))).toBe(false);
    }
  }, 120_000);

  it('refuses lint flags after -- that it sets for every server itself, with the reason (issue 20)', async () => {
    for (const [flags, reason] of [[['--badge', 'b.svg'], /overwrite one badge file/], [['--seed', '5'], /its own --seed/], [['-o', 'r.json'], /--out-dir/], [['--format=markdown'], /its own -f/]] as const) {
      const run = await runCli(['scoreboard', LIST, '--seed', '3', '-q', '--', ...flags]);
      expect(run.code, flags.join(' ')).toBe(2);
      expect(run.stderr).toMatch(reason);
      expect(run.stdout).toBe('');
    }
  });

  it('merges the shards it has, and says plainly that one is missing (exit 1, no Node warning)', async () => {
    const dir = tempDir('errlint-board-');
    const row = { rank: 1, name: 'x', index: 0, grade: 'A+', score: 100, coverage: { probed: 1, listed: 1 }, recovery: null, failing: [], findings: { error: 0, warning: 0, note: 0 }, exitCode: 0, durationMs: 1 };
    writeFileSync(join(dir, 'a.json'), JSON.stringify({ schemaVersion: 1, kind: 'mcp-errlint-board', source: 'a.json', seed: 1, shard: { index: 1, count: 2 }, servers: 2, rows: [row] }));
    const merged = await runCli(['merge', join(dir, 'a.json'), '-f', 'json']);
    expect(merged.code).toBe(1);
    expect(JSON.parse(merged.stdout).rows).toHaveLength(1);
    expect(merged.stderr).toMatch(/^mcp-errlint: 1 server of the 2 on the list is on none of these boards: a shard is missing$/m);
    expect(merged.stderr).not.toMatch(/\(node:\d+\)|Warning:/);
  });

  it('refuses to merge boards of different runs, and a bad --shard', async () => {
    const dir = tempDir('errlint-board-');
    const row = { rank: 1, name: 'x', index: 0, grade: 'A+', score: 100, coverage: { probed: 1, listed: 1 }, failing: [], findings: { error: 0, warning: 0, note: 0 }, exitCode: 0, durationMs: 1 };
    writeFileSync(join(dir, 'a.json'), JSON.stringify({ schemaVersion: 1, kind: 'mcp-errlint-board', source: 'a.json', seed: 1, servers: 2, rows: [row] }));
    writeFileSync(join(dir, 'b.json'), JSON.stringify({ schemaVersion: 1, kind: 'mcp-errlint-board', source: 'a.json', seed: 2, servers: 2, rows: [{ ...row, index: 1 }] }));
    const merged = await runCli(['merge', join(dir, 'a.json'), join(dir, 'b.json')]);
    expect(merged.code).toBe(2);
    expect(merged.stderr).toMatch(/not shards of one run/);
    const shard = await runCli(['scoreboard', LIST, '--shard', '3/2']);
    expect(shard.code).toBe(2);
    expect(shard.stderr).toMatch(/--shard expects i\/n with 1 ≤ i ≤ n/);
  });
});
