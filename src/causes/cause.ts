// The causes stage's shapes: findings that share one answer or one mechanism form one cause with one fix, and a
// framework the answers show (its name, its version) can explain a mechanism and say what to change. Pure data.
import type { ProbeKind, Severity } from '../types.js';
import type { HttpFacts } from '../exchange.js';
import type { AnswerSaid } from '../grade/exchange.js';

/** What the causes stage reads of a finding (the report's Finding has all of it, already redacted). */
export interface CauseFinding {
  ruleId: string;
  messageId: string;
  severity: Severity;
  message: string;
  data: Record<string, string | number>;
  tool: string;
  probe: ProbeKind;
  method: string | null;
  /** One line on what the server answered: `isError result: "…"`, `JSON-RPC error with code -32602: "…"`. */
  answer: string;
  /** What the server said, as grade read it (its text whole, redacted): what the causes stage reads of the answer. */
  said: AnswerSaid;
  request: string;
  response: string;
  http?: HttpFacts;
  fingerprint: string;
}

/** A framework the run's answers show, and what showed it. */
export interface FrameworkSighting {
  /** Stable id of the framework: 'mcp-typescript-sdk', 'fastmcp-python', 'fastmcp-typescript', 'express', … */
  id: string;
  /** Its display name: "MCP TypeScript SDK", "Express". */
  name: string;
  /** The version, or a range ("1.x", "< 1.23"), as far as the answers tell; absent when they do not. */
  version?: string;
  /** What showed it, in a few words: 'X-Powered-By: Express', 'the SDK's "MCP error -32602: …" message'. */
  evidence: string;
}

/** What a framework file sees of the run: the server's own words and the findings (already redacted). */
export interface CauseInput {
  serverInfo: { name?: string; version?: string };
  transport: string;
  protocolVersion: string;
  findings: readonly CauseFinding[];
}

/** A known way a framework (or any server) produces a family of findings, and the one change that removes them. */
export interface Mechanism {
  /** Stable id: '<framework>/<what>', e.g. 'express/development-error-page'. */
  id: string;
  /** Whether this finding comes from the mechanism (given what the run showed of the framework). */
  explains(finding: CauseFinding, sighting: FrameworkSighting): boolean;
  /** One line: what the findings have in common ("Express's development error page answers every failed request"). */
  summary: string;
  /** One sentence: what to change ("Set NODE_ENV=production, or add an error handler that answers JSON-RPC"). */
  fix: string;
  /** The framework's own changelog, release note or docs page the fix rests on (a URL). */
  source: string;
}

/** A framework: how to see it in a run, and the mechanisms it is known for. */
export interface Framework {
  id: string;
  name: string;
  /** The sighting, when the run shows this framework; undefined when it does not. */
  sight(input: CauseInput): FrameworkSighting | undefined;
  mechanisms: readonly Mechanism[];
}

/** One cause: the findings it explains (by fingerprint), and its fix. */
export interface Cause {
  /** Stable across runs: a mechanism's id, or derived from the rule and message ('rule/<ruleId>/<messageId>') or the shared answer. */
  id: string;
  summary: string;
  fix: string;
  /** The worst severity among its findings. */
  severity: Severity;
  /** The framework behind it, when a framework's mechanism explains it. */
  framework?: { name: string; version?: string };
  /** Where the fix comes from (a framework's changelog or docs), when it is a framework's. */
  source?: string;
  /** Fingerprints of the findings it explains. */
  findings: string[];
}
