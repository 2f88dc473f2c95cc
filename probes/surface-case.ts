// The one builder of the requests the surface probes send (resources, prompts, completions, protocol requests), and
// what the negotiated version's spec says of them.
import type { ProbeCase } from '../src/probe-case.js';
import type { ProbeContext } from '../src/plan/types.js';
import { versionAtLeast } from '../src/protocol-version.js';


export interface SurfaceFields {
  expect: ProbeCase['expect'];
  label: string;
  /** What the case names: the URI, prompt or method it asks for (the counterexample's name). */
  name: string;
  expectCode?: number;
  acceptCodes?: number[];
  requirement?: 'must' | 'should';
  breaks?: string;
  sensitive?: true;
  /** The argument or property the case aims at (a prompt's required argument). */
  target?: ProbeCase['target'];
}

/** A JSON-RPC request of `method` with these params, and what a correct server does with it. */
export function surfaceCase(method: string, params: Record<string, unknown>, fields: SurfaceFields): ProbeCase {
  const { name, expect, label, ...rest } = fields;
  return { name, arguments: params, expect, label, ...rest, delivery: { kind: 'request', method, params } };
}

/** Did the session negotiate 2026-07-28 or later (resources not found are -32602, MUST; setLevel and subscribe are gone)? */
export function from2026(context: ProbeContext): boolean {
  return versionAtLeast(context.facts.protocolVersion, '2026-07-28');
}

/** Has the server declared this capability? */
export function declares(context: ProbeContext, capability: string): boolean {
  const value = context.facts.capabilities[capability];
  return value !== null && typeof value === 'object';
}

/** The skip of a surface probe planned without the session's context (a dry run that never connected). */
export const NO_CONTEXT = { skip: "the server's capabilities and lists were not read" };

/**
 * The skip of a probe of the HTTP layer (auth, …) for a server reached over stdio: one reason for all of them, so the
 * report says it once (skips are shown one line per reason).
 */
export const HTTP_ONLY = { skip: 'HTTP requests only: this server runs over stdio' };
