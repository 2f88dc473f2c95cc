// Valibot 1: issue arrays, flatten() output, summarize() text and bare messages, each printed by valibot 1.5.0 itself.
import { describe } from 'vitest';
import { callOf, toolError } from '../answer.js';
import { table } from '../table.js';

// Printed with valibot 1.5.0 (node 20.20) from this schema:
//   v.object({ order_id: v.pipe(v.string(), v.regex(/^ord_[a-z0-9]{6}$/)), quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)),
//     status: v.picklist(['open', 'shipped', 'cancelled']), email: v.pipe(v.string(), v.email()), site: v.optional(v.pipe(v.string(), v.url())),
//     id: v.optional(v.pipe(v.string(), v.uuid())), since: v.optional(v.pipe(v.string(), v.isoDate())), at: v.optional(v.pipe(v.string(), v.isoTimestamp())),
//     note: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(5))), tags: v.optional(v.pipe(v.array(v.string()), v.minLength(1))),
//     filter: v.optional(v.object({ limit: v.pipe(v.number(), v.maxValue(10)), kind: v.optional(v.union([v.literal('a'), v.literal('b')])) })) })
// flatten(issues) and the issues' own fields (kind, type, input, expected, received, message, path[].key) as JSON.stringify prints them.
const schema = {
  type: 'object',
  properties: {
    order_id: { type: 'string', pattern: '^ord_[a-z0-9]{6}$' },
    quantity: { type: 'integer', minimum: 1, maximum: 50 },
    status: { type: 'string', enum: ['open', 'shipped', 'cancelled'] },
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    id: { type: 'string', format: 'uuid' },
    since: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'date-time' },
    note: { type: 'string', minLength: 1, maxLength: 5 },
    tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
    filter: { type: 'object', properties: { limit: { type: 'number', maximum: 10 }, kind: { enum: ['a', 'b'] } }, required: ['limit'] },
  },
  required: ['order_id', 'quantity', 'status', 'email'],
};
const call = (args: Record<string, unknown>) => callOf('create_order', schema, args);
const wrong = { order_id: 'x', quantity: 99, status: 'lost', email: 'nope', site: 'not a url', id: 'u', since: '2026-1-1', at: 'x', note: '', tags: [], filter: { limit: 11, kind: 'c' } };

const FLAT_MISSING = '{"nested":{"order_id":["Invalid key: Expected \\"order_id\\" but received undefined"],"quantity":["Invalid key: Expected \\"quantity\\" but received undefined"],"status":["Invalid key: Expected \\"status\\" but received undefined"],"email":["Invalid key: Expected \\"email\\" but received undefined"]}}';
const FLAT_WRONG =
  '{"nested":{"order_id":["Invalid format: Expected /^ord_[a-z0-9]{6}$/ but received \\"x\\""],"quantity":["Invalid value: Expected <=50 but received 99"],"status":["Invalid type: Expected (\\"open\\" | \\"shipped\\" | \\"cancelled\\") but received \\"lost\\""],"email":["Invalid email: Received \\"nope\\""],"site":["Invalid URL: Received \\"not a url\\""],"id":["Invalid UUID: Received \\"u\\""],"since":["Invalid date: Received \\"2026-1-1\\""],"at":["Invalid timestamp: Received \\"x\\""],"note":["Invalid length: Expected >=1 but received 0"],"tags":["Invalid length: Expected >=1 but received 0"],"filter.limit":["Invalid value: Expected <=10 but received 11"],"filter.kind":["Invalid type: Expected (\\"a\\" | \\"b\\") but received \\"c\\""]}}';
