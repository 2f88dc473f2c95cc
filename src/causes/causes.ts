// Root causes: the findings of a run, partitioned so that findings sharing one mechanism or one answer form one
// cause with one fix. First a framework's known mechanism (when the run shows the framework), then a mechanism any
// server can have (an HTML error page), then findings joined by their rule and message or by an answer they share.
import { createHash } from 'node:crypto';
import { escapeRegExp } from '../util/regex.js';
import { groupBy } from '../util/group.js';
import { SEVERITY_RANK as RANK } from '../score/score.js';
import { answerHead } from '../grade/exchange.js';
import { isBlank, snippet } from '../matchers/surface.js';
import type { Cause, CauseFinding, CauseInput, Framework, FrameworkSighting } from './cause.js';

/** A mechanism no framework owns: the findings it explains share it whatever the server is built on. */
interface CommonMechanism {
  id: string;
  explains(finding: CauseFinding): boolean;
  summary: string;
  fix: string;
}

const COMMON: readonly CommonMechanism[] = [
  {
    id: 'http/html-error-page',
    explains: (f) => f.http?.body === 'other' && (/html/i.test(f.http.contentType ?? '') || /^\s*<(!doctype|html)/i.test(f.http.text ?? '')),
    summary: 'The server answers failed requests with an HTML error page, not a JSON-RPC message',
    fix: "Answer every request with a JSON-RPC message: add an error handler in front of the web framework's default one, which renders HTML.",
  },
];

export interface CausesOptions {
  /** The frameworks to look for (their sightings and mechanisms). */
  frameworks: readonly Framework[];
  /** The fix sentence of a rule's message: the fix of a cause no mechanism explains. */
  fixOf(ruleId: string, messageId: string): string;
}

/** The frameworks the run shows, each with what showed it. */
function sightingsOf(input: CauseInput, frameworks: readonly Framework[]): Array<{ framework: Framework; sighting: FrameworkSighting }> {
  return frameworks.flatMap((framework) => {
    const sighting = framework.sight(input);
    return sighting ? [{ framework, sighting }] : [];
  });
}

/**
 * Every finding in exactly one cause, and the frameworks the run shows. Causes are ordered worst first, then by how
 * many findings they explain; a cause's findings keep the order they came in.
 */
export function causesOf(input: CauseInput, options: CausesOptions): { causes: Cause[]; frameworks: FrameworkSighting[] } {
  const sightings = sightingsOf(input, options.frameworks);
  const causes = new Map<string, Cause>();
  const add = (key: string, make: () => Omit<Cause, 'findings' | 'severity'>, finding: CauseFinding) => {
    const cause = causes.get(key) ?? { ...make(), severity: finding.severity, findings: [] };
    cause.findings.push(finding.fingerprint);
    if (RANK[finding.severity] > RANK[cause.severity]) cause.severity = finding.severity;
    causes.set(key, cause);
  };
  const rest: CauseFinding[] = [];
  for (const finding of input.findings) {
    const known = explainedByFramework(finding, sightings);
    if (known) {
      const { mechanism, sighting } = known;
      add(mechanism.id, () => ({ id: mechanism.id, summary: mechanism.summary, fix: mechanism.fix, framework: { name: sighting.name, ...(sighting.version ? { version: sighting.version } : {}) }, source: mechanism.source }), finding);
      continue;
    }
    const common = COMMON.find((m) => m.explains(finding));
    if (common) add(common.id, () => ({ id: common.id, summary: common.summary, fix: common.fix }), finding);
    else rest.push(finding);
  }
  for (const group of joined(rest)) {
    const cause = describeGroup(group, options.fixOf);
    for (const finding of group) add(cause.id, () => cause, finding);
  }
  const sorted = [...causes.values()].sort((a, b) => RANK[b.severity] - RANK[a.severity] || b.findings.length - a.findings.length || a.id.localeCompare(b.id));
  return { causes: sorted, frameworks: sightings.map(({ sighting }) => sighting) };
}

