// Ajv: errorsText as a real SDK 2.x server prints it, and error objects made by ajv itself.
import { describe } from 'vitest';
import AjvModule from 'ajv';
import addFormatsModule from 'ajv-formats';
import { interop } from '../../../src/util/interop.js';
import { callOf, toolError } from '../answer.js';
import { table } from '../table.js';

const Ajv = interop(AjvModule);
const addFormats = interop(addFormatsModule);

// The tool of the capture: a server on @modelcontextprotocol/server 2.4.0 that registers this raw JSON Schema with
// fromJsonSchema() (ajv 8 validates; the SDK prints ajv's errorsText after "Invalid arguments for tool …").
const schema = {
  type: 'object',
  properties: {
    order_id: { type: 'string', pattern: '^ord_[0-9]+$' },
    quantity: { type: 'integer', minimum: 1, maximum: 50 },
    status: { type: 'string', enum: ['open', 'shipped', 'cancelled'] },
    email: { type: 'string', format: 'email' },
    filter: { type: 'object', properties: { since: { type: 'string', format: 'date' } } },
  },
  required: ['order_id', 'quantity'],
  additionalProperties: false,
};
const sdk2 = (text: string) => toolError(`Input validation error: Invalid arguments for tool create_order: ${text}`);

const ajv = new Ajv({ allErrors: true });
addFormats(ajv);
const validate = ajv.compile(schema);
const bad = { order_id: 'x1', quantity: 0, status: 'lost', email: 'nope', coupon: 'X' };
validate(bad);
const errors = validate.errors!;

describe('ajv', () => {
  table([
    {
      // Captured from a @modelcontextprotocol/server 2.4.0 server (fromJsonSchema, ajv 8) over stdio, create_order {}.
      name: 'SDK 2.x errorsText: two required properties',
      frame: sdk2("data must have required property 'order_id', data must have required property 'quantity'"),
      call: callOf('create_order', schema, {}),
      culprits: [
        { path: ['order_id'], problem: 'missing', format: 'ajv' },
        { path: ['quantity'], problem: 'missing', format: 'ajv' },
      ],
    },
    {
      // Same server, {"order_id": "ord_1", "quantity": "many"}.
      name: 'SDK 2.x errorsText: a type',
      frame: sdk2('data/quantity must be integer'),
      call: callOf('create_order', schema, { order_id: 'ord_1', quantity: 'many' }),
      culprits: [{ path: ['quantity'], problem: 'type', format: 'ajv', expected: { type: 'integer' } }],
    },
    {
      // Same server, quantity 99.
      name: 'SDK 2.x errorsText: a maximum',
      frame: sdk2('data/quantity must be <= 50'),
      call: callOf('create_order', schema, { order_id: 'ord_1', quantity: 99 }),
      culprits: [{ path: ['quantity'], problem: 'range', format: 'ajv', expected: { max: 50 } }],
    },
    {
      // Same server, order_id "x1".
      name: 'SDK 2.x errorsText: a pattern',
      frame: sdk2('data/order_id must match pattern "^ord_[0-9]+$"'),
      call: callOf('create_order', schema, { order_id: 'x1', quantity: 1 }),
      culprits: [{ path: ['order_id'], problem: 'pattern', format: 'ajv', expected: { pattern: '^ord_[0-9]+$' } }],
    },
    {
      // Same server, status "lost": errorsText does not list the allowed values.
      name: 'SDK 2.x errorsText: an enum without its values',
      frame: sdk2('data/status must be equal to one of the allowed values'),
      call: callOf('create_order', schema, { order_id: 'ord_1', quantity: 1, status: 'lost' }),
      culprits: [{ path: ['status'], problem: 'enum', format: 'ajv' }],
    },
    {
      // Same server, filter.since "yesterday".
      name: 'SDK 2.x errorsText: a nested format',
      frame: sdk2('data/filter/since must match format "date"'),
      call: callOf('create_order', schema, { order_id: 'ord_1', quantity: 1, filter: { since: 'yesterday' } }),
      culprits: [{ path: ['filter', 'since'], problem: 'format', format: 'ajv', expected: { format: 'date' } }],
    },
    {
      // Same server, an undeclared "extra": errorsText drops the name; one undeclared argument was sent, so it is the one.
      name: 'SDK 2.x errorsText: additional properties, one undeclared argument sent',
      frame: sdk2('data must NOT have additional properties'),
      call: callOf('create_order', schema, { order_id: 'ord_1', quantity: 1, extra: 1 }),
      culprits: [{ path: ['extra'], problem: 'unexpected', format: 'ajv' }],
    },
    {
      name: 'additional properties with two undeclared arguments sent: nothing located',
      frame: sdk2('data must NOT have additional properties'),
      call: callOf('create_order', schema, { order_id: 'ord_1', quantity: 1, extra: 1, more: 2 }),
      culprits: [],
    },
    {
      name: 'ajv error objects in error.data (allErrors), with params',
      frame: { error: { code: -32602, message: 'Invalid params', data: { errors } } },
      call: callOf('create_order', schema, bad),
      culprits: [
        { path: ['coupon'], problem: 'unexpected', format: 'ajv' },
        { path: ['order_id'], problem: 'pattern', format: 'ajv', expected: { pattern: '^ord_[0-9]+$' } },
        { path: ['quantity'], problem: 'range', format: 'ajv', expected: { min: 1 } },
        { path: ['status'], problem: 'enum', format: 'ajv', expected: { values: ['open', 'shipped', 'cancelled'] } },
        { path: ['email'], problem: 'format', format: 'ajv', expected: { format: 'email' } },
      ],
    },
    {
      name: 'errorsText with another data variable ("args")',
      frame: toolError(ajv.errorsText(errors, { dataVar: 'args' })),
      call: callOf('create_order', schema, bad),
      culprits: [
        { path: ['coupon'], problem: 'unexpected', format: 'ajv' },
        { path: ['order_id'], problem: 'pattern', format: 'ajv', expected: { pattern: '^ord_[0-9]+$' } },
        { path: ['quantity'], problem: 'range', format: 'ajv', expected: { min: 1 } },
        { path: ['status'], problem: 'enum', format: 'ajv' },
        { path: ['email'], problem: 'format', format: 'ajv', expected: { format: 'email' } },
      ],
    },
  ]);
});
