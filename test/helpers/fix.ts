// Test helper: what makes a rule's fix sentence well-formed (one imperative sentence a server author can act on).
/** The longest fix allowed: it is one line of a report. */
export const MAX_FIX_LENGTH = 200;

/** Why a fix is not one imperative sentence of at most 200 characters; none when it is. */
export function fixProblems(fix: string): string[] {
  const problems: string[] = [];
  if (fix.trim() === '') return ['empty'];
  if (fix.length > MAX_FIX_LENGTH) problems.push(`${fix.length} characters, over ${MAX_FIX_LENGTH}`);
  if (fix !== fix.trim() || /\n/.test(fix)) problems.push('surrounding space or a line break');
  if (!/^[A-Z]/.test(fix)) problems.push('does not start with a capital');
  if (!fix.endsWith('.')) problems.push('does not end with a full stop');
  // A full stop, ! or ? (after any closing quote or bracket), then a capital: a second sentence starts.
  if (/[.!?]["')\]]*\s+["'(]*[A-Z]/.test(fix)) problems.push('more than one sentence');
  // It says what to change, not what is wrong: a description opens with an article or a pronoun, an instruction with a verb.
  if (/^(The|A|An|This|These|It|Its|Your|There)\b/.test(fix)) problems.push('opens as a description, not an instruction');
  return problems;
}
