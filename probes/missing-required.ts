// Probe: leave out required arguments, each one alone and all at once, and the arguments key itself; a correct server rejects every call.
import fc from 'fast-check';
import type { Probe } from '../src/plan/types.js';
import { asSchema, requiredProps } from '../src/schema/read.js';
import { withoutProps } from '../src/schema/values.js';
import { arbitraryArguments, baseArguments } from '../src/schema/arbitraries.js';
import { caseFor, onProperties } from './case.js';

const label = (omitted: readonly string[]) => `omit required ${omitted.map((k) => `'${k}'`).join(', ')}`;

export const probe: Probe = {
  kind: 'missing-required',
  description: 'Omits required properties, one at a time and all at once, and the arguments key itself.',
  scope: 'tool',
  plan(tool) {
    const schema = asSchema(tool.inputSchema);
    const required = requiredProps(schema);
    if (required.length === 0) return { skip: 'no required properties' };
    const omit = (args: Record<string, unknown>, omitted: readonly string[], words = label(omitted)) =>
      caseFor(tool, { arguments: withoutProps(args, omitted), expect: 'invalid-input', mustRefuse: true, label: words, target: onProperties('required', ...omitted) });
    const base = baseArguments(schema);
    const enumerated = required.map((key) => omit(base, [key]));
    if (!enumerated.some((c) => Object.keys(c.arguments as object).length === 0)) enumerated.push(omit({}, required, `empty arguments {} (${label(required)})`));
    // The `arguments` key left out: legal JSON-RPC, and where a handler destructures request.params.arguments it crashes.
    const bare = omit({}, required, `no arguments key (${label(required)})`);
    enumerated.push({ ...bare, arguments: undefined, delivery: { kind: 'request', method: 'tools/call', params: { name: tool.name } } });
    return {
      enumerated,
      arbitrary: fc.tuple(arbitraryArguments(schema), fc.subarray(required, { minLength: 1 })).map(([args, omitted]) => omit(args, omitted)),
    };
  },
};
