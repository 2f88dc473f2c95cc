// The HTML report of one server (`--format html`): a self-contained page (no network, no external script or font) led
// by its findings grouped by cause, then the run, the score step by step, coverage and skips. Its parts also make up
// each server's drill-down on the scoreboard's page (src/board/html.ts).
import { createHash } from 'node:crypto';
import type { Cause, Finding, Report } from './model.js';
import { htmlText } from './escape.js';
import { formatPoints, incompleteText, quietText, recoveryText, secretsNote, surfacesText, throttleText } from './verdict.js';
import { plural } from '../util/text.js';

/** What a page shows of one server: its report without the long list of checks. */
export type ReportDetail = Omit<Report, 'checks'>;

/** How the lint of a server ended, beside its report: its exit code and where its report was written. */
export interface RunFacts {
  exitCode: number;
  report?: string;
}

/** Findings shown on one server's own page at most (the rest are counted). */
const FINDINGS_PER_PAGE = 5000;
const SKIPS_PER_SERVER = 50;
const REASONS_PER_SERVER = 20;
/** Characters of one piece of server text (a message, an answer, arguments) shown at most. */
const TEXT_LIMIT = 2000;

const GRADE_CLASS: Record<string, string> = { 'A+': 'g-ap', A: 'g-a', B: 'g-b', C: 'g-c', D: 'g-d', F: 'g-f', incomplete: 'g-inc' };
const SEVERITY_ORDER: Record<string, number> = { error: 0, warning: 1, note: 2 };

/** Any value as escaped HTML text: every piece of text on the page goes through here. */
export const t = (value: unknown): string => htmlText(String(value));
export const clip = (text: string, limit = TEXT_LIMIT) => (text.length > limit ? `${text.slice(0, limit)}… [${text.length - limit} more characters]` : text);
const isNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
export const fixed = (n: unknown, digits = 1) => (isNumber(n) ? n.toFixed(digits) : '–');
export const gradeClass = (grade: string | null) => (grade === null ? 'g-none' : (GRADE_CLASS[grade] ?? 'g-other'));
export const gradeChip = (grade: string | null) => `<span class="grade ${gradeClass(grade)}">${t(grade ?? 'could not lint')}</span>`;

/** The one script: open the drill-down a link (or the address) points at. Progressive: without it the link scrolls to the closed summary. */
const SCRIPT = `function openTarget(){var id=location.hash.slice(1);var el=id&&document.getElementById(id);if(el&&el.tagName==='DETAILS')el.open=true;}
addEventListener('hashchange',openTarget);openTarget();`;
const SCRIPT_HASH = createHash('sha256').update(SCRIPT).digest('base64');
/** Nothing may load from anywhere: only the inline style and the one script above (by its hash) run. */
const CSP = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${SCRIPT_HASH}'; img-src data:; base-uri 'none'; form-action 'none'`;

