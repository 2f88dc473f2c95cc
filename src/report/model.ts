// The report: everything a run found, as plain data. The `json` format is this object; every formatter reads it.
import type { ProbeKind, ProfileName, ProtocolEra, Severity } from '../types.js';
import { UNKNOWN_PATH } from '../engine/types.js';
import type { ToolAnnotations } from '../session/types.js';
import type { TransportKind } from '../transport/wire.js';
import type { HttpFacts, RepairRecord } from '../exchange.js';
import type { Skip } from '../plan/types.js';
import type { SourceAnchor } from '../target/types.js';
export type { SourceAnchor };
import type { Check, Score } from '../score/score.js';
import type { Coverage } from '../score/coverage.js';
import type { InterruptCause } from '../interrupt.js';
import type { Cause, FrameworkSighting } from '../causes/cause.js';
export type { Cause, FrameworkSighting };

export const REPORT_SCHEMA_VERSION = 2;

export type { Check, Defect, Grade, GradeCap, Score, SubScore } from '../score/score.js';
export type { Coverage } from '../score/coverage.js';
import type { Recovery } from '../score/recovery.js';
export type { Recovery, RecoveryCount } from '../score/recovery.js';

export interface Counterexample {
  /**
   * The tool name sent (differs from `tool` for the unknown-tool probe); for a `frame` that is a tools/call, the name
   * it carries ('' when it carries none, or not as a string); for another frame, what the probe asked for (a URI, a
   * prompt, a method; '' for none).
   */
  name: string;
  /** The arguments sent (null when none were), with long strings abbreviated and secrets redacted. */
  arguments: unknown;
  /**
   * The frame the probe sent itself instead of a tools/call of `name` with `arguments` (bad JSON, a batch, a malformed or
   * other request, a notification, an HTTP request's body), as written on the wire, our request id as `{id}` (redacted,
   * long values abbreviated). `request` is the same frame with the id it had.
   */
  frame?: string;
  label: string;
  /** fast-check path under the batch seed; '?' when this input cannot be replayed by path. */
  path: string;
}

export interface Finding {
  ruleId: string;
  severity: Severity;
  messageId: string;
  message: string;
  data: Record<string, string | number>;
  tool: string;
  probe: ProbeKind;
  /** The JSON-RPC method of the request the counterexample sent (tools/call, resources/read, …); null for a raw frame that names none. */
  method: string | null;
  /** How many exchanges of this (rule, tool, probe) failed the rule. */
  occurrences: number;
  counterexample: Counterexample;
  /** One line on what the server answered, e.g. `isError result: "…"` or `JSON-RPC error -32603: "…"` (redacted). */
  answer: string;
  /** Redacted, abbreviated excerpt of the request frame we sent. */
  request: string;
  /** Redacted, abbreviated excerpt of the answer frame that failed. */
  response: string;
  /** A command that re-sends exactly this input to the same server. */
  replay: string;
  /** Over HTTP: how the counterexample's answer came (status, content type, JSON or SSE, the start of a non-JSON-RPC body). */
  http?: HttpFacts;
  /** The repair agent's transcript on the counterexample, when it could not recover it: what it read, understood, sent and got. */
  repair?: RepairRecord;
  /** Stable across seeds and inputs: hash of (rule, server, tool, probe). */
  fingerprint: string;
  /** Known from the baseline: listed, but it does not fail the run. */
  baselined?: boolean;
}

export type SkipEntry = Skip;

/** One rule's verdict on a replayed exchange: passed, or what it found. */
export type ReplayVerdict = { ruleId: string; passed: true } | { ruleId: string; passed: false; severity: Severity; messageId: string; message: string };

/** One exchange of a replayed input (a burst sends several): the frames, redacted and abbreviated, and the verdicts. */
export interface ReplayedExchange {
  label: string;
  /** The request frame we sent. */
  request: string;
  /** The answer frame, or what came instead (a timeout, the server gone). */
  response: string;
  /** The answer in one line, as findings say it. */
  answer: string;
  /** Every rule that applied to it, in rule order. */
  verdicts: ReplayVerdict[];
  /** The repair agent's attempt on it, when it made one. */
  repair?: RepairRecord;
}

/** The input a replay run (--tool, --probe, --path) sent again. */
export interface ReplayedInput {
  tool: string;
  probe: ProbeKind;
  path: string;
  /** Empty when nothing was sent (the policy, a schema the probe cannot use, or a path past the plan). */
  exchanges: ReplayedExchange[];
}

/** A rule in force for this run, with the level it was configured at. */
export interface RuleEntry {
  id: string;
  level: Severity;
  description: string;
  tags: string[];
  /** Repository-relative path of the rule's documentation. */
  docs: string;
}


