// What a rule is: declarative meta (messages with their severities, options with their schema and defaults, what a
// failure means for the grade) and one pure check of one answer's reading.
import type { Grade, JsonSchema, ProfileName, RuleLevel, Severity } from '../types.js';
import type { SessionFacts } from '../session/types.js';
import type { Reading } from './reading.js';

/**
 * A message and, when it differs from the rule's level, its severity: one for both profiles, or one per profile; and,
 * when it stands for another mechanism than the rule's fix answers, a fix of its own.
 */
export interface MessageMeta {
  text: string;
  severity?: Severity | Record<ProfileName, Severity>;
  /** What the server author changes for this message, when it is not what the rule's fix says (same form as RuleMeta.fix). */
  fix?: string;
}

export interface RuleMeta<O = Record<string, never>> {
  id: string;
  description: string;
  /** The rule's level in each profile; a message without a severity of its own is reported at it. */
  severity: Record<ProfileName, RuleLevel>;
  tags: string[];
  /**
   * What the server author changes so the rule's findings go away: one imperative sentence of at most 200 characters
   * (a report's cause shows it as its fix when no framework explains the findings). A message may give its own.
   */
  fix: string;
  /** Message templates with {named} placeholders: a text, or a text with its own severity (rulebook §3) or fix. */
  messages: Record<string, string | MessageMeta>;
  /** The options the rule takes: a JSON Schema (an object schema) and the value of each option when not given. */
  options?: { schema: JsonSchema; defaults: O };
  /** A failure above note caps the grade at this letter (rulebook §6: it reproduced). */
  capsGrade?: Grade;
  /** GitHub code scanning's security-severity (0.1–10): the rule's findings rank as security alerts. */
  securitySeverity?: string;
  /** A failure shows the server cannot take calls side by side: the run probes one tool at a time. */
  serializesRun?: true;
}

export interface ReportDescriptor {
  messageId: string;
  data?: Record<string, string | number>;
}

export interface RuleContext<O = Record<string, never>> {
  session: SessionFacts;
  /** The rule's options: the user's, over the defaults of its meta, checked against its schema once per run. */
  options: O;
  report(descriptor: ReportDescriptor): void;
}

export interface Rule<O = any> {
  meta: RuleMeta<O>;
  /** Does this rule have anything to grade in this answer? Only applicable exchanges count as checks. */
  appliesTo(reading: Reading, session: SessionFacts): boolean;
  /** Grade one applicable answer; report zero or more findings through ctx. Pure. */
  check(reading: Reading, ctx: RuleContext<O>): void;
}

/** A message's text and severities, whichever way its meta wrote it. */
export function messageOf(meta: RuleMeta<unknown>, messageId: string): MessageMeta | undefined {
  const message = meta.messages[messageId];
  return typeof message === 'string' ? { text: message } : message;
}

/** The severity a message declares in a profile, or undefined when it takes the rule's level. */
export function declaredSeverity(message: MessageMeta, profile: ProfileName): Severity | undefined {
  return typeof message.severity === 'string' ? message.severity : message.severity?.[profile];
}

/** Fill `{name}` placeholders of a message template. */
export function formatMessage(template: string, data: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in data ? String(data[key]) : whole));
}
