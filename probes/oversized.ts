// Probe: send oversized arguments (100 KB and 1 MB strings, a 10,000-element array, objects nested 64 deep); a bounded answer is expected.
import type { JsonSchema, Probe } from '../src/types.js';
import { isRecord } from '../src/util/guards.js';
import { validatorFor } from '../src/schema/validate.js';
import { asSchema, propertiesAccepting, propertySchemas, type JsonType } from '../src/schema/read.js';
import { expectationFor, minimalItem, withProp } from '../src/schema/values.js';
import { baseArguments } from '../src/schema/arbitraries.js';
import { caseFor, onProperties } from './case.js';

const EXTRA = '__errlint_oversized';

function nested(depth: number): unknown {
  let value: unknown = 'errlint';
  for (let i = 0; i < depth; i++) value = { nested: value };
  return value;
}

let payloads: { type: JsonType; words: string; make: (item: unknown) => unknown }[] | undefined;

/** Built on first use and shared: a 1 MB string per tool adds up. */
function oversizedPayloads() {
  if (!payloads) {
    const kb100 = 'errlint '.repeat(100 * 128);
    const mb1 = 'errlint '.repeat(1024 * 128);
    payloads = [
      { type: 'string', words: '100 KB string', make: () => kb100 },
      { type: 'string', words: '1 MB string', make: () => mb1 },
      { type: 'array', words: '10,000-element array', make: (item) => Array.from({ length: 10_000 }, () => item) },
      { type: 'object', words: 'object nested 64 deep', make: () => nested(64) },
    ];
  }
  return payloads;
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
    const enumerated = oversizedPayloads().map(({ type, words, make }) => {
      const field = propertiesAccepting(schema, type)[0];
      const value = make(field === undefined ? 0 : minimalItem(props[field], schema));
      const args = withProp(base, field ?? EXTRA, value);
      const where = field === undefined ? `extra property '${EXTRA}'` : `'${field}'`;
      // An undeclared property may be accepted or refused (rulebook §3): in one, nothing is judged but the answer's bounds.
      const expect = field === undefined ? 'any' : tooLong(props[field], value) && validatorFor(schema) !== null ? 'invalid-input' : expectationFor(schema, args, 'any');
      return caseFor(tool, { arguments: args, expect, label: `${words} in ${where}`, target: onProperties('size', field ?? EXTRA) });
    });
    return { enumerated, arbitrary: null };
  },
};
