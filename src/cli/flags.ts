// What the subcommands share in reading their arguments: value parsers for numbers and durations, and commander's stops as exit codes.
import { Command, CommanderError } from 'commander';
import { UsageError } from '../errors.js';
import { EXIT } from '../report/gate.js';
import { duration as durationSetting, integer as integerSetting } from '../config/settings.js';
import { quote, say } from './output.js';

/** A flag's integer ≥ `min`; a value that is none is refused as every setting is (config/settings.ts). */
export function integer(name: string, min: number): (value: string) => number {
  return integerSetting(name, min).parse;
}

/** A flag's duration (90s, 10m, 1h; a bare number is seconds) in milliseconds. */
export function duration(name: string): (value: string) => number {
  return durationSetting(name).parse;
}

/**
 * Parse a command's arguments (a program built with exitOverride); undefined when it may go on, else the exit code
 * commander's stop means: help and --version exit 0, a bad flag or argument 2 (commander, or the value's refusal, has said why).
 */
export function parseArguments(program: Command, args: string[], from: 'node' | 'user'): number | undefined {
  try {
    program.parse(args, { from });
    return undefined;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.cannotLint;
    if (error instanceof UsageError) {
      say(`mcp-errlint: ${quote(error.message)}\n`);
      return EXIT.cannotLint;
    }
    throw error;
  }
}
