// The verdict in words, shared by every format: the grade with the coverage next to it, and why the grade is capped.
import type { Report } from './model.js';
import { plural } from '../util/text.js';
import { formatDuration } from '../interrupt.js';


/** One line on the $NAME that stand for secrets in the command and its replays, when there are any. */
export function secretsNote(report: Pick<Report, 'server'>): string | undefined {
  const names = report.server.secretVariables ?? [];
  if (names.length === 0) return undefined;
  return `Secret values are shown as ${names.map((name) => `$${name}`).join(', ')}: set ${names.length === 1 ? 'it' : 'them'} in the environment before replaying.`;
}

/** Under --quiet, what the report leaves out: "12 warnings, 3 notes not shown (--quiet); the score, grade and gate count them". */
export function quietText(report: Pick<Report, 'settings' | 'summary' | 'findings'>): string | undefined {
  if (!report.settings.quiet) return undefined;
  // What the summary counted and the findings no longer hold: the severities --quiet left out.
  const hiddenOf = (severity: 'warning' | 'note') => report.summary[severity] - report.findings.filter((f) => f.severity === severity).length;
  const hidden = [plural(hiddenOf('warning'), 'warning'), plural(hiddenOf('note'), 'note')].filter((text) => !text.startsWith('0 '));
  if (hidden.length === 0) return undefined;
  return `${hidden.join(', ')} not shown (--quiet); the score, grade and gate count them`;
}

/** "grade B (78.9 / 100)", or "incomplete (no letter grade; 61.2 / 100 from protocol checks only)". */
export function gradeText(report: Report): string {
  const { score } = report;
  if (report.interrupted) return `incomplete (no letter grade: ${report.interrupted.message}; ${score.score.toFixed(1)} / 100 from what was probed)`;
  if (score.grade === 'incomplete') return `incomplete (no letter grade; ${score.score.toFixed(1)} / 100 from ${report.coverage.toolsProbed === 0 ? 'protocol checks only' : 'the inputs that were sent'})`;
  return `grade ${score.grade} (${score.score.toFixed(1)} / 100)`;
}

/** Why a run is incomplete: "the server needs authorization", "no tool of the 3 listed tools was probed", or "only 40 of 1,200 planned inputs were sent". */
export function incompleteText(coverage: Report['coverage']): string {
  if (coverage.blocked?.kind === 'needs-auth') return 'the server needs authorization';
  if (coverage.toolsProbed === 0) return `no tool of the ${plural(coverage.toolsListed, 'listed tool')} was probed`;
  const { sent, notSent } = coverage.inputs;
  return `only ${sent} of the ${plural(sent + notSent, 'planned input')} were sent`;
}

/** "4 of 9 tools probed (partial) · 12 of 14 probe kinds run", and what was cut: "(2 partly)", "40 of 300 planned inputs sent". */
export function coverageText(report: Report): string {
  const { coverage } = report;
  const partial = coverage.toolsProbed < coverage.toolsListed ? ' (partial)' : coverage.toolsPartlyProbed > 0 ? ` (${coverage.toolsPartlyProbed} partly)` : '';
  const kinds = coverage.probeKindsRun.length + coverage.probeKindsNotRun.length;
  const { sent, notSent } = coverage.inputs;
  const inputs = notSent > 0 ? ` · ${sent} of ${plural(sent + notSent, 'planned input')} sent` : '';
  return `${coverage.toolsProbed} of ${plural(coverage.toolsListed, 'tool')} probed${partial} · ${coverage.probeKindsRun.length} of ${plural(kinds, 'probe kind')} run${inputs}`;
}

/**
 * "tools probed (2 tools) · resources probed (1 resource, 1 template) · logging not declared: refusal checked · …",
 * or '' for a report without them.
 */
export function surfacesText(report: Report): string {
  return (report.coverage.surfaces ?? [])
    .map((s) => (s.status === 'probed' ? `${s.surface} probed (${s.available})` : s.status === 'refusal checked' ? `${s.surface} not declared: refusal checked` : `${s.surface} not probed (${s.reason ?? s.available})`))
    .join(' · ');
}

