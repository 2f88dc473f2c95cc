// Plain English: real servers' own words (n8n-mcp, calc-mcp, time-mcp, mongodb-mcp-server, server-everything), and the spellings people write.
import { describe } from 'vitest';
import { callOf, toolError } from '../answer.js';
import { table } from '../table.js';

const searchNodes = { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'number' }, mode: { type: 'string', enum: ['OR', 'AND', 'FUZZY'] } }, required: ['query'] };
const getNode = { type: 'object', properties: { nodeType: { type: 'string' }, detail: { type: 'string', enum: ['minimal', 'standard', 'full'] }, mode: { type: 'string' } }, required: ['nodeType'] };
const validateNode = { type: 'object', properties: { nodeType: { type: 'string' }, config: { type: 'object' }, mode: { type: 'string', enum: ['full', 'minimal'] } }, required: ['nodeType', 'config'], additionalProperties: false };
const validateWorkflow = { type: 'object', properties: { workflow: { type: 'object' } }, required: ['workflow'] };
const base = { type: 'object', properties: { value: { anyOf: [{ type: 'string' }, { type: 'number' }] }, from: { type: 'integer', minimum: 2, maximum: 36 }, to: { type: 'integer', minimum: 2, maximum: 36 } }, required: ['value', 'from', 'to'] };
const math = { type: 'object', properties: { expression: { type: 'string' }, action: { type: 'string', enum: ['eval', 'statistics'] } } };
const convertTime = { type: 'object', properties: { sourceTimezone: { type: 'string' }, targetTimezone: { type: 'string' }, time: { type: 'string' } }, required: ['sourceTimezone', 'targetTimezone', 'time'] };
const aggregate = { type: 'object', properties: { connectionId: { type: 'string' }, database: { type: 'string' }, collection: { type: 'string' }, pipeline: { type: 'array' } }, required: ['connectionId', 'database', 'collection', 'pipeline'] };
const resourceRef = { type: 'object', properties: { resourceType: { type: 'string', enum: ['Text', 'Blob'] }, resourceId: { type: 'number' } } };
const order = {
  type: 'object',
  properties: { order_id: { type: 'string' }, email: { type: 'string' }, limit: { type: 'integer' }, since: { type: 'string' }, status: { type: 'string' } },
};
const NOTE = '\n\nNote: This error often occurs when the AI agent sends incomplete or incorrectly formatted parameters. Please ensure all required fields are provided with the correct types.';

