// The command line: flags and the config file merged into one lint, the report written, the exit code of rulebook §8; and `mcp-errlint rules`.
import { accessSync, appendFileSync, constants, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { BOARD_SCHEMA_VERSION, formatBoard, mergeBoards, ranked, rowOf, type Board } from '../board/board.js';
import { formatBoardHtml, type BoardDetail } from '../board/html.js';
import { formatBadge } from '../report/badge.js';
import { runBoard } from '../board/run.js';
import { Command, InvalidArgumentError, Option, CommanderError } from 'commander';
import { lint, DEFAULTS, type LintOptions } from '../lint.js';
import { SessionStartError } from '../session/session.js';
import { UsageError } from '../errors.js';
import { PROBE_KINDS, PROTOCOL_VERSIONS } from '../types.js';
import { RULES, ruleDocsPath } from '../../rules/index.js';
import { CONFIG_FILE, ConfigError, loadConfig } from '../config/load.js';
import { mergeOptions, type LintFlags } from '../config/merge.js';
import { chooseServers, type ServerChoice, type ServerFlags } from '../config/servers.js';
import { formatMany, type ServerOutcome } from '../report/many.js';
import { randomSeed } from '../lint.js';
import { formatStylish } from '../report/stylish.js';
import { formatJson } from '../report/json.js';
import { formatSarif } from '../report/sarif.js';
import { formatJunit } from '../report/junit.js';
import { formatGithub } from '../report/github.js';
import { formatMarkdown } from '../report/markdown.js';
import type { Report } from '../report/model.js';
import { applyBaseline, baselineOf, readBaseline, writeBaseline } from '../report/baseline.js';
import { EXIT, exitCodeFor, signalExitCode } from '../report/gate.js';
import { TOOL_VERSION } from '../version.js';
import { terminalSafe } from '../util/text.js';
import { redact, type SecretOptions } from '../matchers/secrets.js';
import { safeOutput, sanitizeReport } from '../report/sanitize.js';
import { Interrupted, parseDuration, formatDuration } from '../interrupt.js';
import { closest } from '../util/suggest.js';
import { invocationPrefix } from '../report/invocation.js';
import { shellQuote } from '../util/text.js';

export { EXIT };

const FORMATS = ['stylish', 'json', 'sarif', 'junit', 'github', 'markdown', 'html'] as const;
type Format = (typeof FORMATS)[number];

/** The user's extra secret patterns (no-secrets' options), once the config is read: every output redacts them too. */
let secrets: SecretOptions = {};

/** Everything written to stderr: redacted and neutralised like the reports (progress, warnings, exit-2 causes). */
function say(text: string): void {
  process.stderr.write(safeOutput(text, 'text', secrets));
}

/** Server text on one line for a message: redacted before its control characters become visible escapes (which could hide a token's start). */
const quote = (text: string) => terminalSafe(redact(text, secrets));

/** Render a report from its sanitised copy, and pass the text through the output step (only stylish keeps colours). */
function render(report: Report, format: Format, color: boolean): string {
  if (format === 'html') return renderMany([{ name: report.server.name, report }], format, color);
  const kind = format === 'json' || format === 'sarif' ? 'json' : format === 'github' ? 'github' : 'text';
  return safeOutput(formatReport(sanitizeReport(report, secrets), format, color), kind, secrets, { sgr: format === 'stylish' && color });
}

/** The sections of a run of several servers in one document (each report sanitised, the whole through the output step). */
function renderMany(outcomes: readonly ServerOutcome[], format: Format, color: boolean): string {
  // The HTML page is the scoreboard's: a board of these servers, each with its drill-down.
  if (format === 'html') return safeOutput(htmlPage(outcomes), 'text', secrets);
  const kind = format === 'json' || format === 'sarif' ? 'json' : format === 'github' ? 'github' : 'text';
  const one = (report: Report) => formatReport(sanitizeReport(report, secrets), format, color);
  return safeOutput(formatMany(outcomes, format, one), kind, secrets, { sgr: format === 'stylish' && color });
}

/** The HTML board of a run's servers (from their sanitised reports). */
function htmlPage(outcomes: readonly ServerOutcome[]): string {
  const details = new Map<number, BoardDetail>();
  const rows = outcomes.map((outcome, index) => {
    if (!('report' in outcome)) return rowOf(outcome.name, index, outcome.skipped ? 0 : EXIT.cannotLint, 0, undefined, outcome.failure);
    const { checks: _, ...detail } = sanitizeReport(outcome.report, secrets);
    details.set(index, detail);
    return rowOf(outcome.name, index, exitCodeFor(outcome.report), outcome.report.durationMs, outcome.report);
  });
  const first = outcomes.find((o): o is Extract<ServerOutcome, { report: Report }> => 'report' in o);
  // One server: what it was (its command or URL); several: the config file that declared them.
  const server = first?.report.server;
  const source = outcomes.length === 1 && server ? (server.url ?? server.command?.join(' ') ?? server.name) : (first?.report.source.uri ?? 'mcp-errlint');
  const board: Board = { schemaVersion: BOARD_SCHEMA_VERSION, kind: 'mcp-errlint-board', source, seed: first?.report.settings.seed ?? 0, servers: outcomes.length, rows: ranked(rows) };
  return formatBoardHtml(board, details);
}

/** Render a report; only stylish cares about the terminal. */
function formatReport(report: Report, format: Exclude<Format, 'html'>, color: boolean): string {
  switch (format) {
    case 'stylish':
      return formatStylish(report, { color });
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

/** `--report <format>=<path>`, repeatable: more files from the same run. */
function reportTarget(value: string, previous: Array<{ format: Format; path: string }> = []) {
  const match = /^([a-z]+)=(.+)$/.exec(value);
  if (!match || !(FORMATS as readonly string[]).includes(match[1])) {
    throw new InvalidArgumentError(`--report expects <format>=<path> with a format among ${FORMATS.join(', ')}, got '${value}'.`);
  }
  return [...previous, { format: match[1] as Format, path: match[2] }];
}


function integer(name: string, min: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`${name} must be an integer ≥ ${min}.`);
    return n;
  };
}

function duration(name: string) {
  return (value: string): number => {
    const ms = parseDuration(value);
    if (ms === undefined) throw new InvalidArgumentError(`${name} must be a positive duration such as 90s, 10m or 1h (a bare number is seconds).`);
    return ms;
  };
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, ...value.split(',').map((v) => v.trim()).filter(Boolean)];
}

