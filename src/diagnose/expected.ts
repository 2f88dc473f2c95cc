// What an answer's words say a valid value looks like: a type, allowed values, bounds, a pattern, a format.
import type { JsonType } from '../schema/read.js';
import type { Culprit, Problem } from './diagnosis.js';

export type Expected = NonNullable<Culprit['expected']>;

/** Type names as libraries and people write them (zod, pydantic, serde, Go, prose), as JSON types. */
const TYPE_WORDS: Record<string, JsonType> = {
  string: 'string', str: 'string', text: 'string',
  number: 'number', float: 'number', float64: 'number', float32: 'number', f64: 'number', f32: 'number', double: 'number', decimal: 'number', numeric: 'number',
  integer: 'integer', int: 'integer', int64: 'integer', int32: 'integer', uint: 'integer', i32: 'integer', i64: 'integer', u8: 'integer', u16: 'integer', u32: 'integer', u64: 'integer', usize: 'integer', isize: 'integer', 'whole number': 'integer',
  boolean: 'boolean', bool: 'boolean',
  array: 'array', list: 'array', sequence: 'array', tuple: 'array', slice: 'array',
  object: 'object', dict: 'object', dictionary: 'object', map: 'object', mapping: 'object', record: 'object', struct: 'object',
  null: 'null', none: 'null', nil: 'null',
};

/** The JSON type a type word names ("int", "List", "u32", "a boolean"), or undefined. */
export function typeWord(word: string | undefined): JsonType | undefined {
  if (word === undefined) return undefined;
  const w = word.trim().toLowerCase().replace(/^(?:a|an)\s+/, '').replace(/^\[\]\w+$/, 'slice').replace(/^(?:valid|positive|non-negative|negative)\s+/, '');
  return TYPE_WORDS[w] ?? TYPE_WORDS[w.replace(/s$/, '')];
}

/** Formats as written in answers, as JSON Schema format names. */
const FORMATS: [RegExp, string][] = [
  [/\be-?mail(?: address)?\b/i, 'email'],
  [/\b(?:date[- ]?time|datetime|timestamp|ISO[ -]?8601 date[- ]?time)\b/i, 'date-time'],
  [/\bYYYY-MM-DD(?:[T ]HH)/, 'date-time'],
  [/\bYYYY-MM-DD\b|\bISO[ -]?8601 date\b|\bISO date\b|\b(?:a|valid) date\b|\bdate format\b/i, 'date'],
  [/\b(?:HH:MM(?::SS)?|ISO time|valid time)\b/i, 'time'],
  [/\b(?:url|uri)\b/i, 'uri'],
  [/\buuid\b/i, 'uuid'],
  [/\bipv4\b/i, 'ipv4'],
  [/\bipv6\b/i, 'ipv6'],
  [/\bhostname\b/i, 'hostname'],
];

/** The format a phrase names ("must be a valid email", "expected YYYY-MM-DD"), or undefined. */
export function formatWord(text: string): string | undefined {
  for (const [pattern, format] of FORMATS) if (pattern.test(text)) return format;
  return undefined;
}

