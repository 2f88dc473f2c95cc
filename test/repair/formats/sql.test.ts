// A database's constraint error passed through verbatim: the column it names is the argument of that name.
import { describe } from 'vitest';
import { callOf, toolError } from '../answer.js';
import { table } from '../table.js';

// The SQLite text is mcp-memory-keeper 0.14.1's (better-sqlite3), context_checkpoint {} and {"name": null}, from the
// hold-out of issue 26 (test/data/recovery-calibration/holdout-items.json). The PostgreSQL and MySQL texts are those
// engines' messages for the same violations (PostgreSQL 12+ "… of relation …"; MySQL ER_BAD_NULL_ERROR, ER_DATA_TOO_LONG).
const schema = { type: 'object', properties: { name: { type: 'string' }, description: { type: 'string' }, include_files: { type: 'boolean' } } };
const call = (args: Record<string, unknown>) => callOf('context_checkpoint', schema, args);

describe('sql', () => {
  table([
    { name: 'SQLite NOT NULL, the column not sent: missing', frame: { error: { code: -32603, message: 'NOT NULL constraint failed: checkpoints.name' } }, call: call({}), culprits: [{ path: ['name'], problem: 'missing', format: 'sql' }] },
    { name: 'SQLite NOT NULL, a null sent: invalid', frame: { error: { code: -32603, message: 'NOT NULL constraint failed: checkpoints.name' } }, call: call({ name: null }), culprits: [{ path: ['name'], problem: 'invalid', format: 'sql' }] },
    { name: 'SQLite UNIQUE', frame: toolError('Error: UNIQUE constraint failed: checkpoints.name'), call: call({ name: 'daily' }), culprits: [{ path: ['name'], problem: 'invalid', format: 'sql' }] },
    { name: 'PostgreSQL not-null', frame: toolError('null value in column "description" of relation "checkpoints" violates not-null constraint'), call: call({ name: 'a' }), culprits: [{ path: ['description'], problem: 'missing', format: 'sql' }] },
    { name: 'MySQL cannot be null', frame: toolError("ER_BAD_NULL_ERROR: Column 'name' cannot be null"), call: call({ name: null }), culprits: [{ path: ['name'], problem: 'invalid', format: 'sql' }] },
    { name: 'MySQL too long', frame: toolError("ER_DATA_TOO_LONG: Data too long for column 'description' at row 1"), call: call({ name: 'a', description: 'x'.repeat(300) }), culprits: [{ path: ['description'], problem: 'length', format: 'sql' }] },
    // A column no argument is named like (the server's own bookkeeping): nothing located.
    { name: 'a column that is no argument', frame: { error: { code: -32603, message: 'NOT NULL constraint failed: checkpoints.created_at' } }, call: call({ name: 'a' }), culprits: [] },
  ]);
});