function buildProgram(): Command {
  return new Command()
    .name('mcp-errlint')
    .description('Probe a live MCP server with schema-derived edge cases and grade whether its errors help an AI agent recover.')
    .usage('[options] [-- <server command> [args...]]')
    .version(TOOL_VERSION, '-V, --version')
    .argument('[command...]', `the stdio server to lint, after -- (default: "server" in the config file)`)
    .option('--url <url>', 'lint a running server at this http(s) URL: Streamable HTTP, falling back to the legacy HTTP+SSE transport as MCP clients do')
    .addOption(new Option('--transport <kind>', 'with --url: only Streamable HTTP (http), or only the legacy HTTP+SSE transport (sse)').choices(['http', 'sse']))
    .option('--header <"Name: value">', 'with --url: an HTTP header (repeatable); $VAR, ${VAR} and ${env:VAR} in the value are read from the environment, and header values are never printed', (value: string, previous: string[] = []) => [...previous, value])
    .option('--mcp-config <file>', "lint the servers of an MCP client's config file (Claude Desktop, Claude Code .mcp.json, Cursor, VS Code .vscode/mcp.json, Windsurf): all of them in turn, or the one --server names")
    .option('--server <name>', 'with --mcp-config: lint only this server of the file')
    .option('-e, --env <KEY=VALUE>', "set an environment variable of the stdio server (repeatable)", (value: string, previous: string[] = []) => [...previous, value])
    .option('-c, --config <file>', `config file (default: ./${CONFIG_FILE} if there is one); flags override it`)
    .option('--seed <n>', 'seed for every generated input (printed on stderr as "Seed: N")', integer('--seed', 0))
    .option('--runs <n>', `random inputs per probe kind per tool, after the enumerated cases (default: ${DEFAULTS.runs})`, integer('--runs', 0))
    .option('--timeout <ms>', `per-call timeout in milliseconds (default: ${DEFAULTS.timeoutMs})`, integer('--timeout', 1))
    .option('--deadline <duration>', `the whole run's time budget, start-up included, e.g. 90s, 10m; when it is spent the report is written with what was probed, and the run fails (default: ${formatDuration(DEFAULTS.deadlineMs)})`, duration('--deadline'))
    .option('--concurrency <n>', `tools probed at once, interleaved on one server (default: ${DEFAULTS.concurrency}); 1 when the server fails concurrent-calls, and the report is the same whatever it is`, integer('--concurrency', 1))
    .option('--tool-budget <duration>', `one tool's time budget; past it the tool's further inputs are not sent, listed as skipped (default: ${formatDuration(DEFAULTS.toolBudgetMs)})`, duration('--tool-budget'))
    .addOption(new Option('--protocol-version <version>', 'pin a protocol version instead of negotiating the newest').choices([...PROTOCOL_VERSIONS]))
    .addOption(new Option('--profile <name>', `rule profile (default: ${DEFAULTS.profile})`).choices(['recommended', 'strict']))
    .option('--rule <id=level>', 'set a rule to off|note|warning|error (repeatable)', collect)
    .option('--probe <kinds>', `run only these probe kinds (repeatable, comma-separated): ${PROBE_KINDS.join(', ')}`, collect)
    .option('--tool <names>', 'probe only these tools (repeatable, comma-separated)', collect)
    .option('--path <path>', 'replay one input: the fast-check path from a finding (needs one --tool and one --probe)')
    .option('--allow-writes', 'also send schema-valid inputs to tools that are not readOnlyHint (without it, tools without annotations get only inputs they must refuse)')
    .option('--allow-destructive', 'also probe tools that are destructive (destructiveHint: true, or a name such as delete_*)')
    .option('--read-only', 'call only readOnlyHint tools (for servers that hold real data)')
    .option('--dry-run', 'print the plan (tools × probes) and call no tool', false)
    .addOption(new Option('-f, --format <format>', 'report format on stdout (or in --output)').choices([...FORMATS]).default('stylish'))
    .option('-o, --output <file>', 'write the report to a file instead of stdout (missing folders are created)')
    .option('--report <format=path>', `also write a report in another format to a file (repeatable), e.g. sarif=errlint.sarif`, reportTarget)
    .option('--baseline <file>', 'known findings (by fingerprint): listed as baselined, they do not fail the run')
    .option('--update-baseline', 'write every finding of this run to the --baseline file (default: mcp-errlint.baseline.json)')
    .option('--max-warnings <n>', 'exit 1 when more than n warnings are found', integer('--max-warnings', 0))
    .addOption(new Option('--fail-on <severity>', `exit 1 on findings at or above this severity (default: ${DEFAULTS.failOn})`).choices(['error', 'warning', 'note', 'never']))
    .option('--min-score <n>', `exit 1 when the score is below this (default: ${DEFAULTS.minScore})`, (v) => {
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0 || n > 100) throw new InvalidArgumentError('--min-score must be a number from 0 to 100.');
      return n;
    })
    .option('--min-coverage <percent>', 'exit 1 when fewer than this share of the listed tools were probed (default: exit 1 only when none was)', (v) => {
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0 || n > 100) throw new InvalidArgumentError('--min-coverage must be a number from 0 to 100.');
      return n;
    })
    .option('--badge <file>', "also write a badge of the grade: shields.io's endpoint JSON for a .json file, else an SVG")
    .option('-q, --quiet', 'no progress on stderr (errors and the reason of a failing exit stay)', false)
    .option('--color', 'force colour in the stylish report')
    .option('--no-color', 'never use colour')
    .addHelpText('after', `
Config file: ./${CONFIG_FILE}, or --config <file>, sets the server to lint and
these settings, plus rule options and tool globs. A flag given wins over the file.
Every key, with an example: docs/config.md.

Commands:
  mcp-errlint rules [--format json]   list every rule: default severity per profile, tags, docs
  mcp-errlint scoreboard <file>       lint every server of a list, ranked on one board (--jobs, --shard i/n)
  mcp-errlint merge <board.json...>   merge the boards of shards into one
The server's command always goes after --; any other bare word is refused (exit 2).

Exit codes: 0 nothing at or above --fail-on, score ≥ --min-score, some tool probed (or ≥ --min-coverage);
1 findings, score or coverage below, or the run reached its --deadline; 2 could not lint;
130/143/129 stopped by SIGINT/SIGTERM/SIGHUP (the report so far is still written; a second signal quits at once).

Examples:
  mcp-errlint                                      # the "server" of ./${CONFIG_FILE}
  mcp-errlint -- node dist/server.js
  mcp-errlint --url http://127.0.0.1:3000/mcp --header 'Authorization: Bearer \${TOKEN}'
  mcp-errlint --mcp-config ~/.config/Claude/claude_desktop_config.json --server memory
  mcp-errlint --format json -o errlint.json -- npx -y @modelcontextprotocol/server-memory
  mcp-errlint --seed 7 --tool lookup_user --probe wrong-type --path 3 -- node server.js`)
    .showSuggestionAfterError()
    .exitOverride();
}

