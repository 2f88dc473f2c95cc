// Every format against hostile server text: valid SARIF/JSON/XML, no workflow-command injection, no markdown breakout.
import { describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { formatSarif } from '../../src/report/sarif.js';
import { formatJunit } from '../../src/report/junit.js';
import { formatGithub } from '../../src/report/github.js';
import { formatMarkdown } from '../../src/report/markdown.js';
import { formatJson } from '../../src/report/json.js';
import { formatStylish } from '../../src/report/stylish.js';
import { gateFailures } from '../../src/report/gate.js';
import { reportWith } from '../helpers/report.js';
import { reportSchemaErrors, sarifProblems } from '../helpers/validate.js';

const HOSTILE = [
  'plain',
  'line one\n::error file=x::forged annotation\r\n::warning::again',
  '100% done, key: value',
  ']]> <evil attr="x">&amp; </testsuite>',
  '\u0000\u0001\u0008\u000b\u001b[31mred\u001b[0m\ufffe\uffff\ud800 lone surrogate',
  '| a | b |\n## heading\n<script>alert(1)</script> `code` ```fence```',
  '"quotes" and \\backslashes\\ and {"json": [1,2]}',
];

describe.each(HOSTILE.map((text) => [JSON.stringify(text).slice(0, 40), text] as const))('hostile text %s', (_label, text) => {
  const report = reportWith(text);

  it('json: parses back to the same text and matches the report schema', () => {
    const parsed = JSON.parse(formatJson(report));
    expect(parsed.findings[0].message).toBe(text);
    expect(reportSchemaErrors(parsed)).toEqual([]);
  });

  it('sarif: valid against SARIF 2.1.0 and GitHub constraints, text intact', () => {
    const sarif = formatSarif(report);
    expect(sarifProblems(sarif)).toEqual([]);
    expect(JSON.parse(sarif).runs[0].results[0].properties.tool).toBe(text);
  });

  it('junit: well-formed XML with one suite, the failing case carrying the reproduction', () => {
    const xml = formatJunit(report);
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml);
    const suite = parsed.testsuites.testsuite;
    expect(suite['@_failures']).toBe('1');
    expect(JSON.stringify(suite.testcase)).toContain('reproduce:');
  });

  it('github: every line is one workflow command; nothing the server said starts a new one', () => {
    const lines = formatGithub(report).trimEnd().split('\n');
    for (const line of lines) expect(line).toMatch(/^::(error|warning|notice) [^\n]*::/);
    expect(lines.filter((l) => l.startsWith('::error'))).toHaveLength(1);
    expect(lines.some((l) => l.startsWith('::error file=x') || l.startsWith('::warning::again'))).toBe(false);
  });

  it('markdown: the findings table keeps its shape and carries no raw HTML from the server', () => {
    const md = formatMarkdown(report);
    const row = md.split('\n').find((l) => l.includes('no-stack-trace') && l.startsWith('| 🔴'))!;
    expect(row.replace(/\\\|/g, '').split('|')).toHaveLength(7);
    const outsideCode = md.replace(/(`+) .*? \1/g, '');
    expect(outsideCode).not.toContain('<script>');
    expect(md).not.toMatch(/^## heading/m);
  });
});

describe('github annotations', () => {
  it('shows at most 10 per level and says how many more there are', () => {
    const base = reportWith('x');
    const findings = Array.from({ length: 14 }, (_, i) => ({ ...base.findings[0], fingerprint: String(i).padStart(32, '0') }));
    const out = formatGithub({ ...base, findings });
    expect(out.split('\n').filter((l) => l.startsWith('::error'))).toHaveLength(10);
    expect(out).toContain('4 more errors not shown');
  });
});

describe('coverage beside the grade, in every format', () => {
  const report = reportWith('srv');
  const incomplete = reportWith('srv', {
    coverage: { ...report.coverage, toolsProbed: 0, percent: 0, incomplete: true, reasons: ['2 tools (a, b): destructive tool (destructiveHint: true)'] },
    score: { ...report.score, grade: 'incomplete' },
  });

  it('states tools probed / listed and probe kinds run', async () => {
    const { formatStylish } = await import('../../src/report/stylish.js');
    const line = '1 of 2 tools probed (partial) · 1 of 2 probe kinds run';
    expect(formatStylish(report, { color: false })).toContain(line);
    expect(formatMarkdown(report)).toContain(line);
    expect(formatGithub(report)).toContain('1 of 2 tools probed (partial)');
    const junit = new XMLParser({ ignoreAttributes: false }).parse(formatJunit(report));
    const props = junit.testsuites.testsuite.properties.property as Array<Record<string, string>>;
    expect(props.find((p) => p['@_name'] === 'toolsProbed')?.['@_value']).toBe('1');
    expect(JSON.parse(formatSarif(report)).runs[0].properties).toMatchObject({ toolsProbed: 1, toolsListed: 2 });
  });

  it('says an incomplete run has no letter grade, and why', async () => {
    const { formatStylish } = await import('../../src/report/stylish.js');
    expect(formatStylish(incomplete, { color: false })).toMatch(/No tool of the 2 listed tools was probed, so there is no letter grade: 2 tools \(a, b\): destructive tool/);
    expect(formatMarkdown(incomplete)).toContain('**incomplete**');
    expect(formatGithub(incomplete)).toContain('incomplete (no letter grade');
  });

  it('a run whose tools were cut short says what was cut, and has no letter grade when most inputs never went out', async () => {
    const { formatStylish } = await import('../../src/report/stylish.js');
    const cut = reportWith('srv', {
      coverage: { ...report.coverage, toolsListed: 2, toolsSelected: 2, toolsProbed: 2, toolsPartlyProbed: 2, percent: 100, inputs: { sent: 64, notSent: 365 }, incomplete: true, reasons: ['2 tools (a, b): partly probed, 365 planned inputs not sent: 3 inputs failed alike'] },
      score: { ...report.score, grade: 'incomplete' },
    });
    const stylish = formatStylish(cut, { color: false });
    expect(stylish).toContain('2 of 2 tools probed (2 partly) · 1 of 2 probe kinds run · 64 of 429 planned inputs sent');
    expect(stylish).toMatch(/Only 64 of the 429 planned inputs were sent, so there is no letter grade: 2 tools \(a, b\): partly probed/);
    expect(formatMarkdown(cut)).toContain('Not fully probed: 2 tools (a, b): partly probed');
    expect(gateFailures(cut)).toContainEqual(expect.stringMatching(/^incomplete: only 64 of the 429 planned inputs were sent \(2 tools/));
  });
});

describe('sarif: where a finding sits', () => {
  const located = (method: string | null, tool: string) => {
    const base = reportWith('x');
    const report = { ...base, findings: [{ ...base.findings[0], method, tool }] };
    const sarif = formatSarif(report);
    expect(sarifProblems(sarif)).toEqual([]);
    const result = JSON.parse(sarif).runs[0].results[0];
    return { logical: result.locations[0].logicalLocations.map((l: { fullyQualifiedName: string }) => l.fullyQualifiedName), method: result.properties.method };
  };
  it('a tools/call finding: the tool, then its method', () => {
    expect(located('tools/call', 'lookup_user')).toEqual({ logical: ['x/tools/lookup_user', 'x/tools/call'], method: 'tools/call' });
  });
  it('a finding on another method: the method alone', () => {
    expect(located('resources/read', '(server)')).toEqual({ logical: ['x/resources/read'], method: 'resources/read' });
  });
  it('a raw frame that names no method', () => {
    expect(located(null, '(server)')).toEqual({ logical: ['x/raw frame'], method: null });
  });
});

describe('one of a kind is singular (issue 20: "1 tools", "1 warnings")', () => {
  const one = () => {
    const base = reportWith('x');
    return { ...base, tools: base.tools.slice(0, 1), exchanges: 1, summary: { ...base.summary, error: 1, warning: 1, note: 1, passed: 1 } };
  };
  it('stylish, markdown and github annotations', () => {
    const texts = [formatStylish(one(), { color: false }), formatMarkdown(one()), formatGithub(one())];
    for (const text of texts) expect(text).not.toMatch(/\b1 (?:tools|exchanges|errors|warnings|notes|checks)\b/);
    expect(texts[0]).toMatch(/1 tool · 1 exchange/);
    expect(texts[1]).toMatch(/\*\*1 error\*\* · \*\*1 warning\*\* · \*\*1 note\*\* · 1 check passed/);
    expect(texts[2]).toMatch(/1 error, 1 warning, 1 note/);
  });
});

describe('junit agrees with the gate (issue 20)', () => {
  const withNote = (failOn: 'error' | 'note' | 'never') => {
    const base = reportWith('x');
    const note = { ...base.findings[0], ruleId: 'recovery-hint', severity: 'note' as const, message: 'a note', fingerprint: 'fedcba9876543210fedcba9876543210' };
    return {
      ...base,
      settings: { ...base.settings, failOn },
      findings: [base.findings[0], note],
      checks: base.checks.map((c) => ({ ...c, verdict: 'fail' as const })),
    };
  };
  const parse = (xml: string) => new XMLParser({ ignoreAttributes: false }).parse(xml).testsuites.testsuite;
  it('fails a case only for a finding at or above --fail-on; a lower one goes to system-out', () => {
    const suite = parse(formatJunit(withNote('error')));
    expect(suite['@_failures']).toBe('1');
    const cases = suite.testcase as Array<Record<string, unknown>>;
    const hint = cases.find((c) => c['@_name'] === 'recovery-hint')!;
    expect(hint.failure).toBeUndefined();
    expect(String(hint['system-out'])).toContain('[note]');
    expect(cases.find((c) => c['@_name'] === 'no-stack-trace')!.failure).toBeDefined();
  });
  it('--fail-on note fails both, --fail-on never fails none', () => {
    expect(parse(formatJunit(withNote('note')))['@_failures']).toBe('2');
    expect(parse(formatJunit(withNote('never')))['@_failures']).toBe('0');
  });
});

describe('the era reads as what it is (issue 20: "legacy era" on 2025-11-25)', () => {
  it('an initialize handshake up to 2025-11-25, stateless from 2026-07-28; never "legacy"', () => {
    const legacy = reportWith('x');
    const modern = { ...legacy, server: { ...legacy.server, protocolVersion: '2026-07-28', era: 'modern' as const } };
    for (const text of [formatStylish(legacy, { color: false }), formatMarkdown(legacy)]) {
      expect(text).toContain('2025-11-25 (initialize handshake)');
      expect(text).not.toMatch(/legacy/i);
    }
    expect(formatStylish(modern, { color: false })).toContain('2026-07-28 (stateless)');
  });
});

describe('a tool\'s own score says what it is (issue 20: unlabelled per-tool scores above a lower grade)', () => {
  it('stylish prints no per-tool number that could read as a score beside the grade', () => {
    const text = formatStylish(reportWith('lookup'), { color: false });
    expect(text).toContain('lookup');
    expect(text.match(/\/ 100/g)).toEqual(['/ 100']); // the score's own line, and no other
  });

  it('markdown calls it a pass rate, not a score', () => {
    expect(formatMarkdown(reportWith('lookup'))).toMatch(/^\| lookup \| 37\.5 % \| 1 \| 1 \|$/m);
  });
});

describe('the score, step by step', () => {
  it('stylish prints every step under the grade, and the steps add up to the score', () => {
    const text = formatStylish(reportWith('srv'), { color: false });
    const steps = [...text.matchAll(/^ {2,}(−?\d+\.\d) {2}(?!start)/gm)].map((m) => Number(m[1].replace('−', '-')));
    expect(steps).toEqual([-12.5, -26.3, -23.7]);
    expect(text).toMatch(/^ += 37\.5$/m);
  });

  it('markdown prints it as a table ending in the score', () => {
    const md = formatMarkdown(reportWith('srv'));
    expect(md).toContain('| score, step by step | points |');
    expect(md).toContain('| ceiling: at most F, srv | −23.7 |');
    expect(md).toContain('| **score** | **37.5** |');
  });
});

describe('causes, in every format that shows findings', () => {
  const base = reportWith('srv');
  const second = { ...base.findings[0], tool: 'other', ruleId: 'recovery-hint', severity: 'warning' as const, message: 'no hint', fingerprint: 'f'.repeat(32) };
  const report = {
    ...base,
    findings: [base.findings[0], second],
    causes: [
      { id: 'express/development-error-page', summary: 'The development error page answers', fix: 'Set NODE_ENV=production.', severity: 'error' as const, framework: { name: 'Express', version: '5.x' }, source: 'https://expressjs.com/en/guide/error-handling.html', findings: [base.findings[0].fingerprint] },
      { id: 'rule/recovery-hint/noHint', summary: 'No hint', fix: 'Say what to send instead.', severity: 'warning' as const, findings: [second.fingerprint] },
    ],
  };

  it('stylish prints the causes first, each with its fix and framework, and its findings under it', () => {
    const text = formatStylish(report, { color: false });
    expect(text).toMatch(/^2 causes behind 2 findings$/m);
    const at = (needle: string) => text.indexOf(needle);
    expect(at('The development error page answers')).toBeLessThan(at('Set NODE_ENV=production.'));
    expect(at('framework Express 5.x')).toBeGreaterThan(0);
    expect(at('Set NODE_ENV=production.')).toBeLessThan(at('no-stack-trace'));
    expect(at('no-stack-trace')).toBeLessThan(at('No hint'));
    expect(at('No hint')).toBeLessThan(at('recovery-hint'));
  });

  it('SARIF carries each result\'s cause as a property', () => {
    const results = JSON.parse(formatSarif(report)).runs[0].results;
    expect(results.map((r: { properties: { cause: { id: string } } }) => r.properties.cause.id)).toEqual(['express/development-error-page', 'rule/recovery-hint/noHint']);
    expect(results[0].properties.cause).toMatchObject({ fix: 'Set NODE_ENV=production.', framework: { name: 'Express', version: '5.x' } });
  });

  it('markdown lists the causes with their fixes before the findings table', () => {
    const md = formatMarkdown(report);
    expect(md).toContain('**2 causes behind 2 findings:**');
    expect(md.indexOf('**Fix:** Set NODE_ENV=production.')).toBeLessThan(md.indexOf('| | rule | tool | probe | finding |'));
  });

  it('json: every finding is in exactly one cause, and the schema takes the causes and frameworks', () => {
    expect(reportSchemaErrors(JSON.parse(formatJson({ ...report, server: { ...report.server, frameworks: [{ id: 'express', name: 'Express', version: '5.x', evidence: 'X-Powered-By: Express' }] } })))).toEqual([]);
  });
});
