// Zod 3: issue arrays ({code, expected, received, path, message}) in error.data or written into a text, flatten()'s fieldErrors, and its bare messages.
import { isRecord } from '../../util/guards.js';
import type { AnswerFormat, AnswerView, CallView, Culprit } from '../diagnosis.js';
import type { FormatReader, Reading } from '../culprit.js';
import { culprit } from '../culprit.js';
import { embeddedJson } from '../embedded-json.js';
import { byTypeMismatch, byValue } from '../locate.js';
import { resolveMention, resolveNearest, resolvePath } from '../names.js';
import type { ZodReading, ZodVersion } from './zod-issues.js';
import { readZodIssue, readZodMessage, zodIssuesIn, zodIssuesInTexts } from './zod-issues.js';

/** The culprits one zod issue names (several for unrecognized keys). */
export function issueCulprits(issue: Record<string, unknown>, call: CallView, format: AnswerFormat): Culprit[] {
  const read = readZodIssue(issue);
  const segments = (issue.path as unknown[]).filter((s): s is string | number => typeof s === 'string' || typeof s === 'number');
  const evidence = JSON.stringify(issue);
  if (read.problem === 'unexpected') {
    return (read.keys ?? []).flatMap((key) => {
      const path = resolvePath([...segments, key], call);
      return path ? [culprit(call, format, path, 'unexpected', evidence)] : [];
    });
  }
  const at = segments.length > 0 ? resolveNearest(segments, call) : undefined;
  if (at !== undefined) return [at.exact ? culprit(call, format, at.path, read.problem, evidence, read.expected) : culprit(call, format, at.path, 'invalid', evidence)];
  // A root issue: located only by a value it quotes or a mismatch one argument alone has.
  return unlocated(read, call, format, evidence);
}

/** A message with no path: the argument whose sent value it quotes, or the one sent argument of the type it received. */
export function unlocated(read: ZodReading, call: CallView, format: AnswerFormat, evidence: string): Culprit[] {
  const path =
    (read.receivedValue !== undefined ? byValue(call, read.receivedValue) : undefined) ??
    (read.problem === 'type' && read.received !== undefined && read.received !== 'undefined' ? byTypeMismatch(call, { expected: read.expected.type, received: read.received }) : undefined);
  return path ? [culprit(call, format, path, read.problem, evidence, read.expected)] : [];
}

/** Culprits from zod issues of one major version, found in structured parts and in texts. */
export function readIssues(answer: AnswerView, call: CallView, version: ZodVersion, format: AnswerFormat): Reading {
  const culprits: Culprit[] = [];
  const claimed = new Set<number>();
  for (const root of answer.structured) for (const { issue, version: v } of zodIssuesIn(root)) if (v === version) culprits.push(...issueCulprits(issue, call, format));
  for (const { issue, version: v, text } of zodIssuesInTexts(answer.texts)) {
    if (v !== version) continue;
    claimed.add(text);
    culprits.push(...issueCulprits(issue, call, format));
  }
  return { culprits, claimed: [...claimed] };
}

/** flatten()'s {formErrors, fieldErrors: {name: [messages]}}, as a structured part or written into a text. */
function flattened(answer: AnswerView, call: CallView): Reading {
  const culprits: Culprit[] = [];
  const claimed: number[] = [];
  const visit = (value: unknown, text?: number) => {
    if (!isRecord(value) || !isRecord(value.fieldErrors)) return;
    if (text !== undefined) claimed.push(text);
    for (const [field, messages] of Object.entries(value.fieldErrors)) {
      const path = resolveMention(field, call);
      const first = Array.isArray(messages) ? messages.find((m): m is string => typeof m === 'string') : undefined;
      if (!path || first === undefined) continue;
      const read = readZodMessage(first);
      culprits.push(culprit(call, 'zod-v3', path, read.problem, `${field}: ${first}`, read.expected));
    }
  };
  answer.structured.forEach((v) => visit(v));
  answer.texts.forEach((t, i) => t.includes('fieldErrors') && embeddedJson(t).forEach((v) => visit(v, i)));
  return { culprits, claimed };
}

/** zod 3's own words with no path: "Expected number, received string", "Invalid enum value. Expected 'a' | 'b', received 'c'". */
const BARE_V3 = /(?<!Invalid input: )\b(Expected [a-z]+, received [a-z]+|Invalid enum value\. Expected .+?, received '[^'\n]*')(?! at )/;

export const zodV3Reader: FormatReader = {
  format: 'zod-v3',
  read(answer, call) {
    const issues = readIssues(answer, call, 3, 'zod-v3');
    const flat = flattened(answer, call);
    const culprits = [...issues.culprits, ...flat.culprits];
    const claimed = new Set([...issues.claimed, ...flat.claimed]);
    answer.texts.forEach((text, i) => {
      if (claimed.has(i) || /\bInvalid arguments for tool\b/.test(text)) return;
      const m = BARE_V3.exec(text);
      if (!m) return;
      claimed.add(i);
      culprits.push(...unlocated(readZodMessage(m[1]), call, 'zod-v3', m[0]));
    });
    return { culprits, claimed: [...claimed] };
  },
};
