// Skips by cause: the same reason given for many tools or probe kinds, as one entry a person can read at a glance.
import type { Skip } from '../plan/types.js';

export interface SkipCause {
  /** The reason as given when every skip of the cause gave the same words, else its shared words (see causeOf). */
  reason: string;
  /** The tools it kept from probing, in report order, each once. */
  tools: string[];
  /** The probe kinds it names, each once ('*' for a whole tool). */
  probes: string[];
  /** Planned inputs it kept from being sent (a limit, an interruption), over all its skips. */
  notSent: number;
}

/** A limit's or an interruption's count in front of its reason ("12 input(s) not sent: "): the count is summed, not compared. */
const COUNT_PREFIX = /^\d+ input\(s\) not sent: /;

/**
 * What a reason says without the details that differ from tool to tool: its count of inputs, a parenthesis (nested
 * once), a quoted word, a number. "destructive tool (its name says it is destructive ('delete') …); pass
 * --allow-destructive to probe it" and "destructive tool (destructiveHint: true); pass …" are one cause.
 */
export function causeOf(reason: string): string {
  return reason
    .replace(COUNT_PREFIX, '')
    .replace(/\s*\((?:[^()]|\([^()]*\))*\)/g, '')
    .replace(/'[^']*'/g, "'…'")
    .replace(/\d+(?:\.\d+)?/g, 'N')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The skips grouped by cause, in the order each cause first appears. */
export function skipCauses(skips: readonly Skip[]): SkipCause[] {
  const groups = new Map<string, { reasons: Set<string>; tools: Set<string>; probes: Set<string>; notSent: number }>();
  for (const skip of skips) {
    const key = causeOf(skip.reason);
    const group = groups.get(key) ?? { reasons: new Set<string>(), tools: new Set<string>(), probes: new Set<string>(), notSent: 0 };
    group.reasons.add(skip.reason.replace(COUNT_PREFIX, ''));
    group.tools.add(skip.tool);
    group.probes.add(skip.probe);
    group.notSent += skip.notSent ?? 0;
    groups.set(key, group);
  }
  return [...groups].map(([key, group]) => ({
    reason: group.reasons.size === 1 ? [...group.reasons][0] : key,
    tools: [...group.tools],
    probes: [...group.probes],
    notSent: group.notSent,
  }));
}
