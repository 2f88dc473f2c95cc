// The `markdown` format: a scorecard ready for a pull-request comment or a GitHub step summary.
import type { Report } from './model.js';
import { DOCS_BASE } from '../version.js';
import { markdownCell } from './escape.js';
import { coverageText, formatPoints, eraText, quietText, recoveryText, secretsNote, surfacesText, throttleText } from './verdict.js';
import { plural } from '../util/text.js';
import { skipCauses } from './skips.js';

const ICON = { error: '🔴', warning: '🟠', note: '🔵' } as const;

export function formatMarkdown(report: Report): string {
  const { score, server, summary } = report;
  const out: string[] = [];
  out.push(`## mcp-errlint: ${markdownCell(server.name)} — ${score.grade === 'incomplete' ? '**incomplete**' : `grade **${score.grade}**`} (${score.score.toFixed(1)} / 100) · ${coverageText(report)}`);
  out.push('');
  out.push(`Protocol ${markdownCell(server.protocolVersion)} (${eraText(server.era)}) · ${plural(report.exchanges, 'exchange')} · seed ${report.settings.seed} · profile ${report.settings.profile}`);
  out.push('');
  const surfaces = surfacesText(report);
  if (surfaces) out.push(`Surfaces: ${markdownCell(surfaces)}`, '');
  const recovery = recoveryText(report);
  if (recovery) out.push(`Recovery ${markdownCell(recovery.replace(/^recovery /, ''))}`, '');
  if (score.breakdown.length > 0) {
    // How the score was reached: each step's points are off the score as it stood; they add up to the score.
    out.push('| score, step by step | points |', '|---|---:|', '| start | 100.0 |');
    for (const step of score.breakdown) out.push(`| ${markdownCell(step.label)} | ${formatPoints(step.points)} |`);
    out.push(`| **score** | **${score.score.toFixed(1)}** |`, '');
  }
  if (report.coverage.reasons.length > 0) out.push(`Not fully probed: ${report.coverage.reasons.map(markdownCell).join('; ')}`, '');
  if (!report.gate.passed) out.push(`**Failing:** ${report.gate.failures.map(markdownCell).join('; ')}`, '');
  const throttled = throttleText(report);
  if (throttled) out.push(`${markdownCell(throttled.replace(/^./, (first) => first.toUpperCase()))}.`, '');
  if (server.limits.length > 0) out.push(`Limits hit: ${server.limits.map(markdownCell).join('; ')}`, '');
  out.push(`**${plural(summary.error, 'error')}** · **${plural(summary.warning, 'warning')}** · **${plural(summary.note, 'note')}** · ${plural(summary.passed, 'check')} passed · ${summary.failed} failed · ${summary.skipped} skipped`);
  out.push('');
  const quiet = quietText(report);
  if (quiet) out.push(`${quiet.replace(/^./, (first) => first.toUpperCase())}.`, '');
  if (report.causes.length > 0) {
    out.push(`**${plural(report.causes.length, 'cause')} behind ${plural(report.findings.length, 'finding')}:**`, '');
    for (const cause of report.causes) {
      const framework = cause.framework ? ` (${markdownCell([cause.framework.name, cause.framework.version].filter(Boolean).join(' '))}${cause.source && /^https:\/\/[^\s()<>]+$/.test(cause.source) ? `, [source](${cause.source})` : ''})` : '';
      out.push(`- ${ICON[cause.severity]} ${markdownCell(cause.summary)}${framework} · ${plural(cause.findings.length, 'finding')}  \n  **Fix:** ${markdownCell(cause.fix)}`);
    }
    out.push('');
  }
  if (report.findings.length > 0) {
    out.push('| | rule | tool | probe | finding |', '|---|---|---|---|---|');
    for (const f of report.findings) {
      out.push(`| ${ICON[f.severity]} ${f.severity} | [${f.ruleId}](${DOCS_BASE}/${f.ruleId}.md) | ${markdownCell(f.tool)} | ${f.probe} | ${markdownCell(f.message)}${f.baselined ? ' _(baselined)_' : ''} |`);
    }
    out.push('');
    out.push('<details><summary>Reproduce</summary>', '');
    const note = secretsNote(report);
    if (note) out.push(markdownCell(note), '');
    for (const f of report.findings) out.push(`- ${f.ruleId} on ${markdownCell(f.tool)} (${f.probe}): ${code(f.replay)}`);
    out.push('', '</details>', '');
  } else {
    out.push(report.settings.quiet ? 'No error-level findings.' : 'No findings.', '');
  }
  const rows = Object.entries(score.byTool).map(([tool, s]) => `| ${markdownCell(tool)} | ${s.score === null ? '–' : `${s.score} %`} | ${s.passed} | ${s.failed} |`);
  if (rows.length > 0) out.push('| tool | pass rate of its own checks (weighted; not a score) | passed | failed |', '|---|---|---|---|', ...rows, '', "A tool's pass rate is of its own checks, not a score: the grade weighs defects across the server (docs/scoring.md).", '');
  if (report.skips.length > 0) {
    // One line per cause, as the terminal's (the JSON report lists every skip).
    const causes = skipCauses(report.skips);
    out.push(`<details><summary>Skipped (${report.skips.length}), never counted as passes: ${plural(causes.length, 'cause')}</summary>`, '');
    for (const { reason, tools, probes, notSent } of causes) {
      const who = tools.length === 1 ? markdownCell(tools[0]) : `${tools.length} tools (${tools.slice(0, 5).map(markdownCell).join(', ')}${tools.length > 5 ? ', …' : ''})`;
      const kinds = probes.filter((probe) => probe !== '*');
      out.push(`- ${who}${kinds.length > 0 ? ` · ${kinds.join(', ')}` : ''}: ${markdownCell(reason)}${notSent > 0 ? ` (${plural(notSent, 'input')} not sent)` : ''}`);
    }
    out.push('', '</details>', '');
  }
  return out.join('\n');
}

/** An inline code span that the text cannot close early. */
function code(text: string): string {
  const clean = text.replace(/[\r\n]+/g, ' ');
  const fence = '`'.repeat(Math.max(1, ...[...clean.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return `${fence} ${clean} ${fence}`;
}
