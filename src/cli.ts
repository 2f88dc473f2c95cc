// The command line: parse flags, run one lint, write the report, and set the exit code of rulebook §8.
import { writeFileSync } from 'node:fs';
import { Command, InvalidArgumentError, Option, CommanderError } from 'commander';
import { lint, DEFAULTS, randomSeed, type LintOptions } from './lint.js';
import { SessionStartError } from './session/session.js';
import { UsageError } from './errors.js';
import { PROBE_KINDS, PROTOCOL_VERSIONS, type ProbeKind, type RuleLevel, type Severity } from './types.js';
import { RULES } from '../rules/index.js';
import { formatStylish } from './report/stylish.js';
import { formatJson } from './report/json.js';
import type { Report } from './report/model.js';
import { SEVERITY_RANK } from './score/score.js';
import { TOOL_VERSION } from './version.js';

export const EXIT = { ok: 0, findings: 1, cannotLint: 2 } as const;

const FORMATS = ['stylish', 'json'] as const;
type Format = (typeof FORMATS)[number];


function integer(name: string, min: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`${name} must be an integer ≥ ${min}.`);
    return n;
  };
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, ...value.split(',').map((v) => v.trim()).filter(Boolean)];
}

function buildProgram(): Command {
  return new Command()
    .name('mcp-errlint')
    .description('Probe a live MCP server with schema-derived edge cases and grade whether its errors help an AI agent recover.')
    .usage('[options] -- <server command> [args...]')
    .version(TOOL_VERSION, '-V, --version')
    .argument('[command...]', 'the stdio server to lint, after --')
    .option('--seed <n>', 'seed for every generated input (printed on stderr as "Seed: N")', integer('--seed', 0))
    .option('--runs <n>', 'random inputs per probe kind per tool, after the enumerated cases', integer('--runs', 0), DEFAULTS.runs)
    .option('--timeout <ms>', 'per-call timeout in milliseconds', integer('--timeout', 1), DEFAULTS.timeoutMs)
    .addOption(new Option('--protocol-version <version>', 'pin a protocol version instead of negotiating the newest').choices([...PROTOCOL_VERSIONS]))
    .addOption(new Option('--profile <name>', 'rule profile').choices(['recommended', 'strict']).default('recommended'))
    .option('--rule <id=level>', 'set a rule to off|note|warning|error (repeatable)', collect)
    .option('--probe <kinds>', `run only these probe kinds (repeatable, comma-separated): ${PROBE_KINDS.join(', ')}`, collect)
    .option('--tool <names>', 'probe only these tools (repeatable, comma-separated)', collect)
    .option('--path <path>', 'replay one input: the fast-check path from a finding (needs one --tool and one --probe)')
    .option('--allow-writes', 'also send schema-valid inputs to tools that are not readOnlyHint', false)
    .option('--allow-destructive', 'also probe tools whose destructiveHint is (or defaults to) true', false)
    .option('--dry-run', 'print the plan (tools × probes) and call no tool', false)
    .addOption(new Option('-f, --format <format>', 'report format on stdout (or in --output)').choices([...FORMATS]).default('stylish'))
    .option('-o, --output <file>', 'write the report to a file instead of stdout')
    .addOption(new Option('--fail-on <severity>', 'exit 1 on findings at or above this severity').choices(['error', 'warning', 'note', 'never']).default('error'))
    .option('--min-score <n>', 'exit 1 when the score is below this', (v) => {
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0 || n > 100) throw new InvalidArgumentError('--min-score must be a number from 0 to 100.');
      return n;
    }, 0)
    .option('-q, --quiet', 'no progress on stderr', false)
    .option('--color', 'force colour in the stylish report')
    .option('--no-color', 'never use colour')
    .addHelpText('after', `
Exit codes: 0 nothing at or above --fail-on and score ≥ --min-score; 1 findings or score below; 2 could not lint.

Examples:
  mcp-errlint -- node dist/server.js
  mcp-errlint --format json -o errlint.json -- npx -y @modelcontextprotocol/server-memory
  mcp-errlint --seed 7 --tool lookup_user --probe wrong-type --path 3 -- node server.js`)
    .showSuggestionAfterError()
    .exitOverride();
}

interface ParsedOptions {
  seed?: number;
  runs: number;
  timeout: number;
  protocolVersion?: string;
  profile: 'recommended' | 'strict';
  rule?: string[];
  probe?: string[];
  tool?: string[];
  path?: string;
  allowWrites: boolean;
  allowDestructive: boolean;
  dryRun: boolean;
  format: Format;
  output?: string;
  failOn: Severity | 'never';
  minScore: number;
  quiet: boolean;
  color?: boolean;
}