const ISSUES_TYPES =
  '[{"kind":"schema","type":"string","input":5,"expected":"string","received":"5","message":"Invalid type: Expected string but received 5","path":[{"type":"object","origin":"value","key":"order_id"}]},{"kind":"schema","type":"number","input":"ten","expected":"number","received":"\\"ten\\"","message":"Invalid type: Expected number but received \\"ten\\"","path":[{"type":"object","origin":"value","key":"quantity"}]},{"kind":"schema","type":"picklist","input":3,"expected":"(\\"open\\" | \\"shipped\\" | \\"cancelled\\")","received":"3","message":"Invalid type: Expected (\\"open\\" | \\"shipped\\" | \\"cancelled\\") but received 3","path":[{"type":"object","origin":"value","key":"status"}]},{"kind":"schema","type":"string","input":true,"expected":"string","received":"true","message":"Invalid type: Expected string but received true","path":[{"type":"object","origin":"value","key":"email"}]},{"kind":"schema","type":"object","input":"x","expected":"Object","received":"\\"x\\"","message":"Invalid type: Expected Object but received \\"x\\"","path":[{"type":"object","origin":"value","key":"filter"}]}]';
const ISSUE_NESTED_MISSING = '[{"kind":"schema","type":"object","expected":"\\"limit\\"","received":"undefined","message":"Invalid key: Expected \\"limit\\" but received undefined","path":[{"type":"object","origin":"value","key":"filter"},{"type":"object","origin":"key","key":"limit"}]}]';
const ISSUES_FLOAT =
  '[{"kind":"validation","type":"integer","input":1.5,"expected":null,"received":"1.5","message":"Invalid integer: Received 1.5","path":[{"type":"object","origin":"value","key":"quantity"}]},{"kind":"validation","type":"max_length","input":"toolongnote","expected":"<=5","received":"11","message":"Invalid length: Expected <=5 but received 11","path":[{"type":"object","origin":"value","key":"note"}]}]';
// v.strictObject({ a: v.string() }) given { a: 'x', b: 1 }: flatten().
const FLAT_STRICT = '{"nested":{"b":["Invalid key: Expected never but received \\"b\\""]}}';
// summarize(issues) for `wrong`, its first four entries.
const SUMMARY = '× Invalid format: Expected /^ord_[a-z0-9]{6}$/ but received "x"\n  → at order_id\n× Invalid value: Expected <=50 but received 99\n  → at quantity\n× Invalid value: Expected <=10 but received 11\n  → at filter.limit\n× Invalid type: Expected ("a" | "b") but received "c"\n  → at filter.kind';

