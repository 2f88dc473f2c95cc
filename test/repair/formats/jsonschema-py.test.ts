// Python jsonschema: "Input validation error: <message>" (the Python SDK's low-level server) and str(e) with "On instance[…]".
import { describe } from 'vitest';
import { callOf, toolError } from '../answer.js';
import { table } from '../table.js';

// modelcontextprotocol/python-sdk v1.29.0 (98b7159), src/mcp/server/lowlevel/server.py:536-538 validates arguments with
// jsonschema.validate and answers make_error_result(f"Input validation error: {e.message}"). Its own test
// (tests/server/test_lowlevel_input_validation.py) asserts the first two texts below; the others are jsonschema 4.26's
// messages for the same schema (python-jsonschema/jsonschema b37f7be, jsonschema/_keywords.py), printed by jsonschema itself.
const add = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] };
const greet = { type: 'object', properties: { name: { type: 'string' }, title: { type: 'string', enum: ['Mr', 'Ms', 'Dr'] } }, required: ['name'] };
const order = {
  type: 'object',
  properties: {
    order_id: { type: 'string', pattern: '^ord_[0-9]+$' },
    quantity: { type: 'integer', minimum: 1, maximum: 50 },
    status: { type: 'string', enum: ['open', 'shipped', 'cancelled'] },
    email: { type: 'string', format: 'email' },
    tags: { type: 'array', minItems: 1 },
    filter: { type: 'object', properties: { limit: { type: 'integer' } }, required: ['limit'] },
  },
  required: ['order_id', 'quantity'],
  additionalProperties: false,
};
const call = (args: Record<string, unknown>) => callOf('create_order', order, args);

describe('jsonschema-py', () => {
  table([
    {
      name: "Python SDK low-level server: 'b' is a required property",
      frame: toolError("Input validation error: 'b' is a required property"),
      call: callOf('add', add, { a: 5 }),
      culprits: [{ path: ['b'], problem: 'missing', format: 'jsonschema-py' }],
    },
    {
      name: 'Python SDK low-level server: a type, located by the value it quotes',
      frame: toolError("Input validation error: 'five' is not of type 'number'"),
      call: callOf('add', add, { a: 'five', b: 3 }),
      culprits: [{ path: ['a'], problem: 'type', format: 'jsonschema-py', expected: { type: 'number' } }],
    },
    {
      name: 'an enum, located by its value',
      frame: toolError("Input validation error: 'Prof' is not one of ['Mr', 'Ms', 'Dr']"),
      call: callOf('greet', greet, { name: 'Smith', title: 'Prof' }),
      culprits: [{ path: ['title'], problem: 'enum', format: 'jsonschema-py', expected: { values: ['Mr', 'Ms', 'Dr'] } }],
    },
    { name: 'a maximum', frame: toolError('Input validation error: 99 is greater than the maximum of 50'), call: call({ order_id: 'ord_1', quantity: 99 }), culprits: [{ path: ['quantity'], problem: 'range', format: 'jsonschema-py', expected: { max: 50 } }] },
    { name: 'a minimum', frame: toolError('Input validation error: 0 is less than the minimum of 1'), call: call({ order_id: 'ord_1', quantity: 0 }), culprits: [{ path: ['quantity'], problem: 'range', format: 'jsonschema-py', expected: { min: 1 } }] },
    {
      name: 'a pattern',
      frame: toolError("Input validation error: 'x1' does not match '^ord_[0-9]+$'"),
      call: call({ order_id: 'x1', quantity: 1 }),
      culprits: [{ path: ['order_id'], problem: 'pattern', format: 'jsonschema-py', expected: { pattern: '^ord_[0-9]+$' } }],
    },
    {
      name: 'additional properties name the extra',
      frame: toolError("Input validation error: Additional properties are not allowed ('coupon' was unexpected)"),
      call: call({ order_id: 'ord_1', quantity: 1, coupon: 'X' }),
      culprits: [{ path: ['coupon'], problem: 'unexpected', format: 'jsonschema-py' }],
      final: false,
    },
    { name: 'a format', frame: toolError("Input validation error: 'nope' is not a 'email'"), call: call({ order_id: 'ord_1', quantity: 1, email: 'nope' }), culprits: [{ path: ['email'], problem: 'format', format: 'jsonschema-py', expected: { format: 'email' } }] },
    { name: 'an empty array', frame: toolError('Input validation error: [] should be non-empty'), call: call({ order_id: 'ord_1', quantity: 1, tags: [] }), culprits: [{ path: ['tags'], problem: 'length', format: 'jsonschema-py' }] },
    {
      name: 'a value two arguments share: nothing located',
      frame: toolError("Input validation error: 'x' is not of type 'integer'"),
      call: callOf('t', { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'string' } } }, { a: 'x', b: 'x' }),
      culprits: [],
    },
    {
      name: 'str(e): "On instance[\'quantity\']" says where, and the schema dump is not read as prose',
      frame: toolError("'many' is not of type 'integer'\n\nFailed validating 'type' in schema['properties']['quantity']:\n    {'type': 'integer', 'minimum': 1, 'maximum': 50}\n\nOn instance['quantity']:\n    'many'"),
      call: call({ order_id: 'ord_1', quantity: 'many' }),
      culprits: [{ path: ['quantity'], problem: 'type', format: 'jsonschema-py', expected: { type: 'integer' } }],
    },
    {
      name: "'order_id' is a required property, on its own",
      frame: toolError("'order_id' is a required property"),
      call: call({ quantity: 1 }),
      culprits: [{ path: ['order_id'], problem: 'missing', format: 'jsonschema-py' }],
    },
    {
      name: "str(e): a nested required property under On instance['filter']",
      frame: toolError("'limit' is a required property\n\nFailed validating 'required' in schema['properties']['filter']:\n    {'type': 'object', 'required': ['limit']}\n\nOn instance['filter']:\n    {}"),
      call: call({ order_id: 'ord_1', quantity: 1, filter: {} }),
      culprits: [{ path: ['filter', 'limit'], problem: 'missing', format: 'jsonschema-py' }],
    },
    {
      name: 'a required property the tool does not have locates nothing',
      frame: toolError("Input validation error: 'page' is a required property"),
      call: call({ order_id: 'ord_1', quantity: 1 }),
      culprits: [],
    },
  ]);
});
