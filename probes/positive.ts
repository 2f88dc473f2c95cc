// Probe: schema-valid arguments (confirmed with ajv); a well-formed result is expected. The engine decides which tools may get them.
import type { Probe } from '../src/plan/types.js';
import { asSchema } from '../src/schema/read.js';
import { arbitraryArguments, baseArguments, safeSample } from '../src/schema/arbitraries.js';
import { schemaProblem, validatesAgainst, validatorFor } from '../src/schema/validate.js';
import { caseFor } from './case.js';

/** Seeded draws that must include at least one valid input before the random part of the plan is trusted not to starve. */
const PILOT_RUNS = 30;

export const probe: Probe = {
  kind: 'positive',
  description: 'Sends schema-valid arguments, generated from the inputSchema and confirmed with ajv.',
  scope: 'tool',
  plan(tool) {
    const schema = asSchema(tool.inputSchema);
    if (schema === false) return { skip: 'the inputSchema is false: no input is valid' };
    if (!validatorFor(schema)) return { skip: `ajv cannot compile the inputSchema (${schemaProblem(schema) ?? 'unknown reason'}), so no input can be confirmed valid` };
    const validCase = (args: Record<string, unknown>, label: string) => caseFor(tool, { arguments: args, expect: 'valid-input', label });
    const base = baseArguments(schema);
    const enumerated = validatesAgainst(schema, base) ? [validCase(base, 'minimal valid input')] : [];
    const generated = arbitraryArguments(schema);
    const valid = (args: unknown) => validatesAgainst(schema, args);
    // fast-check's filter retries forever; only use it when valid inputs are known to come up
    const arbitrary = safeSample(generated, PILOT_RUNS, 1).some(valid) ? generated.filter(valid).map((args) => validCase(args, 'generated valid input')) : null;
    if (enumerated.length === 0 && arbitrary === null) return { skip: 'could not generate an input that ajv accepts' };
    return { enumerated, arbitrary };
  },
};
