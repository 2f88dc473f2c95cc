// A replay (--path) in the terminal: the exchange and each rule's verdict, no graded report; its gate is its findings alone.
import { describe, expect, it } from 'vitest';
import { formatExchange } from '../../src/report/exchange.js';
import { exitCodeFor, settle } from '../../src/report/gate.js';
import type { ReplayedInput, Report } from '../../src/report/model.js';
import { reportWith } from '../helpers/report.js';
import { reportSchemaErrors } from '../helpers/validate.js';

const REQUEST = '{"jsonrpc":"2.0","id":"errlint-2","method":"tools/call","params":{"name":"list_orders","arguments":{}}}';
const RESPONSE = '{"jsonrpc":"2.0","id":"errlint-2","result":{"isError":true,"content":[{"type":"text","text":"Missing status\\n    at assertArgument (src/a.js:1:2)"}]}}';

const replay = (verdicts: ReplayedInput['exchanges'][number]['verdicts']): ReplayedInput => ({
  tool: 'list_orders',
  probe: 'missing-required',
  path: '0',
  exchanges: [{
    label: "omit required 'status'",
    request: REQUEST,
    response: RESPONSE,
    answer: 'isError result: "Missing status at assertArgument (src/a.js:1:2)"',
    verdicts,
    repair: { category: 'validation', result: 'recovered', recovered: true, confirmed: true, attempt: 1, verdict: 'confirmed by the server', steps: [{ understood: 'status: missing', call: { name: 'list_orders', arguments: { status: 'open' } }, schema: 'valid', answer: 'success result: "3 open orders"' }] },
  }],
});

const FAILING = replay([
  { ruleId: 'error-channel', passed: true },
  { ruleId: 'no-stack-trace', passed: false, severity: 'error', messageId: 'stackTrace', message: 'The error answer carries a javascript stack trace.' },
  { ruleId: 'recovery-hint', passed: false, severity: 'warning', messageId: 'noHint', message: 'No hint.' },
]);

/** A replay report settled with these settings: a low score, a warning over the limit and a partial coverage, as replays have. */
const replayReport = (input: ReplayedInput, settings: Partial<Report['settings']> = {}) => {
  const base = reportWith('srv');
  const findings = input.exchanges.flatMap((e) => e.verdicts.flatMap((v) => (v.passed ? [] : [{ ...base.findings[0], ruleId: v.ruleId, severity: v.severity, message: v.message }])));
  return settle(reportWith('srv', { replay: input, findings, settings: { ...base.settings, minScore: 90, maxWarnings: 0, minCoverage: 100, ...settings } }));
};

describe('formatExchange', () => {
  const text = formatExchange({ ...replayReport(FAILING), replay: FAILING }, { color: false });

  it('shows what was sent, what came back, and every verdict', () => {
    expect(text).toContain('Replay of list_orders · missing-required · path 0 · seed 1');
    expect(text).toContain(`  sent:   ${REQUEST}`);
    expect(text).toContain(`  got:    ${RESPONSE}`);
    expect(text).toMatch(/^ {2}✔ pass +error-channel$/m);
    expect(text).toMatch(/^ {2}✖ error +no-stack-trace {2}The error answer carries a javascript stack trace\.$/m);
    expect(text).toMatch(/^ {2}⚠ warning +recovery-hint {2}No hint\.$/m);
    expect(text).toMatch(/^ {2}repair agent: recovered at try 1 · confirmed by the server$/m);
    expect(text).toContain('1. status: missing · called {"status":"open"} (schema: valid) → success result: "3 open orders"');
    expect(text).toContain('1 pass · 1 error, 1 warning, 0 notes');
  });

  it('is no graded report: no score, grade, coverage, skips or defects', () => {
    expect(text).not.toMatch(/Score|Grade|probed|Skipped|Defects|Surfaces/);
  });

  it('says why nothing was sent', () => {
    const none: ReplayedInput = { ...FAILING, exchanges: [] };
    const skipped = reportWith('srv', { replay: none, skips: [{ tool: 'list_orders', probe: 'missing-required', reason: 'no required properties' }] });
    expect(formatExchange({ ...skipped, replay: none }, { color: false })).toContain('⚠ Nothing was sent: no required properties.');
    const policy = reportWith('srv', { replay: none, skips: [], tools: [{ name: 'list_orders', exchanges: 0, probes: [], calls: 'none' }] });
    expect(formatExchange({ ...policy, replay: none }, { color: false })).toContain('⚠ Nothing was sent: the safety policy sends this tool no call');
  });

  it('carries the exchange in the json report, valid against its schema', () => {
    expect(reportSchemaErrors(JSON.parse(JSON.stringify(replayReport(FAILING))))).toEqual([]);
  });
});

describe('the gate of a replay: its findings at or above --fail-on, nothing else', () => {
  it('fails on an error, whatever the score, warnings and coverage', () => {
    const failing = replayReport(FAILING);
    expect(failing.gate.failures).toEqual(['1 finding at or above error']);
    expect(exitCodeFor(failing)).toBe(1);
  });

  it('passes below --fail-on even with --min-score, --max-warnings and --min-coverage unmet', () => {
    const warned = replayReport(FAILING, { failOn: 'never' });
    expect(warned.gate).toEqual({ passed: true, failures: [] });
    expect(exitCodeFor(warned)).toBe(0);
    const passing = replayReport(replay([{ ruleId: 'error-channel', passed: true }]));
    expect(exitCodeFor(passing)).toBe(0);
  });

  it('fails when it sent nothing: a replay that reproduced nothing is no pass', () => {
    const none = replayReport({ ...FAILING, exchanges: [] }, { failOn: 'never' });
    expect(none.gate.failures).toEqual(['the replay sent no input, so it reproduced nothing']);
    expect(exitCodeFor(none)).toBe(1);
  });

  it('fails on a warning with --fail-on warning', () => {
    expect(replayReport(FAILING, { failOn: 'warning' }).gate.failures).toEqual(['2 findings at or above warning']);
  });

  it('a run that is no replay keeps its whole gate', () => {
    const { replay: _, ...whole } = replayReport(FAILING);
    expect(settle(whole as Report).gate.failures.length).toBeGreaterThan(1);
  });
});
