// The `github` format: workflow-command annotations (GitHub shows 10 errors, 10 warnings and 10 notices per step: the worst are the ones emitted).
import type { Finding, Report } from './model.js';
import { workflowData, workflowProperty } from './escape.js';
import { coverageText, gradeText, secretsNote } from './verdict.js';
import { plural } from '../util/text.js';

const COMMAND = { error: 'error', warning: 'warning', note: 'notice' } as const;
const SHOWN_PER_LEVEL = 10;
const SEVERITY_RANK = { error: 2, warning: 1, note: 0 } as const;

export function formatGithub(report: Report): string {
  const lines: string[] = [];
  // Baselined findings are known: they stay in the summary and the reports, not on the pull request's diff.
  const { shown, left } = chooseAnnotations(report.findings.filter((finding) => !finding.baselined));
  const note = secretsNote(report);
  for (const f of shown) {
    const properties = [
      `file=${workflowProperty(report.source.uri)}`,
      `line=${report.source.line}`,
      `title=${workflowProperty(`mcp-errlint/${f.ruleId} (${f.tool}, ${f.probe})`)}`,
    ].join(',');
    lines.push(`::${COMMAND[f.severity]} ${properties}::${workflowData(`${f.message}\nReproduce: ${f.replay}${note ? `\n${note}` : ''}`)}`);
  }
  if (left.length > 0) {
    const perLevel = (['error', 'warning', 'note'] as const).map((level) => [level, left.filter((f) => f.severity === level).length] as const).filter(([, n]) => n > 0);
    const perRule = countBy(left.map((f) => f.ruleId)).map(([rule, n]) => `${rule} ×${n}`);
    const text = `${perLevel.map(([level, n]) => `${n} more ${level}${n === 1 ? '' : 's'}`).join(', ')} not shown as annotations (${perRule.join(', ')}); see the step summary or the JSON report.`;
    lines.push(`::notice title=mcp-errlint::${workflowData(text)}`);
  }
  const verdict = `${report.server.name}: ${gradeText(report)}; ${coverageText(report)}; ${plural(report.summary.error, 'error')}, ${plural(report.summary.warning, 'warning')}, ${plural(report.summary.note, 'note')}`;
  lines.push(`::notice title=${workflowProperty(`mcp-errlint ${report.score.grade}`)}::${workflowData(verdict)}`);
  return lines.join('\n') + '\n';
}

/**
 * The findings worth an annotation, at most 10 per level: the most severe first, then the broadest (the rule failing on
 * the most tools, then the finding with the most failing exchanges), then by rule id and tool so the choice is stable.
 * The verdict notice is always written, so notices leave one place for it.
 */
export function chooseAnnotations(findings: readonly Finding[]): { shown: Finding[]; left: Finding[] } {
  const toolsPerRule = new Map<string, Set<string>>();
  for (const f of findings) toolsPerRule.set(f.ruleId, (toolsPerRule.get(f.ruleId) ?? new Set()).add(f.tool));
  const breadth = (f: Finding) => toolsPerRule.get(f.ruleId)!.size;
  const ranked = [...findings].sort(
    (a, b) =>
      SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
      breadth(b) - breadth(a) ||
      b.occurrences - a.occurrences ||
      a.ruleId.localeCompare(b.ruleId) ||
      a.tool.localeCompare(b.tool) ||
      a.probe.localeCompare(b.probe),
  );
  const room = { error: SHOWN_PER_LEVEL, warning: SHOWN_PER_LEVEL, note: SHOWN_PER_LEVEL - 2 };
  const shown: Finding[] = [];
  const left: Finding[] = [];
  for (const f of ranked) (room[f.severity]-- > 0 ? shown : left).push(f);
  return { shown, left };
}

/** [value, count] pairs, the most frequent first. */
function countBy(values: readonly string[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
