// The run's types: what grading an exchange gives the engine, and what it keeps of graded exchanges.
import type { ProbeKind, Severity } from '../types.js';
import type { RepairOutcome, Exchange } from '../exchange.js';

/** The path of an input that cannot be replayed by path (a shrink candidate fast-check did not keep). */
export const UNKNOWN_PATH = '?';

/**
 * What the run keeps of a graded exchange no rule hit: the rules it applied to, for the checks. The full exchange (its
 * request and answer) is let go, so memory does not grow with every input sent; exchanges with hits are kept whole.
 */
export interface GradedExchange {
  seq: number;
  tool: string;
  probe: ProbeKind;
  /** Ids of the rules whose appliesTo held for it. */
  applies: readonly string[];
  /** How the repair agent's attempt on it ended, when it made one (the transcript goes with the hit exchanges only). */
  repair?: RepairOutcome;
}

/** One rule's verdict on one exchange, before findings are grouped per (rule, tool, probe). */
export interface RuleHit {
  ruleId: string;
  severity: Severity;
  messageId: string;
  data: Record<string, string | number>;
  exchange: Exchange;
}

/** What grading one exchange found: the rules that applied to it (its checks), and their hits. */
export interface Graded {
  applies: readonly string[];
  hits: RuleHit[];
}