const DEFAULT_BASELINE = 'mcp-errlint.baseline.json';

/** Everything the command line gives: the lint settings (LintFlags), which config file, and how to write the report. */
interface ParsedOptions extends LintFlags, ServerFlags {
  config?: string;
  dryRun: boolean;
  format: Format;
  output?: string;
  report?: Array<{ format: Format; path: string }>;
  baseline?: string;
  updateBaseline?: boolean;
  badge?: string;
  quiet: boolean;
  color?: boolean;
}

function useColor(opts: ParsedOptions, stream: NodeJS.WriteStream): boolean {
  if (opts.color === false) return false;
  if (process.env.FORCE_COLOR !== undefined && process.env.FORCE_COLOR !== '0') return true;
  if (opts.color === true) return true;
  if (process.env.NO_COLOR) return false;
  return Boolean(stream.isTTY);
}

export async function main(argv: string[] = process.argv): Promise<number> {
  // Only as the first argument: `mcp-errlint -- rules` lints a server command named rules.
  if (argv[2] === 'rules') return listRules(argv.slice(3));
  if (argv[2] === 'scoreboard') return scoreboard(argv.slice(3), argv[1]);
  if (argv[2] === 'merge') return mergeShards(argv.slice(3));
  const program = buildProgram();
  program.configureOutput({ writeErr: say });
  // A bare word is never run as a server: before commander reads the server's own flags as ours (`sh -c …`).
  const bare = firstBareWord(argv.slice(2), program);
  if (bare !== undefined) {
    say(`mcp-errlint: ${quote(bareWordMessage(argv.slice(2), bare))}\n`);
    return EXIT.cannotLint;
  }
  let opts: ParsedOptions;
  let command: string[];
  try {
    program.parse(argv);
    opts = program.opts<ParsedOptions>();
    command = program.args;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.cannotLint; // help and --version exit 0; bad flags exit 2
    }
    throw error;
  }

  const progress = !opts.quiet && process.stderr.isTTY;
  try {
    const loaded = loadConfig(opts.config, process.cwd());
    const servers = chooseServers(command, opts, loaded, { env: process.env, cwd: process.cwd() });
    // One seed for the whole run, so a file of several servers replays from one number.
    const flags = { ...opts, seed: opts.seed ?? loaded?.config.seed ?? randomSeed() };
    const replayPrefix = invocationPrefix({ script: argv[1], env: process.env, cwd: process.cwd() });
    const runs = servers.map((server) => ({ server, options: server.skipped ? undefined : { ...mergeOptions(server, flags, loaded), replayPrefix } }));
    // Every output redacts the user's secret patterns and every value this run must never print, of every server.
    secrets = { extraPatterns: runs.flatMap((run) => ((run.options?.ruleOptions?.['no-secrets'] ?? {}) as SecretOptions).extraPatterns ?? []) };
    // Refuse an output path that cannot be written before the lint spends any time, not after.
    const baselineFile = opts.baseline ?? (opts.updateBaseline ? DEFAULT_BASELINE : undefined);
    if (!opts.dryRun) {
      for (const path of [opts.output, ...(opts.report ?? []).map((r) => r.path)]) if (path) prepareOutput(path, 'the report');
      if (opts.updateBaseline && baselineFile) prepareOutput(baselineFile, 'the baseline');
      if (opts.badge) {
        if (runs.length > 1) throw new UsageError('--badge shows one server\'s grade: pick one with --server (mcp-errlint scoreboard ranks many)');
        prepareOutput(opts.badge, 'the badge');
      }
    }
    say(`Seed: ${flags.seed}\n`);
    if (opts.dryRun) {
      for (const run of runs) if (run.options) await dryRun(run.options);
      return EXIT.ok;
    }
    const baseline = baselineFile && !opts.updateBaseline ? readBaseline(baselineFile) : undefined;
    const outcomes: ServerOutcome[] = [];
    let cannotLint = false;
    for (const { server, options } of runs) {
      const name = server.name ?? '';
      if (!options) {
        if (runs.length > 1) say(`mcp-errlint: ${quote(name)}: not linted: ${quote(server.skipped ?? '')}\n`);
        outcomes.push({ name, failure: server.skipped ?? '', skipped: true });
        continue;
      }
      if (runs.length > 1) say(`mcp-errlint: linting ${quote(name)}\n`);
      if (progress) {
        const prefix = runs.length > 1 ? `${quote(name)} ` : '';
        options.onProgress = ({ done, total, tool, probe }) =>
          process.stderr.write(`\r\u001b[K${safeOutput(`${prefix}[${done + 1}/${total}] ${quote(tool)} · ${probe}`.slice(0, process.stderr.columns || 80), 'text', secrets)}`);
      }
      try {
        const report = await lintUntilStopped(options);
        if (progress) process.stderr.write('\r\u001b[K');
        if (report.interrupted) say(`mcp-errlint: ${quote(report.interrupted.message)}: writing the report of what was probed\n`);
        outcomes.push({ name, report });
        if (report.interrupted && signalExitCode(report.interrupted.by) !== undefined) {
          // A signal stops the whole run: the servers not reached are listed as such.
          for (const rest of runs.slice(runs.findIndex((run) => run.server === server) + 1)) outcomes.push({ name: rest.server.name ?? '', failure: `not reached: ${report.interrupted.message}`, skipped: true });
          break;
        }
      } catch (error) {
        // One server of a file that cannot start is a section with its cause; the others are still linted.
        if (runs.length === 1 || !(error instanceof SessionStartError || error instanceof UsageError)) throw error;
        if (progress) process.stderr.write('\r\u001b[K');
        say(`mcp-errlint: ${quote(name)}: could not lint: ${error.message}\n`);
        outcomes.push({ name, failure: error.message });
        cannotLint = true;
      }
    }
    let reports = outcomes.flatMap((outcome) => ('report' in outcome ? [outcome.report] : []));
    if (baselineFile && opts.updateBaseline) {
      writeBaseline(baselineFile, reports.map((report) => sanitizeReport(report, secrets))); // fingerprints are unchanged; tool names are server text
      say(`mcp-errlint: wrote ${reports.reduce((n, r) => n + r.findings.length, 0)} findings to the baseline ${baselineFile}\n`);
    }
    // What was just accepted no longer fails this run either.
    const known = baseline ?? (baselineFile && opts.updateBaseline ? baselineOf(reports) : undefined);
    if (known && baselineFile) {
      const names = reports.map((report) => report.server.name);
      reports = reports.map((report) => applyBaseline(report, known, baselineFile, names.filter((name) => name !== report.server.name)));
      const stale = reports.flatMap((report) => report.baseline!.stale);
      if (stale.length > 0 && !opts.updateBaseline) {
        say(`mcp-errlint: warning: ${stale.length} baseline entr${stale.length === 1 ? 'y' : 'ies'} matched nothing this run (fixed, or not reached by these inputs): ${quote(stale.map((e) => `${e.ruleId ?? '?'} @ ${e.tool ?? '?'} (${e.probe ?? '?'})`).join(', '))}\n`);
      }
      let next = 0;
      for (const outcome of outcomes) if ('report' in outcome) outcome.report = reports[next++];
    }
    const text = (format: Format, color: boolean) =>
      outcomes.length === 1 && 'report' in outcomes[0] ? render(outcomes[0].report, format, color) : renderMany(outcomes, format, color);
    const out = new ReportWriter(!opts.output);
    const main = text(opts.format, !opts.output && useColor(opts, process.stdout));
    if (opts.output) out.toFile(opts.output, main);
    else process.stdout.write(main);
    for (const extra of opts.report ?? []) out.toFile(extra.path, text(extra.format, false));
    const graded = reports[0];
    if (opts.badge && graded) out.toFile(opts.badge, formatBadge(graded.score.grade, graded.interrupted ? null : graded.score.score, opts.badge.endsWith('.json') ? 'json' : 'svg'));
    // The github format also leaves a scorecard in the job's step summary, as GitHub's own actions do.
    if (process.env.GITHUB_STEP_SUMMARY && (opts.format === 'github' || opts.report?.some((r) => r.format === 'github'))) {
      appendFileSync(process.env.GITHUB_STEP_SUMMARY, text('markdown', false) + '\n');
    }
    // -q hides progress, never why the run failed.
    for (const report of reports) {
      const { failures } = report.gate;
      const whose = outcomes.length > 1 ? `${quote(report.server.name)}: ` : '';
      if (failures.length > 0) say(`mcp-errlint: ${whose}failing: ${quote(failures.join('; '))}\n`);
    }
    // The exit code covers every server: the worst of them (a signal's code wins; a server that could not be linted is 2).
    const code = Math.max(cannotLint ? EXIT.cannotLint : EXIT.ok, ...reports.map(exitCodeFor));
    // A report that could not be written is a run that could not lint (2), unless a signal's code says more.
    return out.failed ? Math.max(code, EXIT.cannotLint) : code;
  } catch (error) {
    if (progress) process.stderr.write('\r\u001b[K');
    if (error instanceof ConfigError) {
      say(error.problems.map((line) => `${line}\n`).join(''));
      return EXIT.cannotLint;
    }
    if (error instanceof UsageError) {
      say(`mcp-errlint: ${quote(error.message)}\n`);
      return EXIT.cannotLint;
    }
    if (error instanceof Interrupted) {
      say(`mcp-errlint: could not lint: ${error.message} before the server was ready; nothing was probed\n`);
      return signalExitCode(error.by) ?? EXIT.cannotLint;
    }
    if (error instanceof SessionStartError) {
      say(`mcp-errlint: could not lint: ${error.message}\n`); // may quote several stderr lines: say() keeps newlines, neutralises the rest
      return EXIT.cannotLint;
    }
    say(`mcp-errlint: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return EXIT.cannotLint;
  }
}

/**
 * The index of the first word before `--` that is neither one of our flags nor a flag's value; undefined when there is
 * none, or when an unknown flag comes first (commander then says so).
 */
function firstBareWord(args: string[], program: Command): number | undefined {
  const takesValue = (flag: string): boolean | undefined => {
    const option = program.options.find((o) => o.short === flag || o.long === flag);
    return option && (option.required || option.optional);
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') return undefined;
    if (arg.startsWith('--')) {
      if (arg.includes('=')) continue;
      const value = takesValue(arg);
      if (value === undefined) return undefined;
      if (value) i++;
    } else if (arg.startsWith('-') && arg.length > 1) {
      // -q, or combined short flags such as -qo file: a letter that takes a value takes the rest, or the next word.
      for (let j = 1; j < arg.length; j++) {
        const value = takesValue(`-${arg[j]}`);
        if (value === undefined) return undefined;
        if (value) {
          if (j === arg.length - 1) i++;
          break;
        }
      }
    } else {
      return i;
    }
  }
  return undefined;
}

/** One line: a bare word may be a mistyped `rules`, or a server command missing its `--`; the fix, ready to paste. */
function bareWordMessage(args: string[], at: number): string {
  const word = args[at];
  const rules = closest(word, ['rules']) ? ` (did you mean 'mcp-errlint rules'?)` : '';
  const dashDash = args.indexOf('--');
  if (dashDash !== -1) return `unexpected argument '${word}' before --${rules}; the server's command and its arguments all go after --`;
  const fixed = ['mcp-errlint', ...args.slice(0, at), '--', ...args.slice(at)].map(shellQuote).join(' ');
  return `unknown command '${word}'${rules}; to lint a server, put its command after --: ${fixed}`;
}

/** Create the report file's folder and check that the file can be written; a path that cannot is a usage error. */
function prepareOutput(path: string, what: string): void {
  try {
    mkdirSync(dirname(resolve(path)), { recursive: true });
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
class ReportWriter {
  failed = false;
  constructor(private stdoutUsed: boolean) {}

  toFile(path: string, text: string): void {
    try {
      mkdirSync(dirname(resolve(path)), { recursive: true });
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

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Lint with SIGINT, SIGTERM and SIGHUP turned into an orderly stop: the first one ends the probing, the server is
 * stopped, and the report of what was probed is returned (marked interrupted); a second one quits at once.
 */
async function lintUntilStopped(options: LintOptions): Promise<Report> {
  const stop = new AbortController();
  const onSignal = (signal: (typeof STOP_SIGNALS)[number]) => {
    if (stop.signal.aborted) process.exit(signalExitCode(signal));
    stop.abort(new Interrupted(signal, `interrupted by ${signal}`));
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  try {
    return await lint({ ...options, signal: stop.signal });
  } finally {
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
  }
}

async function dryRun(options: LintOptions): Promise<number> {
  const { planRun } = await import('./dry-run.js');
  process.stdout.write(safeOutput(await planRun(options), 'text', secrets)); // tool names and descriptions are server text
  return EXIT.ok;
}

const BOARD_FORMATS = ['stylish', 'markdown', 'json', 'html'] as const;

/** `--shard i/n`: the i-th of n slices of the list (from 1). */
function shardOf(value: string): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) throw new InvalidArgumentError(`--shard expects i/n with 1 ≤ i ≤ n, e.g. 1/4, got '${value}'`);
  return { index, count };
}

/** Write a board (or its error) where it was asked for; 0 once written, 2 when it could not be. */
function writeBoard(board: Board, format: (typeof BOARD_FORMATS)[number], output: string | undefined, details: ReadonlyMap<number, BoardDetail> = new Map()): number {
  const kind = format === 'json' ? 'json' : 'text';
  const text = safeOutput(format === 'html' ? formatBoardHtml(board, details) : formatBoard(board, format), kind, secrets);
  if (!output) {
    process.stdout.write(text);
    return EXIT.ok;
  }
  const out = new ReportWriter(false);
  out.toFile(output, text);
  return out.failed ? EXIT.cannotLint : EXIT.ok;
}

/** `mcp-errlint scoreboard <file>`: lint every server of a list, a few at once, each in a process of its own, and rank them. */
async function scoreboard(args: string[], script: string): Promise<number> {
  const dashDash = args.indexOf('--');
  const lintArgs = dashDash === -1 ? [] : args.slice(dashDash + 1);
  const program = new Command()
    .name('mcp-errlint scoreboard')
    .description('Lint every server of a list file (servers: [...], or an MCP client config file), --jobs at once, each in isolation, and print a ranked board.')
    .argument('<file>', 'the list: {"servers": [{"name", "command", "args", "env", "cwd" | "url", "headers", "transport", "flags"}]}, or a client config file')
    .option('--jobs <n>', 'servers linted at once', integer('--jobs', 1), 2)
    .option('--shard <i/n>', 'lint only the i-th of n slices of the list (every n-th server); merge the shards with mcp-errlint merge', shardOf)
    .option('--out-dir <dir>', 'also write one JSON report per server (and board.json) into this folder')
    .option('--seed <n>', 'one seed for every server (default: random, printed)', integer('--seed', 0))
    .addOption(new Option('--deadline <duration>', "one server's whole time budget").argParser(duration('--deadline')).default(DEFAULTS.deadlineMs, formatDuration(DEFAULTS.deadlineMs)))
    .addOption(new Option('-f, --format <format>', 'board format').choices([...BOARD_FORMATS]).default('stylish'))
    .option('-o, --output <file>', 'write the board to a file instead of stdout')
    .option('-q, --quiet', 'no progress on stderr', false)
    .addHelpText('after', '\nLint flags for every server go after --, e.g.: mcp-errlint scoreboard servers.json --jobs 4 -- --runs 5 --read-only')
    .exitOverride()
    .configureOutput({ writeErr: say });
  try {
    program.parse(dashDash === -1 ? args : args.slice(0, dashDash), { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.cannotLint;
    throw error;
  }
  const opts = program.opts<{ jobs: number; shard?: { index: number; count: number }; outDir?: string; seed?: number; deadline: number; format: (typeof BOARD_FORMATS)[number]; output?: string; quiet: boolean }>();
  const seed = opts.seed ?? randomSeed();
  say(`Seed: ${seed}\n`);
  try {
    if (opts.output) prepareOutput(opts.output, 'the board');
    const details = new Map<number, BoardDetail>();
    const board = await runBoard({
      file: program.args[0],
      bin: script,
      seed,
      jobs: opts.jobs,
      shard: opts.shard,
      outDir: opts.outDir,
      lintArgs,
      deadlineMs: opts.deadline,
      onProgress: opts.quiet ? undefined : (line) => say(`mcp-errlint: ${quote(line)}\n`),
    }, opts.format === 'html' ? details : undefined);
    if (opts.outDir) writeFileSync(join(opts.outDir, 'board.json'), safeOutput(formatBoard(board, 'json'), 'json', secrets));
    return writeBoard(board, opts.format, opts.output, details);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      say(`mcp-errlint: ${quote(error.message)}\n`);
      return EXIT.cannotLint;
    }
    throw error;
  }
}

/** `mcp-errlint merge <board.json…>`: the boards of shards as the one board an unsharded run gives. */
function mergeShards(args: string[]): number {
  const program = new Command()
    .name('mcp-errlint merge')
    .description('Merge the board.json of each shard (mcp-errlint scoreboard --shard i/n) into one ranked board.')
    .argument('<boards...>', 'board JSON files (scoreboard -f json, or board.json of --out-dir)')
    .addOption(new Option('-f, --format <format>', 'board format').choices([...BOARD_FORMATS]).default('stylish'))
    .option('-o, --output <file>', 'write the board to a file instead of stdout')
    .exitOverride()
    .configureOutput({ writeErr: say });
  try {
    program.parse(args, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.cannotLint;
    throw error;
  }
  const opts = program.opts<{ format: (typeof BOARD_FORMATS)[number]; output?: string }>();
  try {
    const boards = program.args.map((file) => {
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as Board;
      } catch (error) {
        throw new UsageError(`${file}: cannot read the board: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    return writeBoard(mergeBoards(boards), opts.format, opts.output);
  } catch (error) {
    say(`mcp-errlint: ${quote(error instanceof Error ? error.message : String(error))}\n`);
    return EXIT.cannotLint;
  }
}

/** `mcp-errlint rules`: every rule with its default level per profile, tags and documentation. */
function listRules(args: string[]): number {
  const program = new Command()
    .name('mcp-errlint rules')
    .description('List every rule: its default severity in the recommended and strict profiles, its tags and its documentation.')
    .addOption(new Option('-f, --format <format>', 'an aligned table, or json').choices(['table', 'json']).default('table'))
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });
  try {
    program.parse(args, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.cannotLint;
    throw error;
  }
  const rules = RULES.map(({ meta }) => ({ id: meta.id, description: meta.description, severity: meta.severity, tags: meta.tags, docs: ruleDocsPath(meta.id) }));
  if (program.opts().format === 'json') {
    process.stdout.write(`${JSON.stringify(rules, null, 2)}\n`);
    return EXIT.ok;
  }
  const rows = [['rule', 'recommended', 'strict', 'tags', 'docs'], ...rules.map((r) => [r.id, r.severity.recommended, r.severity.strict, r.tags.join(', '), r.docs])];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  process.stdout.write(rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd() + '\n').join(''));
  return EXIT.ok;
}
