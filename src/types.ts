// The vocabulary every stage shares: JSON values and schemas, severities, profiles, protocol versions, probe kinds.

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonSchema = Record<string, unknown> | boolean;

export type Severity = 'error' | 'warning' | 'note';
export type RuleLevel = Severity | 'off';
export type ProfileName = 'recommended' | 'strict';
export type ProtocolEra = 'legacy' | 'modern';
/** Letter grades, best first. */
export type Grade = 'A+' | 'A' | 'B' | 'C' | 'D' | 'F';

export const PROTOCOL_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

export const PROBE_KINDS = [
  'missing-required',
  'wrong-type',
  'null-values',
  'empty-values',
  'constraint-violations',
  'extra-properties',
  'unicode',
  'oversized',
  'unknown-tool',
  'positive',
  'malformed-request',
  'jsonrpc',
  'notification',
  'concurrency',
  'resources',
  'prompts',
  'completions',
  'protocol-requests',
  'http',
  'auth',
] as const;
export type ProbeKind = (typeof PROBE_KINDS)[number];
