// Redaction and neutralisation end to end: servers that leak credentials or answer with terminal escapes and workflow
// commands are linted in every format; no output (stdout, stderr, report files, the step summary) carries a secret,
// an escape sequence or a forged workflow command, and every structured report still parses.
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { lintHostile, survivors, type HostileResult } from '../helpers/hostile.js';
import { reportSchemaErrors, sarifProblems } from '../helpers/validate.js';
import type { Report } from '../../src/report/model.js';

const FORMATS = ['stylish', 'json', 'sarif', 'junit', 'github', 'markdown'] as const;
type Format = (typeof FORMATS)[number];
const QUICK = ['--seed', '1', '--probe', 'wrong-type,unknown-tool', '--runs', '1', '--timeout', '2000', '--deadline', '30s'];
const RSS_CEILING_MB = 250;
/** These lints take 3-6 s on a loaded machine (and --deadline 30s ends any of them): a bound only against one that does not end. */
const BOUNDED_MS = 45_000;

// The bodies of what fixtures/hostile/leaky-secrets.mjs plants: none may appear, whole or by its first half.
const SECRET_BODIES = ['s3cr3tPassw0rd', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4', 'Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa', 'Z7Q2M4X8K1V3N5B0'];
const CUSTOM_SECRET = 'Q7W8E9R0T1Y2';

/** ESC, C0 but tab/newline, DEL, C1, bidi and zero-width controls: none may leave the linter. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/;
const OWN_COLOURS = /\u001b\[[0-9;]*m/g;

interface Outputs {
  run: HostileResult;
  /** Every text the run wrote, by where it went. */
  texts: Record<string, string>;
}

/** Lint `fixture` with `format` on stdout and every other format in --report files, with a step summary. */
async function lintEverywhere(fixture: string, format: Format, extra: string[] = [], env: Record<string, string> = {}): Promise<Outputs> {
  const dir = tempDir('errlint-output-');
  const reports = FORMATS.filter((f) => f !== format).flatMap((f) => ['--report', `${f}=${join(dir, `report.${f}`)}`]);
  const run = await lintHostile([...QUICK, '-f', format, ...extra, ...reports, '--', 'node', `fixtures/hostile/${fixture}.mjs`], {
    timeoutMs: 60_000,
    env: { GITHUB_STEP_SUMMARY: join(dir, 'summary.md'), ...env },
  });
  const texts: Record<string, string> = { stdout: run.stdout, stderr: run.stderr };
  for (const f of FORMATS.filter((f) => f !== format)) texts[`report.${f}`] = readIfThere(join(dir, `report.${f}`));
  texts.summary = readIfThere(join(dir, 'summary.md'));
  return { run: { ...run, dir }, texts };
}