describe('prose', () => {
  table([
    {
      // n8n-mcp 2.87.0 (n8n-documentation-mcp), search_nodes {}: the "[Diagnostic]" line lists every argument sent and is not read.
      name: 'n8n: a bullet "query: query is required"',
      frame: toolError(`Error executing tool search_nodes: search_nodes: Validation failed:\n  • query: query is required${NOTE}\n\n[Diagnostic] Received arg types: {}`),
      call: callOf('search_nodes', searchNodes, {}),
      culprits: [{ path: ['query'], problem: 'missing', format: 'prose' }],
    },
    {
      // n8n-mcp 2.87.0, search_nodes {"query": "x", "mode": "zzz_not_allowed"}.
      name: 'n8n: "mode must be one of: OR, AND, FUZZY"',
      frame: toolError('Error executing tool search_nodes: search_nodes: Validation failed:\n  • mode: mode must be one of: OR, AND, FUZZY, got "zzz_not_allowed"\n\n[Diagnostic] Received arg types: {query: string, mode: string}'),
      call: callOf('search_nodes', searchNodes, { query: 'x', mode: 'zzz_not_allowed' }),
      culprits: [{ path: ['mode'], problem: 'enum', format: 'prose', expected: { values: ['OR', 'AND', 'FUZZY'] } }],
    },
    {
      // n8n-mcp 2.87.0, get_node {"nodeType": "x", "detail": "zzz_not_allowed"}: "detail level" is no name, the quoted value is.
      name: 'n8n: a quoted value only one argument has, with the valid options',
      frame: toolError('Error executing tool get_node: get_node: Invalid detail level "zzz_not_allowed". Valid options: minimal, standard, full\n\n[Diagnostic] Received arg types: {nodeType: string, detail: string}'),
      call: callOf('get_node', getNode, { nodeType: 'x', detail: 'zzz_not_allowed' }),
      culprits: [{ path: ['detail'], problem: 'enum', format: 'prose', expected: { values: ['minimal', 'standard', 'full'] } }],
    },
    {
      // n8n-mcp 2.87.0, get_node {"nodeType": "x", "detail": null} (the null-values probe, corpus run of issue 18): the
      // quoted "null" is what the null sent prints as.
      name: 'n8n: a quoted value that is what a sent null prints as',
      frame: toolError('Error executing tool get_node: get_node: Invalid detail level "null". Valid options: minimal, standard, full\n\n[Diagnostic] Received arg types: {nodeType: string, detail: object}'),
      call: callOf('get_node', getNode, { nodeType: 'x', detail: null }),
      culprits: [{ path: ['detail'], problem: 'enum', format: 'prose', expected: { values: ['minimal', 'standard', 'full'] } }],
    },
    {
      // n8n-mcp 2.87.0, get_node {}.
      name: 'n8n: "Missing required parameters for get_node: nodeType"',
      frame: toolError(`Error executing tool get_node: Internal validation error: Missing required parameters for get_node: nodeType. Please provide the required parameters to use this tool.${NOTE}\n\n[Diagnostic] Received arg types: {}`),
      call: callOf('get_node', getNode, {}),
      culprits: [{ path: ['nodeType'], problem: 'missing', format: 'prose' }],
    },
    {
      // n8n-mcp 2.87.0, validate_node {}: two bullets, and hints that say what each should be.
      name: 'n8n: two missing fields and their types from the hints',
      frame: toolError(
        `Error executing tool validate_node: validate_node: Validation failed:\n  • nodeType: nodeType is required\n  • config: config is required${NOTE}\n\nFor validation tools:\n- nodeType should be a string (e.g., "nodes-base.webhook")\n- config should be an object (e.g., {})\n\n[Diagnostic] Received arg types: {}`,
      ),
      call: callOf('validate_node', validateNode, {}),
      culprits: [
        { path: ['nodeType'], problem: 'missing', format: 'prose', expected: { type: 'string' } },
        { path: ['config'], problem: 'missing', format: 'prose', expected: { type: 'object' } },
      ],
    },
    {
      // n8n-mcp 2.87.0, validate_workflow {"workflow": "x"}.
      name: 'n8n: "workflow must be an object, got string"',
      frame: toolError('Error executing tool validate_workflow: validate_workflow: Validation failed:\n  • workflow: workflow must be an object, got string\n\n[Diagnostic] Received arg types: {workflow: string}'),
      call: callOf('validate_workflow', validateWorkflow, { workflow: 'x' }),
      culprits: [{ path: ['workflow'], problem: 'type', format: 'prose', expected: { type: 'object' } }],
    },
    {
      // @coo-quack/calc-mcp 2.1.1, math {} (action defaults to eval).
      name: 'calc-mcp: "expression is required for eval"',
      frame: toolError('Error: expression is required for eval'),
      call: callOf('math', math, {}),
      culprits: [{ path: ['expression'], problem: 'missing', format: 'prose' }],
    },
    {
      // calc-mcp 2.1.1, base {"value": "x", "from": 2, "to": 2}.
      name: "calc-mcp: a quoted value ('x') only one argument has",
      frame: toolError("Error: Invalid digit 'x' for base 2"),
      call: callOf('base', base, { value: 'x', from: 2, to: 2 }),
      culprits: [{ path: ['value'], problem: 'invalid', format: 'prose' }],
    },
    {
      // time-mcp 1.0.6, convert_time with "x" for all three: "time zone" is not the argument "time", and "x" is every argument's value.
      name: 'time-mcp: nothing located when the value is shared and the words name no argument',
      frame: toolError('Invalid time zone specified: x'),
      call: callOf('convert_time', convertTime, { sourceTimezone: 'x', targetTimezone: 'x', time: 'x' }),
      culprits: [],
    },
    {
      // mongodb-mcp-server 3.0.4, aggregate with connectionId "conn-1" (no such connection): the value is quoted, the tools offered.
      name: 'mongodb: a quoted connection id, and the tools to call',
      frame: toolError(
        'Connection "conn-1" does not exist or has expired. Call the "list-connections" tool to see the active connections, or establish a new one and retry with the connectionId it returns.',
        'Please use one of the following tools: "connect" to connect to a MongoDB instance or update the MCP server configuration to include a connection string. Note to LLM: do not invent connection strings and explicitly ask the user to provide one. If they have previously connected to MongoDB using MCP, you can ask them if they want to reconnect using the same connection string.',
      ),
      call: callOf('aggregate', aggregate, { connectionId: 'conn-1', database: 'shop', collection: 'orders', pipeline: [{ $match: {} }] }, { toolNames: ['aggregate', 'connect', 'list-connections', 'find'] }),
      culprits: [{ path: ['connectionId'], problem: 'invalid', format: 'prose' }],
      suggestedTools: ['list-connections', 'connect'],
      final: false,
    },
    {
      // mongodb-mcp-server 3.0.4, find with a generated connectionId "hO>6": the '>6' is the echoed value's, not a bound.
      name: 'mongodb: a bound-looking echoed value states no bound',
      frame: toolError('Connection "hO>6" does not exist or has expired. Call the "list-connections" tool to see the active connections, or establish a new one and retry with the connectionId it returns.'),
      call: callOf('aggregate', aggregate, { connectionId: 'hO>6', database: 'shop', collection: 'orders', pipeline: [] }, { toolNames: ['aggregate', 'connect', 'list-connections', 'find'] }),
      culprits: [{ path: ['connectionId'], problem: 'invalid', format: 'prose' }],
    },
    {
      // @modelcontextprotocol/server-everything 2026.8.31, get-resource-reference {"resourceType": "Text", "resourceId": 0}, from corpus/out/everything.json.
      name: 'everything: "Invalid resourceId: 0. Must be a finite positive integer."',
      frame: toolError('Invalid resourceId: 0. Must be a finite positive integer.'),
      call: callOf('get-resource-reference', resourceRef, { resourceType: 'Text', resourceId: 0 }),
      culprits: [{ path: ['resourceId'], problem: 'type', format: 'prose', expected: { type: 'integer' } }],
    },
    { name: 'snake_case name: "email is required"', frame: toolError('email is required'), call: callOf('t', order, {}), culprits: [{ path: ['email'], problem: 'missing', format: 'prose' }] },
    {
      name: "a quoted name and a range: \"The 'limit' must be between 1 and 50\"",
      frame: toolError("The 'limit' must be between 1 and 50"),
      call: callOf('t', order, { limit: 500 }),
      culprits: [{ path: ['limit'], problem: 'range', format: 'prose', expected: { min: 1, max: 50 } }],
    },
    { name: 'words: "order id must be a number"', frame: toolError('order id must be a number'), call: callOf('t', order, { order_id: 'abc' }), culprits: [{ path: ['order_id'], problem: 'type', format: 'prose', expected: { type: 'number' } }] },
    // @modelcontextprotocol/server-filesystem 2026.8.31, list_directory with a 100 KB path (the oversized probe): the answer
    // echoes the start of a value too long to quote whole.
    {
      name: 'a long value echoed by its start: "ENAMETOOLONG: name too long, realpath \'<dir>/errlint errlint …\'"',
      frame: toolError(`ENAMETOOLONG: name too long, realpath '/srv/root/${'errlint '.repeat(400)}'`),
      call: callOf('list_directory', { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }, { path: 'errlint '.repeat(12800) }),
      culprits: [{ path: ['path'], problem: 'length', format: 'prose' }],
    },
    // @modelcontextprotocol/server-filesystem 2026.8.31, read_file {path, head, tail}: two named fields that exclude each other.
    {
      name: 'filesystem: "Cannot specify both head and tail parameters simultaneously" (the second is dropped)',
      frame: toolError('Cannot specify both head and tail parameters simultaneously'),
      call: callOf('read_file', { type: 'object', properties: { path: { type: 'string' }, head: { type: 'number' }, tail: { type: 'number' } }, required: ['path'] }, { path: 'a', head: 1, tail: 1 }),
      culprits: [{ path: ['tail'], problem: 'unexpected', format: 'prose' }],
    },
    // @itseasy21/mcp-knowledge-graph 1.0.7, create_entities {"entities": "a"} and {"entities": null}: V8's runtime messages.
    {
      name: 'knowledge-graph: "entities.filter is not a function" (an array method: it wanted an array)',
      frame: toolError('entities.filter is not a function'),
      call: callOf('create_entities', { type: 'object', properties: { entities: { type: 'array' } }, required: ['entities'] }, { entities: 'a' }),
      culprits: [{ path: ['entities'], problem: 'type', format: 'prose', expected: { type: 'array' } }],
    },
    {
      // A crash that names no argument: the blind judges of the calibration set (knowledge-graph-006, -010) found nothing to act on.
      name: "knowledge-graph: \"Cannot read properties of null (reading 'map')\" with one null argument locates nothing",
      frame: toolError("Cannot read properties of null (reading 'map')"),
      call: callOf('add_observations', { type: 'object', properties: { observations: { type: 'array' } }, required: ['observations'] }, { observations: null }),
      culprits: [],
    },
    {
      // n8n-mcp 2.87.0, get_node {"nodeType": "x", "detail": ""} (the empty-values probe).
      name: 'n8n: an empty quoted value only one argument has',
      frame: toolError('Error executing tool get_node: get_node: Invalid detail level "". Valid options: minimal, standard, full\n\n[Diagnostic] Received arg types: {nodeType: string, detail: string}'),
      call: callOf('get_node', getNode, { nodeType: 'x', detail: '' }),
      culprits: [{ path: ['detail'], problem: 'enum', format: 'prose', expected: { values: ['minimal', 'standard', 'full'] } }],
    },
    // fixtures/style-prose.mjs: a noun that describes the value ("address") between the name and the problem.
    { name: 'words and a describing noun: "The email address is required."', frame: toolError('The email address is required.'), call: callOf('t', order, {}), culprits: [{ path: ['email'], problem: 'missing', format: 'prose' }] },
    { name: 'words and a describing noun: "The email address must be 3 to 254 characters long."', frame: toolError('The email address must be 3 to 254 characters long.'), call: callOf('t', order, { email: 5 }), culprits: [{ path: ['email'], problem: 'length', format: 'prose', expected: { min: 3, max: 254 } }] },
    // @coo-quack/calc-mcp 2.1.1, random {"type": "shuffle"}: the kind of value between the name and the problem.
    { name: 'a kind of value after the name: "Items array is required for shuffle"', frame: toolError('Error: Items array is required for shuffle'), call: callOf('random', { type: 'object', properties: { type: { type: 'string' }, items: { type: 'array', items: { type: 'string' } } }, required: ['type'] }, { type: 'shuffle' }), culprits: [{ path: ['items'], problem: 'missing', format: 'prose' }] },
    { name: 'words with capitals: "The Order ID is missing."', frame: toolError('The Order ID is missing.'), call: callOf('t', order, {}), culprits: [{ path: ['order_id'], problem: 'missing', format: 'prose' }] },
    { name: 'a format: "email must be a valid email address"', frame: toolError('email must be a valid email address'), call: callOf('t', order, { email: 'nope' }), culprits: [{ path: ['email'], problem: 'format', format: 'prose', expected: { format: 'email' } }] },
    { name: 'a date format: "since: expected YYYY-MM-DD"', frame: toolError('Invalid since: expected YYYY-MM-DD'), call: callOf('t', order, { since: 'yesterday' }), culprits: [{ path: ['since'], problem: 'format', format: 'prose', expected: { format: 'date' } }] },
    {
      name: 'values in words: "status must be one of open, shipped, cancelled"',
      frame: toolError('status must be one of open, shipped, cancelled'),
      call: callOf('t', order, { status: 'lost' }),
      culprits: [{ path: ['status'], problem: 'enum', format: 'prose', expected: { values: ['open', 'shipped', 'cancelled'] } }],
    },
    {
      name: 'a value quoted after "received" that one argument alone was sent with',
      frame: toolError('Bad value: expected a date, received "yesterday"'),
      call: callOf('t', order, { since: 'yesterday', status: 'open' }),
      culprits: [{ path: ['since'], problem: 'format', format: 'prose', expected: { format: 'date' } }],
    },
    {
      name: '"is not allowed to exceed" is a bound, not an unexpected argument',
      frame: toolError('limit is not allowed to exceed 50'),
      call: callOf('t', order, { limit: 500 }),
      culprits: [{ path: ['limit'], problem: 'range', format: 'prose', expected: { max: 50 } }],
    },
    { name: 'an argument echoed as "name: value" is not blamed', frame: toolError('Operation failed. Arguments: order_id: ord_1, limit: 5'), call: callOf('t', order, { order_id: 'ord_1', limit: 5 }), culprits: [] },
    { name: 'an echo of the arguments is not blamed, quoted or not', frame: toolError('Operation failed. Arguments: {"order_id": "ord_1"}', 'Request: order_id: ord_1'), call: callOf('t', order, { order_id: 'ord_1' }), culprits: [] },
    { name: '"is not required" blames nothing', frame: toolError('Lookup failed. email is not required when order_id is given.'), call: callOf('t', order, { order_id: 'ord_9' }), culprits: [] },
    { name: 'an unknown parameter', frame: toolError('Unknown parameter: coupon'), call: callOf('t', order, { coupon: 'X' }), culprits: [{ path: ['coupon'], problem: 'unexpected', format: 'prose' }] },
    { name: 'a name that is also a plain word ("input") counts only quoted', frame: toolError('Invalid input'), call: callOf('t', { type: 'object', properties: { input: { type: 'string' } } }, { input: 'x' }), culprits: [] },
  ]);
});
