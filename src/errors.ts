// Errors that end a run before it can grade anything: the CLI turns each into one line on stderr and exit 2.

/** A problem with how the tool was called (flags, names, values). */
export class UsageError extends Error {}
