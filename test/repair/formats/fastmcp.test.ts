// FastMCP: the TypeScript wrapper ("Tool 'x' parameter validation failed: path: message") and Python FastMCP, whose answers are pydantic's text.
import { describe } from 'vitest';
import { callOf, toolError } from '../answer.js';
import { table } from '../table.js';

const add = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] };

describe('fastmcp', () => {
  table([
    {
      // punkpeye/fastmcp a97c5eb, src/FastMCP.test.ts:2614: what a client sees after calling add with b "invalid" (the SDK client adds a
      // second "MCP error -32602: " to the server's message, src/FastMCP.ts:2553).
      name: 'FastMCP (TypeScript): the client-side text',
      frame: toolError("MCP error -32602: MCP error -32602: Tool 'add' parameter validation failed: b: Invalid input: expected number, received string. Please check the parameter types and values according to the tool's schema."),
      call: callOf('add', add, { a: 1, b: 'invalid' }),
      culprits: [{ path: ['b'], problem: 'type', format: 'fastmcp', expected: { type: 'number' } }],
    },
    {
      // The same wrapper as the JSON-RPC error the server sends, with two issues (formatSchemaIssues joins "path: message" with ", ").
      name: 'FastMCP (TypeScript): two issues on the wire',
      frame: { error: { code: -32602, message: "Tool 'add' parameter validation failed: a: Invalid input: expected number, received undefined, b: Invalid input: expected number, received string. Please check the parameter types and values according to the tool's schema." } },
      call: callOf('add', add, { b: 'x' }),
      culprits: [
        { path: ['a'], problem: 'missing', format: 'fastmcp', expected: { type: 'number' } },
        { path: ['b'], problem: 'type', format: 'fastmcp', expected: { type: 'number' } },
      ],
    },
    {
      // Python FastMCP 3 (jlowin/fastmcp b14b137): str() of pydantic's ValidationError, read by the pydantic reader.
      name: 'FastMCP (Python): pydantic text, labelled pydantic-v2',
      frame: toolError("1 validation error for call[add]\nb\n  Input should be a valid number, unable to parse string as a number [type=float_parsing, input_value='x', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.13/v/float_parsing"),
      call: callOf('add', add, { a: 1, b: 'x' }),
      culprits: [{ path: ['b'], problem: 'type', format: 'pydantic-v2', expected: { type: 'number' } }],
    },
    {
      // punkpeye/fastmcp src/FastMCP.ts:2537: an unknown tool (MethodNotFound).
      name: 'FastMCP (TypeScript): an unknown tool',
      frame: { error: { code: -32601, message: 'Unknown tool: ad' } },
      call: callOf('add', add, {}, { requestedTool: 'ad', toolNames: ['add'] }),
      culprits: [],
      final: false,
    },
  ]);
});
