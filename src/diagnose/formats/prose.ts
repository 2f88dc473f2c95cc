// Plain words: "email is required", "The 'limit' must be between 1 and 50", "I need the order id", "a, b and c are required", a name quoted in any language (参数「order_id」是必填项), a quoted value only one argument has.
import type { CallView, Culprit, Problem } from '../diagnosis.js';
import type { FormatReader } from '../culprit.js';
import { culprit } from '../culprit.js';
import { expectedIn, parseList, problemFromExpected } from '../expected.js';
import { byEcho, byEmpty, byValue } from '../locate.js';
import { knownPaths, resolveMention, resolvePath, schemaAt, sentAt, wordsOf } from '../names.js';
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
      // Words joined by nothing too: "orderId", "OrderId" and "Order Id" for order_id.
      out.set(words.length > 1 ? words.map(escapeRegExp).join('[\\s_-]*') : escapeRegExp(name), name);
    }
  }
  return [...out].map(([pattern, raw]) => ({ pattern, raw })).sort((a, b) => b.raw.length - a.raw.length);
}

/** Quote marks of any script, opening and closing: 'x' "x" `x` ‘x’ “x” „x“ ‚x‘ «x» ‹x› »x« 「x」 『x』. */
const OPEN_QUOTE = `['"\`‘’‚“”„«»‹›「『]`;
const CLOSE_QUOTE = `['"\`‘’‛“”«»‹›」』]`;

/** Mentions of arguments in a clause, quoted or not, each resolved to its path. */
function mentions(clause: string, call: CallView, names: { pattern: string }[]): Mention[] {
  if (names.length === 0) return [];
  const alternation = names.map((n) => n.pattern).join('|');
  const re = new RegExp(`(${OPEN_QUOTE}\\s?)?(?<![\\w$-])(${alternation})(?![\\w$-])(\\s?${CLOSE_QUOTE})?`, 'gi');
  const found: Mention[] = [];
  for (const m of clause.matchAll(re)) {
    const quoted = m[1] !== undefined && m[3] !== undefined;
    const path = resolveMention(m[2], call);
    if (!path) continue;
    if (!quoted && WHOLE_CALL_WORDS.has(m[2].toLowerCase())) continue;
    // "a required parameter", "an input value": after an indefinite article, a plain word is a word, not a name.
    if (!quoted && /^[a-z]+$/i.test(m[2]) && /\ban?\s+$/i.test(clause.slice(Math.max(0, m.index! - 8), m.index))) continue;
    // A closing mark with no opening one belongs to what follows, not to the name.
    const end = m.index! + m[0].length - (m[1] === undefined && m[3] !== undefined ? m[3].length : 0);
    found.push({ path, start: m.index!, end, quoted, text: clause.slice(m.index!, end) });
  }
  return found;
}

