// `mcp-errlint scoreboard` (many servers linted, each in a process of its own, ranked on one board) and `mcp-errlint merge` (the boards of shards as one).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { formatBoard, mergeBoards, type Board } from '../board/board.js';
import { formatBoardHtml, type BoardDetail } from '../board/html.js';
import { readServerList, reportsBeside, runBoard, type ListedServer } from '../board/run.js';
import { PACKAGE_TYPES, registryServers, type PackageType } from '../board/registry/servers.js';
import { parseEnvFlag, readEnvFile, type GivenValues } from '../board/registry/values.js';
import { CommandLineSecrets } from '../target/command-secrets.js';
import { ConfigError } from '../config/load.js';
import { DEFAULTS, randomSeed } from '../defaults.js';
import { UsageError } from '../errors.js';
import { formatDuration } from '../interrupt.js';
import { EXIT } from '../report/gate.js';
import { duration, integer, parseArguments } from './flags.js';
import { ReportWriter, prepareOutput, quote, redactAlso, safe, say } from './output.js';
import { plural } from '../util/text.js';

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
  const text = safe(format === 'html' ? formatBoardHtml(board, details) : formatBoard(board, format), kind);
  if (!output) {
    process.stdout.write(text);
    return EXIT.ok;
  }
  const out = new ReportWriter(false);
  out.toFile(output, text);
  return out.failed ? EXIT.cannotLint : EXIT.ok;
}

interface RunOptions {
  jobs: number;
  shard?: { index: number; count: number };
  outDir?: string;
  seed?: number;
  deadline: number;
  format: (typeof BOARD_FORMATS)[number];
  output?: string;
  quiet: boolean;
  registry?: string;
  name?: string[];
  packageType?: PackageType;
  env?: string[];
  envFile?: string;
  resume?: string;
}

/** The board's source: the list file, or --registry (one of them); registry-only flags without --registry are refused. */
function listSource(file: string | undefined, opts: RunOptions): string {
  if (opts.resume !== undefined && opts.outDir !== undefined && opts.resume !== opts.outDir) throw new UsageError('--resume <dir> writes its reports to <dir>: give --out-dir the same folder, or leave it out');
  if (opts.registry !== undefined) {
    if (file !== undefined) throw new UsageError(`give a list file or --registry, not both (got '${file}' and --registry ${opts.registry})`);
    return opts.registry;
  }
  const registryOnly = (['name', 'packageType', 'env', 'envFile'] as const).find((key) => opts[key] !== undefined);
  if (registryOnly) throw new UsageError(`--${registryOnly.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} goes with --registry`);
  if (file === undefined) throw new UsageError('give a list file, or --registry <file|url>');
  return file;
}

function givenValues(opts: RunOptions): GivenValues {
  return [...(opts.envFile ? readEnvFile(opts.envFile) : []), ...(opts.env ?? []).map((flag) => parseEnvFlag(flag))];
}

/** The servers to lint: the list file's, or the registry's (each wrong entry said on stderr, and a row of its own). */
async function listOf(source: string, opts: RunOptions, given: GivenValues): Promise<ListedServer[]> {
  if (opts.registry === undefined) return readServerList(source);
  const { servers, problems } = await registryServers(source, { names: opts.name, packageType: opts.packageType, given });
  for (const problem of problems) say(`mcp-errlint: error: ${quote(problem)}\n`);
  return servers;
}

/** `mcp-errlint scoreboard <file>`: lint every server of a list, a few at once, each in a process of its own, and rank them. */
const OWN_REPORT = "the scoreboard writes each server's report itself: use --out-dir for one report per server";
const OWN_FORMAT = "the scoreboard reads each server's report as JSON: choose the board's format with its own -f, before --";

/** Lint flags the scoreboard sets for every server itself (or that would make every server write one file): refused after --. */
const BOARD_OWNED: Record<string, string> = {
  '--seed': 'give the scoreboard its own --seed, before --: one seed for every server',
  '--deadline': "give the scoreboard its own --deadline, before --: one server's time budget",
  '-o': OWN_REPORT,
  '--output': OWN_REPORT,
  '--report': OWN_REPORT,
  '-f': OWN_FORMAT,
  '--format': OWN_FORMAT,
  '--badge': 'every server would overwrite one badge file: lint one server with --badge, or use the board',
};

