// Errors that end a run before it can grade anything: the CLI turns each into one line on stderr and exit 2.

/** A problem with how the tool was called (flags, names, values). */
export class UsageError extends Error {}

/** A config that cannot be used: one line per problem, each starting with the file name. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** The server's authorization server could not be found, or refused the token request (one line, no secret in it). */
export class AuthorizationError extends Error {}
