// The one output step: a table of what neutralise/sanitize do to hostile text, JSON kept JSON, the report copy, and annotation choice.
import { describe, expect, it } from 'vitest';
import { neutralise, safeOutput, sanitize, sanitizeReport } from '../../src/report/sanitize.js';
import { chooseAnnotations, formatGithub } from '../../src/report/github.js';
import { markdownCell } from '../../src/report/escape.js';
import { reportWith } from '../helpers/report.js';
import type { Finding } from '../../src/report/model.js';

const GHP = `ghp_${'Ab1'.repeat(12)}`;

describe('neutralise', () => {
  it.each([
    ['CSI clear-screen', 'a\u001b[2Jb', 'a\\u001b[2Jb'],
    ['SGR colour (not ours)', '\u001b[31mred\u001b[0m', '\\u001b[31mred\\u001b[0m'],
    ['OSC 8 hyperlink', '\u001b]8;;https://evil\u0007x\u001b]8;;\u001b\\', '\\u001b]8;;https://evil\\u0007x\\u001b]8;;\\u001b\\'],
    ['C1 CSI and NEL', '\u009b31m\u0085', '\\u009b31m\\u0085'],
    ['bidi override and isolate', 'a\u202eb\u2066c\u2069', 'a\\u202eb\\u2066c\\u2069'],
    ['zero-width and BOM', 'a\u200bb\ufeffc\u2060', 'a\\u200bb\\ufeffc\\u2060'],
    ['carriage return, backspace, bell, NUL, DEL', '1\r2\b3\u00074\u00005\u007f', '1\\u000d2\\u00083\\u00074\\u00005\\u007f'],
    ['line and paragraph separators', 'a\u2028b\u2029c', 'a\\u2028b\\u2029c'],
    ['newline and tab kept', 'a\n\tb', 'a\n\tb'],
    ['::error:: at the start', '::error::x', '\\u003a:error::x'],
    ['::set-output after a newline', 'ok\n::set-output name=x::y', 'ok\n\\u003a:set-output name=x::y'],
    ['::add-mask:: after indentation', 'ok\n  ::add-mask::m', 'ok\n  \\u003a:add-mask::m'],
    ['::stop-commands:: after a tab', '\t::stop-commands::tok', '\t\\u003a:stop-commands::tok'],
    [':: in the middle of a line', 'see a::b and ::error::', 'see a::b and ::error::'],
    ['plain text and non-Latin letters untouched', 'Grüße — 日本 ✓', 'Grüße — 日本 ✓'],
  ])('%s', (_label, input, expected) => {
    expect(neutralise(input)).toBe(expected);
  });

  it('keeps only SGR colours when asked, never other sequences', () => {
    expect(neutralise('\u001b[1mbold\u001b[22m \u001b[2J', { sgr: true })).toBe('\u001b[1mbold\u001b[22m \\u001b[2J');
  });

  it("leaves the github format's own command lines alone when asked", () => {
    expect(neutralise('::error file=a::m\n::notice::n', { workflowCommands: true })).toBe('::error file=a::m\n::notice::n');
  });

  it('keeps carriage returns or drops tabs when asked', () => {
    expect(neutralise('a\rb\tc', { cr: true, tab: false })).toBe('a\rb\\u0009c');
  });
});

describe('sanitize: redacted, then neutralised', () => {
  it.each([
    ['a token right after an escape', `\u001b${GHP}`, '\\u001b[REDACTED:github-token]'],
    ['a token right after a newline', `x\n${GHP}`, 'x\n[REDACTED:github-token]'],
    ['a connection string in an OSC 8 link', '\u001b]8;;postgres://admin:s3cr3tPassw0rd@db\u0007', '\\u001b]8;;postgres://admin:[REDACTED:url-credentials]@db\\u0007'],
    ['an AWS key after a C1 control', '\u009bAKIAZ7Q2M4X8K1V3N5B0', '\\u009b[REDACTED:aws-key]'],
  ])('%s', (_label, input, expected) => {
    expect(sanitize(input)).toBe(expected);
  });

  it("redacts the user's extra patterns", () => {
    expect(sanitize('licence ACME-KEY-Q7W8E9R0T1Y2', { extraPatterns: ['ACME-KEY-[A-Z0-9]{12}'] })).toBe('licence [REDACTED:custom]');
    expect(sanitize('licence ACME-KEY-Q7W8E9R0T1Y2')).toBe('licence ACME-KEY-Q7W8E9R0T1Y2');
  });

  it('is idempotent', () => {
    const once = sanitize(`\u001b[2J${GHP} postgres://a:pw@h\n::error::x`);
    expect(sanitize(once)).toBe(once);
  });
});

