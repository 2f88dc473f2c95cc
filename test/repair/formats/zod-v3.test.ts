// Zod 3: issue arrays written into texts by real servers, and issues, flatten() and bare messages made by zod 3 itself (zod/v3).
import { describe } from 'vitest';
import { z } from 'zod/v3';
import { callOf, toolError } from '../answer.js';
import { table } from '../table.js';

const verifyTask = {
  type: 'object',
  properties: {
    taskId: { type: 'string', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-4[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$' },
    summary: { type: 'string', minLength: 30 },
    score: { type: 'number', minimum: 0, maximum: 100 },
  },
  required: ['taskId', 'summary', 'score'],
  additionalProperties: false,
};
const listTasks = { type: 'object', properties: { status: { type: 'string', enum: ['all', 'pending', 'in_progress', 'completed'] } }, required: ['status'], additionalProperties: false };
const markDone = { type: 'object', properties: { requestId: { type: 'string' }, taskId: { type: 'string' }, completedDetails: { type: 'string' } }, required: ['requestId', 'taskId'] };

const orderSchema = z.object({ email: z.string().email(), limit: z.number().int().min(1).max(50), status: z.enum(['open', 'shipped']), filter: z.object({ since: z.string().datetime() }).optional() }).strict();
const orderJson = {
  type: 'object',
  properties: { email: { type: 'string', format: 'email' }, limit: { type: 'integer', minimum: 1, maximum: 50 }, status: { type: 'string', enum: ['open', 'shipped'] }, filter: { type: 'object', properties: { since: { type: 'string', format: 'date-time' } } } },
  required: ['email', 'limit', 'status'],
  additionalProperties: false,
};
const badOrder = { email: 'nope', limit: 99, status: 'lost', filter: { since: 'yesterday' }, coupon: 'X' };
const orderError = orderSchema.safeParse(badOrder).error!;
const bare = z.number().safeParse('5').error!.issues[0].message;

describe('zod-v3', () => {
  table([
    {
      // mcp-shrimp-task-manager 1.0.21 (serverInfo "Shrimp Task Manager" 1.0.0), verify_task with a bad id, a short summary and a negative score: zod 3 issues with the server's own (Chinese) messages, in a success result.
      name: 'issues written into a text, custom messages',
      frame: {
        result: {
          content: [
            {
              type: 'text',
              text: 'Error occurred: Invalid arguments for tool verify_task: [\n  {\n    "validation": "regex",\n    "code": "invalid_string",\n    "message": "任務ID格式無效，請提供有效的UUID v4格式",\n    "path": [\n      "taskId"\n    ]\n  },\n  {\n    "code": "too_small",\n    "minimum": 30,\n    "type": "string",\n    "inclusive": true,\n    "exact": false,\n    "message": "最少30個字",\n    "path": [\n      "summary"\n    ]\n  },\n  {\n    "code": "too_small",\n    "minimum": 0,\n    "type": "number",\n    "inclusive": true,\n    "exact": false,\n    "message": "分數不能小於0",\n    "path": [\n      "score"\n    ]\n  }\n] \n Please try correcting the error and calling the tool again',
            },
          ],
        },
      },
      call: callOf('verify_task', verifyTask, { taskId: 'x', summary: 'x', score: -1000 }),
      culprits: [
        { path: ['taskId'], problem: 'pattern', format: 'zod-v3' },
        { path: ['summary'], problem: 'length', format: 'zod-v3', expected: { min: 30 } },
        { path: ['score'], problem: 'range', format: 'zod-v3', expected: { min: 0 } },
      ],
      transient: false,
      final: false,
    },
    {
      // mcp-shrimp-task-manager 1.0.21, list_tasks {"status": "zzz_not_allowed"}.
      name: 'an enum issue with its options',
      frame: {
        result: {
          content: [
            {
              type: 'text',
              text: 'Error occurred: Invalid arguments for tool list_tasks: [\n  {\n    "received": "zzz_not_allowed",\n    "code": "invalid_enum_value",\n    "options": [\n      "all",\n      "pending",\n      "in_progress",\n      "completed"\n    ],\n    "path": [\n      "status"\n    ],\n    "message": "Invalid enum value. Expected \'all\' | \'pending\' | \'in_progress\' | \'completed\', received \'zzz_not_allowed\'"\n  }\n] \n Please try correcting the error and calling the tool again',
            },
          ],
        },
      },
      call: callOf('list_tasks', listTasks, { status: 'zzz_not_allowed' }),
      culprits: [{ path: ['status'], problem: 'enum', format: 'zod-v3', expected: { values: ['all', 'pending', 'in_progress', 'completed'] } }],
    },
    {
      // @kazuph/mcp-taskmanager 1.1.1 (serverInfo task-manager-server 2.0.0), mark_task_done {}.
      name: 'two required arguments, "Error: Invalid arguments: [ … ]"',
      frame: toolError(
        'Error: Invalid arguments: [\n  {\n    "code": "invalid_type",\n    "expected": "string",\n    "received": "undefined",\n    "path": [\n      "requestId"\n    ],\n    "message": "Required"\n  },\n  {\n    "code": "invalid_type",\n    "expected": "string",\n    "received": "undefined",\n    "path": [\n      "taskId"\n    ],\n    "message": "Required"\n  }\n]',
      ),
      call: callOf('mark_task_done', markDone, {}),
      culprits: [
        { path: ['requestId'], problem: 'missing', format: 'zod-v3', expected: { type: 'string' } },
        { path: ['taskId'], problem: 'missing', format: 'zod-v3', expected: { type: 'string' } },
      ],
    },
    {
      name: 'zod 3 issues in error.data: formats, bounds, enum, a nested path, an unrecognized key',
      frame: { error: { code: -32602, message: 'Invalid params', data: orderError.issues } },
      call: callOf('orders', orderJson, badOrder),
      culprits: [
        { path: ['email'], problem: 'format', format: 'zod-v3', expected: { format: 'email' } },
        { path: ['limit'], problem: 'range', format: 'zod-v3', expected: { max: 50 } },
        { path: ['status'], problem: 'enum', format: 'zod-v3', expected: { values: ['open', 'shipped'] } },
        { path: ['filter', 'since'], problem: 'format', format: 'zod-v3', expected: { format: 'date-time' } },
        { path: ['coupon'], problem: 'unexpected', format: 'zod-v3' },
      ],
    },
    {
      name: "flatten()'s fieldErrors",
      frame: { error: { code: -32602, message: 'Invalid params', data: orderError.flatten() } },
      call: callOf('orders', orderJson, badOrder),
      culprits: [
        { path: ['email'], problem: 'format', format: 'zod-v3', expected: { format: 'email' } },
        { path: ['limit'], problem: 'range', format: 'zod-v3', expected: { max: 50 } },
        { path: ['status'], problem: 'enum', format: 'zod-v3', expected: { values: ['open', 'shipped'] } },
        { path: ['filter'], problem: 'format', format: 'zod-v3', expected: { format: 'date-time' } },
      ],
    },
    {
      name: 'a bare "Expected number, received string": the one string sent where a number is declared',
      frame: toolError(`Error: ${bare}`),
      call: callOf('add', { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' }, label: { type: 'string' } } }, { a: '5', b: 2, label: 'sum' }),
      culprits: [{ path: ['a'], problem: 'type', format: 'zod-v3', expected: { type: 'number' } }],
    },
    {
      name: 'a bare message two arguments could have: nothing located',
      frame: toolError(`Error: ${bare}`),
      call: callOf('add', { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } }, { a: '5', b: '2' }),
      culprits: [],
    },
  ]);
});
