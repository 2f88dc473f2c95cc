// The `stylish` format: a human scorecard for the terminal, grouped by tool; colour only when asked.
import { Chalk } from 'chalk';
import { byReplayableThenSmallest, type Finding, type Report } from './model.js';
import { plural, terminalSafe } from '../util/text.js';
import { capsText, coverageText, eraText, incompleteText, quietText, recoveryText, secretsNote, surfacesText, throttleText } from './verdict.js';
import { skipCauses } from './skips.js';

export interface StylishOptions {
  color: boolean;
  /** Every skip on a line of its own (--verbose), instead of one line per cause. */
  verbose?: boolean;
}

/** Tools named on a cause's line before the rest are counted; probe kinds listed before they are counted. */
const TOOLS_NAMED = 3;
const PROBES_NAMED = 4;

export function formatStylish(report: Report, options: StylishOptions): string {
  const c = new Chalk({ level: options.color ? 1 : 0 });
  const icon = { error: c.red('✖'), warning: c.yellow('⚠'), note: c.blue('ℹ') };
  const paint = { error: c.red, warning: c.yellow, note: c.blue };
  const out: string[] = [];
  const { server, settings, score } = report;
  const serverLabel = [server.serverInfo.name, server.serverInfo.version].filter(Boolean).join(' ') || server.name;

  out.push(c.bold(`${report.tool.name} ${report.tool.version}`) + ` · ${terminalSafe(serverLabel)} · protocol ${server.protocolVersion} (${eraText(server.era)}) · ${server.transport}`);
  out.push(
    c.dim(`${plural(report.tools.length, 'tool')} · ${plural(report.exchanges, 'exchange')} · seed ${settings.seed} · ${settings.runs} runs · profile ${settings.profile} · ${(report.durationMs / 1000).toFixed(1)} s` +
      (server.restarts > 0 ? ` · server restarted ${server.restarts}×` : '')),
  );
  out.push('');

  const byTool = new Map<string, Finding[]>();
  for (const finding of report.findings) byTool.set(finding.tool, [...(byTool.get(finding.tool) ?? []), finding]);
  for (const [tool, findings] of byTool) {
    const sub = score.byTool[tool];
    // The share of this tool's checks it passed: a tool can pass most of its checks while the grade, built from defects, is lower.
    out.push(c.underline(terminalSafe(tool)) + (sub?.score != null ? c.dim(`  ${sub.score} / 100: its own checks passed, weighted by severity (the grade weighs defects)`) : ''));
    // One block per rule: the worst severity, every probe that hit it, and the smallest replayable input.
    for (const group of groupByRule(findings)) {
      const shown = group.sort((a, b) => byReplayableThenSmallest(a.counterexample, b.counterexample))[0];
      const severity = group.some((f) => f.severity === 'error') ? 'error' : group.some((f) => f.severity === 'warning') ? 'warning' : 'note';
      const occurrences = group.reduce((n, f) => n + f.occurrences, 0);
      const probes = [...new Set(group.map((f) => f.probe))];
      const baselined = group.every((f) => f.baselined) ? c.dim(' [baselined]') : '';
      out.push(`  ${icon[severity]} ${paint[severity](severity.padEnd(7))} ${c.bold(shown.ruleId)}${baselined}  ${terminalSafe(shown.message)}`);
      out.push(c.dim(`      ${occurrences}× in ${probes.length === 1 ? 'probe' : 'probes'} ${probes.join(', ')}`));
      // Protocol probes send frames, not tool arguments: show the frame.
      const sent = shown.counterexample.arguments === null ? shown.request : JSON.stringify(shown.counterexample.arguments);
      out.push(c.dim(`      input: ${terminalSafe(shown.counterexample.label)}  ${terminalSafe(sent ?? '').slice(0, 160)}`));
      out.push(c.dim(`      answer: ${terminalSafe(shown.answer)}`));
      out.push(c.dim(`      replay: ${terminalSafe(shown.replay)}`));
    }
    out.push('');
  }
  if (report.findings.length === 0) out.push(c.green(report.settings.quiet ? 'No error-level findings.' : 'No findings.'), '');
  else if (secretsNote(report)) out.push(c.dim(terminalSafe(secretsNote(report)!)), '');
  // A score over protocol checks alone says nothing about the tools: say so where the grade is read.
  const { coverage } = report;
  const why = terminalSafe(coverage.reasons.join('; '));
  if (report.interrupted) out.push(c.yellow(`⚠ The run was cut short (${terminalSafe(report.interrupted.message)}), so there is no letter grade; what was not sent is listed under Skipped.`), '');
  if (coverage.incomplete) out.push(c.yellow(`⚠ ${incompleteText(coverage).replace(/^./, (first) => first.toUpperCase())}, so there is no letter grade: ${why}.`), '');
  else if (coverage.reasons.length > 0) out.push(c.yellow(`⚠ Not every tool was fully probed: ${why}.`), '');
  // What the linter did not keep of the server's output (or could not write to it): said once per cap.
  const throttled = throttleText(report);
  if (throttled) out.push(c.dim(throttled.replace(/^./, (first) => first.toUpperCase()) + '.'), '');
  if (server.limits.length > 0) out.push(c.yellow(`⚠ Limits hit (${server.limits.length}):`), ...server.limits.map((limit) => c.dim(`  ${terminalSafe(limit)}`)), '');

  if (report.skips.length > 0) out.push(...skipLines(report, options.verbose === true, c), '');

  if (score.defects.length > 0) {
    out.push(c.bold('Defects') + c.dim('  (a rule failing at one severity · breadth: tools it failed on, the server counting as one · points off)'));
    for (const d of score.defects) {
      out.push(`  ${icon[d.severity]} ${d.ruleId.padEnd(26)} ${`${d.tools}/${d.of}`.padStart(7)}  −${d.penalty.toFixed(1)}`);
    }
    out.push('');
  }

  const gradeColor = score.grade.startsWith('A') ? c.green : score.grade === 'B' || score.grade === 'C' ? c.yellow : c.red;
  out.push(`${c.bold('Score')} ${score.score.toFixed(1)} / 100   ${c.bold('Grade')} ${gradeColor(c.bold(score.grade))}   ${coverageText(report)}`);
  const surfaces = surfacesText(report);
  if (surfaces) out.push(`${c.bold('Surfaces')} ${terminalSafe(surfaces)}`);
  const recovery = recoveryText(report);
  if (recovery) out.push(`${c.bold('Recovery')} ${recovery.replace(/^recovery /, '')}`);
  if (score.caps.length > 0) out.push(c.dim(terminalSafe(`Grade ${capsText(report)}`)));
  const { summary } = report;
  out.push(`${plural(summary.passed, 'check')} passed, ${summary.failed} failed, ${summary.skipped} skipped · ` +
    `${paint.error(plural(summary.error, 'error'))}, ${paint.warning(plural(summary.warning, 'warning'))}, ${paint.note(plural(summary.note, 'note'))}` +
    (report.baseline ? ` · ${report.baseline.matched} baselined, ${report.baseline.stale.length} stale baseline entries` : ''));
  const quiet = quietText(report);
  if (quiet) out.push(c.dim(quiet));
  return out.join('\n') + '\n';
}

