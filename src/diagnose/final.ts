// Does the answer say not to retry unchanged because the world refused, not the call's form (business or permission metadata, "needs approval", "not found")?
import type { AnswerView, CallView, Diagnosis } from './diagnosis.js';
import { clip } from './culprit.js';

/**
 * Conservative on purpose: a marker counts only in texts no validation format claimed and only when no argument was
 * located (then the answer is about the world); "not found", "does not exist" and "no such" do not count after an
 * unknown tool, where they speak of the tool's name.
 */
const REFUSAL = /\b(?:do not retry|don'?t retry|not retryable|should not be retried|(?:needs|requires|require|pending|awaiting) (?:\w+ )?approval|approval (?:is )?required|permission denied|forbidden|not allowed|not permitted|access denied|already exists|quota (?:has been )?exceeded|exceeded (?:your|the) quota|plan does not include|upgrade your plan|insufficient (?:funds|balance|credits)|(?:explicitly |please )?ask the user|do not (?:invent|guess|make up)|illegal operation on a directory|is a directory|not a directory|EISDIR|ENOTDIR|EACCES|EPERM)\b/i;
const ABSENT = /\b(?:not found|does not exist|doesn'?t exist|no such [\w-]+|no (?:\w+ ){1,2}(?:matching|matched|were found|was found)|no existe|nicht gefunden|existiert nicht|introuvable|n'existe pas|não encontrad[oa]|não existe|non trovat[oa])\b|не найден|找不到|不存在|未找到|見つかりません|存在しません/i;

/** What the structured metadata says: a business or permission category, or retryable false with nothing located. */
export function finalFromMetadata(answer: AnswerView, located: boolean): Diagnosis['final'] {
  const { metadata } = answer;
  if (metadata.category === 'business' || metadata.category === 'permission') {
    const f = metadata.fields.category!;
    return { evidence: clip(`${f.where}: ${JSON.stringify(f.value)}`) };
  }
  if (metadata.retryable === false && !located) {
    const f = metadata.fields.retryable!;
    return { evidence: clip(`${f.where}: ${JSON.stringify(f.value)}`) };
  }
  return undefined;
}

/** The stretch of `text` from 80 characters before `start` to 80 after `end`, cut at word boundaries. */
function around(text: string, start: number, end: number): string {
  const from = Math.max(0, start - 80);
  const to = Math.min(text.length, end + 80);
  const head = from === 0 ? from : text.slice(from, start).search(/\s/) + from;
  const tailSpace = to === text.length ? -1 : text.slice(end, to).search(/\s\S*$/);
  return text.slice(head < from ? from : head, tailSpace < 0 ? to : end + tailSpace).trim();
}

/** What the words say, in the texts given (those no validation format claimed). */
export function finalFromText(texts: readonly string[], call: CallView): Diagnosis['final'] {
  const unknownTool = !call.toolNames.includes(call.requestedTool);
  for (const text of texts) {
    const m = REFUSAL.exec(text) ?? (unknownTool ? null : ABSENT.exec(text));
    if (m) return { evidence: clip(around(text, m.index, m.index + m[0].length)) };
  }
  return undefined;
}
