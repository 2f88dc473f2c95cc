// The lint command: its flags, and the config file merged into one lint per server; the servers are linted by lintServers, and here their reports, files and messages are written, with the exit code of rulebook §8.
import { appendFileSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import { randomSeed, DEFAULTS, type LintOptions } from '../lint.js';
import { lintServers, type ServerRun } from '../lint-servers.js';
import { UsageError } from '../errors.js';
import { PROBE_KINDS } from '../types.js';
import { SETTINGS, TRANSPORT } from '../config/settings.js';
import { CONFIG_FILE, loadConfig } from '../config/load.js';
import { mergeOptions, type LintFlags } from '../config/merge.js';
import { chooseServers, type ServerFlags } from '../config/servers.js';
import { redactionPatternsOf } from '../matchers/secrets.js';
import { formatBadge } from '../report/badge.js';
import { writeBaseline } from '../report/baseline.js';
import { EXIT, signalExitCode } from '../report/gate.js';
import { invocationPrefix } from '../report/invocation.js';
import { quietReport } from '../report/quiet.js';
import type { ServerOutcome } from '../report/many.js';
import { Interrupted, formatDuration } from '../interrupt.js';
import { TOOL_VERSION } from '../version.js';
import { FORMATS, ReportWriter, prepareOutput, printable, quote, redactAlso, render, renderMany, safe, say, useColor, type Format } from './output.js';
import { plural } from '../util/text.js';
import { escapeRegExp } from '../util/regex.js';
import { CLIENT_ID_ENV, CLIENT_SECRET_ENV } from '../target/oauth.js';

/** `--report <format>=<path>`, repeatable: more files from the same run. */
function reportTarget(value: string, previous: Array<{ format: Format; path: string }> = []) {
  const match = /^([a-z]+)=(.+)$/.exec(value);
  if (!match || !(FORMATS as readonly string[]).includes(match[1])) {
    throw new InvalidArgumentError(`--report expects <format>=<path> with a format among ${FORMATS.join(', ')}, got '${value}'.`);
  }
  return [...previous, { format: match[1] as Format, path: match[2] }];
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, ...value.split(',').map((v) => v.trim()).filter(Boolean)];
}

