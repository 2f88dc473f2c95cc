// Probe: give each typed property a value of each JSON type it does not allow; a correct server rejects every call.
import fc from 'fast-check';
import type { Probe } from '../src/plan/types.js';
import { asSchema, propertySchemas, requiredProps, wrongTypesOf, type JsonType } from '../src/schema/read.js';
import { withProp, wrongTypeValue } from '../src/schema/values.js';
import { arbitraryArguments, arbitraryOfType, baseArguments } from '../src/schema/arbitraries.js';
import { ajvVerdict } from '../src/schema/validate.js';
import { caseFor, onProperties } from './case.js';

const TYPE_WORDS: Record<JsonType, string> = {
  string: 'string',
  number: 'non-integer number',
  integer: 'integer',
  boolean: 'boolean',
  object: 'object',
  array: 'array',
  null: 'null',
};

export const probe: Probe = {
  kind: 'wrong-type',
  description: 'Gives each typed property a value of every JSON type it does not allow (null is the null-values probe).',
  scope: 'tool',
  plan(tool) {
    const schema = asSchema(tool.inputSchema);
    const props = propertySchemas(schema);
    const required = new Set(requiredProps(schema));
    const targets = Object.entries(props).flatMap(([property, sub]) => wrongTypesOf(sub, schema).map((type) => ({ property, type })));
    if (targets.length === 0) return { skip: 'no property declares a type' };
    // `alone`: the mistyped argument is the only one beside the base arguments (no random values in the others).
    const mistyped = (args: Record<string, unknown>, property: string, type: JsonType, value: unknown, alone = false) =>
      caseFor(tool, {
        arguments: withProp(args, property, value),
        expect: 'invalid-input',
        // A declared argument of the wrong JSON type is as much input a validating server refuses before acting as a
        // required one left out: it is what a tool that requires nothing can be sent under the must-refuse policy, but
        // alone, so that a server that does not validate gets no other argument to act on (a random `force: true`).
        mustRefuse: required.has(property) || (required.size === 0 && alone),
        label: `'${property}' as ${TYPE_WORDS[type]}`,
        target: onProperties('type', property),
      });
    const base = baseArguments(schema);
    const enumerated = targets
      .map(({ property, type }) => mistyped(base, property, type, wrongTypeValue(type), true))
      .filter((c) => ajvVerdict(schema, c.arguments) !== 'valid');
    if (enumerated.length === 0) return { skip: 'ajv accepts every wrong-type value (the declared types do not restrict these properties)' };
    // Random wrong values, with the other arguments random (`alone`: on the base arguments only).
    const draws = (alone: boolean) => {
      const bases = alone ? fc.constant(base) : arbitraryArguments(schema);
      // Each target's arbitrary is built once (chain asks for one per draw; the values, and so the run, stay the same).
      const perTarget = new Map(targets.map((target) => [target, fc.tuple(bases, arbitraryOfType(target.type)).map(([args, value]) => mistyped(args, target.property, target.type, value, alone))]));
      return fc
        .constantFrom(...targets)
        .chain((target) => perTarget.get(target)!)
        // a value the schema still accepts (a type we misread) would be a real call: send a known-invalid case instead
        .map((c) => (ajvVerdict(schema, c.arguments) === 'valid' ? enumerated[0] : c));
    };
    // A tool that requires nothing, limited to inputs it must refuse, gets its random wrong values alone too.
    return { enumerated, arbitrary: draws(false), ...(required.size === 0 ? { mustRefuseArbitrary: draws(true) } : {}) };
  },
};
