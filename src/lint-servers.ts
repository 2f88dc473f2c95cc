// The servers of one run (an MCP client config file's, or the one server named), linted in turn: one that cannot start
// is a section with its cause, a signal ends the run, and one baseline is applied across them all.
import { lint } from './lint.js';
import type { LintOptions } from './target/types.js';
import { AuthorizationError, UsageError } from './errors.js';
import { SessionStartError } from './session/session.js';
import { applyBaselineToRun, baselineOf, readBaseline } from './report/baseline.js';
import { EXIT, exitCodeFor, signalExitCode } from './report/gate.js';
import type { ServerOutcome } from './report/many.js';
import type { Report } from './report/model.js';

/** One server of the run: the options it is linted with, or why it is left out (it is still listed). */
export type ServerRun = { name: string; options: LintOptions } | { name: string; skipped: string };

export interface LintServersOptions {
  /** Known findings: read from `file`; with `update`, every finding of this run is accepted instead (the caller writes the file). */
  baseline?: { file: string; update?: boolean };
  /** Aborting it (with an Interrupted reason) stops the server being linted, whose report says so; the rest are not reached. */
  signal?: AbortSignal;
  /** Each server as the run comes to it: with no outcome when its lint starts, with its outcome when it is done. */
  onServer?(name: string, outcome?: ServerOutcome): void;
}

export interface LintServersResult {
  /** One per server, in order: its report (with the baseline applied), or why it was not linted. */
  outcomes: ServerOutcome[];
  /** Baseline entries that matched no finding of this run (fixed, or not reached by these inputs). */
  stale: NonNullable<Report['baseline']>['stale'];
  /** The worst of the servers' exit codes: a signal's wins, and a server that could not be linted is 2. */
  exitCode: number;
}

/**
 * Lint every server of the run. What stops the run before any report (a baseline that cannot be read, the only server
 * not starting, an internal error) is thrown; with several servers, one that cannot start is only its own outcome.
 */
export async function lintServers(runs: readonly ServerRun[], { baseline, signal, onServer }: LintServersOptions = {}): Promise<LintServersResult> {
  const known = baseline && !baseline.update ? readBaseline(baseline.file) : undefined;
  let outcomes: ServerOutcome[] = [];
  for (const [index, run] of runs.entries()) {
    if (!('options' in run)) {
      outcomes.push({ name: run.name, failure: run.skipped, skipped: true });
      onServer?.(run.name, outcomes.at(-1));
      continue;
    }
    onServer?.(run.name);
    let outcome: ServerOutcome;
    try {
      outcome = { name: run.name, report: await lint(signal ? { ...run.options, signal } : run.options) };
    } catch (error) {
      if (runs.length === 1 || !(error instanceof SessionStartError || error instanceof UsageError || error instanceof AuthorizationError)) throw error;
      outcome = { name: run.name, failure: error.message };
    }
    outcomes.push(outcome);
    onServer?.(run.name, outcome);
    const stopped = 'report' in outcome ? outcome.report.interrupted : undefined;
    if (stopped && signalExitCode(stopped.by) !== undefined) {
      // A signal stops the whole run: the servers not reached are listed as such.
      for (const rest of runs.slice(index + 1)) outcomes.push({ name: rest.name, failure: `not reached: ${stopped.message}`, skipped: true });
      break;
    }
  }
  const reports = outcomes.flatMap((outcome) => ('report' in outcome ? [outcome.report] : []));
  // What is accepted by this very run no longer fails it either.
  const accepted = known ?? (baseline?.update ? baselineOf(reports) : undefined);
  if (baseline && accepted) outcomes = applyBaselineToRun(outcomes, accepted, baseline.file);
  const codes = outcomes.map((outcome) => ('report' in outcome ? exitCodeFor(outcome.report) : outcome.skipped ? EXIT.ok : EXIT.cannotLint));
  return {
    outcomes,
    stale: outcomes.flatMap((outcome) => ('report' in outcome ? (outcome.report.baseline?.stale ?? []) : [])),
    exitCode: Math.max(EXIT.ok, ...codes),
  };
}
