// Baselines: known findings (by fingerprint) stay listed but no longer fail the run; entries that match nothing are stale.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Report } from './model.js';
import type { ServerOutcome } from './many.js';
import { UsageError } from '../errors.js';
import { settle } from './gate.js';

export const BASELINE_VERSION = 1;

export interface BaselineEntry {
  fingerprint: string;
  ruleId: string;
  server: string;
  tool: string;
  probe: string;
}

export interface Baseline {
  version: number;
  findings: BaselineEntry[];
}

export function readBaseline(file: string): Baseline {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file (create it with --update-baseline)' : (error as Error).message;
    throw new UsageError(`${file}: cannot read the baseline: ${reason}`);
  }
  const baseline = parsed as Partial<Baseline>;
  if (baseline?.version !== BASELINE_VERSION || !Array.isArray(baseline.findings) || !baseline.findings.every((f) => typeof f?.fingerprint === 'string')) {
    throw new UsageError(`${file}: not an mcp-errlint baseline (expected {"version": ${BASELINE_VERSION}, "findings": [{"fingerprint": ...}]})`);
  }
  return baseline as Baseline;
}

/** The baseline for the reports of a run (one per server): every finding's fingerprint, sorted so the file diffs cleanly. */
export function baselineOf(reports: Report | readonly Report[]): Baseline {
  const findings = (Array.isArray(reports) ? (reports as readonly Report[]) : [reports as Report])
    .flatMap((report) => report.findings.map((f) => ({ fingerprint: f.fingerprint, ruleId: f.ruleId, server: report.server.name, tool: f.tool, probe: f.probe })))
    .sort((a, b) => a.server.localeCompare(b.server) || a.ruleId.localeCompare(b.ruleId) || a.tool.localeCompare(b.tool) || a.probe.localeCompare(b.probe));
  return { version: BASELINE_VERSION, findings };
}

export function writeBaseline(file: string, reports: Report | readonly Report[]): void {
  writeFileSync(file, JSON.stringify(baselineOf(reports), null, 2) + '\n');
}

/**
 * Mark the report's findings that the baseline knows, record what it knows that this run did not find, and settle the
 * gate again. `otherServers`: the other servers of the same run (a client config file), whose entries are theirs.
 */
export function applyBaseline(report: Report, baseline: Baseline, file: string, otherServers: readonly string[] = []): Report {
  const known = new Set(baseline.findings.map((f) => f.fingerprint));
  const found = new Set(report.findings.map((f) => f.fingerprint));
  const findings = report.findings.map((f) => (known.has(f.fingerprint) ? { ...f, baselined: true } : f));
  const stale = baseline.findings.filter((f) => !found.has(f.fingerprint) && !otherServers.includes(f.server));
  // Baselined findings still lower the grade (they are defects), but no longer fail the gate.
  return settle({ ...report, findings, baseline: { file, matched: findings.filter((f) => f.baselined).length, stale } });
}

/** The baseline applied to every report of a run of several servers: each server's entries are its own, never stale elsewhere. */
export function applyBaselineToRun(outcomes: readonly ServerOutcome[], baseline: Baseline, file: string): ServerOutcome[] {
  const names = outcomes.flatMap((outcome) => ('report' in outcome ? [outcome.report.server.name] : []));
  return outcomes.map((outcome) =>
    'report' in outcome ? { ...outcome, report: applyBaseline(outcome.report, baseline, file, names.filter((name) => name !== outcome.report.server.name)) } : outcome,
  );
}
