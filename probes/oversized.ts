// Probe: send oversized arguments (100 KB and 1 MB strings, a 10,000-element array, objects nested 64 deep); a bounded answer is expected.
// A string is made to match its field's pattern and format where it can, so that its size is the one thing wrong with it.
import type { JsonSchema } from '../src/types.js';
import type { Probe } from '../src/plan/types.js';
import { isRecord } from '../src/util/guards.js';
import { validatorFor } from '../src/schema/validate.js';
import { asSchema, normalizeSchema, propertiesAccepting, propertySchemas, type JsonType } from '../src/schema/read.js';
import { expectationFor, minimalItem, minimalValue, validInContext, withProp } from '../src/schema/values.js';
import { baseArguments } from '../src/schema/arbitraries.js';
import { caseFor, onProperties } from './case.js';

const EXTRA = '__errlint_oversized';

function nested(depth: number): unknown {
  let value: unknown = 'errlint';
  for (let i = 0; i < depth; i++) value = { nested: value };
  return value;
}

interface Payload {
  type: JsonType;
  words: string;
  /** Characters of a string payload. */
  size?: number;
  make: (item: unknown) => unknown;
}

const KB100 = 100 * 1024;
const MB1 = 1024 * 1024;

/** The repeated texts tried, in order, for a string that must also match a field's pattern or format. */
const FILLERS = ['errlint ', 'errlint', 'errlint-', 'x', '0'];

/** `size` characters of a filler, built once per (filler, size) and shared: a 1 MB string per tool adds up. */
const fills = new Map<string, string>();
function fill(filler: string, size: number): string {
  const key = `${size}\u0000${filler}`;
  let text = fills.get(key);
  if (text === undefined) {
    text = filler.repeat(Math.ceil(size / filler.length)).slice(0, size);
    fills.set(key, text);
  }
  return text;
}

let payloads: Payload[] | undefined;

function oversizedPayloads(): Payload[] {
  payloads ??= [
    { type: 'string', words: '100 KB string', size: KB100, make: () => fill('errlint ', KB100) },
    { type: 'string', words: '1 MB string', size: MB1, make: () => fill('errlint ', MB1) },
    { type: 'array', words: '10,000-element array', make: (item) => Array.from({ length: 10_000 }, () => item) },
    { type: 'object', words: 'object nested 64 deep', make: () => nested(64) },
  ];
  return payloads;
}

/**
 * A string of about `size` characters that the field accepts apart from its length bounds (its pattern, its format),
 * so that size is the one thing wrong with it; undefined when the field takes no such string (an enum, a const, a
 * pattern that bounds the length). A free-form field takes the shared "errlint errlint …".
 */
function oversizedString(field: JsonSchema, root: JsonSchema, size: number): { value: string; shaped: boolean } | undefined {
  const s = normalizeSchema(field, root);
  if (!isRecord(s)) return undefined;
  if ('enum' in s || 'const' in s) return undefined;
  if (s.pattern === undefined && s.format === undefined) return { value: fill('errlint ', size), shaped: false };
  const { maxLength: _max, minLength: _min, ...relaxed } = s;
  const minimal = minimalValue(s, root);
  const around = typeof minimal === 'string' ? minimal : '';
  // The filler alone, or around the field's own smallest value (an email's "a@a.aa", a prefix the pattern demands).
  const shapes = [(text: string) => text, (text: string) => `${around}${text}`, (text: string) => `${text}${around}`];
  for (const filler of FILLERS) {
    for (const shape of shapes) {
      // 300 characters: past any bound a pattern could set by repetition ({1,64}), small enough to check cheaply.
      if (!validInContext(relaxed, root, shape(fill(filler, 300).trim()))) continue;
      // The whole value too: a pattern may bound the length past 300 ({1,1000}); re2js matches it in linear time.
      const value = shape(fill(filler, size).trim());
      if (validInContext(relaxed, root, value)) return { value, shaped: true };
    }
  }
  return undefined;
}

/** The first string field (free-form ones first) that takes an oversized string valid but for its size, and that string. */
function stringField(schema: JsonSchema, props: Record<string, JsonSchema>, size: number): { field: string; value: string; shaped: boolean } | undefined {
  for (const field of propertiesAccepting(schema, 'string')) {
    const fitted = oversizedString(props[field], schema, size);
    if (fitted !== undefined) return { field, ...fitted };
  }
  return undefined;
}

/**
 * Does the value break its property's own maxLength? Then the arguments are invalid whatever else the schema says (its
 * keywords all hold at once), and ajv need not count the code points of a megabyte to say so. The payloads are ASCII.
 */
function tooLong(property: JsonSchema, value: unknown): boolean {
  return typeof value === 'string' && isRecord(property) && property.$ref === undefined && typeof property.maxLength === 'number' && value.length > property.maxLength;
}

export const probe: Probe = {
  kind: 'oversized',
  description: 'Sends 100 KB and 1 MB strings, a 10,000-element array and an object nested 64 deep.',
  scope: 'tool',
  plan(tool) {
    const schema = asSchema(tool.inputSchema);
    const props = propertySchemas(schema);
    const base = baseArguments(schema);
    const enumerated = oversizedPayloads().map(({ type, words, size, make }) => {
      // A string goes where it breaks nothing but its size; failing that, as before, to the first string field.
      const fitted = size === undefined ? undefined : stringField(schema, props, size);
      const field = fitted?.field ?? propertiesAccepting(schema, type)[0];
      const value = fitted?.value ?? make(field === undefined ? 0 : minimalItem(props[field], schema));
      const args = withProp(base, field ?? EXTRA, value);
      const where = field === undefined ? `extra property '${EXTRA}'` : `'${field}'${fitted?.shaped ? ' (matching its pattern or format)' : ''}`;
      // An undeclared property may be accepted or refused (rulebook §3): in one, nothing is judged but the answer's bounds.
      const expect = field === undefined ? 'any' : tooLong(props[field], value) && validatorFor(schema) !== null ? 'invalid-input' : expectationFor(schema, args, 'any');
      return caseFor(tool, { arguments: args, expect, label: `${words} in ${where}`, target: onProperties('size', field ?? EXTRA) });
    });
    return { enumerated, arbitrary: null };
  },
};
