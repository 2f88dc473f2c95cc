// A complete report object for formatter tests, with one chosen text wherever the server's words can land.
import type { Report } from '../../src/report/model.js';

export function reportWith(text: string, overrides: Partial<Report> = {}): Report {
  return {
    schemaVersion: 2,
    tool: { name: 'mcp-errlint', version: '0.0.0' },
    server: { name: text, command: ['node', 's.js'], serverInfo: { name: text }, protocolVersion: '2025-11-25', era: 'legacy', transport: 'stdio', restarts: 0, stderrTail: text, limits: [] },
    settings: { seed: 1, runs: 1, timeoutMs: 1000, profile: 'recommended', allowWrites: false, allowDestructive: false, readOnly: false, failOn: 'error', minScore: 0, deadlineMs: 600000, toolBudgetMs: 120000 },
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
    rules: [
      { id: 'no-stack-trace', level: 'error', description: 'No stack traces.', tags: ['security'], docs: 'docs/rules/no-stack-trace.md' },
      { id: 'recovery-hint', level: 'warning', description: 'Hints.', tags: ['recovery'], docs: 'docs/rules/recovery-hint.md' },
    ],
    source: { uri: 'package.json', line: 1 },
    tools: [{ name: text, exchanges: 1, probes: ['wrong-type'], calls: 'all' }],
    exchanges: 1,
    findings: [
      {
        ruleId: 'no-stack-trace', severity: 'error', messageId: 'm', message: text, data: { frame: text }, tool: text, probe: 'wrong-type', method: 'tools/call', occurrences: 1,
        counterexample: { name: text, arguments: { a: text }, label: text, path: '0' }, answer: text, request: text, response: text, replay: text, fingerprint: '0123456789abcdef0123456789abcdef',
        repair: { category: 'validation', result: 'not-recoverable', recovered: false, confirmed: false, verdict: text, steps: [{ understood: text, call: { name: text, arguments: { a: text } }, schema: 'valid', answer: text }] },
      },
    ],
    causes: [{ id: 'rule/no-stack-trace/m', summary: text, fix: text, severity: 'error', framework: { name: text, version: text }, source: text, findings: ['0123456789abcdef0123456789abcdef'] }],
    checks: [
      { ruleId: 'no-stack-trace', tool: text, probe: 'wrong-type', verdict: 'fail', severity: 'error', exchanges: 1 },
      { ruleId: 'recovery-hint', tool: text, probe: 'wrong-type', verdict: 'pass', severity: 'warning', exchanges: 1 },
    ],
    skips: [{ tool: text, probe: '*', reason: text }],
    coverage: { toolsListed: 2, toolsSelected: 2, toolsProbed: 1, toolsPartlyProbed: 0, inputs: { sent: 3, notSent: 0 }, percent: 50, probeKindsRun: ['wrong-type'], probeKindsNotRun: ['positive'], incomplete: false, reasons: [`1 tool (${text}): ${text}`], surfaces: [{ surface: 'tools', available: '2 tools', status: 'probed' }, { surface: 'prompts', available: 'not declared', status: 'refusal checked', reason: text }] },
    score: {
      score: 37.5,
      grade: 'F',
      caps: [{ max: 'B', reason: 'error-level findings (no-stack-trace)' }],
      defects: [{ ruleId: 'no-stack-trace', severity: 'error', tools: 1, of: 1, breadth: 1, penalty: 30 }],
      recoveryPenalty: 12.5,
      breakdown: [
        { label: `recovery: ${text}`, points: -12.5 },
        { label: 'no-stack-trace: error on 1 of 1 parts probed (30.0 % off 87.5)', points: -26.3 },
        { label: `ceiling: at most F, ${text}`, points: -23.7 },
      ],
      byRule: {},
      byTool: { [text]: { score: 37.5, passed: 1, failed: 1 } },
    },
    recovery: {
      attempted: 2, recovered: 1, confirmed: 1, notRecoverable: 1, undetermined: 0, rate: 0.5, outOfRate: { unknownTool: 0, upstream: 0, runtime: 0, configuration: 0 },
      atFirst: 1, rateAtFirst: 0.5, attempts: 3, blind: 0, wasted: 1, undeterminedCauses: {},
      byCategory: { validation: { attempted: 2, recovered: 1, confirmed: 1, notRecoverable: 1, undetermined: 0, rate: 0.5 } },
      byTool: { [text]: { attempted: 2, recovered: 1, confirmed: 1, notRecoverable: 1, undetermined: 0, rate: 0.5 } },
    },
    gate: { passed: false, failures: ['1 finding at or above error'] },
    summary: { error: 1, warning: 0, note: 0, passed: 1, failed: 1, skipped: 1 },
    ...overrides,
  };
}