export interface ToolEntry {
  name: string;
  annotations?: ToolAnnotations;
  exchanges: number;
  /** Probe kinds that sent this tool at least one call. */
  probes: ProbeKind[];
  /** What the safety policy let this tool receive (rulebook §7): all, invalid, must-refuse or none. */
  calls: 'all' | 'invalid' | 'must-refuse' | 'none';
}

export interface Report {
  schemaVersion: number;
  tool: { name: string; version: string };
  server: {
    /** Display name: its name in the client config file it came from, else serverInfo.name, else the command or host. */
    name: string;
    /** The stdio server's command and arguments (absent for a server reached at a URL). */
    command?: string[];
    /** The URL of a server reached over HTTP (absent for a stdio server). */
    url?: string;
    /** The variables that stand for secrets in `command`, `url` and replay commands (`$TOKEN`): set them before replaying. */
    secretVariables?: string[];
    serverInfo: { name?: string; version?: string };
    /** The frameworks the answers show (an SDK, a web framework), each with its version as far as they tell and what showed it. */
    frameworks?: FrameworkSighting[];
    protocolVersion: string;
    era: ProtocolEra;
    transport: TransportKind;
    restarts: number;
    stderrTail: string;
    /** Caps on what was kept of the server's output (or written to it) that this run hit: what was cut, how much. */
    limits: string[];
    /** Over HTTP: how long the run waited as the server asked, and the answers that throttled it (429, 503 with Retry-After), each request resent; absent when it never waited. */
    throttle?: { answers: number; waitedMs: number };
  };
  settings: {
    seed: number;
    runs: number;
    timeoutMs: number;
    profile: ProfileName;
    allowWrites: boolean;
    allowDestructive: boolean;
    readOnly: boolean;
    failOn: Severity | 'never';
    minScore: number;
    /** Undefined: fail an incomplete run (no tool probed); a number: fail below this share of listed tools probed. */
    minCoverage?: number;
    maxWarnings?: number;
    /** The whole run's time budget (--deadline). */
    deadlineMs: number;
    /** One tool's time budget (--tool-budget). */
    toolBudgetMs: number;
    /** Tools probed at once (--concurrency); findings do not depend on it. */
    concurrency?: number;
    /** Tries the repair agent made at one validation error (--repair-attempts); 0: no repair agent. */
    repairAttempts?: number;
    /** --quiet: `findings` and `causes` hold the error-level ones only (and those at --fail-on); score, grade, gate and `summary` still count everything. */
    quiet?: boolean;
  };
  startedAt: string;
  durationMs: number;
  /** Where the time went: start-up (spawn or connect, handshake, tools/list), probing, and grading and assembling the report. */
  timing?: { startupMs: number; probingMs: number; tailMs: number };
  rules: RuleEntry[];
  source: SourceAnchor;
  tools: ToolEntry[];
  exchanges: number;
  findings: Finding[];
  /** The findings partitioned by root cause: every finding is in exactly one, by its fingerprint; worst cause first. */
  causes: Cause[];
  checks: Check[];
  skips: SkipEntry[];
  coverage: Coverage;
  /** Set when the run stopped before every planned input was sent (its deadline, or a signal): no letter grade. */
  interrupted?: { by: InterruptCause; message: string };
  score: Score;
  /** How often the repair agent recovered a refused call from its answer alone (rulebook §9; docs/recovery.md). */
  recovery?: Recovery;
  /** Whether the run passes its gate (--fail-on, --min-score, --max-warnings, --min-coverage), and why not. */
  gate: { passed: boolean; failures: string[] };
  summary: { error: number; warning: number; note: number; passed: number; failed: number; skipped: number };
  /** Set when the run replayed one input (--path): what it sent, what came back, and each rule's verdict on it. */
  replay?: ReplayedInput;
  /** Set when a baseline was applied: how many findings it matched, and its entries this run did not find. */
  baseline?: { file: string; matched: number; stale: Array<{ fingerprint: string; ruleId?: string; tool?: string; probe?: string }> };
}

export { UNKNOWN_PATH };

/** Order candidate counterexamples: replayable by path first, then the smallest arguments. */
export function byReplayableThenSmallest(a: { path: string; arguments: unknown }, b: { path: string; arguments: unknown }): number {
  const unknown = (c: { path: string }) => (c.path === UNKNOWN_PATH ? 1 : 0);
  const size = (c: { arguments: unknown }) => JSON.stringify(c.arguments ?? null).length;
  return unknown(a) - unknown(b) || size(a) - size(b);
}
