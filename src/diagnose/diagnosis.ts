// What the repair agent reads of a refused call (the answer, its own call, the tool) and what it understood from it:
// the contract between reading an answer's formats (diagnose) and repairing the call (the agent).
import type { JsonSchema } from '../types.js';
import type { JsonType } from '../schema/read.js';
import type { ErrorMetadata } from '../matchers/metadata.js';

/** The answer as a client hands it to a model. */
export interface AnswerView {
  /** Its texts in reading order: content text items, error.message, error.data when it is a string. */
  texts: string[];
  /** Its structured parts: structuredContent, error.data, _meta, and any JSON value that is the whole of a text item. */
  structured: unknown[];
  /** Structured error metadata (rulebook §5) read from it, with the user's own field names. */
  metadata: ErrorMetadata;
  /** Over HTTP: the Retry-After header as sent. */
  retryAfterHeader?: string;
  /** Over HTTP: the answer's status (413 Payload Too Large says what is wrong without a word of text). */
  status?: number;
}

/** The call the agent made, and what it knows of the tools. */
export interface CallView {
  tool: { name: string; description?: string; inputSchema: JsonSchema };
  /** The arguments it sent (an object; {} when it sent none). */
  arguments: Record<string, unknown>;
  /** The tool name it asked for (differs from tool.name for an unknown tool). */
  requestedTool: string;
  /** The names of the tools the server listed. */
  toolNames: readonly string[];
}

/** What is wrong with an argument, in the answer's words. */
export type Problem =
  | 'missing' // a required argument is absent
  | 'unexpected' // an argument the tool does not take
  | 'type' // the wrong JSON type (null included)
  | 'enum' // not one of the allowed values
  | 'range' // a number out of its bounds
  | 'length' // a string, array or object too short or too long
  | 'pattern' // a string not matching its pattern
  | 'format' // a string not in its format (email, date, uri, …)
  | 'invalid'; // wrong, without saying how

/** An argument the answer singles out, and what it says of it. */
export interface Culprit {
  /** The argument's path in the arguments: ['order_id'], ['filter', 'status']; always a property of the call or of its schema. */
  path: string[];
  problem: Problem;
  /** What the answer says the value should be, where it says it. */
  expected?: {
    type?: JsonType;
    /** Allowed values, or values it suggests. */
    values?: unknown[];
    min?: number;
    max?: number;
    pattern?: string;
    format?: string;
  };
  /** The stretch of the answer that located it (for the transcript), at most 200 characters. */
  evidence: string;
  /** The format that read it: see FORMATS. */
  format: AnswerFormat;
}

/** The formats of answers the agent reads. */
export const FORMATS = [
  'metadata', // structured fields: field / path / param, expected, allowed values, suggestion (rulebook §5)
  'zod-v3', // zod 3 issue arrays ({code, path, message, expected, received}) and their text
  'zod-v4', // zod 4 issue arrays and z.prettifyError text ("✖ Invalid input: … → at field")
  'valibot', // valibot 1 issue arrays ({kind, type, expected, received, path: [{key}]}), flatten()'s {nested: {"a.b": [msg]}}, "Invalid type: Expected string but received 1"
  'ajv', // ajv errors: instancePath, "must have required property 'x'"
  'pydantic-v2', // "1 validation error for Model\nfield\n  Field required [type=missing, …]"
  'jsonschema-py', // Python jsonschema: "'x' is a required property", "Failed validating 'type' in schema['properties']['x']"
  'go-sdk', // the Go SDK's and mcp-go's validation texts
  'rust-rmcp', // serde / rmcp: "missing field `x`", "invalid type: string \"a\", expected u32"
  'sql', // a database's constraint error passed through: "NOT NULL constraint failed: t.name", "Column 'name' cannot be null"
  'node-args', // Node's ERR_INVALID_ARG_TYPE, ERR_OUT_OF_RANGE, ERR_INVALID_ARG_VALUE: "The \"x\" argument must be of type string. Received type number (1.5)"
  'ts-sdk', // "MCP error -32602: Invalid arguments for tool x: [zod issues]"
  'fastmcp', // FastMCP (TypeScript and Python) wrappers
  'mcp-framework', // mcp-framework's wrapper
  'http-status', // HTTP 413 Payload Too Large: the one argument whose value makes the body large
  'prose', // plain English: "email is required", "The 'limit' must be between 1 and 50", "order id must be a number"
] as const;
export type AnswerFormat = (typeof FORMATS)[number];

/** Everything the agent understood from one answer. */
export interface Diagnosis {
  /** The arguments the answer singles out; [] when it locates nothing (then nothing may be changed). */
  culprits: Culprit[];
  /** Tool names the answer offers for an unknown one: the available tools, or the nearest ("did you mean"). */
  suggestedTools: string[];
  /** The answer says the failure is passing: retry, after this many seconds when it says (or not before `notBefore`, an ISO time, when it gives a time). */
  transient?: { afterSeconds?: number; notBefore?: string; evidence: string };
  /** The answer says not to retry: a business or permission refusal, isRetryable false, "needs approval". */
  final?: { evidence: string };
  /** Nothing located, and the answer puts the fault in the server's surroundings, not the call: an agent stops and tells the user. */
  environment?: { kind: EnvironmentFault; marker: string };
}

/**
 * Where outside the call an answer puts the fault: an upstream the server could not reach (DNS, refused, "fetch failed"),
 * a program it runs that is missing or did not start (a browser, a command), a credential or setting the operator must give.
 */
export type EnvironmentFault = 'upstream' | 'runtime' | 'configuration';