describe('safeOutput', () => {
  it('json: stays valid JSON with the same strings, C1 and bidi escaped, secrets redacted inside string literals', () => {
    const value = { c1: 'a\u009bb\u202ec', esc: '\u001b[2J', dsn: 'say "postgres://admin:s3cr3tPassw0rd@db:5432/app"', quoted: 'password="hunter2x"' };
    const out = safeOutput(JSON.stringify(value, null, 2), 'json');
    expect(out).not.toMatch(/[\u0080-\u009f\u202e\u001b]/);
    const parsed = JSON.parse(out);
    expect(parsed.c1).toBe(value.c1);
    expect(parsed.esc).toBe(value.esc);
    expect(parsed.dsn).toBe('say "postgres://admin:[REDACTED:url-credentials]@db:5432/app"');
    expect(out).not.toContain('s3cr3tPassw0rd');
  });

  it('text: no line from server text starts a workflow command; github: its own lines stay', () => {
    expect(safeOutput('could not lint: boom\n::add-mask::x\n', 'text')).toBe('could not lint: boom\n\\u003a:add-mask::x\n');
    expect(safeOutput('::error file=a,line=1::m\n', 'github')).toBe('::error file=a,line=1::m\n');
  });
});

describe('sanitizeReport', () => {
  const hostile = `\u001b]8;;https://evil\u0007${GHP}\u009b2J\u202e\n::error::x`;
  const clean = sanitizeReport(reportWith(hostile));

  it('every string of the report is redacted and carries no raw control character but newline', () => {
    const strings: string[] = [];
    const walk = (v: unknown): void => {
      if (typeof v === 'string') strings.push(v);
      else if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) (strings.push(k), walk(x));
    };
    walk(clean);
    expect(strings.filter((s) => s.includes('ghp_') || /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/.test(s))).toEqual([]);
    expect(clean.findings[0].message).toBe('\\u001b]8;;https://evil\\u0007[REDACTED:github-token]\\u009b2J\\u202e\n::error::x');
  });

  it('leaves numbers, booleans and structure as they were', () => {
    const original = reportWith('plain');
    expect(sanitizeReport(original)).toEqual(original);
  });
});

describe('markdown cells', () => {
  it('escape character references, which would render as the character (a bidi override)', () => {
    expect(markdownCell('&#x202E; &amp;')).toBe('\\&\\#x202E; \\&amp;');
  });
});

describe('github annotations: the worst are the ones shown', () => {
  const base = reportWith('x').findings[0];
  const finding = (ruleId: string, severity: Finding['severity'], tool: string, occurrences = 1): Finding => ({ ...base, ruleId, severity, tool, occurrences, fingerprint: `${ruleId}-${tool}` });
  // In finding order, six no-internal-details errors and a warning come before 24 no-secrets errors.
  const findings = [
    ...Array.from({ length: 6 }, (_, i) => finding('no-internal-details', 'error', `tool_${i}`)),
    finding('recovery-hint', 'warning', 'tool_0'),
    ...Array.from({ length: 24 }, (_, i) => finding('no-secrets', 'error', `tool_${i}`, i === 5 ? 3 : 1)),
  ];

  it('chooses by severity, then breadth, then occurrences, then rule id', () => {
    const { shown, left } = chooseAnnotations(findings);
    const errors = shown.filter((f) => f.severity === 'error');
    expect(errors).toHaveLength(10);
    expect(errors.every((f) => f.ruleId === 'no-secrets')).toBe(true);
    expect(errors[0].tool).toBe('tool_5'); // the most occurrences of the broadest rule first
    expect(shown.filter((f) => f.severity === 'warning').map((f) => f.ruleId)).toEqual(['recovery-hint']);
    expect(left).toHaveLength(20);
  });

  it('breaks ties between equally broad rules by rule id, the same way every time', () => {
    const tie = [finding('b-rule', 'error', 't1'), finding('a-rule', 'error', 't1')];
    expect(chooseAnnotations(tie).shown.map((f) => f.ruleId)).toEqual(['a-rule', 'b-rule']);
    expect(chooseAnnotations([...tie].reverse()).shown.map((f) => f.ruleId)).toEqual(['a-rule', 'b-rule']);
  });

  it('says how many were left out, per level and per rule', () => {
    const out = formatGithub({ ...reportWith('x'), findings });
    const lines = out.trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('::error'))).toHaveLength(10);
    expect(lines.filter((l) => l.startsWith('::error')).every((l) => l.includes('mcp-errlint/no-secrets'))).toBe(true);
    expect(out).toContain('20 more errors not shown as annotations (no-secrets ×14, no-internal-details ×6)');
  });

  it('never shows a baselined finding', () => {
    const out = formatGithub({ ...reportWith('x'), findings: [{ ...finding('no-secrets', 'error', 'only'), baselined: true }] });
    expect(out).not.toContain('::error');
  });
});

describe('markdown cells: no autolinks from server text', () => {
  it.each([
    ['https://evil.example/phish', 'https\\://evil.example/phish'],
    ['see www.evil.example', 'see www\\.evil.example'],
  ])('%s', (input, expected) => {
    expect(markdownCell(input)).toBe(expected);
  });
});