/** A list item as a value: quotes dropped; bare numbers, true, false and null as JSON. */
function listValue(raw: string): unknown {
  const t = raw.trim();
  const quoted = /^(['"`‘“])(.*)(['"`’”])$/.exec(t);
  if (quoted) return quoted[2];
  if (/^-?\d+(?:\.\d+)?$/.test(t)) return Number(t);
  if (t === 'true' || t === 'false') return t === 'true';
  if (t === 'null') return null;
  return t;
}

/** The items of a written list: "a, b or c", "'a' | 'b'", "[a, b]", "a/b" not split. */
export function parseList(text: string): unknown[] {
  const body = text.trim().replace(/^[[({]\s*/, '').replace(/\s*[\])}]$/, '');
  const items = body
    .split(/\s*\|\s*|\s*,\s*(?:or\s+|and\s+)?|\s+or\s+/)
    .map((s) => s.trim())
    .filter((s) => s !== '' && s.length <= 100);
  return items.map(listValue);
}

/** A list introduced by "one of", "valid options:", "allowed values:", "expected one of", up to the end of its sentence. */
// "one of the following: a, b" lists; "one of the connect tools" is a part of a whole, not a list of values.
const LIST_INTRO =
  /\b(?:(?:(?:must|should) be |(?:is )?not |expected )?one of(?: the following)?(?!\s+(?:the|these|those|its|your|our|their|an?)\s)|(?:valid|allowed|accepted|supported|available|possible|permitted) (?:options|values|choices|types|modes|formats|units|levels)(?: are| include)?)\s*:?\s*((?:\[[^\]\n]{1,400}\])|(?:[^\n.;]|\.(?=\S)){1,400})/i;

/** The allowed values a text lists, or undefined. */
export function listedValues(text: string): unknown[] | undefined {
  const m = LIST_INTRO.exec(text);
  if (!m) return undefined;
  const list = m[1].replace(/,?\s*(?:got|received|but (?:got|received|was))\b.*$/i, '').replace(/\s*\(.*$/, '');
  const values = parseList(list);
  return values.length > 0 ? values : undefined;
}

const NUM = String.raw`(-?\d+(?:\.\d+)?)`;

/** Bounds a text states ("between 1 and 50", "at least 3 characters", ">= 1", "no more than 10"). */
export function bounds(text: string): { min?: number; max?: number; length: boolean } {
  const length = /\b(?:characters?|chars?|items?|elements?|entries|letters|digits|bytes|code points|properties|length)\b/i.test(text);
  const between = new RegExp(String.raw`\bbetween\s+${NUM}\s+and\s+${NUM}|\bfrom\s+${NUM}\s+to\s+${NUM}|\b${NUM}\s+to\s+${NUM}\s+(?=characters|chars|items|elements|entries)`, 'i').exec(text);
  if (between) {
    const [lo, hi] = [between[1] ?? between[3] ?? between[5], between[2] ?? between[4] ?? between[6]];
    return { min: Number(lo), max: Number(hi), length };
  }
  const lo = new RegExp(String.raw`(?:\bat least|\bno (?:less|fewer) than|\bgreater than or equal to|\bgreater than|\bmore than|\bminimum(?: of| is|:)?|\bmin(?:imum)? (?:length|value)(?: of| is|:)?|>=?|≥)\s*${NUM}`, 'i').exec(text);
  const hi = new RegExp(String.raw`(?:\bat most|\bno more than|\bless than or equal to|\bless than|\bfewer than|\bup to|\bexceed(?:s|ing)?|\bmaximum(?: of| is|:)?|\bmax(?:imum)? (?:length|value)(?: of| is|:)?|<=?|≤)\s*${NUM}`, 'i').exec(text);
  return { ...(lo ? { min: Number(lo[1]) } : {}), ...(hi ? { max: Number(hi[1]) } : {}), length };
}

/** A pattern a text quotes ("must match pattern /^a/", "does not match '^ord_'"). */
export function patternIn(text: string): string | undefined {
  const m = /\bmatch(?:es)?\s+(?:the\s+)?(?:pattern|regex|regular expression)?\s*(?:\/(.+?)\/[a-z]*(?=[\s,.;]|$)|"((?:[^"\\]|\\.)+)"|'((?:[^'\\]|\\.)+)'|`([^`]+)`)/i.exec(text);
  return m ? (m[1] ?? m[2] ?? m[3] ?? m[4]) : undefined;
}

