// Plain English: "email is required", "The 'limit' must be between 1 and 50", "Invalid detail level \"x\". Valid options: a, b", a quoted value only one argument has.
import type { CallView, Culprit, Problem } from '../diagnosis.js';
import type { FormatReader } from '../culprit.js';
import { culprit } from '../culprit.js';
import { expectedIn, problemFromExpected } from '../expected.js';
import { byEcho, byValue } from '../locate.js';
import { knownPaths, resolveMention, wordsOf } from '../names.js';
import { escapeRegExp } from '../../util/regex.js';
import { isRecord } from '../../util/guards.js';

/** Names that also name the whole call ("Invalid input", "bad request"): a mention of one counts only in quotes. */
const WHOLE_CALL_WORDS = new Set(['input', 'inputs', 'argument', 'arguments', 'args', 'param', 'params', 'parameter', 'parameters', 'request', 'data', 'payload', 'body', 'value', 'values', 'option', 'options', 'field', 'fields', 'error', 'message']);

/** Lines servers add that list every argument without blaming one (n8n's "[Diagnostic] Received arg types: {…}"). */
const NOISE = /^\s*\[Diagnostic\][^\n]*$|Received arg types: \{[^}\n]*\}/gm;

/** JSON fields whose string is the answer's own words. */
const MESSAGE_KEYS = /^(?:error|message|msg|detail|details|reason|description|hint|tip)$/i;

/** One mention of an argument in a clause: where it is and which path it names. */
interface Mention {
  path: string[];
  start: number;
  end: number;
  quoted: boolean;
  text: string;
}

/** Every spelling of every known path, longest first: "filter.status", "order_id", "order id". */
function spellings(call: CallView): { pattern: string; raw: string }[] {
  const out = new Map<string, string>();
  for (const path of knownPaths(call)) {
    const leaf = path[path.length - 1];
    if (/^\d+$/.test(leaf)) continue;
    const names = [leaf, path.join('.'), wordsOf(leaf)];
    for (const name of names) {
      if (name.length < 1 || name.length > 80) continue;
      const words = name.split(' ');
      out.set(words.length > 1 ? words.map(escapeRegExp).join('[\\s_-]+') : escapeRegExp(name), name);
    }
  }
  return [...out].map(([pattern, raw]) => ({ pattern, raw })).sort((a, b) => b.raw.length - a.raw.length);
}

/** Mentions of arguments in a clause, quoted or not, each resolved to its path. */
function mentions(clause: string, call: CallView, names: { pattern: string }[]): Mention[] {
  if (names.length === 0) return [];
  const alternation = names.map((n) => n.pattern).join('|');
  const re = new RegExp(`(['"\`‘“]?)(?<![\\w$-])(${alternation})(?![\\w$-])(['"\`’”]?)`, 'gi');
  const found: Mention[] = [];
  for (const m of clause.matchAll(re)) {
    const quoted = m[1] !== '' && m[3] !== '';
    const path = resolveMention(m[2], call);
    if (!path) continue;
    if (!quoted && WHOLE_CALL_WORDS.has(m[2].toLowerCase())) continue;
    found.push({ path, start: m.index!, end: m.index! + m[0].length, quoted, text: m[0] });
  }
  return found;
}

