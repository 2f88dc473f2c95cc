// Does an answer give an agent anything? One reading for both recovery rules: recovery-hint fails an answer that gives
// nothing, and the repair agent tells "not recoverable" (it gives nothing) from "undetermined" (it names something the
// agent could not turn into a call) by it.
import type { Exchange } from '../exchange.js';
import { expectations, nextSteps } from '../matchers/phrases.js';
import { hasActionableMetadata, type MetadataOptions } from '../matchers/metadata.js';
import { escapeRegExp } from '../util/regex.js';
import { isRecord } from '../util/guards.js';
import type { AnswerView, CallView, Diagnosis } from './diagnosis.js';
import { diagnose } from './diagnose.js';
import { knownPaths, lastWordOf, looseSpelling, sentValues, wordsOf } from './names.js';
import { answerView, callView } from './view.js';

/** What an answer gives an agent: the kind of thing (the report's table of causes) and the instance, in words. */
export interface Guidance {
  cause: 'names an argument' | 'names a tool' | 'says the failure is final' | 'says the failure passes' | 'carries error metadata' | 'quotes a value sent' | 'states what is expected' | 'says what to do';
  detail: string;
  /** The argument it names or whose value it quotes, when it names one the call sent or the tool declares. */
  path?: string[];
}

/** An answer already read by the agent: its view, the call it answers and the diagnosis (else they are worked out here, the diagnosis last). */
export interface AnswerRead {
  view: AnswerView;
  call: CallView;
  diagnosis: Diagnosis;
}

/** Names that are also words for the call, the answer or a value ("Invalid input", "request type"): outside quotes they name nothing. */
const COMMON_WORDS = new Set(['input', 'inputs', 'argument', 'arguments', 'args', 'param', 'params', 'parameter', 'parameters', 'request', 'data', 'payload', 'body', 'value', 'values', 'option', 'options', 'field', 'fields', 'error', 'message', 'name', 'type', 'id', 'result', 'response', 'content', 'text', 'action', 'mode', 'key', 'tool', 'format', 'status', 'state']);

/** Quote marks of any script: a quoted name is a name whatever language surrounds it. */
const OPEN = `['"\`‘’“”«»‹›„‚「『〈《【（(]`;
const CLOSE = `['"\`‘’“”«»‹›“‘」』〉》】）)]`;

/** A crash names the code's own properties, not arguments: "destructure property 'email'", "(reading 'map')" (the prose reader locates a declared one the call left out). */
const CRASH_QUOTE = new RegExp(`\\b(?:propert(?:y|ies)|reading)\\s*${OPEN}[^'"\`‘’“”«»‹›„‚「」『』\\n]*${CLOSE}`, 'gi');