function explainedByFramework(finding: CauseFinding, sightings: ReturnType<typeof sightingsOf>) {
  for (const { framework, sighting } of sightings) {
    const mechanism = framework.mechanisms.find((m) => m.explains(finding, sighting));
    if (mechanism) return { mechanism, sighting };
  }
  return undefined;
}

const ruleKey = (f: CauseFinding) => `rule/${f.ruleId}/${f.messageId}`;

/**
 * The answer's text (its start, as the answer line shows it) with what varies from tool to tool taken out (the tool's
 * name, quoted names and values, numbers), so that one handler's answers to different tools read the same; undefined
 * for an answer with too little text to share (no answer, an exit, a bare "Error").
 */
export function answerKey(finding: Pick<CauseFinding, 'said' | 'tool'>): string | undefined {
  const kind = answerHead(finding.said);
  if (kind === undefined || isBlank(finding.said.text)) return undefined;
  const text = snippet(finding.said.text, 160);
  const toolName = finding.tool.length >= 3 ? new RegExp(`\\b${escapeRegExp(finding.tool)}\\b`, 'g') : undefined;
  const normal = (toolName ? text.replace(toolName, '⟨tool⟩') : text)
    .toLowerCase()
    .replace(/(['"`])(?:(?!\1).){0,80}\1/g, '⟨q⟩')
    .replace(/\d+(\.\d+)?/g, '#')
    .replace(/\s+/g, ' ')
    .replace(/…$/, '')
    .trim();
  if (normal.replace(/⟨[a-z]+⟩|[^a-z]/g, '').length < 12) return undefined;
  return `${kind}|${normal.slice(0, 120)}`;
}

/**
 * Findings by rule and message (one mechanism on every tool it showed on); then the groups (warnings or worse) whose
 * answers are the very same set are one: one answer behind several rules. Equality, not overlap: a rule that fires on
 * almost every error answer (no hint) shares some answer with every other rule, and overlap would chain them all.
 */
function joined(findings: readonly CauseFinding[]): CauseFinding[][] {
  const byAnswers = groupBy(groupBy(findings, ruleKey), ([key, group]) => {
    const answers = answersOf(group);
    // A note, or a group with a finding whose answer has too little text to share, stays its own cause.
    return group.some((f) => f.severity === 'note') || answers === undefined ? key : answers;
  });
  return [...byAnswers.values()].map((groups) => groups.flatMap(([, group]) => group));
}

/** The sorted set of a group's answer keys, joined; undefined when one of its answers has none. */
function answersOf(group: readonly CauseFinding[]): string | undefined {
  const keys = group.map(answerKey);
  if (keys.some((k) => k === undefined)) return undefined;
  return `answers:${[...new Set(keys)].sort().join('\u0000')}`;
}

/** A group's cause: one rule and message says what it says; answers behind several rules are named as such. */
function describeGroup(group: readonly CauseFinding[], fixOf: CausesOptions['fixOf']): Omit<Cause, 'findings' | 'severity'> {
  // The finding that speaks for the group: the worst, then the rule and message most of the group share.
  const count = new Map<string, number>();
  for (const f of group) count.set(ruleKey(f), (count.get(ruleKey(f)) ?? 0) + 1);
  const lead = [...group].sort((a, b) => RANK[b.severity] - RANK[a.severity] || count.get(ruleKey(b))! - count.get(ruleKey(a))!)[0];
  const fix = fixOf(lead.ruleId, lead.messageId);
  if (count.size === 1) return { id: ruleKey(lead), summary: lead.message, fix };
  const rules = [...new Set(group.map((f) => f.ruleId))];
  const answers = new Set(group.map(answerKey));
  const id = `answer/${createHash('sha256').update([...answers].sort().join('\u0000')).digest('hex').slice(0, 12)}`;
  const behind = rules.length === 1 ? rules[0] : `${rules.length} rules (${rules.join(', ')})`;
  return { id, summary: `${answers.size === 1 ? 'One answer' : `The same ${answers.size} answers`} behind ${behind}: ${lead.answer}`, fix };
}
