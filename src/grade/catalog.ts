// The rule catalogue: what each rule's meta declares, as plain entries for `mcp-errlint rules` and the README's table. Pure.
import { RULES, ruleDocsPath } from '../../rules/index.js';
import type { Grade, ProfileName, RuleLevel } from '../types.js';
import { declaredSeverity, messageOf, type Rule, type RuleMeta } from './rule.js';

const PROFILES: readonly ProfileName[] = ['recommended', 'strict'];

/** A message reported at another level than its rule's in at least one profile: its level in each. */
export interface MessageLevel {
  messageId: string;
  severity: Record<ProfileName, RuleLevel>;
}

/** A message whose fix is its own, not its rule's. */
export interface MessageFix {
  messageId: string;
  fix: string;
}

/** One option a rule takes: its value when not given, and what it is for. */
export interface OptionEntry {
  name: string;
  default: unknown;
  description: string | null;
}

export interface CatalogEntry {
  id: string;
  description: string;
  severity: Record<ProfileName, RuleLevel>;
  tags: string[];
  docs: string;
  /** What the server author changes so the rule's findings go away: one sentence. */
  fix: string;
  /** Every message id the rule reports, in the order the meta declares them. */
  messageIds: string[];
  /** The messages that say their own fix, in the order the meta declares them. */
  messageFixes: MessageFix[];
  /** The messages whose level differs from the rule's, in the order the meta declares them. */
  exceptions: MessageLevel[];
  options: OptionEntry[];
  /** The letter a failure above note caps the grade at, when the rule caps it. */
  capsGrade: Grade | null;
  /** GitHub code scanning's security-severity, when the rule's findings rank as security alerts. */
  securitySeverity: string | null;
}

/** The level a message is reported at in a profile: none when the rule is off, else its own severity or the rule's. */
export function messageLevel(meta: RuleMeta<unknown>, messageId: string, profile: ProfileName): RuleLevel {
  const level = meta.severity[profile];
  const message = messageOf(meta, messageId);
  if (level === 'off' || message === undefined) return level;
  return declaredSeverity(message, profile) ?? level;
}

/** The options of a rule's meta: each property of its schema with its default. */
function optionsOf(meta: RuleMeta<unknown>): OptionEntry[] {
  if (meta.options === undefined) return [];
  const schema = meta.options.schema;
  const properties = (typeof schema === 'object' ? (schema.properties ?? {}) : {}) as Record<string, { description?: string }>;
  const defaults = (meta.options.defaults ?? {}) as Record<string, unknown>;
  const names = [...new Set([...Object.keys(properties), ...Object.keys(defaults)])];
  return names.map((name) => ({ name, default: defaults[name] ?? null, description: properties[name]?.description ?? null }));
}

/** One rule's entry, from its meta alone. */
export function catalogEntry(meta: RuleMeta<unknown>): CatalogEntry {
  const exceptions = Object.keys(meta.messages)
    .map((messageId) => ({ messageId, severity: { recommended: messageLevel(meta, messageId, 'recommended'), strict: messageLevel(meta, messageId, 'strict') } }))
    .filter((message) => PROFILES.some((profile) => message.severity[profile] !== meta.severity[profile]));
  return {
    id: meta.id,
    description: meta.description,
    severity: meta.severity,
    tags: meta.tags,
    docs: ruleDocsPath(meta.id),
    fix: meta.fix,
    messageIds: Object.keys(meta.messages),
    messageFixes: Object.keys(meta.messages).flatMap((messageId) => {
      const fix = messageOf(meta, messageId)?.fix;
      return fix === undefined ? [] : [{ messageId, fix }];
    }),
    exceptions,
    options: optionsOf(meta),
    capsGrade: meta.capsGrade ?? null,
    securitySeverity: meta.securitySeverity ?? null,
  };
}

/** Every rule's entry, in catalogue order (the registry's by default). */
export function catalog(rules: readonly Rule[] = RULES): CatalogEntry[] {
  return rules.map((rule) => catalogEntry(rule.meta));
}
