// The TypeScript SDK's wrapper: "Invalid arguments for tool x: <msg> at <path>" (1.x) and "<path>: <msg>, …" (2.x), from the corpus servers' own answers.
import { describe } from 'vitest';
import { callOf, toolError } from '../answer.js';
import { table } from '../table.js';

const sum = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] };
const links = { type: 'object', properties: { count: { default: 3, type: 'number', minimum: 1, maximum: 10 } } };
const weather = { type: 'object', properties: { location: { type: 'string', enum: ['New York', 'Chicago', 'Los Angeles'] } }, required: ['location'] };
const thinking = {
  type: 'object',
  properties: { thought: { type: 'string' }, nextThoughtNeeded: { type: ['boolean', 'string'] }, thoughtNumber: { type: 'integer', minimum: 1 }, totalThoughts: { type: 'integer', minimum: 1 } },
  required: ['thought', 'nextThoughtNeeded', 'thoughtNumber', 'totalThoughts'],
};
const aggregateDb = {
  type: 'object',
  properties: { connectionId: { type: 'string' }, database: { type: 'string' }, pipeline: { minItems: 1, type: 'array', items: { type: 'object' } }, responseBytesLimit: { type: 'number' } },
  required: ['connectionId', 'database', 'pipeline'],
  additionalProperties: false,
};
const logs = { type: 'object', properties: { connectionId: { type: 'string' }, type: { type: 'string', enum: ['global', 'startupWarnings'] }, limit: { type: 'integer', minimum: 1, maximum: 1024 } }, required: ['connectionId'], additionalProperties: false };
const add = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'], additionalProperties: false };
const lint = { type: 'object', properties: { filePaths: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 } }, required: ['filePaths'], additionalProperties: false };
const currentTime = {
  type: 'object',
  properties: { format: { type: 'string', enum: ['h:mm A', 'h:mm:ss A', 'YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD', 'YYYY-MM', 'MM/DD/YYYY', 'MM/DD/YY', 'YYYY/MM/DD', 'YYYY/MM'] }, timezone: { type: 'string' } },
};