/** A type a text says is wanted ("must be a number", "expected integer", "Must be a finite positive integer", "of type 'string'"). */
export function expectedType(text: string): JsonType | undefined {
  const m =
    /^\s*(?:an?\s+)([a-z][a-z ]{0,40})/i.exec(text) ??
    /\b(?:must|should|needs? to|has to)\s+be\s+([a-z][a-z0-9 ]{0,40})/i.exec(text) ??
    /\bexpected\s+([a-z][a-z0-9 ]{0,40})/i.exec(text) ??
    /\bof type\s+['"`]?([a-z][a-z0-9]{1,14})/i.exec(text) ??
    /\bnot an?\s+([a-z][a-z0-9 ]{0,30})/i.exec(text);
  if (!m) return undefined;
  // The first type word among the next few ("a finite positive integer", "an array of strings").
  for (const word of m[1].trim().split(/\s+/).slice(0, 5)) {
    const t = typeWord(word);
    if (t) return t;
    if (/^(?:of|or|and|to|from|between|with|that|which|in)$/i.test(word)) break;
  }
  return undefined;
}

/** Everything a phrase says of the expected value. */
export function expectedIn(text: string): Expected {
  const b = bounds(text);
  return {
    type: expectedType(text),
    values: listedValues(text),
    min: b.min,
    max: b.max,
    pattern: patternIn(text),
    format: formatWord(text),
  };
}

/** The problem what an answer expects implies: listed values make it enum, bounds range (or length), a type type. */
export function problemFromExpected(expected: Expected, text: string): Problem {
  if (expected.values) return 'enum';
  if (expected.pattern) return 'pattern';
  if (expected.format) return 'format';
  if (expected.min !== undefined || expected.max !== undefined) return /\b(?:characters?|chars?|items?|elements?|entries|length|long|short|empty)\b/i.test(text) ? 'length' : 'range';
  if (expected.type) return 'type';
  if (/\b(?:empty|too short|too long)\b/i.test(text)) return 'length';
  return 'invalid';
}

/** Kinds of string described in words, each with its JSON Schema format and the value a model writes for it; the first that matches wins. */
const WORD_KINDS: { format: string; words: RegExp; value: string }[] = [
  // A relative time only when the words say relative ("relative time like 1h ago", "how long ago").
  { format: 'relative-time', words: /\brelative (?:time|date|timestamp)s?\b|\b\d+\s*[a-z]+ ago\b|\bhow long ago\b/i, value: '1h ago' },
  { format: 'duration', words: /\bduration\b|\bISO[ -]?8601 (?:duration|period)\b/i, value: 'PT1H' },
  { format: 'time-zone', words: /\b(?:IANA|tz ?database|olson)\b|\btime ?zone\b/i, value: 'UTC' },
  { format: 'date-time', words: /\bdate[- ]?time\b|\btimestamp\b|\bYYYY-MM-DD[T ]HH|\bRFC[ -]?3339\b|\bISO[ -]?8601\b(?! date\b)/i, value: '2026-01-15T10:00:00Z' },
  { format: 'date', words: /\bYYYY-MM-DD\b|\b(?:ISO[ -]?8601 |calendar |a |the |start |end |due |birth |release )?date\b(?![- ]?time)/i, value: '2026-01-15' },
  { format: 'time', words: /\bHH:MM(?::SS)?\b|\btime of (?:the )?day\b|\b(?:start|end|clock) time\b/i, value: '10:00:00' },
  { format: 'uuid', words: /\b(?:uuid|guid)\b/i, value: '123e4567-e89b-42d3-a456-426614174000' },
  { format: 'email', words: /\be-?mail\b/i, value: 'user@example.com' },
  { format: 'uri', words: /\b(?:url|uri|https? (?:address|link)|web (?:address|page|link)|link to)\b/i, value: 'https://example.com' },
  { format: 'ipv6', words: /\bipv6\b/i, value: '2001:db8::1' },
  { format: 'ipv4', words: /\bip(?:v4)?(?: address)?\b/i, value: '192.0.2.1' },
  { format: 'hostname', words: /\bhost ?name\b|\bdomain(?: name)?\b|\bfqdn\b/i, value: 'example.com' },
];

/** Other values a model tries for a kind when the first was refused. */
const KIND_ALTERNATIVES: Record<string, string[]> = {
  'relative-time': ['now', '30m ago'],
  duration: ['PT30M', '1h', '30s'],
  'time-zone': ['America/New_York', 'Europe/London'],
  'date-time': ['2026-01-15T10:00:00.000Z', '2026-01-15T10:00:00+00:00'],
  date: ['2026-02-01'],
  time: ['10:00', '10:00:00Z'],
  email: ['jane.doe@example.com'],
  uri: ['https://example.com/', 'https://www.example.org'],
  hostname: ['www.example.com'],
};

/** The kind of string `text` describes in words, with the values a model would write for it (first preferred); undefined when it names none. */
export function describedKind(text: string): { format: string; values: string[] } | undefined {
  const kind = WORD_KINDS.find((k) => k.words.test(text));
  return kind ? { format: kind.format, values: [kind.value, ...(KIND_ALTERNATIVES[kind.format] ?? [])] } : undefined;
}

/** The values a model writes for a JSON Schema format an answer names ("date", "uri"): those of the kind that bears it. */
export function formatValues(format: string): string[] {
  const kind = WORD_KINDS.find((k) => k.format === format || (format === 'url' && k.format === 'uri'));
  return kind ? [kind.value, ...(KIND_ALTERNATIVES[kind.format] ?? [])] : [];
}

/** A date/time template ("YYYY-MM-DD", "HH:mm", "YYYY-MM-DDTHH:mm:ssZ", "DD/MM/YYYY") filled in; undefined when it is not one. */
export function templateValue(template: string): string | undefined {
  const t = template.trim();
  if (!/^(?=.*(?:YYYY|YY|MM|DD|HH|hh))[YMDHhmsTZ:./\- ]+$/.test(t) || t.length > 30) return undefined;
  return t.replace(/YYYY|YY|MM|DD|HH|hh|mm|ss/g, (token, at: number) => {
    if (token === 'YYYY') return '2026';
    if (token === 'YY') return '26';
    // MM is a month unless it follows an hour (HH:MM), where it is minutes.
    if (token === 'MM') return /[Hh]{2}:$/.test(t.slice(0, at)) ? '00' : '01';
    if (token === 'DD') return '15';
    if (token === 'HH' || token === 'hh') return '10';
    return '00';
  });
}

/** A cue that an example follows: "e.g. X", "for example X", "such as X, Y", "examples: X", "like 'x'", "(default: x)", "defaults to x". */
const EXAMPLE =
  /(?:\be\.g\.|\beg\.|\bfor example\b|\bfor instance\b|\bsuch as\b|\bexamples?:|\blike(?=\s*["'`‘“])|\(default:?|\bdefault(?:s to| is|:| value(?: is|:)))\s*,?\s*:?\s*(?:["'`‘“]([^"'`’”\n]{1,100})["'`’”]|([^\s,;()]{1,100}))/gi;

/** Further items of a "such as X, Y or Z" list after the first. */
const MORE = /^\s*(?:,|\bor\b|\band\b|,\s*or\b|,\s*and\b)\s*(?:["'`‘“]([^"'`’”\n]{1,100})["'`’”]|([^\s,;()]{1,100}))/i;

/** A "Format: YYYY-MM-DD" (or "in YYYY-MM-DD format", "format HH:mm") template in a text. */
const TEMPLATE = /\bformat(?:ted)?(?: as| is)?\s*:?\s*["'`]?([YMDHhmsTZ:./\- ]{4,30}?)["'`]?(?=$|[\s,;.)](?![\d]))|\bin\s+["'`]?([YMDHhmsTZ:./\-]{4,30})["'`]?\s+format\b/g;

/** A literal as written in a description: quotes dropped, numbers and booleans as JSON (and the text too, for a string field). */
function literal(raw: string, quoted: boolean): unknown[] {
  const t = raw.trim().replace(/[.:]+$/, '');
  if (t === '') return [];
  if (quoted) return [raw.trim()];
  if (/^-?\d+(?:\.\d+)?$/.test(t)) return [t, Number(t)];
  if (t === 'true' || t === 'false') return [t, t === 'true'];
  return [t];
}

/** The values a field's description shows, in its order: examples, defaults, "one of" lists, filled-in templates. */
export function describedValues(description: string): unknown[] {
  const out: unknown[] = [];
  for (const m of description.matchAll(EXAMPLE)) {
    out.push(...literal(m[1] ?? m[2], m[1] !== undefined));
    if (!/^(?:such as|examples?:)/i.test(m[0])) continue;
    // "such as X, Y or Z": the items after the first.
    let rest = description.slice(m.index! + m[0].length);
    for (let more = MORE.exec(rest), n = 0; more !== null && n < 8; more = MORE.exec(rest), n++) {
      out.push(...literal(more[1] ?? more[2], more[1] !== undefined));
      rest = rest.slice(more[0].length);
    }
  }
  // "one of: a, b, c": a list of one is more likely a phrase ("one of the user's emails").
  const listed = listedValues(description) ?? [];
  if (listed.length > 1) out.push(...listed);
  for (const m of description.matchAll(TEMPLATE)) {
    const value = templateValue(m[1] ?? m[2]);
    if (value !== undefined) out.push(value);
  }
  return out;
}
