// Structured metadata (rulebook §5): an object naming the field, from this repository's well-behaved server and the common shapes (fieldViolations, invalid-params, errors[]).
import { describe } from 'vitest';
import { callOf } from '../answer.js';
import { table } from '../table.js';

// fixtures/well-behaved.mjs (this repository, on @modelcontextprotocol/server 2.4.0), captured over stdio.
const lookupUser = { type: 'object', properties: { email: { type: 'string', minLength: 3, maxLength: 254 }, limit: { type: 'integer', minimum: 1, maximum: 50 } }, required: ['email'] };
const listOrders = { type: 'object', properties: { status: { type: 'string', enum: ['open', 'shipped', 'cancelled'] }, limit: { type: 'integer', minimum: 1, maximum: 50 } }, required: ['status'] };
const tools = ['lookup_user', 'list_orders'];
const search = {
  type: 'object',
  properties: { filter: { type: 'object', properties: { status: { type: 'string' }, since: { type: 'string' } } }, age: { type: 'integer' }, limit: { type: 'integer' } },
};

describe('metadata', () => {
  table([
    {
      // well-behaved, lookup_user {}.
      name: 'well-behaved: a missing field with what it expects',
      frame: {
        result: {
          content: [{ type: 'text', text: "Missing required argument 'email' for lookup_user: expected a string of 3 to 254 characters. Add 'email' and call lookup_user again." }],
          structuredContent: { errorCategory: 'validation', isRetryable: false, field: 'email', expected: 'a string of 3 to 254 characters', suggestedAction: "Pass 'email' as a string of 3 to 254 characters and call lookup_user again." },
          isError: true,
        },
      },
      call: callOf('lookup_user', lookupUser, {}, { toolNames: tools }),
      culprits: [{ path: ['email'], problem: 'missing', format: 'metadata', expected: { type: 'string', min: 3, max: 254 } }],
      // isRetryable false beside a located field means "not unchanged": the call is to be corrected, not given up.
      final: false,
      transient: false,
    },
    {
      // well-behaved, lookup_user {"email": "ada@example.com", "limit": 99}.
      name: 'well-behaved: a bound',
      frame: {
        result: {
          content: [{ type: 'text', text: "Invalid argument 'limit' for lookup_user: expected an integer from 1 to 50, received the number 99. Correct 'limit' and call lookup_user again." }],
          structuredContent: { errorCategory: 'validation', isRetryable: false, field: 'limit', expected: 'an integer from 1 to 50', suggestedAction: "Pass 'limit' as an integer from 1 to 50 and call lookup_user again." },
          isError: true,
        },
      },
      call: callOf('lookup_user', lookupUser, { email: 'ada@example.com', limit: 99 }, { toolNames: tools }),
      culprits: [{ path: ['limit'], problem: 'range', format: 'metadata', expected: { type: 'integer', min: 1, max: 50 } }],
    },
    {
      // well-behaved, list_orders {"status": "lost"}.
      name: 'well-behaved: allowed values',
      frame: {
        result: {
          content: [{ type: 'text', text: 'Invalid argument \'status\' for list_orders: expected one of "open", "shipped", "cancelled", received "lost". Correct \'status\' and call list_orders again.' }],
          structuredContent: { errorCategory: 'validation', isRetryable: false, field: 'status', expected: 'one of "open", "shipped", "cancelled"', suggestedAction: 'Pass \'status\' as one of "open", "shipped", "cancelled" and call list_orders again.' },
          isError: true,
        },
      },
      call: callOf('list_orders', listOrders, { status: 'lost' }, { toolNames: tools }),
      culprits: [{ path: ['status'], problem: 'enum', format: 'metadata', expected: { values: ['open', 'shipped', 'cancelled'] } }],
    },
    {
      // well-behaved, tools/call list_ordrs: the available tools as a list in error.data and in words.
      name: 'well-behaved: an unknown tool offers the tools',
      frame: { error: { code: -32602, message: "Unknown tool 'list_ordrs'. Available tools: lookup_user, list_orders. Call tools/list for their input schemas.", data: { availableTools: ['lookup_user', 'list_orders'] } } },
      call: callOf('list_orders', listOrders, {}, { requestedTool: 'list_ordrs', toolNames: tools }),
      culprits: [],
      suggestedTools: ['lookup_user', 'list_orders'],
      final: false,
    },
    {
      name: "Google's fieldViolations with a dotted field",
      frame: { error: { code: -32602, message: 'Invalid argument', data: { fieldViolations: [{ field: 'filter.status', description: 'must be one of open, shipped, cancelled' }] } } },
      call: callOf('search', search, { filter: { status: 'lost' } }),
      culprits: [{ path: ['filter', 'status'], problem: 'enum', format: 'metadata', expected: { values: ['open', 'shipped', 'cancelled'] } }],
    },
    {
      name: 'RFC 7807 invalid-params: name and reason',
      frame: { result: { content: [{ type: 'text', text: 'Your request parameters did not validate.' }], structuredContent: { type: 'https://example.net/validation-error', 'invalid-params': [{ name: 'age', reason: 'must be a positive integer' }] }, isError: true } },
      call: callOf('search', search, { age: -3 }),
      culprits: [{ path: ['age'], problem: 'type', format: 'metadata', expected: { type: 'integer' } }],
    },
    {
      name: 'errors[] with a JSON pointer, a code and bounds',
      frame: { error: { code: -32602, message: 'Invalid params', data: { errors: [{ pointer: '/limit', code: 'out_of_range', min: 1, max: 50 }] } } },
      call: callOf('search', search, { limit: 500 }),
      culprits: [{ path: ['limit'], problem: 'range', format: 'metadata', expected: { min: 1, max: 50 } }],
    },
    {
      name: "§5's field as the metadata extraction found it (the proposed toolFailure _meta key), nothing more said",
      frame: { result: { content: [{ type: 'text', text: 'Rejected' }], _meta: { 'io.modelcontextprotocol/toolFailure': { category: 'validation', field: 'limit' } }, isError: true } },
      call: callOf('search', search, { limit: 500 }),
      culprits: [{ path: ['limit'], problem: 'invalid', format: 'metadata' }],
    },
    {
      name: 'a field the call neither sent nor declares is no culprit',
      frame: { error: { code: -32602, message: 'Invalid params', data: { field: 'tenant', message: 'tenant is required' } } },
      call: callOf('search', search, { limit: 5 }),
      culprits: [],
    },
    {
      name: 'a path alone is data, not a culprit',
      frame: { result: { content: [{ type: 'text', text: 'Not found' }], structuredContent: { path: 'limit' }, isError: true } },
      call: callOf('search', search, { limit: 5 }),
      culprits: [],
    },
  ]);
});
