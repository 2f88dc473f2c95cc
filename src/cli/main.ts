// The bin's entry: the subcommand chosen from the first argument, bare words refused, and what stopped a lint said on stderr with exit 2.
import type { Command } from 'commander';
import { ConfigError } from '../config/load.js';
import { AuthorizationError, UsageError } from '../errors.js';
import { Interrupted } from '../interrupt.js';
import { EXIT, signalExitCode } from '../report/gate.js';
import { SessionStartError } from '../session/session.js';
import { closest } from '../util/suggest.js';
import { CommandLineSecrets, shellWord } from '../target/command-secrets.js';
import { parseArguments } from './flags.js';
import { lintProgram, runLint, type LintCommandOptions } from './lint.js';
import { quote, say } from './output.js';
import { listRules } from './rules.js';
import { mergeShards, scoreboard } from './scoreboard.js';

export { EXIT };

const COMMANDS = ['lint', 'rules', 'scoreboard', 'merge'];

export async function main(argv: string[] = process.argv): Promise<number> {
  // `mcp-errlint help [command]`: the command's --help (the lint's when none is named).
  if (argv[2] === 'help') {
    const command = argv[3] ?? 'lint';
    if (!COMMANDS.includes(command)) {
      const near = closest(command, COMMANDS);
      say(`mcp-errlint: no command '${quote(command)}' to help with${near ? ` (did you mean '${near}'?)` : ''}; the commands are ${COMMANDS.join(', ')}\n`);
      return EXIT.cannotLint;
    }
    return main([argv[0], argv[1], ...(command === 'lint' ? [] : [command]), '--help']);
  }
  // Only as the first argument: `mcp-errlint -- rules` lints a server command named rules.
  if (argv[2] === 'rules') return listRules(argv.slice(3));
  if (argv[2] === 'scoreboard') return scoreboard(argv.slice(3), argv[1]);
  if (argv[2] === 'merge') return mergeShards(argv.slice(3));
  const program = lintProgram();
  program.configureOutput({ writeErr: say });
  // A bare word is never run as a server: before commander reads the server's own flags as ours (`sh -c …`).
  const bare = firstBareWord(argv.slice(2), program);
  if (bare !== undefined) {
    say(`mcp-errlint: ${quote(bareWordMessage(argv.slice(2), bare))}\n`);
    return EXIT.cannotLint;
  }
  const stopped = parseArguments(program, argv, 'node'); // help and --version exit 0; bad flags exit 2
  if (stopped !== undefined) return stopped;
  try {
    return await runLint(program.opts<LintCommandOptions>(), program.args, argv[1]);
  } catch (error) {
    return couldNotLint(error);
  }
}

/** Why a lint stopped before any report, on stderr; the exit code (2, or a signal's). */
function couldNotLint(error: unknown): number {
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
  if (error instanceof AuthorizationError) {
    say(`mcp-errlint: could not lint: OAuth: ${quote(error.message)}\n`);
    return EXIT.cannotLint;
  }
  if (error instanceof SessionStartError) {
    say(`mcp-errlint: could not lint: ${error.message}\n`); // may quote several stderr lines: say() keeps newlines, neutralises the rest
    return EXIT.cannotLint;
  }
  say(`mcp-errlint: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return EXIT.cannotLint;
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
  // Secrets in it are read from the environment, as in a replay: the fix is on stderr, often in a CI log.
  const fixed = ['mcp-errlint', ...new CommandLineSecrets().args([...args.slice(0, at), '--', ...args.slice(at)])].map(shellWord).join(' ');
  return `unknown command '${word}'${rules}; to lint a server, put its command after --: ${fixed}`;
}
