// The grade stage: the rules in force (levels and options settled once per run) and the grading of one exchange through
// one reading of its answer. Pure.
import type { ProfileName, RuleLevel, Severity } from '../types.js';
import type { Exchange } from '../exchange.js';
import type { Graded, RuleHit } from '../engine/types.js';
import type { SessionFacts } from '../session/types.js';
import { UsageError } from '../errors.js';
import type { MetadataOptions } from '../matchers/metadata.js';
import { schemaErrors } from '../schema/validate.js';
import { Reading, type ReadingSettings } from './reading.js';
import { declaredSeverity, messageOf, type Rule } from './rule.js';
import { ruleById } from '../../rules/index.js';

export interface EnabledRule {
  rule: Rule;
  level: Severity;
  /** The user set the level (config or --rule): it then applies to every message the profile would have graded otherwise. */
  explicit: boolean;
  /** The rule's options: the user's over its defaults, checked against its schema. */
  options: Record<string, unknown>;
}

/** The problems with options given to a rule, one line each under `at` (none when they fit its schema). */
export function ruleOptionProblems(rule: Rule, options: Record<string, unknown>, at: string): string[] {
  const declared = rule.meta.options;
  if (declared === undefined) return Object.keys(options).length > 0 ? [`${at}: rule '${rule.meta.id}' takes no options`] : [];
  return schemaErrors(declared.schema, options, at);
}

/** The rules in force for a profile, with the user's levels (`off` drops a rule) and options (invalid options throw). */
export function enabledRules(
  rules: readonly Rule[],
  profile: ProfileName,
  levels: Record<string, RuleLevel> = {},
  options: Record<string, Record<string, unknown>> = {},
): EnabledRule[] {
  const enabled: EnabledRule[] = [];
  for (const rule of rules) {
    const { id } = rule.meta;
    const level = levels[id] ?? rule.meta.severity[profile];
    if (level === 'off') continue;
    const given = options[id] ?? {};
    const problems = ruleOptionProblems(rule, given, `rule ${id} options`);
    if (problems.length > 0) throw new UsageError(problems.join('; '));
    enabled.push({ rule, level, explicit: levels[id] !== undefined, options: { ...rule.meta.options?.defaults, ...given } });
  }
  return enabled;
}

const RANK: Record<Severity, number> = { note: 1, warning: 2, error: 3 };

/**
 * The severity of one message. By default a message carries the severity its meta declares for the profile (the rule's
 * level when it declares none). A level the user set replaces every severity that follows the rule or the profile, and
 * caps a fixed one (a flaky timeout stays a note under "error"; "warning" makes an error-level special case a warning).
 */
export function severityOf(enabled: EnabledRule, messageId: string, profile: ProfileName): Severity {
  const message = messageOf(enabled.rule.meta, messageId);
  const declared = message && declaredSeverity(message, profile);
  if (!enabled.explicit) return declared ?? enabled.level;
  const fixed = message !== undefined && (typeof message.severity === 'string' || (message.severity !== undefined && message.severity.recommended === message.severity.strict));
  return fixed && declared !== undefined && RANK[declared] < RANK[enabled.level] ? declared : enabled.level;
}

export interface GradeSettings {
  session: SessionFacts;
  profile: ProfileName;
  /** The metadata field names the user added, for every rule that reads metadata. */
  metadata?: MetadataOptions;
  /** The names of the tools the server listed: an answer that names one points somewhere. */
  toolNames?: readonly string[];
}

/** A rule that threw on an answer it could not read: the check fails rather than pass unexamined. */
export const RULE_FAILED = 'ruleFailed';
const RULE_FAILED_TEXT = 'mcp-errlint could not grade this answer ({error}); the check fails rather than pass unexamined.';

/** The template of a hit's message (the rule-failed one for a rule that threw). */
export function templateOf(rule: Rule, messageId: string): string {
  return messageOf(rule.meta, messageId)?.text ?? RULE_FAILED_TEXT;
}

// A rule that threw says nothing about the server: its rule's fix would be advice the answer never earned.
const RULE_FAILED_FIX = "Send this answer to mcp-errlint's issue tracker (the replay command reproduces it): the rule could not read it, so no change to the server is known yet.";

/** What the server author changes for a hit: its message's own fix, else its rule's (for a rule that threw, a report to us). */
export function fixOf(ruleId: string, messageId: string): string {
  const rule = ruleById(ruleId);
  if (rule === undefined) throw new Error(`fixOf: no rule '${ruleId}'`);
  const message = messageOf(rule.meta, messageId);
  if (message === undefined && messageId === RULE_FAILED) return RULE_FAILED_FIX;
  return message?.fix ?? rule.meta.fix;
}

/** Grades exchanges with the enabled rules: one reading per answer, applicability decided once, findings as data. */
export class Grader {
  private readonly applies = new Map<string, readonly string[]>();
  private readonly settings: ReadingSettings;

  constructor(
    readonly rules: readonly EnabledRule[],
    private readonly gradeSettings: GradeSettings,
  ) {
    this.settings = { session: gradeSettings.session, metadata: gradeSettings.metadata ?? {}, toolNames: gradeSettings.toolNames ?? [] };
  }

  grade(exchange: Exchange): Graded {
    const reading = new Reading(exchange, this.settings);
    const { session, profile } = this.gradeSettings;
    const hits: RuleHit[] = [];
    const ids: string[] = [];
    for (const enabled of this.rules) {
      const { rule } = enabled;
      const report = ({ messageId, data = {} }: { messageId: string; data?: Record<string, string | number> }) => {
        hits.push({ ruleId: rule.meta.id, severity: severityOf(enabled, messageId, profile), messageId, data, exchange });
      };
      try {
        if (!rule.appliesTo(reading, session)) continue;
        ids.push(rule.meta.id);
        rule.check(reading, { session, options: enabled.options, report });
      } catch (error) {
        // An answer a rule cannot even read (nested 100k deep, say) is not a pass: it is reported, and the run goes on.
        if (ids.at(-1) !== rule.meta.id) ids.push(rule.meta.id);
        report({ messageId: RULE_FAILED, data: { error: error instanceof Error ? error.message : String(error) } });
      }
    }
    return { applies: this.intern(ids), hits };
  }

  /** The rule-id lists are shared: there are few distinct ones, and every exchange keeps one. */
  private intern(ids: string[]): readonly string[] {
    const key = ids.join(',');
    const known = this.applies.get(key);
    if (known) return known;
    this.applies.set(key, ids);
    return ids;
  }
}
