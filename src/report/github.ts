// The `github` format: workflow-command annotations (GitHub shows 10 errors and 10 warnings per step: the worst come first).
import type { Report } from './model.js';
import { workflowData, workflowProperty } from './escape.js';
import { coverageText, gradeText } from './verdict.js';

const COMMAND = { error: 'error', warning: 'warning', note: 'notice' } as const;
const SHOWN_PER_LEVEL = 10;

export function formatGithub(report: Report): string {
  const lines: string[] = [];
  const shown = { error: 0, warning: 0, note: 0 };
  // Baselined findings are known: they stay in the summary and the reports, not on the pull request's diff.
  for (const f of report.findings.filter((finding) => !finding.baselined)) {
    if (shown[f.severity]++ >= SHOWN_PER_LEVEL) continue;
    const properties = [
      `file=${workflowProperty(report.source.uri)}`,
      `line=${report.source.line}`,
      `title=${workflowProperty(`mcp-errlint/${f.ruleId} (${f.tool}, ${f.probe})`)}`,
    ].join(',');
    lines.push(`::${COMMAND[f.severity]} ${properties}::${workflowData(`${f.message}\nReproduce: ${f.replay}`)}`);
  }
  const hidden = Object.entries(shown).filter(([, n]) => n > SHOWN_PER_LEVEL).map(([level, n]) => `${n - SHOWN_PER_LEVEL} more ${level}s`);
  if (hidden.length > 0) lines.push(`::notice title=mcp-errlint::${workflowData(`${hidden.join(', ')} not shown as annotations; see the step summary or the JSON report.`)}`);
  const verdict = `${report.server.name}: ${gradeText(report)}; ${coverageText(report)}; ${report.summary.error} errors, ${report.summary.warning} warnings, ${report.summary.note} notes`;
  lines.push(`::notice title=${workflowProperty(`mcp-errlint ${report.score.grade}`)}::${workflowData(verdict)}`);
  return lines.join('\n') + '\n';
}