/** The lint's flags, help text included; main.ts reads bare words against them before commander parses. */
export function lintProgram(): Command {
  return new Command()
    .name('mcp-errlint')
    .description('Probe a live MCP server with schema-derived edge cases and grade whether its errors help an AI agent recover.')
    .usage('[options] [-- <server command> [args...]]')
    .version(TOOL_VERSION, '-V, --version')
    .argument('[command...]', `the stdio server to lint, after -- (default: "server" in the config file)`)
    .option('--url <url>', 'lint a running server at this http(s) URL: Streamable HTTP, falling back to the legacy HTTP+SSE transport as MCP clients do')
    .option('--transport <kind>', 'with --url: only Streamable HTTP (http), or only the legacy HTTP+SSE transport (sse)', TRANSPORT.parse)
    .option('--header <"Name: value">', 'with --url: an HTTP header (repeatable); $VAR, ${VAR} and ${env:VAR} in the value are read from the environment, and header values are never printed', (value: string, previous: string[] = []) => [...previous, value])
    .option('--oauth-client-credentials', `with --url: get an access token by the OAuth 2.0 client_credentials grant from the authorization server the server names, with the client id and secret in $${CLIENT_ID_ENV} and $${CLIENT_SECRET_ENV}, and send it as a bearer token (never printed)`)
    .option('--oauth-scope <scope>', "with --oauth-client-credentials: the scope to ask for (default: the one the server's 401 names, else all it lists)")
    .option('--mcp-config <file>', "lint the servers of an MCP client's config file (Claude Desktop, Claude Code .mcp.json, Cursor, VS Code .vscode/mcp.json, Windsurf): all of them in turn, or the one --server names")
    .option('--server <name>', 'with --mcp-config: lint only this server of the file')
    .option('-e, --env <KEY=VALUE>', "set an environment variable of the stdio server (repeatable); its value is never printed: a replay reads it as $KEY", (value: string, previous: string[] = []) => [...previous, value])
    .option('-c, --config <file>', `config file (default: ./${CONFIG_FILE} if there is one); flags override it`)
    // Every value is checked as lint() checks it (config/settings.ts), with the same words.
    .option('--seed <n>', 'seed for every generated input (printed on stderr as "Seed: N")', SETTINGS.seed.parse)
    .option('--runs <n>', `random inputs per probe kind per tool, after the enumerated cases (default: ${DEFAULTS.runs})`, SETTINGS.runs.parse)
    .option('--timeout <ms>', `per-call timeout in milliseconds (default: ${DEFAULTS.timeoutMs})`, SETTINGS.timeoutMs.parse)
    .option('--deadline <duration>', `the whole run's time budget, start-up included, e.g. 90s, 10m; when it is spent the report is written with what was probed, and the run fails (default: ${formatDuration(DEFAULTS.deadlineMs)})`, SETTINGS.deadlineMs.parse)
    .option('--concurrency <n>', `tools probed at once (1 to 64), interleaved on one server (default: ${DEFAULTS.concurrency}); 1 when the server fails concurrent-calls, and the report is the same whatever it is`, SETTINGS.concurrency.parse)
    .option('--repair-attempts <n>', `tries the repair agent makes at one refused call, each informed by the previous answer; 0 turns the agent off (default: ${DEFAULTS.repairAttempts})`, SETTINGS.repairAttempts.parse)
    .option('--tool-budget <duration>', `one tool's time budget; past it the tool's further inputs are not sent, listed as skipped (default: ${formatDuration(DEFAULTS.toolBudgetMs)})`, SETTINGS.toolBudgetMs.parse)
    .option('--protocol-version <version>', `pin a protocol version instead of negotiating the newest: ${SETTINGS.protocolVersion.expects}`, SETTINGS.protocolVersion.parse)
    .option('--profile <name>', `rule profile: ${SETTINGS.profile.expects} (default: ${DEFAULTS.profile})`, SETTINGS.profile.parse)
    .option('--rule <id=level>', 'set a rule to off|note|warning|error (repeatable)', collect)
    .option('--probe <kinds>', `run only these probe kinds (repeatable, comma-separated): ${PROBE_KINDS.join(', ')}`, collect)
    .option('--tool <names>', 'probe only these tools (repeatable, comma-separated)', collect)
    .option('--path <path>', "replay one input: the fast-check path from a finding (needs one --tool and one --probe); the terminal shows that exchange and each rule's verdict, not a graded report")
    .option('--allow-writes', 'also send schema-valid inputs to tools that are not readOnlyHint (without it, tools without annotations get only inputs they must refuse)')
    .option('--allow-destructive', 'also probe tools that are destructive (destructiveHint: true, or a name such as delete_*)')
    .option('--read-only', 'call only readOnlyHint tools (for servers that hold real data)')
    .option('--dry-run', 'print the plan (tools × probes) and call no tool', false)
    .addOption(new Option('-f, --format <format>', 'report format on stdout (or in --output)').choices([...FORMATS]).default('stylish'))
    .option('-o, --output <file>', 'write the report to a file instead of stdout (missing folders are created)')
    .option('--report <format=path>', `also write a report in another format to a file (repeatable), e.g. sarif=errlint.sarif`, reportTarget)
    .option('--baseline <file>', 'known findings (by fingerprint): listed as baselined, they do not fail the run')
    .option('--update-baseline', 'write every finding of this run to the --baseline file (default: mcp-errlint.baseline.json)')
    .option('--max-warnings <n>', 'exit 1 when more than n warnings are found', SETTINGS.maxWarnings.parse)
    .option('--fail-on <severity>', `exit 1 on findings at or above this severity: ${SETTINGS.failOn.expects} (default: ${DEFAULTS.failOn})`, SETTINGS.failOn.parse)
    .option('--min-score <n>', `exit 1 when the score is below this (default: ${DEFAULTS.minScore})`, SETTINGS.minScore.parse)
    .option('--min-coverage <percent>', 'exit 1 when fewer than this share of the listed tools were probed (default: exit 1 only when none was)', SETTINGS.minCoverage.parse)
    .option('--badge <file>', "also write a badge of the grade: shields.io's endpoint JSON for a .json file, else an SVG")
    .option('-q, --quiet', 'report error-level findings only (and what --fail-on fails on), in every format, and no progress on stderr; the score, grade and gate still count warnings and notes (and --max-warnings its warnings)', false)
    .option('--verbose', 'in the terminal report: every skip on a line of its own (not one line per cause), and every finding with its input and answer (not only the first of each cause)')
    .option('--color', 'force colour in the stylish report')
    .option('--no-color', 'never use colour')
    .addHelpText('after', `
Config file: ./${CONFIG_FILE}, or --config <file>, sets the server to lint and
these settings, plus rule options and tool globs. A flag given wins over the file.
Every key, with an example: docs/config.md.

Commands:
  mcp-errlint rules [-f <format>]     list every rule: severity per profile and per message, options, docs (-f json, markdown)
  mcp-errlint scoreboard <file>       lint every server of a list, ranked on one board (--jobs, --shard i/n)
  mcp-errlint merge <board.json...>   merge the boards of shards into one
  mcp-errlint help [command]          a command's help (this one's when none is named)
The server's command always goes after --; any other bare word is refused (exit 2).

Exit codes: 0 nothing at or above --fail-on, score ≥ --min-score, some tool probed (or ≥ --min-coverage);
1 findings, score or coverage below, or the run reached its --deadline; 2 could not lint;
a replay (--path) exits 1 only when its exchange has a finding at or above --fail-on;
130/143/129 stopped by SIGINT/SIGTERM/SIGHUP (the report so far is still written; a second signal quits at once).

Examples:
  mcp-errlint                                      # the "server" of ./${CONFIG_FILE}
  mcp-errlint -- node dist/server.js
  mcp-errlint --url http://127.0.0.1:3000/mcp --header 'Authorization: Bearer \${TOKEN}'
  mcp-errlint --url https://mcp.example.com/mcp --oauth-client-credentials   # $${CLIENT_ID_ENV}, $${CLIENT_SECRET_ENV} set
  mcp-errlint --mcp-config ~/.config/Claude/claude_desktop_config.json --server memory
  mcp-errlint --format json -o errlint.json -- npx -y @modelcontextprotocol/server-memory
  mcp-errlint --quiet --max-warnings 10 -- node server.js   # errors shown; warnings counted
  mcp-errlint --seed 7 --tool lookup_user --probe wrong-type --path 3 -- node server.js   # one exchange, its verdicts`)
    .showSuggestionAfterError()
    .exitOverride();
}