function readIfThere(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function expectNoSecret(texts: Record<string, string>, bodies = SECRET_BODIES): void {
  for (const [where, text] of Object.entries(texts)) {
    for (const body of bodies) {
      expect(text, `${body} in ${where}`).not.toContain(body);
      expect(text, `half of ${body} in ${where}`).not.toContain(body.slice(0, Math.ceil(body.length / 2)));
    }
  }
}

function expectNeutral(texts: Record<string, string>, colouredStdout: boolean): void {
  for (const [where, text] of Object.entries(texts)) {
    const own = where === 'stdout' && colouredStdout ? text.replace(OWN_COLOURS, '') : text;
    expect(own.match(CONTROL)?.[0], `control character in ${where}`).toBeUndefined();
    // No line of server text may be read by a CI runner as a workflow command; the github format's own lines are ours.
    for (const line of own.split('\n')) {
      if (!/^\s*::/.test(line)) continue;
      expect(where === 'stdout' || where === 'report.github' ? line : `${where}: ${line}`).toMatch(/^::(error|warning|notice) (file=package\.json,line=1,)?title=mcp-errlint[^:]*::/);
    }
  }
}

function expectStructuredValid(texts: Record<string, string>, format: Format): void {
  const of = (f: Format) => (f === format ? texts.stdout : texts[`report.${f}`]);
  const report = JSON.parse(of('json')) as Report;
  expect(reportSchemaErrors(report)).toEqual([]);
  expect(sarifProblems(of('sarif'))).toEqual([]);
  expect(XMLValidator.validate(of('junit'))).toBe(true);
  expect(of('markdown')).toContain('## mcp-errlint:');
  expect(texts.summary).toContain('## mcp-errlint:');
}

describe.concurrent('terminal escapes and workflow commands from the server', () => {
  it.each(FORMATS)('%s on stdout (the rest in --report files and the step summary) carries none of them', async (format) => {
    const { run, texts } = await lintEverywhere('terminal-escapes', format, format === 'stylish' ? ['--color'] : []);
    expect(run.code, run.stderr).toBe(1);
    expect(run.elapsedMs).toBeLessThan(BOUNDED_MS);
    expectNeutral(texts, format === 'stylish');
    const report = JSON.parse(format === 'json' ? texts.stdout : texts['report.json']) as Report;
    expect(report.findings.map((f) => f.ruleId)).toContain('no-stack-trace');
    // The hostile text is still there to read, made visible.
    expect(texts.stdout + texts['report.github']).toContain('\\u001b]8;;https://evil.example');
    if (format === 'stylish') expect(texts.stdout).toMatch(OWN_COLOURS);
    expectStructuredValid(texts, format);
    expect(run.peakRssMb).toBeLessThan(RSS_CEILING_MB);
    expect(await survivors(run.pids)).toEqual([]);
  });
});

describe.concurrent('credentials the server leaks', () => {
  it.each(FORMATS)('%s on stdout (the rest in --report files and the step summary) carries none of them', async (format) => {
    const { run, texts } = await lintEverywhere('leaky-secrets', format);
    expect(run.code, run.stderr).toBe(1);
    expect(run.elapsedMs).toBeLessThan(BOUNDED_MS);
    expectNoSecret(texts);
    const report = JSON.parse(format === 'json' ? texts.stdout : texts['report.json']) as Report;
    expect(report.findings.map((f) => f.ruleId)).toContain('no-secrets');
    expect(Object.values(texts).join('\n')).toContain('[REDACTED:');
    expectNeutral(texts, false);
    expectStructuredValid(texts, format);
    expect(run.peakRssMb).toBeLessThan(RSS_CEILING_MB);
    expect(await survivors(run.pids)).toEqual([]);
  });

  it("redacts the user's own secret patterns (no-secrets extraPatterns) in every output", async () => {
    const { run: probe } = await lintEverywhere('leaky-secrets', 'github');
    const config = join(probe.dir, 'config.json');
    writeFileSync(config, JSON.stringify({ rules: { 'no-secrets': ['error', { extraPatterns: ['ACME-KEY-[A-Z0-9]{12}'] }] } }));
    // Without the pattern the licence key is not a secret, so it shows; with it, it shows nowhere.
    expect(probe.stdout + readIfThere(join(probe.dir, 'report.json'))).toContain(CUSTOM_SECRET);
    const { run, texts } = await lintEverywhere('leaky-secrets', 'github', ['-c', config]);
    expect(run.code, run.stderr).toBe(1);
    expectNoSecret(texts, [...SECRET_BODIES, CUSTOM_SECRET]);
    expect(await survivors([...probe.pids, ...run.pids])).toEqual([]);
  });

  it('a server that dies at start-up with credentials in its stderr: exit 2, and the cause quoted without them', async () => {
    const { run, texts } = await lintEverywhere('leaky-secrets', 'json', [], { ERRLINT_LEAK_AT_START: '1' });
    expect(run.code).toBe(2);
    expect(run.elapsedMs).toBeLessThan(BOUNDED_MS);
    expect(run.stderr).toMatch(/could not lint: .*server exited/);
    expectNoSecret(texts);
    expect(run.stderr).toContain('[REDACTED:');
    expectNeutral(texts, false);
    expect(run.peakRssMb).toBeLessThan(RSS_CEILING_MB);
    expect(await survivors(run.pids)).toEqual([]);
  });
});
