// Rust servers: rmcp's "failed to deserialize parameters: …" around serde's messages.
import { describe } from 'vitest';
import { callOf, toolError } from '../answer.js';
import { table } from '../table.js';

// No corpus server is written in Rust. The first text is rmcp's own: modelcontextprotocol/rust-sdk 4a738b9,
// crates/rmcp/src/handler/server/tool.rs:30 ("failed to deserialize parameters: {error}"), returned as an isError result by
// router/tool.rs:146-152, and asserted by its test (router/tool.rs:691-693, a call without `project`). The others are
// serde's messages (serde-rs/serde 1023d07, serde_core/src/de/mod.rs:214-290, Unexpected's Display at :401).
const schema = {
  type: 'object',
  properties: { project: { type: 'string' }, limit: { type: 'integer', minimum: 0 }, status: { type: 'string', enum: ['open', 'shipped', 'cancelled'] }, tags: { type: 'array', items: { type: 'string' } } },
  required: ['project'],
};
const call = (args: Record<string, unknown>) => callOf('list_issues', schema, args);

describe('rust-rmcp', () => {
  table([
    { name: 'rmcp: a missing field', frame: toolError('failed to deserialize parameters: missing field `project`'), call: call({}), culprits: [{ path: ['project'], problem: 'missing', format: 'rust-rmcp' }] },
    {
      name: 'an invalid type, located by the string it quotes',
      frame: toolError('failed to deserialize parameters: invalid type: string "ten", expected u32'),
      call: call({ project: 'p', limit: 'ten' }),
      culprits: [{ path: ['limit'], problem: 'type', format: 'rust-rmcp', expected: { type: 'integer' } }],
    },
    {
      name: 'an invalid type without a value: the one sequence-typed mismatch',
      frame: { error: { code: -32602, message: 'failed to deserialize parameters: invalid type: map, expected a sequence' } },
      call: call({ project: 'p', tags: { a: 1 } }),
      culprits: [{ path: ['tags'], problem: 'type', format: 'rust-rmcp', expected: { type: 'array' } }],
    },
    {
      name: 'an unknown variant with the allowed ones',
      frame: toolError('failed to deserialize parameters: unknown variant `lost`, expected one of `open`, `shipped`, `cancelled`'),
      call: call({ project: 'p', status: 'lost' }),
      culprits: [{ path: ['status'], problem: 'enum', format: 'rust-rmcp', expected: { values: ['open', 'shipped', 'cancelled'] } }],
    },
    {
      name: 'an unknown field (deny_unknown_fields)',
      frame: toolError('failed to deserialize parameters: unknown field `labels`, expected one of `project`, `limit`, `status`, `tags`'),
      call: call({ project: 'p', labels: ['x'] }),
      culprits: [{ path: ['labels'], problem: 'unexpected', format: 'rust-rmcp' }],
    },
    {
      name: 'an invalid value located by the integer it quotes',
      frame: toolError('failed to deserialize parameters: invalid value: integer `-1`, expected u32'),
      call: call({ project: 'p', limit: -1 }),
      culprits: [{ path: ['limit'], problem: 'invalid', format: 'rust-rmcp', expected: { type: 'integer' } }],
    },
    {
      name: 'rmcp: an unknown tool',
      frame: { error: { code: -32602, message: 'tool not found' } },
      call: callOf('list_issues', schema, {}, { requestedTool: 'list_isues', toolNames: ['list_issues'] }),
      culprits: [],
      final: false,
    },
    {
      name: 'serde alone: missing field, with " at line 1 column 2"',
      frame: { error: { code: -32602, message: 'missing field `project` at line 1 column 2' } },
      call: call({ limit: 1 }),
      culprits: [{ path: ['project'], problem: 'missing', format: 'rust-rmcp' }],
    },
    {
      name: 'a missing field the tool does not have locates nothing',
      frame: toolError('failed to deserialize parameters: missing field `owner`'),
      call: call({ project: 'p' }),
      culprits: [],
    },
  ]);
});