describe('ts-sdk', () => {
  table([
    {
      // @modelcontextprotocol/server-everything 2026.8.31 (serverInfo mcp-servers/everything 2.0.0; SDK 1.x McpServer, zod 4), tools/call get-sum {}.
      name: 'SDK 1.x, zod 4 messages: both missing arguments, one per line',
      frame: toolError('MCP error -32602: Input validation error: Invalid arguments for tool get-sum: Invalid input: expected number, received undefined at a\nInvalid input: expected number, received undefined at b'),
      call: callOf('get-sum', sum, {}),
      culprits: [
        { path: ['a'], problem: 'missing', format: 'ts-sdk', expected: { type: 'number' } },
        { path: ['b'], problem: 'missing', format: 'ts-sdk', expected: { type: 'number' } },
      ],
      final: false,
    },
    {
      // server-everything 2026.8.31, get-resource-links {"count": -999}.
      name: 'SDK 1.x: a bound',
      frame: toolError('MCP error -32602: Input validation error: Invalid arguments for tool get-resource-links: Too small: expected number to be >=1 at count'),
      call: callOf('get-resource-links', links, { count: -999 }),
      culprits: [{ path: ['count'], problem: 'range', format: 'ts-sdk', expected: { min: 1 } }],
    },
    {
      // server-everything 2026.8.31, get-structured-content {"location": 12345}: zod 4 reports a wrong type against an enum as an option.
      name: 'SDK 1.x: allowed values',
      frame: toolError('MCP error -32602: Input validation error: Invalid arguments for tool get-structured-content: Invalid option: expected one of "New York"|"Chicago"|"Los Angeles" at location'),
      call: callOf('get-structured-content', weather, { location: 12345 }),
      culprits: [{ path: ['location'], problem: 'enum', format: 'ts-sdk', expected: { values: ['New York', 'Chicago', 'Los Angeles'] } }],
    },
    {
      // time-mcp 1.0.6, current_time {"format": "zzz_not_allowed"}: values holding spaces, colons and slashes.
      name: 'SDK 1.x: allowed values with spaces and colons',
      frame: toolError('MCP error -32602: Input validation error: Invalid arguments for tool current_time: Invalid option: expected one of "h:mm A"|"h:mm:ss A"|"YYYY-MM-DD HH:mm:ss"|"YYYY-MM-DD"|"YYYY-MM"|"MM/DD/YYYY"|"MM/DD/YY"|"YYYY/MM/DD"|"YYYY/MM" at format'),
      call: callOf('current_time', currentTime, { format: 'zzz_not_allowed' }),
      culprits: [{ path: ['format'], problem: 'enum', format: 'ts-sdk', expected: { values: ['h:mm A', 'h:mm:ss A', 'YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD', 'YYYY-MM', 'MM/DD/YYYY', 'MM/DD/YY', 'YYYY/MM/DD', 'YYYY/MM'] } }],
    },
    {
      // @modelcontextprotocol/server-sequential-thinking 2026.8.31, sequentialthinking {}: "Invalid input" and "received NaN" for absent fields.
      name: 'SDK 1.x: absent fields whatever the message says',
      frame: toolError(
        'MCP error -32602: Input validation error: Invalid arguments for tool sequentialthinking: Invalid input: expected string, received undefined at thought\nInvalid input at nextThoughtNeeded\nInvalid input: expected number, received NaN at thoughtNumber\nInvalid input: expected number, received NaN at totalThoughts',
      ),
      call: callOf('sequentialthinking', thinking, {}),
      culprits: [
        { path: ['thought'], problem: 'missing', format: 'ts-sdk', expected: { type: 'string' } },
        { path: ['nextThoughtNeeded'], problem: 'missing', format: 'ts-sdk' },
        { path: ['thoughtNumber'], problem: 'missing', format: 'ts-sdk', expected: { type: 'number' } },
        { path: ['totalThoughts'], problem: 'missing', format: 'ts-sdk', expected: { type: 'number' } },
      ],
    },
    {
      // @modelcontextprotocol/server-sequential-thinking 2026.8.31, the repair agent's own call with nextThoughtNeeded "a"
      // (corpus run of issue 18): the server's custom message names the type it expects.
      name: 'SDK 1.x: a custom message that says what it expects',
      frame: toolError('MCP error -32602: Input validation error: Invalid arguments for tool sequentialthinking: Expected boolean or "true"/"false" string, received "a" at nextThoughtNeeded'),
      call: callOf('sequentialthinking', thinking, { thought: 'a', thoughtNumber: 1, totalThoughts: 1, nextThoughtNeeded: 'a' }),
      culprits: [{ path: ['nextThoughtNeeded'], problem: 'type', format: 'ts-sdk', expected: { type: 'boolean' } }],
    },
    {
      // mcp-hello-world 1.1.2 (SDK 1.x with zod 3 messages), add {}.
      name: 'SDK 1.x, zod 3 messages: "Required at a"',
      frame: toolError('MCP error -32602: Input validation error: Invalid arguments for tool add: Required at a\nRequired at b'),
      call: callOf('add', add, {}),
      culprits: [
        { path: ['a'], problem: 'missing', format: 'ts-sdk' },
        { path: ['b'], problem: 'missing', format: 'ts-sdk' },
      ],
    },
    {
      // mcp-hello-world 1.1.2, add {"a": "abc", "b": 1}.
      name: 'SDK 1.x, zod 3 messages: a wrong type',
      frame: toolError('MCP error -32602: Input validation error: Invalid arguments for tool add: Expected number, received string at a'),
      call: callOf('add', add, { a: 'abc', b: 1 }),
      culprits: [{ path: ['a'], problem: 'type', format: 'ts-sdk', expected: { type: 'number' } }],
    },
    {
      // @eslint/mcp 0.3.13, lint-files {"filePaths": []}.
      name: 'SDK 1.x, zod 3 messages: an array too short',
      frame: toolError('MCP error -32602: Input validation error: Invalid arguments for tool lint-files: Array must contain at least 1 element(s) at filePaths'),
      call: callOf('lint-files', lint, { filePaths: [] }),
      culprits: [{ path: ['filePaths'], problem: 'length', format: 'ts-sdk', expected: { min: 1 } }],
    },
    {
      // mongodb-mcp-server 3.0.4 (SDK 2.x, no "MCP error" prefix), aggregate-db with connectionId 12345 and an empty pipeline.
      name: 'SDK 2.x: "path: message" entries, joined by commas that zod messages also hold',
      frame: toolError('Input validation error: Invalid arguments for tool aggregate-db: connectionId: Invalid input: expected string, received number, pipeline: Too small: expected array to have >=1 items'),
      call: callOf('aggregate-db', aggregateDb, { connectionId: 12345, database: 'x', pipeline: [] }),
      culprits: [
        { path: ['connectionId'], problem: 'type', format: 'ts-sdk', expected: { type: 'string' } },
        { path: ['pipeline'], problem: 'length', format: 'ts-sdk', expected: { min: 1 } },
      ],
    },
    {
      // mongodb-mcp-server 3.0.4, aggregate-db with an undeclared argument: the root's "Unrecognized key" follows another entry.
      name: 'SDK 2.x: an unrecognized key after a path entry',
      frame: toolError('Input validation error: Invalid arguments for tool aggregate-db: pipeline: Too small: expected array to have >=1 items, Unrecognized key: "zz_unexpected_arg"'),
      call: callOf('aggregate-db', aggregateDb, { connectionId: 'x', database: 'x', pipeline: [], zz_unexpected_arg: 1 }),
      culprits: [
        { path: ['pipeline'], problem: 'length', format: 'ts-sdk', expected: { min: 1 } },
        { path: ['zz_unexpected_arg'], problem: 'unexpected', format: 'ts-sdk' },
      ],
    },
    {
      // mongodb-mcp-server 3.0.4, mongodb-logs {"connectionId": "x", "type": "zzz_not_allowed"}: an argument named "type".
      name: 'SDK 2.x: an argument named like a keyword',
      frame: toolError('Input validation error: Invalid arguments for tool mongodb-logs: type: Invalid option: expected one of "global"|"startupWarnings"'),
      call: callOf('mongodb-logs', logs, { connectionId: 'x', type: 'zzz_not_allowed' }),
      culprits: [{ path: ['type'], problem: 'enum', format: 'ts-sdk', expected: { values: ['global', 'startupWarnings'] } }],
    },
    {
      // server-everything 2026.8.31, tools/call no_such_tool_xyz: an unknown tool names no argument and offers no tool.
      name: 'an unknown tool',
      frame: toolError('MCP error -32602: Tool no_such_tool_xyz not found'),
      call: callOf('echo', { type: 'object', properties: { message: { type: 'string' } } }, {}, { requestedTool: 'no_such_tool_xyz', toolNames: ['echo', 'get-sum'] }),
      culprits: [],
      suggestedTools: [],
      final: false,
      transient: false,
    },
  ]);
});
