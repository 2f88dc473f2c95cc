// Formatters and text safety: whatever the server sent, the terminal gets no escapes and the JSON stays valid.
import { describe, expect, it } from 'vitest';
import { abbreviate, shellQuote, terminalSafe } from '../../src/util/text.js';
import { formatStylish } from '../../src/report/stylish.js';
import { formatJson } from '../../src/report/json.js';
import { reportWith } from '../helpers/report.js';
import { recoveryText } from '../../src/report/verdict.js';

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

describe('the recovery line', () => {
  const base = reportWith('x').recovery!;
  const line = (over: Partial<typeof base>) => recoveryText({ recovery: { ...base, ...over } });

  it('counts the decisions it could judge, and says what was undetermined or left out', () => {
    const text = line({ attempted: 10, recovered: 6, notRecoverable: 1, undetermined: 1, rate: 0.857, outOfRate: { unknownTool: 2, upstream: 0, runtime: 0, configuration: 0 } });
    expect(text).toMatch(/^recovery 86%: an agent recovered 6 of the 7 refused calls it could judge/);
    expect(text).toContain('1 undetermined');
    expect(text).toContain('left out of the rate: 2 unknown tools');
    expect(text).not.toContain('rests on');
  });

  it('says the rate rests on fewer calls when many were undetermined', () => {
    expect(line({ attempted: 10, recovered: 3, notRecoverable: 1, undetermined: 6, rate: 0.75 })).toContain('The agent could not judge 6 of 10 refused calls: the rate rests on the other 4');
  });

  it('says so when it could judge none', () => {
    expect(line({ attempted: 3, recovered: 0, notRecoverable: 0, undetermined: 0, rate: null, outOfRate: { unknownTool: 1, upstream: 2, runtime: 0, configuration: 0 } })).toBe('recovery –: no refused call the agent took counts in the rate; left out of the rate: 1 unknown tool, 2 failures of the server\'s own upstream');
    expect(line({ attempted: 4, recovered: 0, notRecoverable: 0, undetermined: 0, rate: null, outOfRate: { unknownTool: 0, upstream: 0, runtime: 1, configuration: 3 } })).toBe(
      'recovery –: no refused call the agent took counts in the rate; left out of the rate: 1 answer of a program it runs that is missing, 3 answers of a credential or setting it lacks',
    );
    expect(line({ attempted: 2, recovered: 0, notRecoverable: 0, undetermined: 2, rate: null })).toMatch(/^recovery –: the agent could judge none of the 2 refused calls/);
  });
});
