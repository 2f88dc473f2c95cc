// Probe: add an undeclared property to valid arguments; accepting or rejecting it both pass (rulebook §3), only the answer's shape is graded.
import fc from 'fast-check';
import type { Probe } from '../src/plan/types.js';
import { asSchema, propertySchemas } from '../src/schema/read.js';
import { withProp } from '../src/schema/values.js';
import { arbitraryArguments, baseArguments } from '../src/schema/arbitraries.js';
import { caseFor, onProperties } from './case.js';

export const probe: Probe = {
  kind: 'extra-properties',
  description: 'Adds an undeclared property to otherwise valid arguments.',
  scope: 'tool',
  plan(tool) {
    const schema = asSchema(tool.inputSchema);
    const declared = new Set(Object.keys(propertySchemas(schema)));
    const undeclared = (name: string) => {
      while (declared.has(name)) name += '_';
      return name;
    };
    const extended = (args: Record<string, unknown>, name: string, value: unknown) =>
      caseFor(tool, { arguments: withProp(args, name, value), expect: 'any', label: `undeclared property '${name}'`, target: onProperties('additionalProperties', name) });
    const extra = undeclared('__errlint_extra');
    return {
      enumerated: [extended(baseArguments(schema), extra, 'x')],
      arbitrary: fc
        .tuple(arbitraryArguments(schema), fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,11}$/), fc.jsonValue({ maxDepth: 1 }))
        .map(([args, suffix, value]) => extended(args, undeclared(`__errlint_${suffix}`), JSON.parse(JSON.stringify(value)))),
    };
  },
};