/** How the negotiated era reads to a person: "initialize handshake" (up to 2025-11-25) or "stateless" (2026-07-28 on), never "legacy" for the version most servers speak. */
export function eraText(era: Report['server']['era']): string {
  return era === 'modern' ? 'stateless' : 'initialize handshake';
}

/** A rate as a whole percentage ("93%"), or "–" for none. */
export function percent(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? '–' : `${Math.round(rate * 100)}%`;
}

/** Past this share of the decisions it could not judge, the text says that the rate rests on fewer of them. */
const MANY_UNDETERMINED = 0.25;

/**
 * "recovery 93%: an agent recovered 28 of the 30 refused calls it could judge (26 confirmed by the server; Repair@1 90%,
 * Repair@3 93%); 4 undetermined; left out: 2 unknown tools", or '' when the agent took no call.
 */
export function recoveryText(report: Pick<Report, 'recovery'>): string {
  const r = report.recovery;
  if (!r || r.attempted === 0) return '';
  const judged = r.recovered + r.notRecoverable;
  const extras = [r.blind > 0 ? plural(r.blind, 'blind retry').replace('retrys', 'retries') : '', r.wasted > 0 ? `${r.wasted} wasted` : ''].filter(Boolean);
  // A report recorded before runtime and configuration were counted (a board's merged reports) lacks them.
  const { unknownTool, upstream, runtime = 0, configuration = 0 } = r.outOfRate;
  const left = [
    unknownTool > 0 ? plural(unknownTool, 'unknown tool') : '',
    upstream > 0 ? `${plural(upstream, 'failure')} of the server's own upstream` : '',
    runtime > 0 ? `${plural(runtime, 'answer')} of a program it runs that is missing` : '',
    configuration > 0 ? `${plural(configuration, 'answer')} of a credential or setting it lacks` : '',
  ].filter(Boolean);
  const head =
    judged === 0
      ? r.undetermined > 0
        ? `recovery –: the agent could judge none of the ${plural(r.undetermined, 'refused call')} the rate would count`
        : 'recovery –: no refused call the agent took counts in the rate'
      : `recovery ${percent(r.rate)}: an agent recovered ${r.recovered} of the ${plural(judged, 'refused call')} it could judge ` +
        `(${r.confirmed} confirmed by the server; Repair@1 ${percent(r.rateAtFirst)}, Repair@${r.attempts} ${percent(r.rate)}${extras.length > 0 ? `; ${extras.join(', ')}` : ''})`;
  const undetermined = r.undetermined > 0 ? `; ${r.undetermined} undetermined (the answer names something the agent could not act on; never a finding)` : '';
  const many = r.undetermined > 0 && r.undetermined / (judged + r.undetermined) > MANY_UNDETERMINED ? `. The agent could not judge ${r.undetermined} of ${judged + r.undetermined} refused calls: the rate rests on the other ${judged}` : '';
  return `${head}${undetermined}${left.length > 0 ? `; left out of the rate: ${left.join(', ')}` : ''}${many}`;
}

/** A breakdown step's points as shown: "−30.0", "0.0". */
export function formatPoints(points: number): string {
  return points < 0 ? `−${(-points).toFixed(1)}` : points.toFixed(1);
}

/** "rate-limited: the run waited 14.2s in all as the server asked …", or '' when it never waited. */
export function throttleText(report: { server: Pick<Report['server'], 'throttle'> }): string {
  const throttle = report.server.throttle;
  if (!throttle) return '';
  const throttled = throttle.answers > 0 ? `; ${plural(throttle.answers, 'answer')} throttled (HTTP 429 or 503), each request resent after its wait` : '';
  return `rate-limited: the run waited ${formatDuration(Math.round(throttle.waitedMs))} in all as the server asked (Retry-After, RateLimit headers)${throttled}`;
}