/** What a clause says after a mention ("is required", "must be one of …", "is not allowed"). */
function problemAfter(after: string): Problem | 'describe' | undefined {
  // "The email address is required": a noun that describes the value ("address", "text") sits between name and problem.
  const a = after.replace(/^\s*:?\s*(?:field|parameter|param|argument|property|option|value|address|text|string|number|input|setting|entry)?\s*/i, '');
  if (/^(?:is|are)\s+(?:not required|optional)\b/i.test(a)) return undefined;
  if (/^(?:is|are)\s+(?:required|missing|mandatory|not (?:provided|specified|set))\b|^(?:must|should|needs? to|has to)\s+be\s+(?:provided|specified|set|supplied|present|given|included)\b/i.test(a)) return 'missing';
  // "is not allowed" alone: "limit is not allowed to exceed 50" is a bound.
  if (/^(?:is|are)\s+(?:(?:not allowed|not permitted)(?=\s*(?:$|[.,;:)!]|here\b|for this\b|in\b|with\b))|unknown\b|unexpected\b|not (?:a )?(?:recogni[sz]ed|supported|known|valid) (?:parameter|argument|field|option|property|key)\b)/i.test(a)) return 'unexpected';
  if (/^(?:must|should|has to|needs to|cannot|can't|may not|can only)\b|^(?:is|was|are)\s+(?:not\b|invalid|too\b|out of\b|empty|malformed|wrong|incorrect|required to)|^(?:expects?|expected)\b/i.test(a)) return 'describe';
  return undefined;
}

/** What a clause says before a mention ("missing required parameters for x:", "Invalid", "unknown parameter"). */
function problemBefore(before: string): Problem | 'describe' | undefined {
  if (/(?:missing|required|provide|supply|specify|please (?:provide|specify|add))\s+(?:(?:the|a|an|required|value for(?: the)?)\s+)*(?:(?:parameters?|arguments?|fields?|propert(?:y|ies)|keys?|values?)\b(?:\s+for\s+[\w.-]+)?)?\s*:?\s*(?:[\w.-]+\s*,\s*)*['"`]?$/i.test(before)) return 'missing';
  if (/(?:unknown|unexpected|unrecogni[sz]ed|unsupported|extra|not allowed|disallowed)\s+(?:parameters?|arguments?|fields?|propert(?:y|ies)|keys?|options?)\s*:?\s*(?:[\w.-]+\s*,\s*)*['"`]?$/i.test(before)) return 'unexpected';
  if (/(?:invalid|bad|malformed|illegal|wrong|incorrect|unparsable)\s+(?:(?:value|format)\s+(?:for|of)\s+)?(?:the\s+)?(?:parameters?|arguments?|fields?)?\s*(?:for\s+[\w.-]+)?\s*:?\s*['"`]?$/i.test(before)) return 'describe';
  return undefined;
}

/** Sentences and bullet lines: the unit a mention and its problem must share. */
function clauses(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+(?=[A-Z"'(])|;\s+|\s+•\s+|^\s*[•*-]\s+/m)
    .map((c) => c.trim())
    .filter((c) => c !== '');
}

/** What may follow a name that ends its noun phrase ("Invalid date: x", "invalid limit value", "missing email."). */
const ENDS_PHRASE = /^\s*(?:$|[:.,;!?)(=]|(?:is|was|are|must|should|value|provided|given|specified|parameter|param|argument|field|property|option)\b)/i;

/** Words that find fault with a value a clause quotes. */
const FAULT =
  /\b(?:invalid|not (?:a )?valid|cannot|can't|unable|unknown|unsupported|unrecogni[sz]ed|bad|malformed|wrong|incorrect|illegal|failed to|could not|not found|does not exist|doesn't exist|no such|not allowed|expected|must|should|one of|options|too (?:long|short|large|small|big)|out of range|received|got)\b/i;

/** Words after a clause that still describe it ("Must be a finite positive integer.", "Valid options: …"). */
const FOLLOW_UP = /^(?:must|should|expected|valid|allowed|supported|accepted|available|use|the value must)\b/i;

/** "Cannot specify both head and tail", "head and tail are mutually exclusive": the second is the one to drop. */
const BOTH = /\b(?:cannot|can't|can not|must not|may not|do not|don't)\s+(?:specify|provide|use|pass|set|combine|give)\s+both\s+['"`]?([\w.-]+)['"`]?\s+and\s+['"`]?([\w.-]+)['"`]?|['"`]?([\w.-]+)['"`]?\s+and\s+['"`]?([\w.-]+)['"`]?\s+are\s+mutually\s+exclusive/i;

/** A JavaScript runtime message about an argument: "entities.filter is not a function" (it wanted an array). */
const NOT_A_FUNCTION = /\b([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\.(\w+) is not a function\b/;
const ARRAY_METHODS = new Set(['filter', 'map', 'forEach', 'reduce', 'some', 'every', 'find', 'findIndex', 'includes', 'join', 'push', 'slice', 'flatMap', 'sort', 'indexOf']);
const STRING_METHODS = new Set(['toLowerCase', 'toUpperCase', 'trim', 'split', 'replace', 'startsWith', 'endsWith', 'match', 'padStart', 'charAt']);

/** Culprits a clause gives away without a problem word after a name: a conflict of two, a runtime message about one. */
function giveaways(clause: string, call: CallView): Culprit[] {
  const both = BOTH.exec(clause);
  if (both) {
    const second = resolveMention(both[2] ?? both[4], call);
    if (second) return [culprit(call, 'prose', second, 'unexpected', clause)];
  }
  const method = NOT_A_FUNCTION.exec(clause);
  if (method) {
    const at = resolveMention(method[1], call);
    const type = ARRAY_METHODS.has(method[2]) ? 'array' : STRING_METHODS.has(method[2]) ? 'string' : undefined;
    if (at) return [culprit(call, 'prose', at, 'type', clause, type ? { type } : undefined)];
  }
  // "Cannot read properties of null": a null only one argument was sent with.
  if (/\bCannot read propert(?:y|ies) of null\b/.test(clause)) {
    const at = byValue(call, null);
    if (at) return [culprit(call, 'prose', at, 'type', clause)];
  }
  return [];
}

/** The culprits one text names in words. */
function readProse(text: string, call: CallView, names: { pattern: string }[]): Culprit[] {
  const culprits: Culprit[] = [];
  const list = clauses(text.replace(NOISE, ''));
  list.forEach((clause, index) => {
    const next = list[index + 1] !== undefined && FOLLOW_UP.test(list[index + 1]) ? ` ${list[index + 1]}` : '';
    const given = giveaways(clause, call);
    if (given.length > 0) {
      culprits.push(...given);
      return;
    }
    const found = mentions(clause, call, names);
    const located = new Set<string>();
    for (const m of found) {
      const after = clause.slice(m.end);
      const before = clause.slice(0, m.start);
      // "Invalid time zone": after "invalid", a name must end its noun phrase to be the one meant.
      const said = problemAfter(after) ?? (m.quoted || ENDS_PHRASE.test(after) ? problemBefore(before) : undefined);
      if (said === undefined) continue;
      const described = `${after}${next}`;
      const expected = said === 'missing' || said === 'unexpected' ? undefined : expectedIn(described);
      const problem = said === 'describe' ? problemFromExpected(expected ?? {}, described) : said;
      located.add(m.path.join('\0'));
      culprits.push(culprit(call, 'prose', m.path, problem, `${clause}${next}`, expected));
    }
    // No argument named: a value the clause quotes (or ends on) that only one argument was sent with, in a clause that
    // finds fault with it (an answer that echoes the arguments, "Arguments: order_id: ord_1", blames none).
    if (located.size > 0 || !FAULT.test(clause)) return;
    const quoted = [...clause.matchAll(/(["'`“‘])([^"'`”’\n]{0,200})(["'`”’])/g)].map((q) => q[2]);
    const trailing = /:\s*([^\s:'"`]{1,200})\s*[.!]?$/.exec(clause)?.[1];
    const described = `${clause}${next}`;
    for (const value of [...quoted, ...(trailing ? [trailing] : [])]) {
      if (value === call.requestedTool || resolveMention(value, call)) continue;
      const path = byValue(call, value);
      if (!path) continue;
      // What the clause says of the value, not what the value says: 'Connection "hO>6"' states no bound of 6.
      const expected = expectedIn(value === '' ? described : described.replace(new RegExp(`(["'\`“‘])${escapeRegExp(value)}(["'\`”’])`, 'g'), '$1…$2'));
      culprits.push(culprit(call, 'prose', path, problemFromExpected(expected, described), described, expected));
      return;
    }
    // A value too long to quote whole, echoed by its start.
    const echoed = byEcho(call, clause);
    if (echoed) culprits.push(culprit(call, 'prose', echoed, /\btoo long\b|ENAMETOOLONG|\blength\b/i.test(clause) ? 'length' : 'invalid', described));
  });
  return culprits;
}

/** The texts prose reads in a text item that is a whole JSON object: its message-like strings. */
function messageStrings(text: string): string[] | undefined {
  const t = text.trim();
  if (!/^[{[]/.test(t)) return undefined;
  try {
    const value: unknown = JSON.parse(t);
    if (!isRecord(value)) return [];
    return Object.entries(value)
      .filter(([k, v]) => MESSAGE_KEYS.test(k) && typeof v === 'string')
      .map(([, v]) => v as string);
  } catch {
    return undefined;
  }
}

export const proseReader: FormatReader = {
  format: 'prose',
  read(answer, call) {
    const names = spellings(call);
    const culprits = answer.texts.flatMap((text) => (messageStrings(text) ?? [text]).flatMap((t) => readProse(t, call, names)));
    return { culprits, claimed: [] };
  },
};