describe('valibot', () => {
  table([
    {
      name: 'flatten(): every missing key',
      frame: toolError(FLAT_MISSING),
      call: call({}),
      culprits: [
        { path: ['order_id'], problem: 'missing', format: 'valibot' },
        { path: ['quantity'], problem: 'missing', format: 'valibot' },
        { path: ['status'], problem: 'missing', format: 'valibot' },
        { path: ['email'], problem: 'missing', format: 'valibot' },
      ],
    },
    {
      name: 'flatten(): pattern, range, picklist, formats, lengths, nested dotted keys',
      frame: toolError(`Invalid arguments: ${FLAT_WRONG}`),
      call: call(wrong),
      culprits: [
        { path: ['order_id'], problem: 'pattern', format: 'valibot', expected: { pattern: '^ord_[a-z0-9]{6}$' } },
        { path: ['quantity'], problem: 'range', format: 'valibot', expected: { max: 50 } },
        { path: ['status'], problem: 'enum', format: 'valibot', expected: { values: ['open', 'shipped', 'cancelled'] } },
        { path: ['email'], problem: 'format', format: 'valibot', expected: { format: 'email' } },
        { path: ['site'], problem: 'format', format: 'valibot', expected: { format: 'uri' } },
        { path: ['id'], problem: 'format', format: 'valibot', expected: { format: 'uuid' } },
        { path: ['since'], problem: 'format', format: 'valibot', expected: { format: 'date' } },
        { path: ['at'], problem: 'format', format: 'valibot', expected: { format: 'date-time' } },
        { path: ['note'], problem: 'length', format: 'valibot', expected: { min: 1 } },
        { path: ['tags'], problem: 'length', format: 'valibot', expected: { min: 1 } },
        { path: ['filter', 'limit'], problem: 'range', format: 'valibot', expected: { max: 10 } },
        { path: ['filter', 'kind'], problem: 'enum', format: 'valibot', expected: { values: ['a', 'b'] } },
      ],
    },
    {
      name: 'flatten() as structuredContent',
      frame: { result: { content: [{ type: 'text', text: 'Invalid arguments' }], structuredContent: JSON.parse(FLAT_MISSING), isError: true } },
      call: call({}),
      culprits: [
        { path: ['order_id'], problem: 'missing', format: 'valibot' },
        { path: ['quantity'], problem: 'missing', format: 'valibot' },
        { path: ['status'], problem: 'missing', format: 'valibot' },
        { path: ['email'], problem: 'missing', format: 'valibot' },
      ],
    },
    {
      name: 'issues: types by their expected word, a picklist by its options, "Object"',
      frame: toolError(ISSUES_TYPES),
      call: call({ order_id: 5, quantity: 'ten', status: 3, email: true, filter: 'x' }),
      culprits: [
        { path: ['order_id'], problem: 'type', format: 'valibot', expected: { type: 'string' } },
        { path: ['quantity'], problem: 'type', format: 'valibot', expected: { type: 'number' } },
        { path: ['status'], problem: 'enum', format: 'valibot', expected: { values: ['open', 'shipped', 'cancelled'] } },
        { path: ['email'], problem: 'type', format: 'valibot', expected: { type: 'string' } },
        { path: ['filter'], problem: 'type', format: 'valibot', expected: { type: 'object' } },
      ],
    },
    {
      name: 'issues in error.data: a nested missing key (the last path item is the key)',
      frame: { error: { code: -32602, message: 'Invalid params', data: JSON.parse(ISSUE_NESTED_MISSING) } },
      call: call({ order_id: 'ord_abcdef', quantity: 1, status: 'open', email: 'a@b.co', filter: {} }),
      culprits: [{ path: ['filter', 'limit'], problem: 'missing', format: 'valibot' }],
    },
    {
      name: 'issues: integer and max_length',
      frame: { error: { code: -32602, message: `Validation failed: ${ISSUES_FLOAT}` } },
      call: call({ order_id: 'ord_abcdef', quantity: 1.5, status: 'open', email: 'a@b.co', note: 'toolongnote' }),
      culprits: [
        { path: ['quantity'], problem: 'type', format: 'valibot', expected: { type: 'integer' } },
        { path: ['note'], problem: 'length', format: 'valibot', expected: { max: 5 } },
      ],
    },
    {
      name: 'strictObject: an unknown key',
      frame: toolError(FLAT_STRICT),
      call: call({ order_id: 'ord_abcdef', quantity: 1, status: 'open', email: 'a@b.co', b: 1 }),
      culprits: [{ path: ['b'], problem: 'unexpected', format: 'valibot' }],
    },
    {
      name: 'summarize(): "× message" and "→ at path"',
      frame: toolError(SUMMARY),
      call: call(wrong),
      culprits: [
        { path: ['order_id'], problem: 'pattern', format: 'valibot', expected: { pattern: '^ord_[a-z0-9]{6}$' } },
        { path: ['quantity'], problem: 'range', format: 'valibot', expected: { max: 50 } },
        { path: ['filter', 'limit'], problem: 'range', format: 'valibot', expected: { max: 10 } },
        { path: ['filter', 'kind'], problem: 'enum', format: 'valibot', expected: { values: ['a', 'b'] } },
      ],
    },
    {
      // String(new ValiError(issues)): the first issue's message, no path.
      name: 'ValiError text: located by the value it received',
      frame: toolError('ValiError: Invalid type: Expected string but received 5'),
      call: call({ order_id: 5, quantity: 1, status: 'open', email: 'a@b.co' }),
      culprits: [{ path: ['order_id'], problem: 'type', format: 'valibot', expected: { type: 'string' } }],
    },
    {
      name: 'ValiError text: a missing key names itself',
      frame: toolError('ValiError: Invalid key: Expected "order_id" but received undefined'),
      call: call({ quantity: 1, status: 'open', email: 'a@b.co' }),
      culprits: [{ path: ['order_id'], problem: 'missing', format: 'valibot' }],
    },
    {
      name: 'ValiError text: a lower bound (v.minValue(1)), located by value',
      frame: toolError('Error: Invalid value: Expected >=1 but received 0'),
      call: call({ order_id: 'ord_abcdef', quantity: 0, status: 'open', email: 'a@b.co' }),
      culprits: [{ path: ['quantity'], problem: 'range', format: 'valibot', expected: { min: 1 } }],
    },
    {
      // v.gtValue(0) prints "Expected >0": an integer field then wants at least 1.
      name: 'an exclusive bound',
      frame: toolError('{"nested":{"quantity":["Invalid value: Expected >0 but received 0"]}}'),
      call: call({ order_id: 'ord_abcdef', quantity: 0, status: 'open', email: 'a@b.co' }),
      culprits: [{ path: ['quantity'], problem: 'range', format: 'valibot', expected: { min: 1 } }],
    },
    {
      // v.minLength(3) on email: "received 2" is the length, which `quantity` happens to have been sent as.
      name: 'a length message is not located by the length it received',
      frame: toolError('ValiError: Invalid length: Expected >=3 but received 2'),
      call: call({ order_id: 'ord_abcdef', quantity: 2, status: 'open', email: 'ab' }),
      culprits: [],
    },
    {
      name: 'a value two arguments were sent with: nothing located',
      frame: toolError('ValiError: Invalid type: Expected string but received 5'),
      call: call({ order_id: 5, quantity: 5, status: 'open', email: 'a@b.co' }),
      culprits: [],
    },
    {
      // v.check(..., 'a and b must match') forwarded to b: a custom message says nothing valibot's words do.
      name: 'a custom message under a path: the field, invalid',
      frame: toolError('{"nested":{"note":["Note must be polite"]}}'),
      call: call({ order_id: 'ord_abcdef', quantity: 1, status: 'open', email: 'a@b.co', note: 'hey' }),
      culprits: [{ path: ['note'], problem: 'invalid', format: 'valibot' }],
    },
    {
      // v.object({ a: v.array(v.object({ b: v.string() })) }) given { a: [{ b: 1 }] }: flatten() joins the path with dots, an index too.
      name: 'flatten(): an item of an array, "a.0.b"',
      frame: toolError('{"nested":{"a.0.b":["Invalid type: Expected string but received 1"]}}'),
      call: callOf('t', { type: 'object', properties: { a: { type: 'array', items: { type: 'object', properties: { b: { type: 'string' } } } } } }, { a: [{ b: 1 }] }),
      culprits: [{ path: ['a', '0', 'b'], problem: 'type', format: 'valibot', expected: { type: 'string' } }],
    },
    {
      // v.string() as the whole schema given 5: flatten() puts a root issue under "root", located by the value it received.
      name: 'flatten(): a root message, located by value',
      frame: toolError('{"root":["Invalid type: Expected string but received 5"]}'),
      call: call({ order_id: 5, quantity: 1, status: 'open', email: 'a@b.co' }),
      culprits: [{ path: ['order_id'], problem: 'type', format: 'valibot', expected: { type: 'string' } }],
    },
    {
      name: 'JSON with "nested" that is not flatten() output is not read',
      frame: toolError('{"nested":{"order_id":5},"root":"x"}'),
      call: call({ order_id: 5, quantity: 1, status: 'open', email: 'a@b.co' }),
      culprits: [],
    },
  ]);
});
