// What a format reader hands back, and the one way a culprit is made: evidence clipped, "missing" when nothing was sent there.
import type { AnswerFormat, AnswerView, CallView, Culprit, Problem } from './diagnosis.js';
import { sentAt } from './names.js';

/** What one format understood of an answer. */
export interface Reading {
  culprits: Culprit[];
  /** Indices of answer.texts this format recognised as its own: the prose reader and the final markers leave them alone. */
  claimed: number[];
}

/** A reader of one answer format (see FORMATS). */
export interface FormatReader {
  format: AnswerFormat;
  read(answer: AnswerView, call: CallView): Reading;
}

export const NOTHING: Reading = { culprits: [], claimed: [] };

/** A format read text by text: `readText` gives a text's culprits when the text is in the format (claimed), else undefined. */
export function readTexts(texts: readonly string[], readText: (text: string) => Culprit[] | undefined): Reading {
  const reading: Reading = { culprits: [], claimed: [] };
  texts.forEach((text, i) => {
    const culprits = readText(text);
    if (culprits === undefined) return;
    reading.claimed.push(i);
    reading.culprits.push(...culprits);
  });
  return reading;
}

const MAX_EVIDENCE = 200;

/** A stretch of the answer, on one line and at most 200 characters. */
export function clip(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length <= MAX_EVIDENCE ? one : `${one.slice(0, MAX_EVIDENCE - 1)}…`;
}

/** Drop the keys of `expected` that say nothing; undefined when none is left. */
function tidy(expected: Culprit['expected']): Culprit['expected'] {
  if (expected === undefined) return undefined;
  const out = Object.fromEntries(Object.entries(expected).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)));
  return Object.keys(out).length > 0 ? (out as Culprit['expected']) : undefined;
}

/**
 * A culprit at `path`. The answer spoke of a value the call never sent (zod's "expected string, received undefined",
 * an enum message for an absent field): that argument is missing, whatever words the format used.
 */
export function culprit(call: CallView, format: AnswerFormat, path: string[], problem: Problem, evidence: string, expected?: Culprit['expected']): Culprit {
  const said = problem !== 'unexpected' && !sentAt(call, path).sent ? 'missing' : problem;
  const tidied = tidy(expected);
  return { path, problem: said, ...(tidied ? { expected: tidied } : {}), evidence: clip(evidence), format };
}

/** How much a culprit says: a named problem beats "invalid", then each expected key counts. */
export function specificity(c: Culprit): number {
  return (c.problem === 'invalid' ? 0 : 10) + Object.keys(c.expected ?? {}).length;
}
