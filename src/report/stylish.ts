// The `stylish` format: a human scorecard for the terminal, grouped by tool; colour only when asked.
import { Chalk } from 'chalk';
import { byReplayableThenSmallest, type Finding, type Report } from './model.js';
import { plural, terminalSafe } from '../util/text.js';
import { groupBy } from '../util/group.js';
import { coverageText, formatPoints, eraText, incompleteText, quietText, recoveryText, secretsNote, surfacesText, throttleText } from './verdict.js';
import { skipCauses } from './skips.js';

export interface StylishOptions {
  color: boolean;
  /** Every skip on a line of its own, and every finding's input and answer, not only each cause's first (--verbose). */
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

  // Causes first: each with its fix, then its findings, one block per (tool, rule); the evidence of the first in full.
  const byFingerprint = new Map(report.findings.map((f) => [f.fingerprint, f]));
  if (report.causes.length > 0) out.push(c.bold(`${plural(report.causes.length, 'cause')} behind ${plural(report.findings.length, 'finding')}`), '');
  for (const cause of report.causes) {
    const findings = cause.findings.map((fp) => byFingerprint.get(fp)).filter((f): f is Finding => f !== undefined);
    if (findings.length === 0) continue;
    const tools = new Set(findings.map((f) => f.tool)).size;
    out.push(`${icon[cause.severity]} ${paint[cause.severity](cause.severity.padEnd(7))} ${c.bold(terminalSafe(cause.summary))}` + c.dim(`  (${plural(findings.length, 'finding')} on ${plural(tools, 'tool')})`));
    if (cause.framework) out.push(`    ${c.bold('framework')} ${terminalSafe([cause.framework.name, cause.framework.version].filter(Boolean).join(' '))}${cause.source ? c.dim(`  ${terminalSafe(cause.source)}`) : ''}`);
    out.push(`    ${c.bold('fix')} ${terminalSafe(cause.fix)}`);
    groupByToolAndRule(findings).forEach((group, index) => {
      const shown = group.sort((a, b) => byReplayableThenSmallest(a.counterexample, b.counterexample))[0];
      const severity = group.some((f) => f.severity === 'error') ? 'error' : group.some((f) => f.severity === 'warning') ? 'warning' : 'note';
      const occurrences = group.reduce((n, f) => n + f.occurrences, 0);
      const probes = [...new Set(group.map((f) => f.probe))];
      const baselined = group.every((f) => f.baselined) ? c.dim(' [baselined]') : '';
      out.push(`  ${icon[severity]} ${c.underline(terminalSafe(shown.tool))}  ${c.bold(shown.ruleId)}${baselined}  ${c.dim(`${occurrences}× in ${probes.length === 1 ? 'probe' : 'probes'} ${probes.join(', ')}`)}`);
      // The cause's first finding in full (message, input, answer); the others by their message and replay.
      out.push(`      ${terminalSafe(shown.message)}`);
      if (index === 0 || options.verbose) {
        // Protocol probes send frames, not tool arguments: show the frame (a report made before frames were recorded: its request).
        const sent = shown.counterexample.frame ?? (shown.counterexample.arguments === null ? shown.request : JSON.stringify(shown.counterexample.arguments));
        out.push(c.dim(`      input: ${terminalSafe(shown.counterexample.label)}  ${terminalSafe(sent ?? '').slice(0, 160)}`));
        out.push(c.dim(`      answer: ${terminalSafe(shown.answer)}`));
      }
      out.push(c.dim(`      replay: ${terminalSafe(shown.replay)}`));
    });
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

  const gradeColor = score.grade.startsWith('A') ? c.green : score.grade === 'B' || score.grade === 'C' ? c.yellow : c.red;
  out.push(`${c.bold('Score')} ${score.score.toFixed(1)} / 100   ${c.bold('Grade')} ${gradeColor(c.bold(score.grade))}   ${coverageText(report)}`);
  // How the score was reached, one step a line: each line's points are off the score as it stood.
  if (score.breakdown.length > 0) {
    out.push(c.dim(`  ${'100.0'.padStart(6)}  start`));
    for (const step of score.breakdown) out.push(c.dim(`  ${formatPoints(step.points).padStart(6)}  ${terminalSafe(step.label)}`));
    out.push(c.dim(`  ${('= ' + score.score.toFixed(1)).padStart(6)}`));
  }
  const surfaces = surfacesText(report);
  if (surfaces) out.push(`${c.bold('Surfaces')} ${terminalSafe(surfaces)}`);
  const recovery = recoveryText(report);
  if (recovery) out.push(`${c.bold('Recovery')} ${recovery.replace(/^recovery /, '')}`);
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
    const lines = groupBy(report.skips, (skip) => `${skip.tool}\u0000${skip.reason}`);
    return [head, ...[...lines].map(([key, skips]) => {
      const probes = skips.map((skip) => skip.probe);
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


/** A cause's findings by (tool, rule): a rule failing on one tool in several probes is one block. */
function groupByToolAndRule(findings: readonly Finding[]): Finding[][] {
  return [...groupBy(findings, (finding) => `${finding.tool}\u0000${finding.ruleId}`).values()];
}
