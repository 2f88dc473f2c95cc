// Probe: leave out required arguments, each one alone and all at once; a correct server rejects every call.
import fc from 'fast-check';
import type { Probe, ProbeCase } from '../src/types.js';
import { asSchema, requiredProps } from '../src/schema/read.js';
import { withoutProps } from '../src/schema/values.js';
import { arbitraryArguments, baseArguments } from '../src/schema/arbitraries.js';

const label = (omitted: readonly string[]) => `omit required ${omitted.map((k) => `'${k}'`).join(', ')}`;

export const probe: Probe = {
  kind: 'missing-required',
  description: 'Omits required properties, one at a time and all at once.',
  scope: 'tool',
  plan(tool) {
    const schema = asSchema(tool.inputSchema);
    const required = requiredProps(schema);
    if (required.length === 0) return { skip: 'no required properties' };
    const make = (args: Record<string, unknown>, omitted: readonly string[]): ProbeCase => ({
      name: tool.name,
      arguments: args,
      expect: 'invalid-input',
      mustRefuse: true,
      label: label(omitted),
    });
    const base = baseArguments(schema);
    const enumerated = required.map((key) => make(withoutProps(base, [key]), [key]));
    // The label quotes the required names, so rules know which arguments the error should name.
    if (!enumerated.some((c) => Object.keys(c.arguments as object).length === 0)) enumerated.push({ ...make({}, required), label: `empty arguments {} (${label(required)})` });
    return {
      enumerated,
      arbitrary: fc
        .tuple(arbitraryArguments(schema), fc.subarray(required, { minLength: 1 }))
        .map(([args, omitted]) => make(withoutProps(args, omitted), omitted)),
    };
  },
};
