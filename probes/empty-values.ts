// Probe: give each typed property its empty value ("", [], {}, 0); the schema (via ajv) says whether the call must fail.
import type { Probe } from '../src/plan/types.js';
import type { ProbeCase } from '../src/probe-case.js';
import { asSchema, jsonTypesOf, propertySchemas, type JsonType } from '../src/schema/read.js';
import { expectationFor, withProp } from '../src/schema/values.js';
import { baseArguments } from '../src/schema/arbitraries.js';
import { caseFor, onProperties } from './case.js';

const EMPTY: readonly { type: JsonType; value: unknown; words: string }[] = [
  { type: 'string', value: '', words: 'empty string' },
  { type: 'array', value: [], words: 'empty array' },
  { type: 'object', value: {}, words: 'empty object' },
  { type: 'integer', value: 0, words: '0' },
];

export const probe: Probe = {
  kind: 'empty-values',
  description: 'Gives each typed property its empty value: "" for strings, [] for arrays, {} for objects, 0 for numbers.',
  scope: 'tool',
  plan(tool) {
    const schema = asSchema(tool.inputSchema);
    const base = baseArguments(schema);
    const enumerated: ProbeCase[] = [];
    for (const [property, sub] of Object.entries(propertySchemas(schema))) {
      const allowed = jsonTypesOf(sub, schema) ?? [];
      for (const empty of EMPTY.filter((e) => allowed.includes(e.type))) {
        const args = withProp(base, property, structuredClone(empty.value));
        enumerated.push(caseFor(tool, { arguments: args, expect: expectationFor(schema, args, 'any'), label: `'${property}' as ${empty.words}`, target: onProperties('empty', property) }));
      }
    }
    if (enumerated.length === 0) return { skip: 'no property is typed as a string, array, object or number' };
    return { enumerated, arbitrary: null };
  },
};
