// The grade stage: applies the enabled rules to recorded exchanges and returns raw rule hits. Pure.
import type { Exchange, ProfileName, ReportDescriptor, Rule, RuleLevel, SessionFacts, Severity } from '../types.js';

/** One rule's verdict on one exchange, before findings are grouped per (rule, tool, probe). */
export interface RuleHit {
  ruleId: string;
  severity: Severity;
  messageId: string;
  message: string;
  data: Record<string, string | number>;
  exchange: Exchange;
}

export interface EnabledRule {
  rule: Rule;
  level: Severity;
  options: Record<string, unknown>;
}

/** The rules in force for a profile, with per-rule level overrides (`off` drops a rule). */
export function enabledRules(
  rules: readonly Rule[],
  profile: ProfileName,
  overrides: Record<string, RuleLevel> = {},
  options: Record<string, Record<string, unknown>> = {},
): EnabledRule[] {
  const enabled: EnabledRule[] = [];
  for (const rule of rules) {
    const level = overrides[rule.meta.id] ?? rule.meta.severity[profile];
    if (level === 'off') continue;
    enabled.push({ rule, level, options: options[rule.meta.id] ?? {} });
  }
  return enabled;
}

const RULE_FAILED = 'mcp-errlint could not grade this answer ({error}); the check fails rather than pass unexamined.';

/** Fill `{name}` placeholders of a message template. */
export function formatMessage(template: string, data: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in data ? String(data[key]) : whole));
}

/** Grade one exchange with every enabled rule that applies to it. */
export function gradeExchange(exchange: Exchange, rules: readonly EnabledRule[], session: SessionFacts, profile: ProfileName): RuleHit[] {
  const hits: RuleHit[] = [];
  for (const { rule, level, options } of rules) {
    if (!rule.meta) continue;
    const report = (descriptor: ReportDescriptor) => {
      const data = descriptor.data ?? {};
      const template = rule.meta.messages[descriptor.messageId] ?? RULE_FAILED;
      // A per-deviation severity (rulebook §3) applies only while the user has not set the rule's level; a rule
      // whose deviations weigh differently in the strict profile chooses by ctx.profile.
      const severity = descriptor.severity !== undefined && level === rule.meta.severity[profile] ? descriptor.severity : level;
      hits.push({ ruleId: rule.meta.id, severity, messageId: descriptor.messageId, message: formatMessage(template, data), data, exchange });
    };
    try {
      if (rule.appliesTo(exchange, session)) rule.check(exchange, { session, options, profile, report });
    } catch (error) {
      // An answer a rule cannot even read (nested 100k deep, say) is not a pass: it is reported, and the run goes on.
      report({ messageId: 'ruleFailed', data: { error: error instanceof Error ? error.message : String(error) } });
    }
  }
  return hits;
}
