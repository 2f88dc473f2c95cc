// Does an answer give an agent anything? What tells "not recoverable" (it gives nothing) from "undetermined" (it names
// something the agent could not turn into a call), and what recovery-hint passes on: one reading for both rules.
import { findExpectation, findNextStep } from '../matchers/phrases.js';
import { hasActionableMetadata } from '../matchers/metadata.js';
import { escapeRegExp } from '../util/regex.js';
import { isRecord } from '../util/guards.js';
import type { AnswerView, CallView, Diagnosis } from './diagnosis.js';
import { knownPaths, wordsOf } from './names.js';

/** Names that are also words for the whole call or the answer itself ("Invalid input", "an error"): a mention counts only quoted. */
const COMMON_WORDS = new Set(['input', 'inputs', 'argument', 'arguments', 'args', 'param', 'params', 'parameter', 'parameters', 'request', 'data', 'payload', 'body', 'value', 'values', 'option', 'options', 'field', 'fields', 'error', 'message', 'name', 'type', 'id', 'result', 'response', 'content', 'text', 'query', 'action', 'mode', 'path', 'key', 'tool']);

/** Quote marks of any script: a quoted name is a name whatever language surrounds it. */
const OPEN = `['"\`‘’“”«»‹›„‚「『〈《【（(]`;
const CLOSE = `['"\`‘’“”«»‹›“‘」』〉》】）)]`;

/** An instruction that only says to send the same call again: for a call the schema refuses, it gives nothing. */
const RETRY_ONLY = /^(?:retry|try)$/i;

/** Stack frames, in the runtimes whose traces end up in answers. */
const STACK_LINE = /^\s*(?:at\s.*|File\s+".*|.*\.\w+:\d+(?::\d+)?\)?)$/gm;

/** A crash names the code's own properties, not arguments: "destructure property 'email'", "(reading 'map')". */
const CRASH_PROPERTY = /(?:propert(?:y|ies)|reading|of)\s*$/i;

/** What an answer gives an agent: the kind of thing (the report's table of causes) and the instance, in words. */
export interface Guidance {
  cause: 'names an argument' | 'names a tool' | 'says the failure is final' | 'says the failure passes' | 'carries error metadata' | 'quotes a value sent' | 'states what is expected' | 'says what to do';
  detail: string;
}

/** What an answer gives an agent, or undefined when it gives nothing (generic, empty, "Internal error", a crash naming no argument). */
export function guidanceOf(answer: AnswerView, call: CallView, diagnosis: Diagnosis): Guidance | undefined {
  const first = diagnosis.culprits[0];
  if (first) return { cause: 'names an argument', detail: `names the argument '${first.path.join('.')}'` };
  if (diagnosis.suggestedTools.length > 0) return { cause: 'names a tool', detail: `names the tool '${diagnosis.suggestedTools[0]}'` };
  if (diagnosis.final) return { cause: 'says the failure is final', detail: 'says a retry cannot succeed' };
  if (diagnosis.transient) return { cause: 'says the failure passes', detail: 'says the failure passes' };
  if (hasActionableMetadata(answer.metadata) || answer.metadata.fields.field !== undefined || answer.metadata.fields.expected !== undefined) return { cause: 'carries error metadata', detail: 'carries error metadata' };
  // A stack frame's words ("at Object.use (…)") are the code's, not advice.
  const text = answer.texts.join('\n').replace(STACK_LINE, '');
  if (text.trim() === '') return undefined;
  const named = namedArgument(text, call);
  if (named) return { cause: 'names an argument', detail: `names the argument '${named}'` };
  const value = quotedValue(text, call);
  if (value) return { cause: 'quotes a value sent', detail: `quotes the value sent for '${value}'` };
  const tool = call.toolNames.find((n) => n !== call.requestedTool && n.length >= 3 && new RegExp(`(?<![\\w-])${escapeRegExp(n)}(?![\\w-])`).test(text));
  if (tool) return { cause: 'names a tool', detail: `names the tool '${tool}'` };
  const expectation = findExpectation(text);
  if (expectation) return { cause: 'states what is expected', detail: `says what a valid value looks like ("${expectation}")` };
  const step = findNextStep(text);
  if (step && !RETRY_ONLY.test(step)) return { cause: 'says what to do', detail: `says what to do ("${step}")` };
  return undefined;
}

/** A declared or sent argument the text names: quoted in any script, or (3 characters or more, not a common word) as a word or in words. */
function namedArgument(text: string, call: CallView): string | undefined {
  for (const path of knownPaths(call)) {
    const leaf = path[path.length - 1];
    if (/^\d+$/.test(leaf) || leaf.length > 80) continue;
    const quoted = new RegExp(`${OPEN}\\s?${escapeRegExp(leaf)}\\s?${CLOSE}`, 'g');
    for (const m of text.matchAll(quoted)) if (!CRASH_PROPERTY.test(text.slice(0, m.index))) return path.join('.');
    if (leaf.length < 3 || COMMON_WORDS.has(leaf.toLowerCase())) continue;
    const words = wordsOf(leaf).split(' ').map(escapeRegExp).join('[\\s_-]*');
    const bare = new RegExp(`(?<![\\w$-])(?:${escapeRegExp(leaf)}|${words})(?![\\w$-])`, 'i');
    if (bare.test(text) && !COMMON_WORDS.has(wordsOf(leaf))) return path.join('.');
  }
  return undefined;
}

/** The argument whose sent string value the text quotes (in any quote marks or parentheses), or echoes when it is long enough to be ours. */
function quotedValue(text: string, call: CallView): string | undefined {
  for (const [key, value] of Object.entries(isRecord(call.arguments) ? call.arguments : {})) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const v = String(value);
    if (v.trim() === '' || v.length > 200) continue;
    const quoted = new RegExp(`${OPEN}${escapeRegExp(v)}${CLOSE}`);
    const bare = v.length >= 6 && /\w/.test(v) ? new RegExp(`(?<![\\w])${escapeRegExp(v)}(?![\\w])`) : undefined;
    if (quoted.test(text) || bare?.test(text)) return key;
  }
  return undefined;
}