function toLintOptions(command: string[], opts: ParsedOptions, seed: number): LintOptions {
  if (command.length === 0) throw new UsageError('no server to lint: give its command after --, e.g. mcp-errlint -- node server.js');
  const probes = opts.probe?.map((kind) => {
    if (!(PROBE_KINDS as readonly string[]).includes(kind)) throw new UsageError(`unknown probe kind '${kind}' (known: ${PROBE_KINDS.join(', ')})`);
    return kind as ProbeKind;
  });
  const rules: Record<string, RuleLevel> = {};
  for (const entry of opts.rule ?? []) {
    const match = /^([a-z0-9-]+)=(off|note|warning|error)$/.exec(entry);
    if (!match) throw new UsageError(`--rule expects <id>=<off|note|warning|error>, got '${entry}'`);
    if (!RULES.some((r) => r.meta.id === match[1])) throw new UsageError(`unknown rule id '${match[1]}' (see the rule list in --help of the README)`);
    rules[match[1]] = match[2] as RuleLevel;
  }
  let replay: LintOptions['replay'];
  if (opts.path !== undefined) {
    if (opts.tool?.length !== 1 || probes?.length !== 1) throw new UsageError('--path replays one input: give exactly one --tool and one --probe with it');
    replay = { tool: opts.tool[0], probe: probes[0], path: opts.path };
  }
  return {
    target: { command: command[0], args: command.slice(1) },
    protocolVersion: opts.protocolVersion,
    timeoutMs: opts.timeout,
    seed,
    runs: opts.runs,
    profile: opts.profile,
    allowWrites: opts.allowWrites,
    allowDestructive: opts.allowDestructive,
    probes,
    tools: replay ? undefined : opts.tool,
    rules,
    replay,
    failOn: opts.failOn,
    minScore: opts.minScore,
  };
}

/** Exit code for a finished lint: the gate is findings at or above --fail-on, and the score against --min-score. */
export function exitCodeFor(report: Report): number {
  const { failOn, minScore } = report.settings;
  const failing = failOn !== 'never' && report.findings.some((f) => SEVERITY_RANK[f.severity] >= SEVERITY_RANK[failOn]);
  return failing || report.score.score < minScore ? EXIT.findings : EXIT.ok;
}

function useColor(opts: ParsedOptions, stream: NodeJS.WriteStream): boolean {
  if (opts.color === false) return false;
  if (process.env.FORCE_COLOR !== undefined && process.env.FORCE_COLOR !== '0') return true;
  if (opts.color === true) return true;
  if (process.env.NO_COLOR) return false;
  return Boolean(stream.isTTY);
}

export async function main(argv: string[] = process.argv): Promise<number> {
  const program = buildProgram();
  program.configureOutput({ writeErr: (text) => process.stderr.write(text) });
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

  const seed = opts.seed ?? randomSeed();
  process.stderr.write(`Seed: ${seed}\n`);
  const progress = !opts.quiet && process.stderr.isTTY;
  try {
    const options = toLintOptions(command, opts, seed);
    if (opts.dryRun) return await dryRun(options);
    if (progress) {
      options.onProgress = ({ done, total, tool, probe }) =>
        process.stderr.write(`\r\u001b[K[${done + 1}/${total}] ${tool} · ${probe}`.slice(0, (process.stderr.columns || 80) + 4));
    }
    const report = await lint(options);
    if (progress) process.stderr.write('\r\u001b[K');
    const text = opts.format === 'json' ? formatJson(report) : formatStylish(report, { color: !opts.output && useColor(opts, process.stdout) });
    if (opts.output) writeFileSync(opts.output, text);
    else process.stdout.write(text);
    return exitCodeFor(report);
  } catch (error) {
    if (progress) process.stderr.write('\r\u001b[K');
    if (error instanceof UsageError) {
      process.stderr.write(`mcp-errlint: ${error.message}\n`);
      return EXIT.cannotLint;
    }
    if (error instanceof SessionStartError) {
      process.stderr.write(`mcp-errlint: could not lint: ${error.message}\n`);
      return EXIT.cannotLint;
    }
    process.stderr.write(`mcp-errlint: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return EXIT.cannotLint;
  }
}

async function dryRun(options: LintOptions): Promise<number> {
  const { planRun } = await import('./plan.js');
  process.stdout.write(await planRun(options));
  return EXIT.ok;
}
