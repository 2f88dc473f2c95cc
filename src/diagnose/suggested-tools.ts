// The tools an answer offers instead of the one asked for: "Available tools: a, b", "did you mean 'x'?", a list of names in error.data.
import { isRecord } from '../util/guards.js';
import { escapeRegExp } from '../util/regex.js';
import type { AnswerView, CallView } from './diagnosis.js';

/** Where a text offers tools: a list after "available tools:", or a name after "did you mean", "use", "call", "try". */
const LIST = /\b(?:available|valid|known|existing|registered|supported|other) tools?(?: (?:are|include))?\s*:\s*([^\n]*)/gi;
const HINT = /\b(?:did you mean|use|call|try|instead use|perhaps)\b[^\n.?!]{0,60}/gi;

/** Does `name` stand as a whole tool name in `text` (not inside a longer identifier)? */
function names(text: string, name: string): boolean {
  return new RegExp(`(?<![\\w./-])${escapeRegExp(name)}(?![\\w/-]|\\.\\w)`).test(text);
}

/** Does `name` stand in `text` inside quotes or backticks (of any script: 「list_tasks」, « x »)? */
function quoted(text: string, name: string): boolean {
  return new RegExp(`['"\`‘“「『«‹„]\\s?${escapeRegExp(name)}\\s?['"\`’”」』»›“]`).test(text);
}

/** A word for "tool" in the languages servers answer in, near a name: "the 「list_tasks」 tool", "工具「x」". */
const TOOL_WORD = /\btools?\b|工具|ツール|herramienta|Werkzeug|outil|ferramenta|strumento|инструмент/i;

/** Every string a schema allows as a value (enum, const, examples), a few levels deep: a name among them may be a value, not an offer. */
function schemaStrings(schema: unknown, depth = 0, out = new Set<string>()): Set<string> {
  if (depth > 6 || !isRecord(schema)) return out;
  for (const key of ['enum', 'examples']) if (Array.isArray(schema[key])) for (const v of schema[key] as unknown[]) if (typeof v === 'string') out.add(v);
  if (typeof schema.const === 'string') out.add(schema.const);
  for (const v of Object.values(schema)) {
    if (isRecord(v)) schemaStrings(v, depth + 1, out);
    else if (Array.isArray(v)) for (const item of v) schemaStrings(item, depth + 1, out);
  }
  return out;
}

/** Every string in a structured value, with the key it sits under and whether it is an item of a list. */
function* strings(value: unknown, key = '', depth = 0): Generator<{ key: string; value: string; inList: boolean }> {
  if (depth > 4) return;
  if (typeof value === 'string') {
    yield { key, value, inList: false };
  } else if (Array.isArray(value)) {
    for (const item of value.slice(0, 200)) {
      if (typeof item === 'string') yield { key, value: item, inList: true };
      else yield* strings(item, key, depth + 1);
    }
  } else if (isRecord(value)) {
    for (const [k, v] of Object.entries(value)) yield* strings(v, k, depth + 1);
  }
}

/** Tool names from `call.toolNames` (never the one asked for) that the answer offers, in the order it offers them; `texts` are those no validation format claimed. */
export function suggestedTools(answer: AnswerView, call: CallView, texts: readonly string[] = answer.texts): string[] {
  const candidates = call.toolNames.filter((n) => n !== call.requestedTool && n.trim() !== '');
  // After an unknown tool any quoted tool name is an offer; after a known one only a hint or a list is (a quoted enum value may share a tool's name).
  const unknownTool = !call.toolNames.includes(call.requestedTool);
  const found: { name: string; at: number }[] = [];
  const offer = (name: string, at: number) => found.push({ name, at });
  const values = schemaStrings(call.tool.inputSchema);
  texts.forEach((text, t) => {
    const contexts = [...text.matchAll(LIST), ...text.matchAll(HINT)].map((m) => m[0]);
    for (const name of candidates) {
      const i = text.indexOf(name);
      if (i < 0 || !names(text, name)) continue;
      // A listed tool quoted beside a word for "tool", in any language, that is no value the schema allows, is an offer.
      const near = text.slice(Math.max(0, i - 24), i + name.length + 24);
      if ((unknownTool && quoted(text, name)) || contexts.some((c) => names(c, name)) || (quoted(text, name) && TOOL_WORD.test(near) && !values.has(name))) offer(name, t * 1e6 + i);
    }
  });
  answer.structured.forEach((root, r) => {
    for (const s of strings(root)) {
      if (!candidates.includes(s.value)) continue;
      if (s.inList || /suggest|mean|alternative|tool|instead/i.test(s.key)) offer(s.value, 1e9 + r);
    }
  });
  return [...new Set(found.sort((a, b) => a.at - b.at).map((f) => f.name))];
}