/** What a clause says after a mention ("is required", "must be one of …", "is not allowed"). */
function problemAfter(after: string): Problem | 'describe' | undefined {
  // "The email address is required": a noun that describes the value ("address", "text") sits between name and problem.
  // "The limit you gave me": who sent it says nothing of it.
  const a = after.replace(/^\s*:?\s*(?:field|parameter|param|argument|property|option|value|address|text|string|number|input|setting|entry|array|list|object|map)?\s*(?:(?:that\s+)?you\s+(?:gave|sent|passed|provided)(?:\s+me)?\s+)?/i, '');
  if (/^(?:is|are)\s+(?:not required|optional)\b/i.test(a)) return undefined;
  if (/^(?:is|are)\s+(?:(?:all|both)\s+)?(?:required|missing|mandatory|not (?:provided|specified|set))\b|^(?:must|should|needs? to|has to)\s+be\s+(?:provided|specified|set|supplied|present|given|included)\b/i.test(a)) return 'missing';
  // "is not allowed" alone: "limit is not allowed to exceed 50" is a bound.
  if (/^(?:is|are)\s+(?:(?:not allowed|not permitted)(?=\s*(?:$|[.,;:)!]|here\b|for this\b|in\b|with\b))|unknown\b|unexpected\b|not (?:a )?(?:recogni[sz]ed|supported|known|valid) (?:parameter|argument|field|option|property|key)\b)/i.test(a)) return 'unexpected';
  if (/^(?:must|should|has to|needs to|cannot|can't|may not|can only)\b|^(?:is|was|are)\s+(?:not\b|invalid|too\b|out of\b|empty|malformed|wrong|incorrect|required to)|^(?:isn't|aren't|wasn't|doesn't|don't|won't|(?:does|do|did) not)\b|^(?:has|have|is of|is)\s+(?:the\s+|an?\s+)?(?:wrong|invalid|bad|incorrect)\b|^(?:expects?|expected)\b/i.test(a)) return 'describe';
  return undefined;
}

/** What a clause says before a mention ("missing required parameters for x:", "Invalid", "unknown parameter"). */
function problemBefore(before: string): Problem | 'describe' | undefined {
  if (/(?:missing|required|provide|supply|specify|please (?:provide|specify|add))\s+(?:(?:the|a|an|required|value for(?: the)?)\s+)*(?:(?:parameters?|arguments?|fields?|propert(?:y|ies)|keys?|values?)\b(?:\s+for\s+[\w.-]+)?)?\s*:?\s*(?:[\w.-]+\s*,\s*)*['"`]?$/i.test(before)) return 'missing';
  if (/(?:unknown|unexpected|unrecogni[sz]ed|unsupported|extra|not allowed|disallowed)\s+(?:parameters?|arguments?|fields?|propert(?:y|ies)|keys?|options?)\s*:?\s*(?:[\w.-]+\s*,\s*)*['"`]?$/i.test(before)) return 'unexpected';
  if (/(?:invalid|bad|malformed|illegal|wrong|incorrect|unparsable)\s+(?:(?:value|format)s?(?:\s+(?:for|of|in))?\s*)?(?:the\s+)?(?:parameters?|arguments?|fields?)?\s*(?:for\s+[\w.-]+)?\s*:?\s*['"`]?$/i.test(before)) return 'describe';
  return undefined;
}

/** Sentences and bullet lines: the unit a mention and its problem must share. */
function clauses(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+(?=[A-Z"'(])|(?<=[。！？；])|;\s+|\s+•\s+|^\s*[•*-]\s+/m)
    .map((c) => c.trim())
    .filter((c) => c !== '');
}

/** What may follow a name that ends its noun phrase ("Invalid date: x", "invalid limit value", "missing email."). */
const ENDS_PHRASE = /^\s*(?:$|[:.,;!?)(=]|(?:is|was|are|must|should|value|provided|given|specified|parameter|param|argument|field|property|option)\b)/i;

/** Words that find fault with a value a clause quotes. */
const FAULT =
  /\b(?:invalid|not (?:a )?valid|cannot|can't|unable|unknown|unsupported|unrecogni[sz]ed|bad|malformed|wrong|incorrect|illegal|failed to|could not|not found|does not exist|doesn't exist|no such|not allowed|expected|must|should|one of|options|too (?:long|short|large|small|big)|out of range|received|got)\b/i;

/** A refusal of an empty value: "cannot be empty", "must not be blank", "Empty strings are not allowed", "a non-empty string". */
const EMPTY_REFUSED =
  /\b(?:cannot|can't|can not|must not|mustn't|may not|should not|shouldn't)\s+be\s+(?:an?\s+)?(?:empty|blank)\b|\b(?:empty|blank)\s+(?:strings?|values?|lists?|arrays?|input)\s+(?:is|are)\s+not\s+(?:allowed|permitted|accepted|supported)\b|\bnon-?(?:empty|blank)\b/i;

/** Words after a clause that still describe it ("Must be a finite positive integer.", "Valid options: …"). */
const FOLLOW_UP = /^(?:must|should|expected|valid|allowed|supported|accepted|available|existing|known|use|the value must)\b/i;

/** "Cannot specify both head and tail", "head and tail are mutually exclusive": the second is the one to drop. */
const BOTH = /\b(?:cannot|can't|can not|must not|may not|do not|don't)\s+(?:specify|provide|use|pass|set|combine|give)\s+both\s+['"`]?([\w.-]+)['"`]?\s+and\s+['"`]?([\w.-]+)['"`]?|['"`]?([\w.-]+)['"`]?\s+and\s+['"`]?([\w.-]+)['"`]?\s+are\s+mutually\s+exclusive/i;

/** A JavaScript runtime message about an argument: "entities.filter is not a function" (it wanted an array). */
const NOT_A_FUNCTION = /\b([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\.(\w+) is not a function\b/;
const ARRAY_METHODS = new Set(['filter', 'map', 'forEach', 'reduce', 'some', 'every', 'find', 'findIndex', 'includes', 'join', 'push', 'slice', 'flatMap', 'sort', 'indexOf']);
const STRING_METHODS = new Set(['toLowerCase', 'toUpperCase', 'trim', 'split', 'replace', 'startsWith', 'endsWith', 'match', 'padStart', 'charAt']);

/** The property a runtime's crash quotes: V8's "destructure property 'x'", "Cannot read property 'x'", "(reading 'x')", Firefox's "can't access property "x"". */
const CRASH_PROPERTY = /\b(?:Cannot (?:destructure|read|set) property|can't access property)\s*['"]([^'"\n]{1,80})['"]|\((?:reading|setting) '([^'\n]{1,80})'\)/gi;

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
  // A crash that quotes an argument the tool declares and the call left out ("Cannot destructure property 'query' of 'args'
  // as it is undefined"): the code wanted it, and a model adds it. A name the tool does not declare ("(reading 'map')"), or
  // one the call sent, is the code's own; "Cannot read properties of null" names nothing (a model cannot tell which).
  for (const m of clause.matchAll(CRASH_PROPERTY)) {
    const at = resolvePath([m[1] ?? m[2]], call);
    if (at !== undefined && schemaAt(call, at) !== undefined && !sentAt(call, at).sent) return [culprit(call, 'prose', at, 'missing', clause)];
  }
  return [];
}

/** A runtime's own words about its code ("Cannot destructure property 'email' of undefined", "(reading 'map')"): its names are code's. */
const CRASH = /\b(?:Cannot (?:destructure|read|set) propert(?:y|ies)|reading '|of (?:undefined|null)\b|is not (?:a function|defined|iterable)\b|(?:Type|Reference|Range|Syntax)Error\b)/i;

/** English function words: an English clause must say what is wrong in words; a clause in another language is read by the call. */
const ENGLISH = /\b(?:the|is|are|was|were|with|for|of|to|and|not|this|that|you|your|please|must|should|has|have)\b/i;

/** An argument asked for in conversation: "I need the order id", "please give me the email", "you forgot the limit", "Which database". */
const ASKS_FOR = /(?:\b(?:need|needs|require|requires|want|give me|send me|tell me|forgot|forget|forgotten|without)|(?:^|[.?!]\s*)(?:which|what(?:'s| is)))\s+(?:(?:the|a|an|your|its|valid|real|correct|proper|to know|know)\s+)*$/i;
/** What may follow a name asked for: the end, or a word that closes its noun phrase ("to do that", "first"); "the type of request" runs on. */
const AFTER_ASKED = /^\s*(?:(?:address|value|text|string|number|input|setting|entry)\b\s*)?(?:$|[.,;:!?)]|(?:to|for|so|before|and|or|first|please|again|here|too|should|would|do|did|is|are|I|we|you|then|if|when|from)\b)/i;

/** Where a clause starts offering choices ("valid parameters are a, b", "expected one of a, b"): names after it are options, not culprits. */
const OFFER = /\b(?:(?:valid|accepted|known|allowed|available|supported|possible|existing)\s+[\p{L}_][\p{L}\w ]{0,30}?(?:\s+(?:are|include))?\s*:|(?:valid|accepted|known|allowed|available|supported)\s+[\p{L}_]+\s+(?:are|include)\b|one of\b|did you mean\b)/iu;

/** "Available schemas: main", "Existing tables are: a, b": the noun offered and its values. */
function offered(clause: string): { noun: string; values: unknown[] } | undefined {
  const m = /\b(?:valid|accepted|known|allowed|available|supported|possible|existing)\s+([\p{L}_][\p{L}\w -]{0,30}?)(?:\s+(?:are|include))?\s*:\s*([^\n;]{1,400})/iu.exec(clause);
  if (!m) return undefined;
  const values = parseList(m[2].replace(/[.!]\s*$/, ''));
  return values.length > 0 ? { noun: m[1], values } : undefined;
}

/** The argument an offered noun names ("schemas" → schema, "databases" → database); never the call's own words or its tools. */
function offeredFor(noun: string, call: CallView): string[] | undefined {
  for (const n of [noun, noun.replace(/s$/i, ''), noun.replace(/es$/i, '')]) {
    if (WHOLE_CALL_WORDS.has(n.toLowerCase()) || /^tools?$/i.test(n)) return undefined;
    const path = resolveMention(n, call);
    if (path) return path;
  }
  return undefined;
}

const WORDS = new Intl.Segmenter(undefined, { granularity: 'word' });

/** Between two names of one list: marks and spaces, and at most one short word ("and", "oder", "y", "和") in any language. */
function joinsList(between: string): boolean {
  const words = [...WORDS.segment(between)].filter((w) => w.isWordLike).map((w) => w.segment);
  if (words.length > 1 || (words.length === 1 && [...words[0]].length > 4)) return false;
  return /^[\s,、，&/+]*$/.test(words.length === 1 ? between.replace(words[0], ' ') : between) && between !== '';
}

/** Mentions in runs: a list of names ("a, b and c", "database table_name schema") is read as one. */
function runs(found: Mention[], clause: string): Mention[][] {
  const out: Mention[][] = [];
  for (const m of found) {
    const last = out[out.length - 1]?.at(-1);
    if (last !== undefined && joinsList(clause.slice(last.end, m.start))) out[out.length - 1].push(m);
    else out.push([m]);
  }
  return out;
}

/** What sits between a name and its value in an echo of the call: `order_id=1`, `"order_id": "ord_1"`, `order_id：1`. */
const ECHO_SEPARATOR = new RegExp(`^\\s*${CLOSE_QUOTE}?\\s*[:=：]\\s*${OPEN_QUOTE}?`);

/** Is this argument required where it sits? */
function required(call: CallView, path: string[]): boolean {
  const parent = path.length === 1 ? call.tool.inputSchema : schemaAt(call, path.slice(0, -1));
  return isRecord(parent) && Array.isArray(parent.required) && parent.required.includes(path[path.length - 1]);
}

/**
 * Whether the call may decide the problem of a name this clause singles out without a problem word a reader knows
 * (参数「order_id」是必填项, El campo "email" es obligatorio): not in a crash's own words, not in an English clause that
 * finds no fault, not where every argument sent is named (an echo of the call). Undefined when it may not; else what
 * the clause says besides the names, and whether that is in a script other than Latin.
 */
function callMayDecide(clause: string, found: Mention[], call: CallView): { otherScript: boolean } | undefined {
  if (found.length === 0 || CRASH.test(clause) || /\b(?:not required|optional)\b/i.test(clause)) return undefined;
  const rest = found.map((f, i) => clause.slice(i === 0 ? 0 : found[i - 1].end, f.start)).join(' ') + clause.slice(found[found.length - 1].end);
  if (ENGLISH.test(rest) && !FAULT.test(rest)) return undefined;
  const named = new Set(found.map((f) => f.path[0]));
  const sentNames = Object.keys(call.arguments);
  if (sentNames.length > 1 && sentNames.every((k) => named.has(k))) return undefined;
  return { otherScript: /\p{L}/u.test(rest) && !/[A-Za-z]/.test(rest) };
}

/** The call's verdict on a name that stands out (quoted, an identifier, or amid another script): missing when required and not sent, invalid when sent, unless echoed with its value (`order_id=1`). */
function fromCall(m: Mention, clause: string, context: { otherScript: boolean } | undefined, call: CallView): Problem | undefined {
  if (context === undefined || !(m.quoted || /[_\d]|[a-z][A-Z]/.test(m.text) || context.otherScript)) return undefined;
  const sent = sentAt(call, m.path);
  const printed = sent.sent ? (typeof sent.value === 'string' ? sent.value : JSON.stringify(sent.value)) : undefined;
  const sep = ECHO_SEPARATOR.exec(clause.slice(m.end, m.end + 16));
  if (printed !== undefined && sep && clause.startsWith(printed, m.end + sep[0].length)) return undefined;
  if (sent.sent) return 'invalid';
  return required(call, m.path) ? 'missing' : undefined;
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
    const offer = offered(clause);
    const offeredAt = offer ? offeredFor(offer.noun, call) : undefined;
    if (offer && offeredAt) {
      culprits.push(culprit(call, 'prose', offeredAt, 'enum', clause, { values: offer.values }));
      return;
    }
    const offerStart = OFFER.exec(clause)?.index ?? Infinity;
    const found = mentions(clause, call, names).filter((m) => m.start < offerStart);
    const located = new Set<string>();
    const context = callMayDecide(clause, found, call);
    for (const run of runs(found, clause)) {
      const after = clause.slice(run[run.length - 1].end);
      // What leads up to a name is read within a sentence's reach, so a text of thousands of names reads in linear time.
      const before = clause.slice(Math.max(0, run[0].start - 240), run[0].start);
      // "Invalid time zone": after "invalid", a name must end its noun phrase to be the one meant.
      let said: Problem | 'describe' | 'asked' | undefined = problemAfter(after) ?? (run[run.length - 1].quoted || ENDS_PHRASE.test(after) ? problemBefore(before) : undefined);
      if (said === undefined && ASKS_FOR.test(before) && AFTER_ASKED.test(after)) said = 'asked';
      // In a list said to be required, a name the call sent is not the one missing (unless every one was sent).
      const unsent = run.filter((m) => !sentAt(call, m.path).sent);
      const members = said === 'missing' && run.length > 1 && unsent.length > 0 ? unsent : run;
      for (const m of members) {
        const asked = said === 'asked' ? (sentAt(call, m.path).sent ? 'describe' : 'missing') : said;
        // One culprit per name and clause: a name repeated adds nothing.
        if (located.has(m.path.join('\0'))) continue;
        const problemSaid = asked ?? fromCall(m, clause, context, call);
        if (problemSaid === undefined) continue;
        const described = `${after}${next}`;
        const expected = problemSaid === 'missing' || problemSaid === 'unexpected' ? undefined : expectedIn(described);
        const problem = problemSaid === 'describe' ? problemFromExpected(expected ?? {}, described) : problemSaid;
        located.add(m.path.join('\0'));
        culprits.push(culprit(call, 'prose', m.path, problem, `${clause}${next}`, expected));
      }
    }
    // No argument named: a value the clause quotes, puts in parentheses or ends on that only one argument was sent with, in
    // a clause that finds fault with it (an answer that echoes the arguments, "Arguments: order_id: ord_1", blames none).
    if (located.size > 0 || !FAULT.test(clause)) return;
    const quoted = [...clause.matchAll(/(["'`“‘])([^"'`”’\n]{0,200})(["'`”’])/g)].map((q) => q[2]);
    const parenthesised = [...clause.matchAll(/\(([^()\n]{1,200})\)/g)].map((q) => q[1].trim());
    const trailing = /:\s*([^\s:'"`]{1,200})\s*[.!]?$/.exec(clause)?.[1];
    const described = `${clause}${next}`;
    for (const value of [...quoted, ...parenthesised, ...(trailing ? [trailing] : [])]) {
      if (value === call.requestedTool || resolveMention(value, call)) continue;
      const path = byValue(call, value);
      if (!path) continue;
      // What the clause says of the value, not what the value says: 'Connection "hO>6"' states no bound of 6.
      const expected = expectedIn(value === '' ? described : described.replace(new RegExp(`(["'\`“‘(])${escapeRegExp(value)}(["'\`”’)])`, 'g'), '$1…$2'));
      // "Available schemas: main" after a value not found: the choices for it.
      const choices = expected.values === undefined ? offered(next)?.values : undefined;
      const withChoices = choices ? { ...expected, values: choices } : expected;
      culprits.push(culprit(call, 'prose', path, problemFromExpected(withChoices, described), described, withChoices));
      return;
    }
    // A value too long to quote whole, echoed by its start.
    const echoed = byEcho(call, clause);
    if (echoed) {
      culprits.push(culprit(call, 'prose', echoed, /\btoo long\b|ENAMETOOLONG|\blength\b/i.test(clause) ? 'length' : 'invalid', described));
      return;
    }
    // "Cache key parts cannot be empty strings" when one value alone was sent empty: the mismatch only it has.
    const empty = EMPTY_REFUSED.test(clause) ? byEmpty(call) : undefined;
    if (empty) culprits.push(culprit(call, 'prose', empty, 'length', described, typeof sentAt(call, empty).value === 'string' ? { type: 'string', min: 1 } : undefined));
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