const DEFAULT_BASELINE = 'mcp-errlint.baseline.json';

/** Everything the command line gives: the lint settings (LintFlags), which config file, and how to write the report. */
export interface LintCommandOptions extends LintFlags, ServerFlags {
  config?: string;
  dryRun: boolean;
  format: Format;
  output?: string;
  report?: Array<{ format: Format; path: string }>;
  baseline?: string;
  updateBaseline?: boolean;
  badge?: string;
  quiet: boolean;
  verbose?: boolean;
  color?: boolean;
}

/**
 * Lint the server(s) the parsed flags name and write the reports; the exit code. What stops the run before any report
 * (a bad config, a server that cannot start, an internal error) is thrown, for main.ts to say why and exit 2.
 */
export async function runLint(opts: LintCommandOptions, command: string[], script: string): Promise<number> {
  const progress = !opts.quiet && process.stderr.isTTY;
  const clearProgress = () => {
    if (progress) process.stderr.write('\r\u001b[K');
  };
  try {
    const loaded = loadConfig(opts.config, process.cwd());
    const servers = chooseServers(command, opts, loaded, { env: process.env, cwd: process.cwd() });
    // One seed for the whole run, so a file of several servers replays from one number.
    const flags = { ...opts, seed: opts.seed ?? loaded?.config.seed ?? randomSeed() };
    const replayPrefix = invocationPrefix({ script, env: process.env, cwd: process.cwd() });
    const runs: ServerRun[] = servers.map((server) =>
      server.skipped ? { name: server.name ?? '', skipped: server.skipped } : { name: server.name ?? '', options: { ...mergeOptions(server, flags, loaded), replayPrefix } },
    );
    const many = runs.length > 1;
    // Every output redacts the user's secret patterns and every value this run must never print, of every server.
    let redacted = runs.flatMap((run) => ('options' in run ? redactionPatternsOf(run.options) : []));
    redactAlso(redacted);
    // An access token the lint gets itself: redacted from every output from then on.
    const redactToken = (token: string) => redactAlso((redacted = [...redacted, escapeRegExp(token)]));
    for (const run of runs) {
      if (!('options' in run)) continue;
      run.options.onSecret = redactToken;
      if (progress) {
        const prefix = many ? `${quote(run.name)} ` : '';
        run.options.onProgress = ({ done, total, tool, probe }) =>
          process.stderr.write(`\r\u001b[K${safe(`${prefix}[${done + 1}/${total}] ${quote(tool)} · ${probe}`.slice(0, process.stderr.columns || 80), 'text')}`);
      }
    }
    // Refuse an output path that cannot be written before the lint spends any time, not after.
    const baselineFile = opts.baseline ?? (opts.updateBaseline ? DEFAULT_BASELINE : undefined);
    if (!opts.dryRun) {
      for (const path of [opts.output, ...(opts.report ?? []).map((r) => r.path)]) if (path) prepareOutput(path, 'the report');
      if (opts.updateBaseline && baselineFile) prepareOutput(baselineFile, 'the baseline');
      if (opts.badge) {
        if (many) throw new UsageError('--badge shows one server\'s grade: pick one with --server (mcp-errlint scoreboard ranks many)');
        prepareOutput(opts.badge, 'the badge');
      }
    }
    say(`Seed: ${flags.seed}\n`);
    if (opts.dryRun) {
      for (const run of runs) if ('options' in run) await dryRun(run.options);
      return EXIT.ok;
    }
    const run = await untilStopped((signal) =>
      lintServers(runs, {
        baseline: baselineFile ? { file: baselineFile, update: opts.updateBaseline } : undefined,
        signal,
        onServer(name, outcome) {
          if (!outcome) {
            if (many && !opts.quiet) say(`mcp-errlint: linting ${quote(name)}\n`);
          } else if ('report' in outcome) {
            clearProgress();
            if (outcome.report.interrupted) say(`mcp-errlint: ${quote(outcome.report.interrupted.message)}: writing the report of what was probed\n`);
          } else if (outcome.skipped) {
            if (many && !opts.quiet) say(`mcp-errlint: ${quote(name)}: not linted: ${quote(outcome.failure)}\n`);
          } else {
            clearProgress();
            say(`mcp-errlint: ${quote(name)}: could not lint: ${outcome.failure}\n`);
          }
        },
      }),
    );
    const reports = run.outcomes.flatMap((outcome) => ('report' in outcome ? [outcome.report] : []));
    if (baselineFile && opts.updateBaseline) {
      writeBaseline(baselineFile, reports.map(printable)); // fingerprints are unchanged; tool names are server text
      say(`mcp-errlint: wrote ${plural(reports.reduce((n, r) => n + r.findings.length, 0), 'finding')} to the baseline ${baselineFile}\n`);
    }
    if (run.stale.length > 0) {
      say(`mcp-errlint: warning: ${run.stale.length} baseline entr${run.stale.length === 1 ? 'y' : 'ies'} matched nothing this run (fixed, or not reached by these inputs): ${quote(run.stale.map((e) => `${e.ruleId ?? '?'} @ ${e.tool ?? '?'} (${e.probe ?? '?'})`).join(', '))}\n`);
    }
    const written = writeReports(opts, run.outcomes);
    // -q hides progress and lesser findings, never why the run failed.
    for (const report of reports) {
      const { failures } = report.gate;
      const whose = run.outcomes.length > 1 ? `${quote(report.server.name)}: ` : '';
      if (failures.length > 0) say(`mcp-errlint: ${whose}failing: ${quote(failures.join('; '))}\n`);
    }
    // A report that could not be written is a run that could not lint (2), unless a signal's code says more.
    return written ? run.exitCode : Math.max(run.exitCode, EXIT.cannotLint);
  } catch (error) {
    clearProgress();
    throw error;
  }
}