/** Stack frames, in the runtimes whose traces end up in answers: their words ("at Object.use (…)") are the code's, not advice. */
const STACK_LINE = /^\s*(?:at\s.*|File\s+".*|.*\.\w+:\d+(?::\d+)?\)?)$/gm;

/** An example marker, or "format (e.g. …)", alone: boilerplate that states no expectation of this call ("sending data in the wrong format (e.g., string instead of object)"). */
const EXAMPLE_ONLY = /^(?:e\.g\.|for example|format\s*\(\s*(?:e\.g\.|for example))/i;

/** Instructions that only say to look again or send the same call again: they give nothing to change. */
const VAGUE_STEP = /^(?:retry|try|check|verify|ensure|make sure|see|fix|correct|update)$/i;

/** A check of something besides the call: "Check if Reddit is blocked in your region/network", "Verify that the Docker daemon is running". */
const CHECK = /\b(?:check|verify|ensure|make sure)\b\s+([^.!?;\n]{1,100})/gi;
/** Words a check may hold and still be about the call or nothing ("check your input and try again", "make sure the arguments are correct"). */
const SAYS_NOTHING_TO_CHECK = new Set(
  'the a an your you my our its their this that these those it them if whether what which how there here is are was were be been being has have had do does did can could not no so as at by and or then please all any each for of in on with to from again try retry exists exist works work working ok okay fine set up correct correctly valid properly right provided sent passed given input inputs argument arguments args param params parameter parameters request requests value values data payload body field fields option options format spelling syntax call tool tools schema error errors message details more information info logs log documentation docs server'.split(' '),
);

/** The check an answer asks for of something besides the call (an agent can do it, or tell its user), or undefined. */
function concreteCheck(text: string): string | undefined {
  for (const m of text.matchAll(CHECK)) {
    const words = m[1].toLowerCase().match(/\p{L}[\p{L}'-]*/gu) ?? [];
    if (words.some((w) => !SAYS_NOTHING_TO_CHECK.has(w))) return m[0].trim().slice(0, 80);
  }
  return undefined;
}

/**
 * What an answer gives an agent, or undefined when it gives nothing (generic, empty, "Internal error", a crash naming no
 * argument). `aimedAt`: the arguments the probe broke, whose bare name counts as a mention (recovery-hint knows what it
 * probed; the agent does not, and reads only what a client shows).
 */
export function guidanceOf(exchange: Exchange, toolNames: readonly string[], metadata: MetadataOptions | undefined, read?: AnswerRead, aimedAt: readonly string[] = []): Guidance | undefined {
  const view = read?.view ?? answerView(exchange, metadata);
  const call = read?.call ?? callViewOf(exchange, toolNames);
  if (hasActionableMetadata(view.metadata) || view.metadata.fields.field !== undefined || view.metadata.fields.expected !== undefined) return { cause: 'carries error metadata', detail: 'carries error metadata' };
  const text = view.texts.join('\n').replace(STACK_LINE, '').replace(CRASH_QUOTE, '');
  const invalidCall = exchange.case.expect === 'invalid-input';
  const diagnosis = () => read?.diagnosis ?? diagnose(view, call);
  if (text.trim() !== '') {
    // An answer that names several arguments (an echo of the call) points at none of them in particular.
    const named = namedArguments(withoutEchoes(text, call), call, aimedAt);
    if (named.length > 0) return { cause: 'names an argument', detail: `names the argument '${named[0].join('.')}'`, ...(named.length === 1 ? { path: named[0] } : {}) };
    if (argumentsLeftOut(exchange) && saysArgumentsMissing(text)) return { cause: 'names an argument', detail: 'says the arguments are missing' };
    const value = quotedValue(text, call);
    if (value) return { cause: 'quotes a value sent', detail: `quotes the value sent for '${value.join('.')}'`, path: value };
    const tool = toolNames.find((n) => n !== call.requestedTool && n.length >= 3 && new RegExp(`(?<![\\w-])${escapeRegExp(n)}(?![\\w-])`).test(text));
    if (tool) return { cause: 'names a tool', detail: `names the tool '${tool}'` };
    const expectation = expectations(text).find((e) => !EXAMPLE_ONLY.test(text.slice(e.index, e.index + e.phrase.length + 8)))?.phrase;
    if (expectation) return { cause: 'states what is expected', detail: `says what a valid value looks like ("${expectation}")` };
    // To a call the schema refuses, advice to act otherwise without saying how gives nothing; to a valid one it may be the move.
    const step = invalidCall ? undefined : (nextSteps(text).find((s) => !VAGUE_STEP.test(s)) ?? concreteCheck(text));
    if (step) return { cause: 'says what to do', detail: `says what to do ("${step}")` };
  }
  const { culprits, suggestedTools, final, transient } = diagnosis();
  if (culprits[0]) return { cause: 'names an argument', detail: `names the argument '${culprits[0].path.join('.')}'` };
  if (suggestedTools[0]) return { cause: 'names a tool', detail: `names the tool '${suggestedTools[0]}'` };
  if (final) return { cause: 'says the failure is final', detail: `says a retry cannot succeed ("${final.evidence}")` };
  // To a call the schema refuses, "it passes, retry" leads to the same refusal: the input was never looked at.
  if (transient && !invalidCall) return { cause: 'says the failure passes', detail: `says the failure passes ("${transient.evidence}")` };
  return undefined;
}

/** Where an answer puts the fault outside the call (an upstream, a program, a setting), as the agent reads it; undefined when it puts none there. */
export function environmentOf(exchange: Exchange, toolNames: readonly string[], metadata: MetadataOptions | undefined): Diagnosis['environment'] {
  return diagnose(answerView(exchange, metadata), callViewOf(exchange, toolNames)).environment;
}

/** The call an exchange made, as the agent sees it: the tool's declared schema (or its declared names), the arguments, the tools listed. */
function callViewOf(exchange: Exchange, toolNames: readonly string[]): CallView {
  const declared = exchange.inputSchema ?? { type: 'object', properties: Object.fromEntries((exchange.inputProperties ?? []).map((n) => [n, {}])) };
  const known = exchange.tool === exchange.case.name;
  const tool = known ? { name: exchange.tool, inputSchema: declared } : undefined;
  return callView(tool, exchange.case.name, exchange.case.arguments, known && !toolNames.includes(exchange.tool) ? [...toolNames, exchange.tool] : toolNames);
}

/**
 * The arguments the text names, by their paths, the surest first. The names the probe aimed at count as written (3
 * characters or more), or quoted, after ':' or a word for a field ("Required at a"); any other declared or sent name
 * counts quoted (in any script) or said to be at fault ("key is required", "field key"), then as a word in any spelling
 * of its letters, a common word ("type", "name") only quoted. Only the surest kind found is returned.
 */
function namedArguments(text: string, call: CallView, targeted: readonly string[]): string[][] {
  const aimed = targeted.filter((name) => mentions(text, name)).map((name) => [name]);
  if (aimed.length > 0) return aimed;
  const sure: string[][] = [];
  const loose: string[][] = [];
  for (const path of knownPaths(call)) {
    const leaf = path[path.length - 1];
    if (/^\d+$/.test(leaf) || leaf.length > 80) continue;
    const quoted = new RegExp(`${OPEN}\\s?${escapeRegExp(leaf)}\\s?${CLOSE}`);
    // The text has its crash-quoted names taken out already (CRASH_QUOTE): a quoted name here is one the answer points at.
    if (quoted.test(text) || saysAtFault(text, leaf)) sure.push(path);
    else if (!COMMON_WORDS.has(leaf.toLowerCase()) && !COMMON_WORDS.has(wordsOf(leaf)) && new RegExp(`(?<![\\w$-])${looseSpelling(leaf)}${leaf.length < 3 ? String.raw`v?\d+` : String.raw`(?:v?\d+)?`}(?![\\w$-])`, 'i').test(text)) loose.push(path);
  }
  return sure.length > 0 ? sure : loose.length > 0 ? loose : shortened(text, call);
}

/** Words before a name that find fault with it: "Invalid JSON for headers", "Could not parse headers", "Malformed header". */
const FAULT_BEFORE = String.raw`\b(?:invalid|malformed|bad|wrong|incorrect|illegal|unparsable|unparseable|(?:could not|couldn't|cannot|can't|failed to|unable to) (?:parse|read|decode)|error (?:parsing|reading|decoding))(?:\s+[\w-]+){0,3}?\s+`;

/**
 * The argument whose compound name the text shortens to its last word, where it finds fault with that word ("Invalid
 * JSON for headers" for extraHttpHeaders): English compounds end in the noun they are about. Only when no other known
 * argument ends in that word ("Invalid date" to startDate and endDate names neither), and never a common word ("value",
 * "data", "id") that names the call as well.
 */
function shortened(text: string, call: CallView): string[][] {
  const byLastWord = new Map<string, string[][]>();
  for (const path of knownPaths(call)) {
    const last = lastWordOf(path[path.length - 1]);
    if (last.length < 3 || /^\d+$/.test(last) || COMMON_WORDS.has(last) || COMMON_WORDS.has(last.replace(/s$/, ''))) continue;
    const stem = last.replace(/s$/, '');
    byLastWord.set(stem, [...(byLastWord.get(stem) ?? []), path]);
  }
  for (const [stem, paths] of byLastWord) {
    // A one-word name ends in the word too (so "headers" beside `header` names neither), but is no compound to shorten.
    if (paths.length !== 1 || !/\s/.test(wordsOf(paths[0][paths[0].length - 1]))) continue;
    const word = String.raw`(?<![\w$-])${escapeRegExp(stem)}s?(?![\w$-])`;
    if (new RegExp(`${FAULT_BEFORE}${word}`, 'i').test(text) || saysAtFault(text, stem, `${escapeRegExp(stem)}s?`)) return paths;
  }
  return [];
}

/** A braced list of several arguments sent ("Received arg types: {topic: string, depth: string}") echoes the call: it points at none. */
function withoutEchoes(text: string, call: CallView): string {
  const sent = Object.keys(call.arguments).map((k) => new RegExp(`(?<![\\w$-])${escapeRegExp(k)}(?![\\w$-])`));
  if (sent.length < 2) return text;
  return text.replace(/\{[^{}\n]{0,2000}\}/g, (span) => (sent.filter((k) => k.test(span)).length >= 2 ? '{…}' : span));
}

/**
 * Does `text` mention `name`? Short names must be quoted, followed by ':'/'=', or follow a word that introduces a
 * path or field (zod's "Required at a"), so "a" in "a number" is no mention.
 */
export function mentions(text: string, name: string): boolean {
  const n = escapeRegExp(name);
  const pattern =
    name.length >= 3
      ? `(?<![\\w])${n}(?![\\w])`
      : `['"\`/.]${n}(?![\\w])|(?<![\\w])${n}(?:\\s*[:=]|['"\`])|\\b(?:at|field|argument|parameter|param|property|key)\\s+${n}(?![\\w])`;
  return new RegExp(pattern, 'i').test(text);
}

/**
 * Does `text` say that `name` is at fault: after a word for a field, or followed within a few words by what is wrong
 * ("key is required for HMAC", "Items array is required", "ip or cidr is required")? A bare mention is not enough: a
 * tool's "type" or "name" appears in many texts that say nothing of it. `n`: the name as a pattern, when it has several spellings.
 */
function saysAtFault(text: string, name: string, n = escapeRegExp(name)): boolean {
  const field = String.raw`\b(?:field|argument|parameter|param|property|key)\s+${n}(?![\w])`;
  if (name.length < 3) return new RegExp(field, 'i').test(text);
  const wrong = String.raw`(?<![\w])${n}(?:\s+\w+){0,2}\s+(?:(?:is|are|was|were)\s+(?:not\s+)?(?:required|missing|invalid|empty|too\s+\w+|not\s+valid)|(?:must|should|cannot|can't)\s+(?:not\s+)?be)\b`;
  const colon = String.raw`(?<![\w])${n}\s*:\s*(?:required|missing|invalid|expected|must)\b`;
  return new RegExp(`${field}|${wrong}|${colon}`, 'i').test(text);
}

/** Was this a tools/call without its `arguments` key (missing-required's "no arguments key")? */
function argumentsLeftOut(ex: Exchange): boolean {
  const params = Array.isArray(ex.request) ? undefined : ex.request?.params;
  return ex.case.delivery?.kind === 'request' && ex.request?.method === 'tools/call' && isRecord(params) && !('arguments' in params);
}

/** Does the error say the arguments themselves are missing ("Invalid arguments for tool add: Required", "No arguments provided")? */
function saysArgumentsMissing(text: string): boolean {
  return /\b(?:arguments?|params|input)\b[^.\n]{0,40}?\b(?:required|missing|expected)\b|\bno (?:arguments?|input|params)\b/i.test(text);
}

/**
 * The argument whose sent value the text quotes (in any quote marks or parentheses), ends a clause with (": a"), ends a
 * quoted path with ("open '/srv/root/a'"), or echoes when long enough to be ours (in another case for a code such as
 * "crc32", or by its plain start when the rest came back mangled by an encoder). A blank value quoted says nothing.
 */
function quotedValue(text: string, call: CallView): string[] | undefined {
  const values = sentValues(call.arguments, []);
  for (const [path, value] of values) {
    const v = String(value);
    if (v.length > 200) continue;
    const e = escapeRegExp(v);
    if (new RegExp(`['"\`][^'"\`\\n]*[\\\\/]${e}['"\`]`).test(text)) return path;
    // "Invalid IPv4 address:" and nothing after: the blank value we sent, printed where the value goes.
    if (v.trim() === '') {
      if (/:[ \t]*$/m.test(text) && values.filter(([, w]) => String(w).trim() === '').length === 1) return path;
      continue;
    }
    // Quoted, after a colon, or ending the message ("Undefined symbol O").
    if (new RegExp(`${OPEN}${e}${CLOSE}|:\\s*${e}(?:$|[\\s.,;)])|(?<=\\s)${e}\\s*[.!]?$`).test(text)) return path;
    // A code-like value bare: "A0", "crc32" in another case, a word of six letters or more.
    const code = (/\d|_/.test(v) && v.length >= 2) || v.length >= 6;
    if ((v.length >= 4 || /\d/.test(v)) && /\w/.test(v) && code && new RegExp(`(?<![\\w])${e}(?![\\w])`, /^[\w.-]+$/.test(v) ? 'i' : '').test(text)) return path;
    const plain = /^[\x21-\x7e][\x20-\x7e]{5,}/.exec(v)?.[0].trimEnd();
    if (plain !== undefined && plain.length >= 6 && plain !== v && text.includes(plain)) return path;
  }
  // A quoted piece of one value ("Invalid digit '9' for base 4" for 95, "Syntax error in part "‮txt.exe‬""): that value's argument.
  // Whitespace as a server prints it (a tab or a newline as a space), and case as it prints a digit ('a' for "A").
  const norm = (t: string) => t.replace(/\s+/g, ' ').toLowerCase();
  const pieces = [...text.matchAll(new RegExp(`${OPEN}([^'"\`‘’“”«»‹›„‚「」『』]{1,80})${CLOSE}`, 'g')), ...text.matchAll(SYNTAX_PIECE)].map((m) => m[1]);
  for (const piece of pieces) {
    const holders = values.filter(([, w]) => norm(String(w)).includes(norm(piece)));
    if (holders.length === 1) return holders[0][0];
  }
  return undefined;
}

/** A parser's words for a piece of the input it choked on: "Undefined symbol x", "Unexpected token }", "near select". */
const SYNTAX_PIECE = /\b(?:undefined symbol|unexpected (?:token|character|char|operator|symbol|identifier|keyword)|unknown (?:identifier|token|symbol|function|operator)|invalid (?:character|token)|near)\s+(\S{1,40}?)[.,:;]?(?:\s|$)/gi;
