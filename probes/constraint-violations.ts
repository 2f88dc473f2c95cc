// Probe: break each declared constraint (enum, range, length, pattern, format, item count) just outside its bound; every case is checked invalid with ajv.
import type { JsonSchema } from '../src/types.js';
import type { Probe } from '../src/plan/types.js';
import type { ProbeCase, TargetKeyword } from '../src/probe-case.js';
import { isRecord } from '../src/util/guards.js';
import { safeRegExp, type SafeRegExp } from '../src/util/safe-regex.js';
import { asSchema, normalizeSchema, numericRange, propertySchemas } from '../src/schema/read.js';
import { minimalItem, withProp } from '../src/schema/values.js';
import { baseArguments } from '../src/schema/arbitraries.js';
import { ajvVerdict } from '../src/schema/validate.js';
import { caseFor, onProperties } from './case.js';

/** Violations bigger than this are the oversized probe's business. */
const MAX_VIOLATION_SIZE = 10_000;

interface Violation {
  /** The keyword the value breaks. */
  keyword: TargetKeyword;
  words: string;
  value: unknown;
}

function outsideOf(values: readonly unknown[]): unknown {
  const seen = new Set(values.map((v) => JSON.stringify(v)));
  const numbers = values.filter((v): v is number => typeof v === 'number');
  const candidates = [
    typeof values[0] === 'number' ? Math.max(...numbers) + 1 : undefined,
    typeof values[0] === 'boolean' ? !values[0] : undefined,
    'errlint_not_an_allowed_value',
    999_999,
    false,
    true,
  ];
  return candidates.find((c) => c !== undefined && !seen.has(JSON.stringify(c)));
}

function notMatching(pattern: string): string | undefined {
  let re: SafeRegExp;
  try {
    re = safeRegExp(pattern, 'u');
  } catch {
    return undefined; // a pattern we cannot match safely gets no candidate we could not confirm
  }
  return ['', ' ', '!!! errlint !!!', 'errlint', '0', 'A', '\n', '~'].find((candidate) => !re.test(candidate));
}

const NOT_A_FORMAT: Record<string, string> = {
  'date-time': 'not a date-time',
  date: '2024-13-45',
  time: '25:61:00',
  email: 'not-an-email',
  uri: 'not a uri',
  url: 'not a url',
  uuid: 'not-a-uuid',
  ipv4: '999.1.1.1',
  ipv6: 'not:an:ipv6',
  hostname: '-not a hostname-',
  regex: '(unclosed',
  duration: '1 day',
};

function violationsOf(sub: JsonSchema, root: JsonSchema): Violation[] {
  const s = normalizeSchema(sub, root);
  if (!isRecord(s)) return [];
  const out: Violation[] = [];
  if (Array.isArray(s.enum) && s.enum.length > 0) out.push({ keyword: 'enum', words: 'outside its enum', value: outsideOf(s.enum) });
  if ('const' in s) out.push({ keyword: 'const', words: 'other than its const', value: outsideOf([s.const]) });
  const { min, max, minExclusive, maxExclusive } = numericRange(s);
  if (min !== undefined) out.push({ keyword: minExclusive ? 'exclusiveMinimum' : 'minimum', words: minExclusive ? `equal to exclusiveMinimum ${min}` : `below minimum ${min}`, value: minExclusive ? min : min - 1 });
  if (max !== undefined) out.push({ keyword: maxExclusive ? 'exclusiveMaximum' : 'maximum', words: maxExclusive ? `equal to exclusiveMaximum ${max}` : `above maximum ${max}`, value: maxExclusive ? max : max + 1 });
  if (typeof s.multipleOf === 'number' && s.multipleOf > 0) out.push({ keyword: 'multipleOf', words: `not a multiple of ${s.multipleOf}`, value: s.multipleOf * 1.5 });
  if (typeof s.minLength === 'number' && s.minLength >= 1 && s.minLength <= MAX_VIOLATION_SIZE) {
    out.push({ keyword: 'minLength', words: `shorter than minLength ${s.minLength}`, value: 'a'.repeat(Math.ceil(s.minLength) - 1) });
  }
  if (typeof s.maxLength === 'number' && s.maxLength >= 0 && s.maxLength < MAX_VIOLATION_SIZE) {
    out.push({ keyword: 'maxLength', words: `longer than maxLength ${s.maxLength}`, value: 'a'.repeat(Math.floor(s.maxLength) + 1) });
  }
  if (typeof s.pattern === 'string') {
    const value = notMatching(s.pattern);
    if (value !== undefined) out.push({ keyword: 'pattern', words: `not matching pattern ${s.pattern}`, value });
  }
  if (typeof s.format === 'string' && NOT_A_FORMAT[s.format] !== undefined) out.push({ keyword: 'format', words: `not a valid ${s.format}`, value: NOT_A_FORMAT[s.format] });
  const item = minimalItem(s, root);
  if (typeof s.minItems === 'number' && s.minItems >= 1 && s.minItems <= MAX_VIOLATION_SIZE) {
    out.push({ keyword: 'minItems', words: `with fewer than minItems ${s.minItems}`, value: Array.from({ length: Math.ceil(s.minItems) - 1 }, () => item) });
  }
  if (typeof s.maxItems === 'number' && s.maxItems >= 0 && s.maxItems < MAX_VIOLATION_SIZE) {
    out.push({ keyword: 'maxItems', words: `with more than maxItems ${s.maxItems}`, value: Array.from({ length: Math.floor(s.maxItems) + 1 }, () => item) });
  }
  if (s.uniqueItems === true) out.push({ keyword: 'uniqueItems', words: 'with duplicate items', value: [item, item] });
  return out.filter((v) => v.value !== undefined);
}

export const probe: Probe = {
  kind: 'constraint-violations',
  description: 'Breaks each declared constraint of each property: enum/const, range, multipleOf, length, pattern, format, item count, uniqueness.',
  scope: 'tool',
  plan(tool) {
    const schema = asSchema(tool.inputSchema);
    const base = baseArguments(schema);
    const candidates: ProbeCase[] = Object.entries(propertySchemas(schema)).flatMap(([property, sub]) =>
      violationsOf(sub, schema).map(({ keyword, words, value }) =>
        caseFor(tool, { arguments: withProp(base, property, value), expect: 'invalid-input', label: `'${property}' ${words}`, target: onProperties(keyword, property) }),
      ),
    );
    if (candidates.length === 0) return { skip: 'no property declares a constraint (enum, const, range, length, pattern, format, item count)' };
    const enumerated = candidates.filter((c) => ajvVerdict(schema, c.arguments) !== 'valid');
    if (enumerated.length === 0) return { skip: 'ajv accepts every constraint-violation candidate' };
    return { enumerated, arbitrary: null };
  },
};