export async function scoreboard(args: string[], script: string): Promise<number> {
  const dashDash = args.indexOf('--');
  const lintArgs = dashDash === -1 ? [] : args.slice(dashDash + 1);
  const owned = lintArgs.map((arg) => arg.split('=')[0]).find((flag) => Object.hasOwn(BOARD_OWNED, flag));
  if (owned !== undefined) {
    say(`mcp-errlint: ${owned} after -- is not passed to every server: ${BOARD_OWNED[owned]}\n`);
    return EXIT.cannotLint;
  }
  const program = new Command()
    .name('mcp-errlint scoreboard')
    .description('Lint every server of a list file (servers: [...], or an MCP client config file) or of an MCP Registry (--registry), --jobs at once, each in isolation, and print a ranked board.')
    .argument('[file]', 'the list: {"servers": [{"name", "command", "args", "env", "cwd" | "url", "headers", "transport", "flags"}]}, or a client config file')
    .option('--registry <file|url>', "lint what an MCP Registry lists, launched as clients launch it: a registry list file ({servers: [{server, _meta}]}), an array of server.json, one server.json, or the registry's URL (its /v0.1/servers pages, followed by cursor)")
    .option('--name <glob>', 'with --registry: only servers whose name matches (repeatable; * any run of characters)', (value: string, previous: string[] = []) => [...previous, value])
    .addOption(new Option('--package-type <type>', 'with --registry: only servers with a package of this type (or a remote), launched from it').choices([...PACKAGE_TYPES]))
    .option('--env <server:NAME=VALUE>', "with --registry: a value for a server's environment variable, argument (by name or valueHint), header or URL variable; <server> is its name or a glob; $VAR and ${VAR} in the value are read from the environment (repeatable)", (value: string, previous: string[] = []) => [...previous, value])
    .option('--env-file <file>', 'with --registry: values per server, a JSON object {"<server name or glob>": {"NAME": "value"}}, $VAR read from the environment as for --env; --env wins')
    .option('--resume <dir>', 'write the reports to <dir> (as --out-dir) and skip every server whose report is already there')
    .option('--jobs <n>', 'servers linted at once', integer('--jobs', 1), 2)
    .option('--shard <i/n>', 'lint only the i-th of n slices of the list (every n-th server); merge the shards with mcp-errlint merge', shardOf)
    .option('--out-dir <dir>', 'also write one JSON report per server (and board.json) into this folder')
    .option('--seed <n>', 'one seed for every server (default: random, printed)', integer('--seed', 0))
    .addOption(new Option('--deadline <duration>', "one server's whole time budget").argParser(duration('--deadline')).default(DEFAULTS.deadlineMs, formatDuration(DEFAULTS.deadlineMs)))
    .addOption(new Option('-f, --format <format>', 'board format').choices([...BOARD_FORMATS]).default('stylish'))
    .option('-o, --output <file>', 'write the board to a file instead of stdout')
    .option('-q, --quiet', 'no progress on stderr', false)
    .addHelpText(
      'after',
      `
Lint flags for every server go after --, e.g.: mcp-errlint scoreboard servers.json --jobs 4 -- --runs 5 --read-only

From an MCP Registry (docs/registry.md):
  mcp-errlint scoreboard --registry https://registry.modelcontextprotocol.io --package-type npm --jobs 4 --out-dir reports -f html -o board.html
  mcp-errlint scoreboard --registry servers.json --name 'io.github.acme/*' --env-file values.json --resume reports
A server that is not graded carries a class instead: needs-config, needs-auth, unreachable, unsupported-runtime,
install-failed, timed-out, could-not-start, invalid-entry.`,
    )
    .exitOverride()
    .configureOutput({ writeErr: say });
  const stopped = parseArguments(program, dashDash === -1 ? args : args.slice(0, dashDash), 'user');
  if (stopped !== undefined) return stopped;
  const opts = program.opts<RunOptions>();
  const seed = opts.seed ?? randomSeed();
  say(`Seed: ${seed}\n`);
  try {
    if (opts.output) prepareOutput(opts.output, 'the board');
    const details = new Map<number, BoardDetail>();
    const source = listSource(program.args[0], opts);
    const given = givenValues(opts);
    const servers = await listOf(source, opts, given);
    // Each lint redacts its server's secrets; the board's own output (progress, causes, the page) does too.
    const ownFlags = new CommandLineSecrets();
    ownFlags.args(lintArgs);
    for (const { values } of given) for (const [name, value] of Object.entries(values)) ownFlags.env(name, value);
    redactAlso([...servers.flatMap((server) => server.redact), ...ownFlags.patterns()]);
    const outDir = opts.resume ?? opts.outDir;
    const board = await runBoard({
      file: source,
      servers,
      bin: script,
      seed,
      jobs: opts.jobs,
      shard: opts.shard,
      outDir,
      resume: opts.resume !== undefined,
      lintArgs,
      deadlineMs: opts.deadline,
      onProgress: opts.quiet ? undefined : (line) => say(`mcp-errlint: ${quote(line)}\n`),
    }, opts.format === 'html' ? details : undefined);
    if (outDir) writeFileSync(join(outDir, 'board.json'), safe(formatBoard(board, 'json'), 'json'));
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
export function mergeShards(args: string[]): number {
  const program = new Command()
    .name('mcp-errlint merge')
    .description('Merge the board.json of each shard (mcp-errlint scoreboard --shard i/n) into one ranked board.')
    .argument('<boards...>', 'board JSON files (scoreboard -f json, or board.json of --out-dir)')
    .addOption(new Option('-f, --format <format>', 'board format').choices([...BOARD_FORMATS]).default('stylish'))
    .option('-o, --output <file>', 'write the board to a file instead of stdout')
    .exitOverride()
    .configureOutput({ writeErr: say });
  const stopped = parseArguments(program, args, 'user');
  if (stopped !== undefined) return stopped;
  const opts = program.opts<{ format: (typeof BOARD_FORMATS)[number]; output?: string }>();
  try {
    const boards = program.args.map((file) => {
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as Board;
      } catch (error) {
        throw new UsageError(`${file}: cannot read the board: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    const merged = mergeBoards(boards);
    const written = writeBoard(merged, opts.format, opts.output, opts.format === 'html' ? reportsBeside(program.args, boards) : undefined);
    // A shard that never came: the board is written, and the run says what it lacks and fails.
    const missing = merged.servers - merged.rows.length;
    if (missing === 0 || written !== EXIT.ok) return written;
    say(`mcp-errlint: ${plural(missing, 'server')} of the ${merged.servers} on the list ${missing === 1 ? 'is' : 'are'} on none of these boards: a shard is missing\n`);
    return EXIT.findings;
  } catch (error) {
    say(`mcp-errlint: ${quote(error instanceof Error ? error.message : String(error))}\n`);
    return EXIT.cannotLint;
  }
}
