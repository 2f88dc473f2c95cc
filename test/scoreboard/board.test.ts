// The board without servers: ranking, shard slices, merging shards, and the text formats.
import { describe, expect, it } from 'vitest';
import { formatBoard, inShard, mergeBoards, ranked, type Board, type BoardRow } from '../../src/board/board.js';
import { countsOf } from '../../src/board/classes.js';

function row(name: string, index: number, grade: string | null, score: number | null, extra: Partial<BoardRow> = {}): BoardRow {
  return {
    rank: null,
    name,
    index,
    grade,
    score,
    coverage: grade === null ? null : { probed: 2, listed: 2 },
    recovery: grade === null ? null : 0.875,
    failing: [],
    findings: grade === null ? null : { error: 0, warning: 0, note: 0 },
    exitCode: grade === null ? 2 : 0,
    durationMs: 1000,
    ...extra,
  };
}

function board(rows: BoardRow[], shard?: Board['shard']): Board {
  return { schemaVersion: 1, kind: 'mcp-errlint-board', source: 'servers.json', seed: 3, servers: 6, rows, ...(shard ? { shard } : {}) };
}

describe('ranked', () => {
  it('orders by grade, then score, then list order; rows without a grade last and unranked', () => {
    const rows = ranked([row('c', 0, 'B', 72), row('dead', 1, null, null, { cause: 'ENOENT' }), row('a', 2, 'A+', 96), row('b', 3, 'B', 80), row('tie', 4, 'B', 72), row('incomplete', 5, 'incomplete', 90)]);
    expect(rows.map((r) => [r.name, r.rank])).toEqual([['a', 1], ['b', 2], ['c', 3], ['tie', 4], ['incomplete', 5], ['dead', null]]);
  });
});

describe('inShard', () => {
  it('splits a list into n slices that cover it exactly once', () => {
    const positions = Array.from({ length: 10 }, (_, i) => i);
    const slices = [1, 2, 3].map((index) => positions.filter((p) => inShard(p, { index, count: 3 })));
    expect(slices).toEqual([[0, 3, 6, 9], [1, 4, 7], [2, 5, 8]]);
    expect(positions.every((p) => inShard(p, undefined))).toBe(true);
  });
});

describe('mergeBoards', () => {
  const all = [row('a', 0, 'A', 90), row('b', 1, 'B', 75), row('c', 2, null, null, { cause: 'no MCP handshake within 10s', class: 'timed-out' }), row('d', 3, 'A+', 99), row('e', 4, 'C', 60), row('f', 5, 'A', 88)];
  const shardOf = (index: number) => board(ranked(all.filter((r) => inShard(r.index, { index, count: 2 }))), { index, count: 2 });

  it('gives the board of the whole list, whatever the order of its shards', () => {
    const { counts, ...merged } = mergeBoards([shardOf(2), shardOf(1)]);
    expect(merged).toEqual(board(ranked(all)));
    expect(counts).toEqual({ graded: 5, incomplete: 0, classes: { 'needs-config': 0, 'needs-auth': 0, unreachable: 0, 'unsupported-runtime': 0, 'install-failed': 0, 'timed-out': 1, 'could-not-start': 0, 'invalid-entry': 0 } });
  });

  it('refuses boards of different runs, and what is not a board', () => {
    expect(() => mergeBoards([shardOf(1), { ...shardOf(2), seed: 4 }])).toThrow(/not shards of one run/);
    expect(() => mergeBoards([{ ...shardOf(1), kind: 'other' as 'mcp-errlint-board' }])).toThrow(/not an mcp-errlint board/);
    expect(() => mergeBoards([])).toThrow(/no board/);
  });
});

describe('formatBoard', () => {
  const rows = ranked([row('a|b', 0, 'A', 90, { failing: ['recovery-hint'] }), row('dead', 1, null, null, { cause: "could not start 'x': ENOENT", class: 'could-not-start' })]);

  it('markdown: one table row per server, pipes escaped, the cause in place of rules', () => {
    const text = formatBoard(board(rows), 'markdown');
    expect(text).toContain('| 1 | a\\|b | A | 90.0 | 2/2 | 88% | recovery-hint | 1.0 s |');
    expect(text).toContain("could-not-start: could not start 'x': ENOENT");
    expect(text).toContain('\n1 graded · 1 could-not-start\n');
  });

  it('counts a server cut short by its deadline as incomplete, not as graded', () => {
    const cut = ranked([row('a', 0, 'A', 90), row('slow', 1, 'incomplete', 61), row('dead', 2, null, null, { cause: 'x', class: 'timed-out' })]);
    expect(countsOf(cut)).toMatchObject({ graded: 1, incomplete: 1 });
    expect(formatBoard(board(cut), 'markdown')).toContain('\n1 graded · 1 incomplete · 1 timed-out\n');
  });

  it('json: the board itself', () => {
    expect(JSON.parse(formatBoard(board(rows), 'json'))).toEqual(board(rows));
  });

  it('stylish: an aligned table with a title naming the shard, and the rows counted by class', () => {
    const text = formatBoard(board(rows, { index: 1, count: 2 }), 'stylish');
    expect(text.split('\n')[0]).toBe('mcp-errlint scoreboard · servers.json · seed 3 · shard 1/2 · 2 of 6 servers');
    expect(text.split('\n')[1]).toBe('1 graded · 1 could-not-start');
    expect(text).toMatch(/^– +dead +– .* could-not-start: could not start 'x': ENOENT/m);
    expect(text).toMatch(/^1 +a\|b +A +90\.0/m);
  });
});
