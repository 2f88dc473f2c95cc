// Probe: put hostile unicode (emoji, bidi override, zero-width, combining marks, non-BMP, U+FFFF, NUL, C0 controls) in string fields.
import fc from 'fast-check';
import type { Probe } from '../src/plan/types.js';
import { asSchema, propertiesAccepting } from '../src/schema/read.js';
import { expectationFor, withProp } from '../src/schema/values.js';
import { arbitraryArguments, baseArguments } from '../src/schema/arbitraries.js';
import { caseFor, onProperties } from './case.js';

const C0_CONTROLS = Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)).join('');

/**
 * Any code point, lone surrogates included (what fast-check's `unit: 'binary'` draws), as one arbitrary integer: the
 * built-in unit builds a table of every code point on first use (about 1.8 s and 85 MB), this costs nothing up front.
 * Small code points (NUL, C0 controls) come often, as fast-check biases integers toward their bounds.
 */
const ANY_CODE_POINT = fc.integer({ min: 0, max: 0x10ffff }).map((codePoint) => String.fromCodePoint(codePoint));

export const SPECIAL_STRINGS: readonly { words: string; value: string }[] = [
  { words: 'emoji', value: 'errlint 😀👍🏽👩‍👩‍👧 🇫🇷' },
  { words: 'RTL override U+202E', value: 'errlint \u202Etxt.exe\u202C' },
  { words: 'zero-width U+200B', value: 'err\u200Blint\u200C\u200D\uFEFF' },
  { words: 'combining marks', value: 'e\u0301\u0302\u0303 Z\u0335\u0321\u0322\u0327\u0361' },
  { words: 'non-BMP characters', value: '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𠜎 \u{10FFFD}' },
  { words: 'U+FFFF', value: 'errlint\uFFFF\uFFFE' },
  { words: 'NUL byte', value: 'errlint\u0000lint' },
  { words: 'C0 control characters', value: `errlint${C0_CONTROLS}\u007F` },
];

export const probe: Probe = {
  kind: 'unicode',
  description: 'Puts emoji, U+202E, U+200B, combining marks, non-BMP, U+FFFF, NUL and C0 controls into string fields.',
  scope: 'tool',
  plan(tool) {
    const schema = asSchema(tool.inputSchema);
    const fields = propertiesAccepting(schema, 'string');
    if (fields.length === 0) return { skip: 'no string property' };
    const hostile = (args: Record<string, unknown>, field: string, value: string, words: string) => {
      const withValue = withProp(args, field, value);
      return caseFor(tool, { arguments: withValue, expect: expectationFor(schema, withValue, 'any'), label: `${words} in '${field}'`, target: onProperties('unicode', field) });
    };
    const base = baseArguments(schema);
    return {
      enumerated: SPECIAL_STRINGS.map(({ words, value }) => hostile(base, fields[0], value, words)),
      arbitrary: fc
        .tuple(arbitraryArguments(schema), fc.constantFrom(...fields), fc.string({ unit: ANY_CODE_POINT, minLength: 1, size: 'small' }))
        .map(([args, field, value]) => hostile(args, field, value, 'random unicode')),
    };
  },
};
