// The judge of a repaired call: the tool's input schema, and what the safety policy lets the agent send (rulebook §7, §9).
import type { JsonSchema } from '../types.js';
import type { CallPolicy } from '../plan/safety.js';
import { jsonTypeOfValue, jsonTypesOf, propertySchemas, requiredProps } from '../schema/read.js';
import { ajvVerdict } from '../schema/validate.js';

export type SchemaVerdict = 'valid' | 'invalid' | 'unknown';

/** The input schema's verdict on the arguments ('unknown' when the schema does not compile). */
export function schemaVerdict(schema: JsonSchema, args: Record<string, unknown>): SchemaVerdict {
  return ajvVerdict(schema, args);
}

/** A required argument missing, null or of the wrong JSON type: an input every validating server refuses before acting. */
function mustBeRefused(schema: JsonSchema, args: Record<string, unknown>): boolean {
  const props = propertySchemas(schema);
  return requiredProps(schema).some((name) => {
    if (!Object.hasOwn(args, name) || args[name] === null) return true;
    const types = Object.hasOwn(props, name) ? jsonTypesOf(props[name], schema) : null;
    const type = jsonTypeOfValue(args[name]);
    return types !== null && type !== undefined && !types.includes(type) && !(type === 'integer' && types.includes('number'));
  });
}

/**
 * May the agent send this repaired call to the tool? Only what the probes themselves may send it: anything to a tool
 * that takes every input, schema-invalid calls to one that takes those, inputs it must refuse to an unannotated tool.
 * A valid call to a tool that may write is never sent: it would carry out the write.
 */
export function maySend(policy: CallPolicy, schema: JsonSchema, args: Record<string, unknown>, verdict: SchemaVerdict): boolean {
  switch (policy.level) {
    case 'all':
      return true;
    case 'invalid':
      return verdict === 'invalid';
    case 'must-refuse':
      return verdict === 'invalid' && mustBeRefused(schema, args);
    case 'none':
      return false;
  }
}
