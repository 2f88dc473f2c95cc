// The terminal's skips: one line per cause (the same reason for many tools said once), every skip with --verbose.
import { describe, expect, it } from 'vitest';
import { causeOf, skipCauses } from '../../src/report/skips.js';
import { formatStylish } from '../../src/report/stylish.js';
import { formatMarkdown } from '../../src/report/markdown.js';
import type { Skip } from '../../src/plan/types.js';
import { reportWith } from '../helpers/report.js';

const BY_NAME = (word: string) => `destructive tool (its name says it is destructive ('${word}') and no annotation says otherwise); pass --allow-destructive to probe it`;
const BY_HINT = 'destructive tool (destructiveHint: true); pass --allow-destructive to probe it';
const UNANNOTATED = 'no input of this probe may be sent: a tool without annotations gets only inputs it must refuse (a required argument missing, mistyped or null); annotate it readOnlyHint, or pass --allow-writes';
const MUST_REFUSE_KINDS = ['empty-values', 'constraint-violations', 'extra-properties', 'unicode', 'oversized', 'positive'] as const;

/** A server like the one that printed 388 lines: 14 destructive tools, 20 unannotated ones (6 kinds each), server skips, a limit. */
function manySkips(): Skip[] {
  const skips: Skip[] = [
    { tool: '(server)', probe: 'resources', reason: 'the server declares no resources capability (protocol-requests checks that resources/list is refused)' },
    { tool: '(server)', probe: 'http', reason: 'the server was not reached over HTTP' },
  ];
  for (let i = 0; i < 14; i++) skips.push({ tool: `delete_thing_${i}`, probe: '*', reason: i % 2 === 0 ? BY_NAME(i % 4 === 0 ? 'delete' : 'remove') : BY_HINT });
  for (let i = 0; i < 20; i++) for (const probe of MUST_REFUSE_KINDS) skips.push({ tool: `tool_${i}`, probe, reason: UNANNOTATED });
  skips.push({ tool: 'slow_a', probe: 'positive', reason: '12 input(s) not sent: 3 inputs failed alike, each after 2.1 s or more (timeout), so its further inputs are not sent', notSent: 12 });
  skips.push({ tool: 'slow_b', probe: 'wrong-type', reason: '7 input(s) not sent: 3 inputs failed alike, each after 1.4 s or more (timeout), so its further inputs are not sent', notSent: 7 });
  return skips;
}

describe('causeOf', () => {
  it('the same reason for different tools is one cause, whatever its details', () => {
    expect(causeOf(BY_NAME('delete'))).toBe(causeOf(BY_NAME('remove')));
    expect(causeOf(BY_NAME('delete'))).toBe(causeOf(BY_HINT));
    expect(causeOf(BY_HINT)).toBe('destructive tool; pass --allow-destructive to probe it');
    expect(causeOf('12 input(s) not sent: 3 inputs failed alike, each after 2.1 s or more (timeout)')).toBe(causeOf('7 input(s) not sent: 4 inputs failed alike, each after 1 s or more (server error)'));
  });

  it('different reasons stay apart', () => {
    expect(causeOf(BY_HINT)).not.toBe(causeOf(UNANNOTATED));
    expect(causeOf('no required properties')).not.toBe(causeOf('no string property'));
  });
});

describe('skipCauses', () => {
  const causes = skipCauses(manySkips());

  it('groups 14 destructive tools into one cause, and 120 unannotated skips into another', () => {
    expect(causes).toHaveLength(5);
    const destructive = causes.find((c) => c.reason.startsWith('destructive tool'))!;
    expect(destructive.tools).toHaveLength(14);
    // The tools gave different details: the cause shows its shared words.
    expect(destructive.reason).toBe('destructive tool; pass --allow-destructive to probe it');
    const unannotated = causes.find((c) => c.reason === UNANNOTATED)!; // one wording for all: shown as given
    expect(unannotated.tools).toHaveLength(20);
    expect(unannotated.probes).toEqual([...MUST_REFUSE_KINDS]);
  });

  it('adds up the inputs a limit kept back, and drops the count from the reason', () => {
    const slow = causes.find((c) => c.tools.includes('slow_a'))!;
    expect(slow.tools).toEqual(['slow_a', 'slow_b']);
    expect(slow.notSent).toBe(19);
    expect(slow.reason).not.toMatch(/input\(s\) not sent/);
  });
});

describe('stylish: Skipped', () => {
  const report = reportWith('srv', { skips: manySkips(), summary: { ...reportWith('srv').summary, skipped: manySkips().length } });
  const section = (text: string) => text.slice(text.indexOf('Skipped ('), text.indexOf('\n\n', text.indexOf('Skipped ('))).split('\n');

  it('one line per cause, naming a few tools and counting the rest', () => {
    const lines = section(formatStylish(report, { color: false }));
    expect(lines[0]).toBe(`Skipped (${manySkips().length}) — never counted as passes  by cause; --verbose lists each of the ${manySkips().length}`);
    expect(lines).toHaveLength(1 + 5);
    expect(lines).toContain('  ○ 14 tools (delete_thing_0, delete_thing_1, delete_thing_2, …): destructive tool; pass --allow-destructive to probe it');
    expect(lines).toContain(`  ○ 20 tools (tool_0, tool_1, tool_2, …) · 6 probe kinds: ${UNANNOTATED}`);
    expect(lines).toContain('  ○ (server) · http: the server was not reached over HTTP');
    expect(lines.find((l) => l.includes('slow_a'))).toMatch(/^ {2}○ 2 tools \(slow_a, slow_b\) · positive, wrong-type: N inputs failed alike, each after N s or more, so its further inputs are not sent \(19 inputs not sent\)$/);
  });

  it('--verbose lists every (tool, reason) as before', () => {
    const lines = section(formatStylish(report, { color: false, verbose: true }));
    expect(lines[0]).toBe(`Skipped (${manySkips().length}) — never counted as passes`);
    expect(lines).toHaveLength(1 + 2 + 14 + 20 + 2);
    expect(lines).toContain(`  ○ tool_3 ${MUST_REFUSE_KINDS.join(', ')}: ${UNANNOTATED}`);
  });
});

describe('markdown: Skipped', () => {
  it('one line per cause too, under a collapsed summary that counts them', () => {
    const report = reportWith('srv', { skips: manySkips() });
    const md = formatMarkdown(report);
    const lines = md.slice(md.indexOf('<details><summary>Skipped')).split('\n');
    expect(lines[0]).toBe(`<details><summary>Skipped (${manySkips().length}), never counted as passes: 5 causes</summary>`);
    expect(lines.filter((l) => l.startsWith('- '))).toHaveLength(5);
    expect(lines).toContain('- 14 tools (delete\\_thing\\_0, delete\\_thing\\_1, delete\\_thing\\_2, delete\\_thing\\_3, delete\\_thing\\_4, …): destructive tool; pass --allow-destructive to probe it');
  });
});
