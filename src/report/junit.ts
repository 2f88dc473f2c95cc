// The `junit` format: one <testsuite> per server, one <testcase> per (rule, tool), passing ones too; skips as skipped cases.
// A case fails only for a finding the gate fails on (at or above --fail-on); lower findings are the case's system-out.
import type { Finding, Report } from './model.js';
import type { Severity } from '../types.js';
import { SEVERITY_RANK } from '../score/score.js';
import { cdata, xmlAttribute } from './escape.js';
import { secretsNote } from './verdict.js';

/** Each finding's verdict, input, answer and replay: the body of a failure or of a case's system-out. */
function described(findings: readonly Finding[], note: string | undefined): string {
  return findings
    .map((f) => [`[${f.severity}] ${f.probe}: ${f.message}`, `input (${f.counterexample.label}): ${f.counterexample.frame ?? JSON.stringify(f.counterexample.arguments)}`, `answer: ${f.answer}`, `reproduce: ${f.replay}`, ...(note ? [note] : [])].join('\n'))
    .join('\n\n');
}

export function formatJunit(report: Report): string {
  const cases = new Map<string, { rule: string; tool: string; failed: boolean; exchanges: number }>();
  for (const check of report.checks) {
    const key = `${check.ruleId}\u0000${check.tool}`;
    const entry = cases.get(key) ?? { rule: check.ruleId, tool: check.tool, failed: false, exchanges: 0 };
    entry.failed ||= check.verdict === 'fail';
    entry.exchanges += check.exchanges;
    cases.set(key, entry);
  }
  const suite = report.server.name;
  const note = secretsNote(report);
  const { failOn } = report.settings;
  const gates = (f: Finding) => !f.baselined && failOn !== 'never' && SEVERITY_RANK[f.severity] >= SEVERITY_RANK[failOn as Severity];
  const lines: string[] = [];
  let failures = 0;
  let baselined = 0;
  for (const { rule, tool, failed } of cases.values()) {
    const findings = report.findings.filter((f) => f.ruleId === rule && f.tool === tool);
    const open = `    <testcase classname="${xmlAttribute(`${suite}.${tool}`)}" name="${xmlAttribute(rule)}" time="0">`;
    if (!failed || findings.length === 0) {
      lines.push(open.replace(/>$/, '/>'));
      continue;
    }
    if (findings.every((f) => f.baselined)) {
      lines.push(open, `      <skipped message="${xmlAttribute(`baselined: ${findings[0].message}`)}"/>`, '    </testcase>');
      baselined++;
      continue;
    }
    const failing = findings.filter(gates);
    if (failing.length === 0) {
      // Below the gate: the case passes, and says what was found.
      lines.push(open, `      <system-out>${cdata(described(findings, note))}</system-out>`, '    </testcase>');
      continue;
    }
    failures++;
    const worst = failing[0];
    lines.push(open, `      <failure type="${xmlAttribute(worst.severity)}" message="${xmlAttribute(worst.message)}">${cdata(described(findings, note))}</failure>`, '    </testcase>');
  }
  for (const skip of report.skips) {
    lines.push(`    <testcase classname="${xmlAttribute(`${suite}.${skip.tool}`)}" name="${xmlAttribute(`probe ${skip.probe}`)}" time="0">`, `      <skipped message="${xmlAttribute(skip.reason)}"/>`, '    </testcase>');
  }
  const tests = cases.size + report.skips.length;
  const skipped = report.skips.length + baselined;
  const seconds = (report.durationMs / 1000).toFixed(3);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcp-errlint" tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds}">`,
    `  <testsuite name="${xmlAttribute(suite)}" tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds}" timestamp="${report.startedAt.replace(/\.\d+Z$/, '')}">`,
    `    <properties><property name="seed" value="${report.settings.seed}"/><property name="protocolVersion" value="${xmlAttribute(report.server.protocolVersion)}"/><property name="score" value="${report.score.score}"/><property name="grade" value="${report.score.grade}"/><property name="toolsProbed" value="${report.coverage.toolsProbed}"/><property name="toolsListed" value="${report.coverage.toolsListed}"/><property name="probeKindsRun" value="${report.coverage.probeKindsRun.join(',')}"/></properties>`,
    ...lines,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
