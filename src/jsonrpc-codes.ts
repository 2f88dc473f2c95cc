// The JSON-RPC error codes JSON-RPC 2.0 and MCP define, named once: probes expect them, rules grade against them.

/** Invalid JSON was received. */
export const PARSE_ERROR = -32700;
/** The JSON sent is not a valid Request object. */
export const INVALID_REQUEST = -32600;
/** The method does not exist or is not available (an undeclared capability's methods too). */
export const METHOD_NOT_FOUND = -32601;
/** Invalid method parameter(s): an unknown tool or prompt, a bad cursor, and from 2026-07-28 a missing resource. */
export const INVALID_PARAMS = -32602;
/** Internal JSON-RPC error: for the server's own failures only, never a refusal of the request. */
export const INTERNAL_ERROR = -32603;
/** MCP's "Resource not found" up to 2025-11-25 (SHOULD); from 2026-07-28 a server MUST NOT emit it. */
export const RESOURCE_NOT_FOUND = -32002;
/** Codes the 2026-07-28 era defines (header mismatch, missing capability, unsupported version). */
export const MODERN_CODES: readonly number[] = [-32020, -32021, -32022];