/** The skips: one line per cause (the same reason for many tools is said once), or with --verbose one per (tool, reason). */
function skipLines(report: Report, verbose: boolean, c: InstanceType<typeof Chalk>): string[] {
  const head = c.bold(`Skipped (${report.skips.length}) — never counted as passes`);
  if (verbose) {
    // One line per (tool, reason): a policy that leaves out six probe kinds says so once.
    const lines = new Map<string, string[]>();
    for (const skip of report.skips) {
      const key = `${skip.tool}\u0000${skip.reason}`;
      lines.set(key, [...(lines.get(key) ?? []), skip.probe]);
    }
    return [head, ...[...lines].map(([key, probes]) => {
      const [tool, reason] = key.split('\u0000');
      return `  ${c.dim('○')} ${terminalSafe(tool)} ${c.dim(probes.join(', '))}: ${terminalSafe(reason)}`;
    })];
  }
  const causes = skipCauses(report.skips);
  const lines = causes.map(({ reason, tools, probes, notSent }) => {
    const named = tools.slice(0, TOOLS_NAMED).map(terminalSafe).join(', ') + (tools.length > TOOLS_NAMED ? ', …' : '');
    const who = tools.length === 1 ? terminalSafe(tools[0]) : `${tools.length} tools (${named})`;
    const kinds = probes.filter((probe) => probe !== '*');
    const which = kinds.length === 0 ? '' : kinds.length > PROBES_NAMED ? ` · ${plural(kinds.length, 'probe kind')}` : ` · ${kinds.join(', ')}`;
    const inputs = notSent > 0 ? c.dim(` (${plural(notSent, 'input')} not sent)`) : '';
    return `  ${c.dim('○')} ${who}${c.dim(which)}: ${terminalSafe(reason)}${inputs}`;
  });
  const hint = causes.length < report.skips.length ? c.dim(`  by cause; --verbose lists each of the ${report.skips.length}`) : '';
  return [head + hint, ...lines];
}


function groupByRule(findings: readonly Finding[]): Finding[][] {
  const groups = new Map<string, Finding[]>();
  for (const finding of findings) groups.set(finding.ruleId, [...(groups.get(finding.ruleId) ?? []), finding]);
  return [...groups.values()];
}
