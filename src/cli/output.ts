// What the command line writes: a report (or several) rendered in a format, report files and their folders, and stderr, all redacted and neutralised.
import { accessSync, constants, existsSync, statSync, writeFileSync } from 'node:fs';
import { makeDirs } from '../util/files.js';
import { dirname, resolve } from 'node:path';
import { boardOfRun } from '../board/board.js';
import { formatBoardHtml } from '../board/html.js';
import { formatReportHtml } from '../report/html.js';
import { UsageError } from '../errors.js';
import { redact, type SecretOptions } from '../matchers/secrets.js';
import { formatGithub } from '../report/github.js';
import { formatJson } from '../report/json.js';
import { formatJunit } from '../report/junit.js';
import { formatMany, type ServerOutcome } from '../report/many.js';
import { formatMarkdown } from '../report/markdown.js';
import type { Report } from '../report/model.js';
import { safeOutput, sanitizeReport, type OutputKind } from '../report/sanitize.js';
import { formatSarif } from '../report/sarif.js';
import { formatStylish } from '../report/stylish.js';
import { formatExchange } from '../report/exchange.js';
import { terminalSafe } from '../util/text.js';

export const FORMATS = ['stylish', 'json', 'sarif', 'junit', 'github', 'markdown', 'html'] as const;
export type Format = (typeof FORMATS)[number];

/** The user's extra secret patterns (no-secrets' options), once the config is read: every output redacts them too. */
let secrets: SecretOptions = {};

/** From now on every output also redacts these patterns (the config's no-secrets options of every server of the run). */
export function redactAlso(extraPatterns: NonNullable<SecretOptions['extraPatterns']>): void {
  secrets = { extraPatterns };
}

/** Everything written to stderr: redacted and neutralised like the reports (progress, warnings, exit-2 causes). */
export function say(text: string): void {
  process.stderr.write(safeOutput(text, 'text', secrets));
}

/** Server text on one line for a message: redacted before its control characters become visible escapes (which could hide a token's start). */
export const quote = (text: string) => terminalSafe(redact(text, secrets));

/** Text bound for stdout or a file, through the output step (redaction, then neutralisation) with the run's secrets. */
export function safe(text: string, kind: OutputKind): string {
  return safeOutput(text, kind, secrets);
}

/** A report reduced to what may be printed: every string redacted and neutralised with the run's secrets. */
export function printable(report: Report): Report {
  return sanitizeReport(report, secrets);
}

/** Render a report from its sanitised copy, and pass the text through the output step (only stylish keeps colours; `verbose`: every skip). */
export function render(report: Report, format: Format, color: boolean, verbose = false): string {
  if (format === 'html') return renderMany([{ name: report.server.name, report }], format, color);
  const kind = format === 'json' || format === 'sarif' ? 'json' : format === 'github' ? 'github' : 'text';
  return safeOutput(formatReport(sanitizeReport(report, secrets), format, color, verbose), kind, secrets, { sgr: format === 'stylish' && color });
}

/** The sections of a run of several servers in one document (each report sanitised, the whole through the output step). */
export function renderMany(outcomes: readonly ServerOutcome[], format: Format, color: boolean, verbose = false): string {
  // The HTML page is the scoreboard's: a board of these servers, each with its drill-down.
  if (format === 'html') return safeOutput(htmlPage(outcomes), 'text', secrets);
  const kind = format === 'json' || format === 'sarif' ? 'json' : format === 'github' ? 'github' : 'text';
  const one = (report: Report) => formatReport(sanitizeReport(report, secrets), format, color, verbose);
  return safeOutput(formatMany(outcomes, format, one), kind, secrets, { sgr: format === 'stylish' && color });
}

/** The HTML board of a run's servers (from their sanitised reports). */
function htmlPage(outcomes: readonly ServerOutcome[]): string {
  // One server: a report of its own, not a one-row board.
  const only = outcomes.length === 1 ? outcomes[0] : undefined;
  if (only && 'report' in only) {
    const { checks: _, ...detail } = sanitizeReport(only.report, secrets);
    return formatReportHtml(only.name || detail.server.name, detail);
  }
  const { board, details } = boardOfRun(outcomes, (report) => {
    const { checks: _, ...detail } = sanitizeReport(report, secrets);
    return detail;
  });
  return formatBoardHtml(board, details);
}

/** Render a report; only stylish cares about the terminal, and shows a replay (--path) as its exchange, not as a graded run. */
function formatReport(report: Report, format: Exclude<Format, 'html'>, color: boolean, verbose: boolean): string {
  switch (format) {
    case 'stylish':
      return report.replay ? formatExchange({ ...report, replay: report.replay }, { color }) : formatStylish(report, { color, verbose });
    case 'json':
      return formatJson(report);
    case 'sarif':
      return formatSarif(report);
    case 'junit':
      return formatJunit(report);
    case 'github':
      return formatGithub(report);
    case 'markdown':
      return formatMarkdown(report);
  }
}

/** Colour on a stream: --no-color, then FORCE_COLOR, then --color, then NO_COLOR, then whether it is a terminal. */
export function useColor(flags: { color?: boolean }, stream: NodeJS.WriteStream): boolean {
  if (flags.color === false) return false;
  if (process.env.FORCE_COLOR !== undefined && process.env.FORCE_COLOR !== '0') return true;
  if (flags.color === true) return true;
  if (process.env.NO_COLOR) return false;
  return Boolean(stream.isTTY);
}

/** Create the report file's folder and check that the file can be written; a path that cannot is a usage error. */
export function prepareOutput(path: string, what: string): void {
  try {
    makeDirs(dirname(resolve(path)));
    if (existsSync(path)) {
      if (statSync(path).isDirectory()) throw Object.assign(new Error('it is a directory'), { code: 'EISDIR' });
      accessSync(path, constants.W_OK);
    } else {
      accessSync(dirname(resolve(path)), constants.W_OK);
    }
  } catch (error) {
    throw new UsageError(`cannot write ${what} to '${path}': ${writeProblem(error)}`);
  }
}

function writeProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  const reasons: Record<string, string> = {
    EISDIR: 'it is a directory',
    ENOTDIR: 'a part of the path is a file, not a folder',
    EEXIST: 'a part of the path is a file, not a folder', // what mkdir -p says of it
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'read-only file system',
    ENOSPC: 'no space left on the device',
  };
  return (code && reasons[code]) ?? (error instanceof Error ? error.message : String(error));
}

/** Writes report files; one that fails after the lint is not lost: it goes to stdout when stdout is still free. */
export class ReportWriter {
  failed = false;
  constructor(private stdoutUsed: boolean) {}

  toFile(path: string, text: string): void {
    try {
      makeDirs(dirname(resolve(path)));
      writeFileSync(path, text);
    } catch (error) {
      this.failed = true;
      const rescue = !this.stdoutUsed;
      say(`mcp-errlint: could not write the report to '${quote(path)}': ${quote(writeProblem(error))}${rescue ? '; writing it to stdout instead' : ''}\n`);
      if (rescue) {
        process.stdout.write(text);
        this.stdoutUsed = true;
      }
    }
  }
}