/** The run's report on stdout or in --output, the --report files, the badge and GitHub's step summary; false when a file could not be written. */
function writeReports(opts: LintCommandOptions, linted: readonly ServerOutcome[]): boolean {
  // --quiet: every format shows error-level findings only; the gate was settled on all of them, and the exit code stays.
  const outcomes = opts.quiet ? linted.map((outcome) => ('report' in outcome ? { ...outcome, report: quietReport(outcome.report) } : outcome)) : linted;
  const verbose = opts.verbose === true;
  const text = (format: Format, color: boolean) =>
    outcomes.length === 1 && 'report' in outcomes[0] ? render(outcomes[0].report, format, color, verbose) : renderMany(outcomes, format, color, verbose);
  const out = new ReportWriter(!opts.output);
  const main = text(opts.format, !opts.output && useColor(opts, process.stdout));
  if (opts.output) out.toFile(opts.output, main);
  else process.stdout.write(main);
  for (const extra of opts.report ?? []) out.toFile(extra.path, text(extra.format, false));
  const graded = linted.find((outcome) => 'report' in outcome)?.report;
  if (opts.badge && graded) out.toFile(opts.badge, formatBadge(graded.score.grade, graded.interrupted ? null : graded.score.score, opts.badge.endsWith('.json') ? 'json' : 'svg'));
  // The github format also leaves a scorecard in the job's step summary, as GitHub's own actions do.
  if (process.env.GITHUB_STEP_SUMMARY && (opts.format === 'github' || opts.report?.some((r) => r.format === 'github'))) {
    appendFileSync(process.env.GITHUB_STEP_SUMMARY, text('markdown', false) + '\n');
  }
  return !out.failed;
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Run `work` with SIGINT, SIGTERM and SIGHUP turned into an orderly stop: the first one aborts its signal (the lint ends
 * its probing, stops the server and returns the report of what was probed, marked interrupted); a second one quits at once.
 */
async function untilStopped<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const stop = new AbortController();
  const onSignal = (signal: (typeof STOP_SIGNALS)[number]) => {
    if (stop.signal.aborted) process.exit(signalExitCode(signal));
    stop.abort(new Interrupted(signal, `interrupted by ${signal}`));
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  try {
    return await work(stop.signal);
  } finally {
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
  }
}

async function dryRun(options: LintOptions): Promise<number> {
  const { planRun } = await import('./dry-run.js');
  process.stdout.write(safe(await planRun(options), 'text')); // tool names and descriptions are server text
  return EXIT.ok;
}
