// Validates JSON-RPC frames against the official MCP JSON schema of one protocol version (test/data/mcp-schema/, as
// published in modelcontextprotocol/modelcontextprotocol). The definition is picked by the frame's method: the one whose
// `method` is that `const`. Up to 2025-06-18 a request or notification type holds only `method` and `params`, so a whole
// frame is checked against allOf [JSONRPCRequest or JSONRPCNotification, the type]; from 2025-11-25 the types are whole
// frames. A method no definition names is checked against JSONRPCRequest (with an id) or JSONRPCNotification alone.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AjvModule from 'ajv';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { interop } from '../../src/util/interop.js';
import { ROOT } from './cli.js';

const AjvDraft07 = interop(AjvModule);
const Ajv2020 = interop(Ajv2020Module);
const addFormats = interop(addFormatsModule);

/** The versions bundled in test/data/mcp-schema/. */
export const MCP_SCHEMA_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;

/** What checking one frame found: the definition it was checked against, and its errors (empty when valid). */
export interface FrameCheck {
  /** E.g. "CallToolRequest", "JSONRPCRequest & CallToolRequest", "JSONRPCNotification", "(not JSON)". */
  definition: string;
  errors: string[];
}

export interface FrameValidator {
  version: string;
  /** Check one frame as parsed from the wire (any JSON value). */
  check(frame: unknown): FrameCheck;
}

/** Names of the shared unions that repeat a member's method `const` (2026-07-28's ClientNotification): never picked. */
const UNION_PREFIX = /^(Client|Server)/;

const describeError = (e: ErrorObject): string => {
  const params = Object.entries(e.params ?? {})
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join(', ');
  return `${e.instancePath || '/'} ${e.message}${params ? ` (${params})` : ''}`;
};

export function mcpFrameValidator(version: string): FrameValidator {
  const schema = JSON.parse(readFileSync(join(ROOT, 'test', 'data', 'mcp-schema', version, 'schema.json'), 'utf8'));
  const key = schema.$defs !== undefined ? '$defs' : 'definitions';
  const defs: Record<string, { properties?: Record<string, { const?: unknown }> }> = schema[key];
  const ajv = key === '$defs' ? new Ajv2020({ allErrors: true, strict: false }) : new AjvDraft07({ allErrors: true, strict: false });
  (addFormats as unknown as (ajv: unknown) => void)(ajv);
  ajv.addSchema(schema, 'mcp');

  // method → the request or notification type that names it.
  const byMethod = new Map<string, string>();
  for (const [name, def] of Object.entries(defs)) {
    const method = def?.properties?.method?.const;
    if (typeof method !== 'string' || !/(Request|Notification)$/.test(name)) continue;
    if (!byMethod.has(method) || UNION_PREFIX.test(byMethod.get(method)!)) byMethod.set(method, name);
  }

  const ref = (name: string) => ({ $ref: `mcp#/${key}/${name}` });
  const compiled = new Map<string, ValidateFunction>();
  const validatorFor = (definition: string): ValidateFunction => {
    let validate = compiled.get(definition);
    if (!validate) {
      const names = definition.split(' & ');
      validate = ajv.compile(names.length === 1 ? ref(names[0]) : { allOf: names.map(ref) });
      compiled.set(definition, validate);
    }
    return validate;
  };

  const definitionOf = (frame: Record<string, unknown>): string => {
    const type = typeof frame.method === 'string' ? byMethod.get(frame.method) : undefined;
    const envelope = type?.endsWith('Notification') || (type === undefined && !('id' in frame)) ? 'JSONRPCNotification' : 'JSONRPCRequest';
    if (!('method' in frame) && ('result' in frame || 'error' in frame)) return 'JSONRPCMessage'; // an answer to a server's request
    if (type === undefined) return envelope;
    // A whole-frame type (2025-11-25 on) has its own `jsonrpc`; an older one only `method` and `params`.
    return defs[type].properties?.jsonrpc !== undefined ? type : `${envelope} & ${type}`;
  };

  return {
    version,
    check(frame) {
      if (Array.isArray(frame)) {
        // Batches are JSON-RPC 2.0, but MCP allows them in 2025-03-26 only.
        if (!defs.JSONRPCBatchRequest) return { definition: '(batch)', errors: [`a batch: no JSON-RPC message of MCP ${version}`] };
        const validate = validatorFor('JSONRPCBatchRequest');
        return { definition: 'JSONRPCBatchRequest', errors: validate(frame) ? [] : (validate.errors ?? []).map(describeError) };
      }
      if (typeof frame !== 'object' || frame === null) return { definition: '(not an object)', errors: ['a JSON-RPC message is an object'] };
      const definition = definitionOf(frame as Record<string, unknown>);
      const validate = validatorFor(definition);
      return { definition, errors: validate(frame) ? [] : (validate.errors ?? []).map(describeError) };
    },
  };
}
