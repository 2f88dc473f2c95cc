// Zod 4: issue arrays and z.prettifyError text made by zod 4 itself (zod/v4), and a real server's request-level issue array.
import { describe } from 'vitest';
import * as z from 'zod/v4';
import { callOf, toolError } from '../answer.js';
import { table, type Row } from '../table.js';

const schema = z
  .object({ email: z.email(), limit: z.number().int().min(1).max(50), status: z.enum(['open', 'shipped']), filter: z.object({ since: z.iso.date() }).optional(), tags: z.array(z.object({ name: z.string() })).optional() })
  .strict();
const json = {
  type: 'object',
  properties: {
    email: { type: 'string', format: 'email' },
    limit: { type: 'integer', minimum: 1, maximum: 50 },
    status: { type: 'string', enum: ['open', 'shipped'] },
    filter: { type: 'object', properties: { since: { type: 'string', format: 'date' } } },
    tags: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
  },
  required: ['email', 'limit', 'status'],
  additionalProperties: false,
};
const bad = { email: 'nope', limit: 99, status: 'lost', filter: { since: 'yesterday' }, tags: [{ name: 5 }], coupon: 'X' };
const error = schema.safeParse(bad).error!;
const all: Row['culprits'] = [
  { path: ['email'], problem: 'format', format: 'zod-v4', expected: { format: 'email' } },
  { path: ['limit'], problem: 'range', format: 'zod-v4', expected: { max: 50 } },
  { path: ['status'], problem: 'enum', format: 'zod-v4', expected: { values: ['open', 'shipped'] } },
  { path: ['filter', 'since'], problem: 'format', format: 'zod-v4', expected: { format: 'date' } },
  { path: ['tags', '0', 'name'], problem: 'type', format: 'zod-v4', expected: { type: 'string' } },
];

describe('zod-v4', () => {
  table([
    {
      // @modelcontextprotocol/server-everything 2026.8.31 (mcp-servers/everything 2.0.0), a tools/call without params.name, as recorded in
      // corpus/out/everything.json: the SDK's zod 4 issues about the request itself name no argument of the tool.
      name: "a real server's request-level issue array locates no argument",
      frame: { error: { code: -32603, message: '[\n  {\n    "expected": "string",\n    "code": "invalid_type",\n    "path": [\n      "params",\n      "name"\n    ],\n    "message": "Invalid input: expected string, received undefined"\n  }\n]' } },
      call: callOf('echo', { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] }, { message: 'hi' }),
      culprits: [],
    },
    {
      name: 'zod 4 issues in error.data',
      frame: { error: { code: -32602, message: 'Invalid params', data: error.issues } },
      call: callOf('orders', json, bad),
      culprits: [...all, { path: ['coupon'], problem: 'unexpected', format: 'zod-v4' }],
    },
    {
      name: 'z.prettifyError text',
      frame: toolError(z.prettifyError(error)),
      call: callOf('orders', json, bad),
      culprits: [{ path: ['coupon'], problem: 'unexpected', format: 'zod-v4' }, ...all],
    },
    {
      name: 'a bare zod 4 message: the one number sent where a string is declared',
      frame: toolError(`Validation failed: ${z.string().safeParse(5).error!.issues[0].message}`),
      call: callOf('greet', { type: 'object', properties: { name: { type: 'string' }, times: { type: 'integer' } } }, { name: 5, times: 2 }),
      culprits: [{ path: ['name'], problem: 'type', format: 'zod-v4', expected: { type: 'string' } }],
    },
  ]);
});
