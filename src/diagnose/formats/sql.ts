// A database's constraint error passed through verbatim: SQLite's "NOT NULL constraint failed: checkpoints.name",
// PostgreSQL's 'null value in column "name" … violates not-null constraint', MySQL's "Column 'name' cannot be null".
// The column is named, and a column named like an argument is that argument: missing when the call did not send it.
import type { CallView, Culprit, Problem } from '../diagnosis.js';
import type { FormatReader } from '../culprit.js';
import { culprit, readTexts } from '../culprit.js';
import { resolveMention } from '../names.js';

/** Each engine's message: the column it names (group 1) and what it says of it. */
const MESSAGES: { pattern: RegExp; problem: Problem }[] = [
  // SQLite: "NOT NULL constraint failed: table.column" (the column a value was needed for)
  { pattern: /\bNOT NULL constraint failed: (?:[\w$]+\.)?([\w$]+)/, problem: 'invalid' },
  { pattern: /\bUNIQUE constraint failed: (?:[\w$]+\.)?([\w$]+)/, problem: 'invalid' },
  // PostgreSQL: null value in column "name" of relation "t" violates not-null constraint
  { pattern: /\bnull value in column "([^"]+)"[^\n]*violates not-null constraint/, problem: 'invalid' },
  { pattern: /\binvalid input syntax for type \w+(?: \w+)?: "[^"]*"[^\n]*?column "([^"]+)"/, problem: 'type' },
  // MySQL / MariaDB
  { pattern: /\bColumn '([^']+)' cannot be null/, problem: 'invalid' },
  { pattern: /\bData too long for column '([^']+)'/, problem: 'length' },
  { pattern: /\bIncorrect \w+ value: '[^']*' for column '([^']+)'/, problem: 'type' },
];

function read(text: string, call: CallView): Culprit[] | undefined {
  for (const { pattern, problem } of MESSAGES) {
    const m = pattern.exec(text);
    if (!m) continue;
    // A column no argument is named like is left to the other readers.
    const path = resolveMention(m[1], call);
    return path ? [culprit(call, 'sql', path, problem, m[0])] : undefined;
  }
  return undefined;
}

export const sqlReader: FormatReader = {
  format: 'sql',
  read(answer, call) {
    return readTexts(answer.texts, (text) => read(text, call));
  },
};
