// Formatters and text safety: whatever the server sent, the terminal gets no escapes and the JSON stays valid.
import { describe, expect, it } from 'vitest';
import { abbreviate, shellQuote, terminalSafe } from '../../src/util/text.js';
import { formatStylish } from '../../src/report/stylish.js';
import { formatJson } from '../../src/report/json.js';
import { reportWith } from '../helpers/report.js';

const HOSTILE = 'boom\u001b[31mRED\u001b]0;title\u0007\r\nfake line\u202Eevil\u0000nul';

describe('terminal safety', () => {
  it('strips ANSI escapes and makes control and bidi characters visible', () => {
    const safe = terminalSafe(HOSTILE);
    expect(safe).not.toMatch(/[\u0000-\u001f\u007f\u202e]/);
    expect(safe).toContain('\\u000d\\u000afake line\\u202eevil\\u0000nul');
    expect(safe).toContain('RED');
  });

  it('stylish output without colour carries no escape or control character from the server', () => {
    const out = formatStylish(reportWith(HOSTILE), { color: false });
    expect(out.replace(/\n/g, '')).not.toMatch(/[\u0000-\u001f\u007f\u202e]/);
  });

  it('json output round-trips any string', () => {
    expect(JSON.parse(formatJson(reportWith(HOSTILE))).findings[0].message).toBe(HOSTILE);
  });
});

describe('abbreviate and shellQuote', () => {
  it('abbreviates long strings, long arrays and deep nesting', () => {
    expect(abbreviate('x'.repeat(1000))).toBe(`${'x'.repeat(60)}…[1000 chars]`);
    expect((abbreviate(Array.from({ length: 100 }, (_, i) => i)) as unknown[]).at(-1)).toBe('…[100 items]');
    let deep: unknown = 1;
    for (let i = 0; i < 20; i++) deep = { d: deep };
    expect(JSON.stringify(abbreviate(deep))).toContain('{…}');
  });

  it('quotes only what a shell would split or expand', () => {
    expect(shellQuote('node')).toBe('node');
    expect(shellQuote('(server)')).toBe("'(server)'");
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });
});
