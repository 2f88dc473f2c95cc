// What the session learns of a server: its tools, the negotiated facts, and the surfaces it lists.
import type { JsonSchema, ProtocolEra } from '../types.js';
import type { TargetFacts, TransportKind } from '../transport/wire.js';

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ToolInfo {
  name: string;
  description?: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  /** Task support (2025-11-25+): 'required' tools cannot be called without task augmentation. */
  execution?: { taskSupport?: string };
}

/** Facts about the session a rule may need (negotiated version and era). */
export interface SessionFacts extends TargetFacts {
  protocolVersion: string;
  era: ProtocolEra;
  /** The capabilities the server declared (`resources`, `prompts`, `completions`, `logging`, …). */
  capabilities: Record<string, unknown>;
  /** How the server was reached: the kind of its wire (TransportKind). */
  transport: TransportKind;
  timeoutMs: number;
  /**
   * The handshake was refused for want of a token (401) and no token was given. Nothing past it can be probed but what the
   * server does without a token (the auth probe); `protocolVersion` is the one asked for, not one the server agreed to.
   */
  needsAuthorization?: true;
}

/** One list of what a server offers besides tools: whether its capability is declared, its items, and why listing failed. */
export interface Listed {
  declared: boolean;
  /** The entries as listed (each with its string `uri`, `uriTemplate` or `name`). */
  items: Record<string, unknown>[];
  /** Why the list could not be read (the capability is declared but the request failed). */
  failed?: string;
}

/** What the server offers besides tools, listed once after the handshake for the surface probes. */
export interface ServerSurfaces {
  resources: Listed;
  templates: Listed;
  prompts: Listed;
}
