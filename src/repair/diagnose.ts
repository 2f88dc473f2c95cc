// TEMPORARY stub until the formats land (not committed).
import type { AnswerView, CallView, Diagnosis } from './diagnosis.js';
export function diagnose(answer: AnswerView, call: CallView): Diagnosis {
  const text = answer.texts.join('\n');
  const culprits = Object.keys((call.tool.inputSchema as any)?.properties ?? {}).filter((n) => new RegExp(`\\b${n}\\b`).test(text)).map((n) => ({ path: [n], problem: 'invalid' as const, evidence: n, format: 'prose' as const }));
  return { culprits, suggestedTools: call.toolNames.filter((t) => t !== call.requestedTool && text.includes(t)) };
}
