// The classes of a board row that has no grade: why a server was not linted, in one word a sweep can count. A class is
// never a grade: its row is unranked, and counted apart from the graded ones.

export const BOARD_CLASSES = ['needs-config', 'needs-auth', 'unreachable', 'unsupported-runtime', 'install-failed', 'timed-out', 'could-not-start', 'invalid-entry'] as const;
export type BoardClass = (typeof BOARD_CLASSES)[number];

/** How many rows are graded, how many were cut short (linted in part: a partial score, no grade), and how many carry each class. */
export interface BoardCounts {
  graded: number;
  incomplete: number;
  classes: Record<BoardClass, number>;
}

/** What a launcher prints when the package it was asked for could not be installed (a name or version that is not there, a failed download). */
const INSTALL_FAILED: Record<string, RegExp> = {
  npx: /\bnpm (?:error|ERR!)|\bE404\b|\bETARGET\b|No matching version/,
  uvx: /No solution found|Failed to (?:download|fetch)|not found in the package registry|there is no version of/,
  dnx: /\bNU110[12]\b|Unable to find package/,
  docker: /Unable to find image|pull access denied|manifest unknown|repository does not exist/,
};

/** The class of a lint that wrote no report, from its cause (the lint's last words) and how it ended. */
export function classOf(cause: string, exitCode: number, launcher?: string): BoardClass {
  if (exitCode >= 128 || /deadline .*was reached|no MCP handshake .*within/.test(cause)) return 'timed-out';
  if (/could not reach|\b(?:ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN)\b/.test(cause)) return 'unreachable';
  if (launcher !== undefined && INSTALL_FAILED[launcher]?.test(cause)) return 'install-failed';
  return 'could-not-start';
}

export function countsOf(rows: ReadonlyArray<{ grade: string | null; class?: BoardClass }>): BoardCounts {
  const classes = Object.fromEntries(BOARD_CLASSES.map((c) => [c, 0])) as Record<BoardClass, number>;
  let graded = 0;
  let incomplete = 0;
  for (const row of rows) {
    if (row.class) classes[row.class]++;
    else if (row.grade === 'incomplete') incomplete++;
    else if (row.grade !== null) graded++;
  }
  return { graded, incomplete, classes };
}

/** `3 graded · 2 incomplete · 1 needs-config · 1 timed-out`: the graded rows, and the others that occur. */
export function countsLine(counts: BoardCounts): string {
  return [`${counts.graded} graded`, ...(counts.incomplete > 0 ? [`${counts.incomplete} incomplete`] : []), ...BOARD_CLASSES.filter((c) => counts.classes[c] > 0).map((c) => `${counts.classes[c]} ${c}`)].join(' · ');
}
