// What the subcommands share in reading their arguments: value parsers for numbers and durations, and commander's stops as exit codes.
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { parseDuration } from '../interrupt.js';
import { EXIT } from '../report/gate.js';

export function integer(name: string, min: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`${name} must be an integer ≥ ${min}.`);
    return n;
  };
}

export function duration(name: string) {
  return (value: string): number => {
    const ms = parseDuration(value);
    if (ms === undefined) throw new InvalidArgumentError(`${name} must be a positive duration such as 90s, 10m or 1h (a bare number is seconds).`);
    return ms;
  };
}

/**
 * Parse a command's arguments (a program built with exitOverride); undefined when it may go on, else the exit code
 * commander's stop means: help and --version exit 0, a bad flag or argument 2 (commander has said why).
 */
export function parseArguments(program: Command, args: string[], from: 'node' | 'user'): number | undefined {
  try {
    program.parse(args, { from });
    return undefined;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.cannotLint;
    throw error;
  }
}