/** One self-contained page: its head (CSP, no referrer, the style), the body's parts, a footer, and the board's one script when it has one. */
export function page(title: string, body: readonly string[], footer: string, script: boolean): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta http-equiv="Content-Security-Policy" content="${t(CSP)}">`,
    '<meta name="referrer" content="no-referrer">',
    `<title>${t(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    ...body,
    `<footer>${footer}</footer>`,
    ...(script ? [`<script>${SCRIPT}</script>`] : []),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The page of one server's lint: a report, led by its findings (open), with the grade, coverage, skips and replay commands. */
export function formatReportHtml(name: string, detail: ReportDetail): string {
  const score = detail.score;
  const verdict = `${gradeChip(score?.grade ?? null)} <span class="score">${score ? `${fixed(score.score)} / 100` : ''}</span>`;
  const counts = [plural(detail.summary?.error ?? 0, 'error'), plural(detail.summary?.warning ?? 0, 'warning'), plural(detail.summary?.note ?? 0, 'note')].join(' · ');
  const gate = detail.gate ? ` <span class="gate">${detail.gate.passed ? 'passes the gate' : `fails the gate: ${t(detail.gate.failures.join('; '))}`}</span>` : '';
  return page(
    `mcp-errlint report · ${name}`,
    [
      `<header><h1>mcp-errlint report · ${t(name)}</h1><p class="verdict">${verdict} <span class="counts">${t(counts)}</span>${gate}</p></header>`,
      // Findings first, open: what a reader came for; then how far the lint reached, and the facts.
      '<main class="report">',
      ...(quietText(detail) ? [`<p class="quiet">${t(quietText(detail)!.replace(/^./, (first) => first.toUpperCase()))}.</p>`] : []),
      findings(detail.findings, FINDINGS_PER_PAGE, detail.causes, detail.settings?.quiet === true),
      // The facts under a heading of their own: after the findings, without one they read as the last finding's.
      '<h3>Run</h3>',
      about({ exitCode: detail.gate?.passed === false ? 1 : 0 }, detail),
      skips(detail.skips),
      '</main>',
    ],
    `Written by mcp-errlint${detail.tool?.version ? ` ${t(detail.tool.version)}` : ''}. The server's text on this page is its own, escaped; nothing here loads from the network.`,
    false,
  );
}

/** One linted server's facts, its score step by step and coverage, then its findings by cause and its skips: a drill-down's body on the board. */
export function serverBody(run: RunFacts, detail: ReportDetail, findingsShown: number): string {
  return `${about(run, detail)}${findings(detail.findings, findingsShown, detail.causes, detail.settings?.quiet === true)}${skips(detail.skips)}`;
}

/** A linted server's facts (what it is, how it ran), what capped its grade, and its coverage. */
function about(run: RunFacts, detail: ReportDetail): string {
  const server = detail.server;
  const info = [server.serverInfo?.name, server.serverInfo?.version].filter(Boolean).join(' ');
  const facts = factList([
    [server.url ? 'url' : 'command', server.url ?? (server.command ?? []).join(' ')],
    ...(info ? [['server info', info] as [string, string]] : []),
    ['protocol', `${server.protocolVersion} (${server.transport})`],
    ['exit code', String(run.exitCode)],
    ['time', `${fixed(detail.durationMs / 1000)} s`],
    ...(run.report ? [['report', run.report] as [string, string]] : []),
  ]);
  const note = secretsNote(detail);
  const notes = [
    ...(note ? [`<p class="secrets">${t(note)}</p>`] : []),
    ...(detail.interrupted ? [`<p class="cause">Cut short: ${t(detail.interrupted.message)}</p>`] : []),
    ...(throttleText(detail) ? [`<p class="cause">${t(throttleText(detail).replace(/^./, (first) => first.toUpperCase()))}.</p>`] : []),
    ...(detail.recovery && detail.recovery.attempted > 0 ? [`<p class="recovery">${t(recoveryText(detail).replace(/^recovery/, 'Recovery'))}</p>`] : []),
  ].join('');
  return `${facts}${notes}${breakdown(detail)}${coverage(detail)}`;
}

/** How the score was reached, as a table whose points add up to it (a report from before the breakdown: its ceilings). */
function breakdown(detail: ReportDetail): string {
  const score = detail.score;
  if (!score) return '';
  if (!score.breakdown) return score.caps.map((cap) => `<p class="cap">Grade capped at ${t(cap.max)}: ${t(cap.reason)}</p>`).join('');
  if (score.breakdown.length === 0) return '';
  const rows = score.breakdown.map((step) => `<tr><td>${t(step.label)}</td><td class="points">${t(formatPoints(step.points))}</td></tr>`).join('');
  return `<h3>Score, step by step</h3><table class="breakdown"><tbody><tr><td>start</td><td class="points">100.0</td></tr>${rows}<tr class="total"><th scope="row">score</th><td class="points">${fixed(score.score)}</td></tr></tbody></table>`;
}

export function factList(facts: Array<[string, string]>): string {
  return `<dl class="facts">${facts.map(([name, value]) => `<div><dt>${t(name)}</dt><dd>${t(clip(value, 500))}</dd></div>`).join('')}</dl>`;
}

function coverage(detail: ReportDetail): string {
  const c = detail.coverage;
  if (!c) return '';
  const kinds = c.probeKindsRun.length > 0 ? c.probeKindsRun.map((k) => `<code>${t(k)}</code>`).join(' ') : 'none';
  const notRun = c.probeKindsNotRun.length > 0 ? `<p>Probe kinds not run: ${c.probeKindsNotRun.map((k) => `<code>${t(k)}</code>`).join(' ')}</p>` : '';
  const reasons = c.reasons.slice(0, REASONS_PER_SERVER).map((r) => `<li>${t(clip(r, 500))}</li>`).join('');
  const moreReasons = c.reasons.length > REASONS_PER_SERVER ? `<li>and ${c.reasons.length - REASONS_PER_SERVER} more</li>` : '';
  return [
    '<h3>Coverage</h3>',
    `<p class="coverage">${t(c.toolsProbed)} of ${t(plural(c.toolsListed, 'listed tool'))} probed (${t(c.percent)}%)${c.toolsSelected !== c.toolsListed ? `, ${t(c.toolsSelected)} selected` : ''}${c.incomplete ? ` · <strong>incomplete</strong>: ${t(incompleteText(c))}` : ''}.</p>`,
    `<p>Probe kinds run: ${kinds}</p>${notRun}`,
    c.surfaces?.length ? `<p class="surfaces">Surfaces: ${t(surfacesText(detail as Report))}</p>` : '',
    reasons ? `<ul class="reasons">${reasons}${moreReasons}</ul>` : '',
  ].join('');
}

/** The findings grouped by cause, each cause with its fix (a report from before causes: by severity alone). */
function findings(all: readonly Finding[], limit: number, causes: readonly Cause[] | undefined, quiet = false): string {
  if (all.length === 0) return `<h3>Findings</h3><p class="none">${quiet ? 'No finding at error level (--quiet).' : 'No findings.'}</p>`;
  const sorted = all.map((f, i) => ({ f, i })).sort((a, b) => (SEVERITY_ORDER[a.f.severity] ?? 3) - (SEVERITY_ORDER[b.f.severity] ?? 3) || a.i - b.i).map(({ f }) => f);
  const more = (shown: number) => (sorted.length > shown ? `<p class="more">and ${t(plural(sorted.length - shown, 'more finding'))} not shown here (the server's JSON report has every one).</p>` : '');
  if (!causes || causes.length === 0) return `<h3>Findings (${sorted.length})</h3>${sorted.slice(0, limit).map(finding).join('')}${more(limit)}`;
  const byFingerprint = new Map(all.map((f) => [f.fingerprint, f]));
  let left = limit;
  const sections = causes.map((cause) => {
    const own = cause.findings.map((fp) => byFingerprint.get(fp)).filter((f): f is Finding => f !== undefined);
    const shown = own.slice(0, Math.max(0, left));
    left -= shown.length;
    const framework = cause.framework ? `<p class="framework">Framework: ${t([cause.framework.name, cause.framework.version].filter(Boolean).join(' '))}${cause.source && /^https:\/\//.test(cause.source) ? ` · <a href="${t(cause.source)}">source</a>` : ''}</p>` : '';
    return [
      `<section class="cause sev-${SEVERITY_ORDER[cause.severity] === undefined ? 'other' : t(cause.severity)}">`,
      `<h4><span class="sev">${t(cause.severity)}</span> ${t(clip(cause.summary, 500))} <span class="counts">${t(plural(own.length, 'finding'))}</span></h4>`,
      `<p class="fix"><strong>Fix:</strong> ${t(cause.fix)}</p>${framework}`,
      shown.map(finding).join(''),
      '</section>',
    ].join('');
  });
  return `<h3>${t(plural(causes.length, 'cause'))} behind ${t(plural(sorted.length, 'finding'))}</h3>${sections.join('')}${more(limit - Math.max(0, left))}`;
}

function finding(f: Finding): string {
  const ce = f.counterexample;
  // A frame the probe wrote itself is shown as sent, not as arguments of a call it never made.
  const args = clip(ce?.frame ?? JSON.stringify(ce?.arguments ?? null, null, 2) ?? 'null');
  const sent = ce?.name && ce.name !== f.tool ? ` (sent as <code>${t(ce.name)}</code>)` : '';
  const head = [
    `<span class="sev">${t(f.severity)}</span>`,
    `<code class="rule">${t(f.ruleId)}</code>`,
    `<span>tool <code>${t(f.tool)}</code>${sent}</span>`,
    `<span>probe <code>${t(f.probe)}</code></span>`,
    ...(f.occurrences > 1 ? [`<span>×${t(f.occurrences)}</span>`] : []),
    ...(f.baselined ? ['<span class="baselined">baselined</span>'] : []),
  ].join(' ');
  return [
    `<article class="finding sev-${SEVERITY_ORDER[f.severity] === undefined ? 'other' : t(f.severity)}" data-rule="${t(f.ruleId)}">`,
    `<div class="finding-head">${head}</div>`,
    `<p class="message">${t(clip(f.message))}</p>`,
    '<dl class="evidence">',
    `<dt>counterexample</dt><dd><span class="label">${t(clip(ce?.label ?? '', 500))}</span><pre class="arguments"><code>${t(args)}</code></pre></dd>`,
    `<dt>answer</dt><dd><pre class="answer">${t(clip(f.answer ?? ''))}</pre></dd>`,
    `<dt>replay</dt><dd><pre class="replay"><code>${t(clip(f.replay ?? '', 4000))}</code></pre></dd>`,
    '</dl>',
    '</article>',
  ].join('');
}

function skips(all: readonly { tool: string; probe: string; reason: string }[]): string {
  if (!all || all.length === 0) return '<h3>Skips</h3><p class="none">Nothing was skipped.</p>';
  const items = all.slice(0, SKIPS_PER_SERVER).map((s) => `<li><code>${t(s.tool)}</code> · ${s.probe === '*' ? 'every probe' : `<code>${t(s.probe)}</code>`}: ${t(clip(s.reason, 500))}</li>`);
  const more = all.length > SKIPS_PER_SERVER ? `<li>and ${all.length - SKIPS_PER_SERVER} more</li>` : '';
  return `<h3>Skips (${all.length})</h3><ul class="skips">${items.join('')}${more}</ul>`;
}

// No line of the style may start with "::": the output step reads such a line as a CI workflow command and defuses it.
const STYLE = `
:root { color-scheme: light dark; --bg: #fbfbfd; --fg: #1d2129; --muted: #5d6470; --line: #dde1e7; --card: #fff; --track: #eceff3; --code: #f2f4f7; }
@media (prefers-color-scheme: dark) { :root { --bg: #14171c; --fg: #e6e9ee; --muted: #9aa3b0; --line: #2c323b; --card: #1b1f26; --track: #262c35; --code: #232933; } }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0 auto; max-width: 76rem; padding: 1rem; background: var(--bg); color: var(--fg); font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; overflow-wrap: anywhere; }
h1 { font-size: 1.5rem; margin: .25rem 0 .5rem; }
h2 { font-size: 1.15rem; margin: 1.75rem 0 .5rem; }
h3 { font-size: 1rem; margin: 1rem 0 .35rem; }
code, pre { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; }
code { background: var(--code); border-radius: 4px; padding: 0 .25em; }
pre { background: var(--code); border-radius: 6px; padding: .5rem .65rem; margin: .25rem 0; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 20rem; overflow: auto; }
pre code { background: none; padding: 0; }
a { color: inherit; }
.hint, footer { color: var(--muted); font-size: .85rem; }
footer { margin: 2rem 0 1rem; }
dl.facts { display: flex; flex-wrap: wrap; gap: .25rem 1.5rem; margin: .25rem 0 .5rem; }
dl.facts div { display: flex; gap: .4rem; min-width: 0; }
dl.facts dt { flex: none; color: var(--muted); }
dl.facts dd { min-width: 0; margin: 0; font-weight: 600; }
/* overflow-x: a net; the table is laid out to fit (cards below 60rem), and the browser test holds it to that. */
.frame { overflow-x: auto; border: 1px solid var(--line); border-radius: 8px; background: var(--card); }
table.ranking { border-collapse: collapse; width: 100%; }
.ranking th, .ranking td { padding: .45rem .6rem; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
.ranking tbody tr:last-child td { border-bottom: 0; }
.ranking th { font-size: .8rem; text-transform: uppercase; letter-spacing: .03em; color: var(--muted); white-space: nowrap; }
.ranking td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.ranking td.name { font-weight: 600; }
/* A name takes the width it needs up to a quarter of the window (then wraps): a long cause in the same table cannot squeeze it to a word a line. */
.ranking td.name a { display: inline-block; width: max-content; max-width: min(20rem, 25vw); text-decoration: underline dotted; text-underline-offset: .25em; }
.ranking td.failing code { display: inline-block; margin: 0 .2rem .2rem 0; }
.ranking tr.unlinted td { color: var(--muted); }
.cause { color: #b3261e; }
.ranking tr.unlinted td.cause { color: #b3261e; }
/* Narrower than the table's eight columns (a phone, a tablet): each row a card (rank, name and grade; the four numbers
   under their names; the failing rules or the cause), no header row. */
@media (max-width: 60rem) {
  .frame { overflow: visible; border: 0; background: none; }
  table.ranking, .ranking tbody { display: block; }
  .ranking thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  .ranking tbody tr { display: flex; flex-wrap: wrap; align-items: baseline; gap: .3rem .75rem; margin: 0 0 .5rem; padding: .55rem .75rem; border: 1px solid var(--line); border-radius: 8px; background: var(--card); }
  .ranking tbody tr::after { content: ""; order: 3; flex-basis: 100%; }
  .ranking td, .ranking tbody tr:last-child td { display: block; padding: 0; border: 0; text-align: left; }
  .ranking td.rank { order: 0; color: var(--muted); }
  .ranking td.name { order: 1; flex: 1 1 0; min-width: 0; }
  .ranking td.name a { display: inline; width: auto; max-width: none; }
  .ranking td.grade-cell { order: 2; }
  .ranking td.metric { order: 4; flex: 1 1 0; text-align: left; }
  .ranking td.metric::before, .ranking td.failing::before { content: attr(data-label); display: block; color: var(--muted); font-size: .7rem; text-transform: uppercase; letter-spacing: .03em; }
  .ranking td.failing::before { display: inline; margin-right: .5rem; }
  .ranking td.failing, .ranking td.cause { order: 5; flex-basis: 100%; }
}
.none { color: var(--muted); }
.grade { display: inline-block; min-width: 2.4em; padding: .05rem .45rem; border-radius: 999px; font-weight: 700; font-size: .85rem; text-align: center; color: #fff; white-space: nowrap; }
.g-ap { background: #0b7a3e; } .g-a { background: #2e9b4f; } .g-b { background: #7a9a12; } .g-c { background: #c99400; color: #1d2129; }
.g-d { background: #e0681b; } .g-f { background: #c62828; } .g-inc { background: #6b7280; } .g-none { background: #3f4652; } .g-other { background: #8a4fbf; }
.charts { display: grid; grid-template-columns: 1fr; gap: 0 2rem; }
@media (min-width: 60rem) { .charts { grid-template-columns: 2fr 3fr; } }
ul.bars { list-style: none; margin: 0; padding: 0; }
ul.bars li { display: grid; grid-template-columns: minmax(7rem, 15rem) 1fr 6.5rem; gap: .6rem; align-items: center; padding: .1rem 0; }
ul.bars .track { height: .8rem; background: var(--track); border-radius: 4px; overflow: hidden; }
ul.bars .fill { display: block; height: 100%; border-radius: 4px; }
ul.bars .value { font-variant-numeric: tabular-nums; text-align: right; white-space: nowrap; font-size: .9rem; }
#grades ul.bars li { grid-template-columns: 7.5rem 1fr 3rem; }
.fill.ok { background: #2e9b4f; } .fill.mid { background: #d79a00; } .fill.bad { background: #c62828; }
@media (max-width: 40rem) { ul.bars li, #grades ul.bars li { grid-template-columns: 1fr auto; gap: .15rem .6rem; padding: .3rem 0; } ul.bars .track { grid-column: 1 / -1; grid-row: 2; } }
details.server { border: 1px solid var(--line); border-radius: 8px; background: var(--card); margin: .5rem 0; }
details.server > summary { cursor: pointer; padding: .55rem .75rem; display: flex; flex-wrap: wrap; align-items: center; gap: .35rem .6rem; list-style: none; }
details.server > summary::before { content: "▸"; color: var(--muted); }
details.server[open] > summary::before { content: "▾"; }
details.server > summary .name { font-weight: 700; }
details.server > summary .counts, details.server > summary .score, details.server > summary .rank { color: var(--muted); font-size: .9rem; }
details.server > .body { padding: 0 .75rem .75rem; border-top: 1px solid var(--line); }
details.server:target { outline: 2px solid #2f6fde; }
article.finding { border-left: 4px solid var(--line); padding: .25rem 0 .25rem .75rem; margin: .75rem 0; }
.finding-head { display: flex; flex-wrap: wrap; gap: .25rem .6rem; align-items: center; font-size: .9rem; }
.sev { font-weight: 700; text-transform: uppercase; font-size: .75rem; padding: .05rem .4rem; border-radius: 4px; color: #fff; background: #6b7280; }
.sev-error .sev { background: #c62828; } .sev-warning .sev { background: #c77700; } .sev-note .sev { background: #4a6fa5; }
article.finding.sev-error { border-left-color: #c62828; } article.finding.sev-warning { border-left-color: #c77700; } article.finding.sev-note { border-left-color: #4a6fa5; }
.baselined { color: var(--muted); font-style: italic; }
p.message { margin: .35rem 0; }
dl.evidence { margin: 0; }
dl.evidence dt { color: var(--muted); font-size: .8rem; text-transform: uppercase; letter-spacing: .03em; margin-top: .35rem; }
dl.evidence dd { margin: 0; }
.more { color: var(--muted); font-style: italic; }
p.verdict { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem .75rem; }
p.verdict .score, p.verdict .counts, p.verdict .gate { color: var(--muted); }
.cap { color: #8a5a00; }
.breakdown { border-collapse: collapse; margin: .5rem 0 1rem; max-width: 100%; }
.breakdown td, .breakdown th { padding: .2rem .6rem .2rem 0; border-bottom: 1px solid var(--line); text-align: left; overflow-wrap: anywhere; }
.breakdown .points { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.breakdown .total th, .breakdown .total td { font-weight: 600; border-bottom: none; }
section.cause { border-left: 3px solid var(--line); padding-left: .75rem; margin: 1rem 0; }
section.cause.sev-error { border-left-color: #c62828; }
section.cause.sev-warning { border-left-color: #b26a00; }
section.cause h4 { margin: .25rem 0; overflow-wrap: anywhere; }
section.cause .fix, section.cause .framework { margin: .25rem 0 .5rem; overflow-wrap: anywhere; }
`;
