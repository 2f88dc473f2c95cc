// Probe: set each property that does not allow null to null; a correct server rejects every call.
import fc from 'fast-check';
import type { Probe } from '../src/plan/types.js';
import { allowsNull, asSchema, propertySchemas, requiredProps } from '../src/schema/read.js';
import { withProp } from '../src/schema/values.js';
import { arbitraryArguments, baseArguments } from '../src/schema/arbitraries.js';
import { ajvVerdict } from '../src/schema/validate.js';
import { caseFor, onProperties } from './case.js';

export const probe: Probe = {
  kind: 'null-values',
  description: 'Sets each property whose schema rejects null to null.',
  scope: 'tool',
  plan(tool) {
    const schema = asSchema(tool.inputSchema);
    const props = propertySchemas(schema);
    const required = new Set(requiredProps(schema));
    const targets = Object.keys(props).filter((name) => !allowsNull(props[name], schema));
    if (targets.length === 0) return { skip: 'no property rejects null' };
    const nulled = (args: Record<string, unknown>, property: string) =>
      caseFor(tool, {
        arguments: withProp(args, property, null),
        expect: 'invalid-input',
        mustRefuse: required.has(property),
        label: `'${property}' as null`,
        target: onProperties('type', property),
      });
    const base = baseArguments(schema);
    const enumerated = targets.map((property) => nulled(base, property)).filter((c) => ajvVerdict(schema, c.arguments) !== 'valid');
    if (enumerated.length === 0) return { skip: 'ajv accepts null in every property' };
    const arbitrary = fc
      .tuple(arbitraryArguments(schema), fc.constantFrom(...targets))
      .map(([args, property]) => nulled(args, property))
      .map((c) => (ajvVerdict(schema, c.arguments) === 'valid' ? enumerated[0] : c));
    return { enumerated, arbitrary };
  },
};
