// Node's argument errors (ERR_INVALID_ARG_TYPE, ERR_OUT_OF_RANGE, ERR_INVALID_ARG_VALUE), as node 20.20.2 prints them.
import { describe } from 'vitest';
import { callOf, toolError } from '../answer.js';
import { table } from '../table.js';

// Every text is String(err) (or err.message) of an error node 20.20.2 threw, triggered by the call in the comment,
// except the "must be one of type" row: node 10–12's wording (lib/internal/errors.js before the v13 rewrite), as quoted in
// the wild ("The \"list\" argument must be one of type Array, Buffer, or Uint8Array. Received type object").
const schema = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    size: { type: 'integer', minimum: 0, maximum: 10 },
    level: { type: 'integer', minimum: -1, maximum: 9 },
    encoding: { type: 'string', enum: ['utf8', 'base64'] },
    recursive: { type: 'boolean' },
    options: { type: 'object', properties: { level: { type: 'integer', minimum: -1, maximum: 9 }, family: { enum: [0, 4, 6] } } },
    content: { type: 'string' },
    list: { type: 'array', items: { type: 'string' } },
  },
  required: ['path'],
};
const call = (args: Record<string, unknown>) => callOf('write_file', schema, args);

describe('node-args', () => {
  table([
    {
      // fs.readFileSync(5) with the tool's own argument name: the name locates it.
      name: 'ERR_INVALID_ARG_TYPE: an argument the tool has, named',
      frame: toolError('TypeError [ERR_INVALID_ARG_TYPE]: The "path" argument must be of type string or an instance of Buffer or URL. Received type number (5.5)'),
      call: call({ path: 5.5 }),
      culprits: [{ path: ['path'], problem: 'type', format: 'node-args', expected: { type: 'string' } }],
    },
    {
      // fs.readFileSync(undefined): "Received undefined" for an argument not sent.
      name: 'ERR_INVALID_ARG_TYPE: Received undefined is a missing argument',
      frame: toolError('The "path" argument must be of type string or an instance of Buffer or URL. Received undefined'),
      call: call({ size: 1 }),
      culprits: [{ path: ['path'], problem: 'missing', format: 'node-args', expected: { type: 'string' } }],
    },
    {
      // path.join(null): "Received null" for an argument sent as null.
      name: 'ERR_INVALID_ARG_TYPE: Received null',
      frame: toolError('TypeError [ERR_INVALID_ARG_TYPE]: The "path" argument must be of type string. Received null'),
      call: call({ path: null }),
      culprits: [{ path: ['path'], problem: 'type', format: 'node-args', expected: { type: 'string' } }],
    },
    {
      // Buffer.from(1.5): node's parameter is "The first argument"; the value in parentheses only `content` was sent with.
      name: 'ERR_INVALID_ARG_TYPE: a node parameter, located by the value in parentheses',
      frame: toolError('TypeError [ERR_INVALID_ARG_TYPE]: The first argument must be of type string or an instance of Buffer, ArrayBuffer, or Array or an Array-like Object. Received type number (1.5)'),
      call: call({ path: '/tmp/a', content: 1.5 }),
      culprits: [{ path: ['content'], problem: 'type', format: 'node-args', expected: { type: 'string' } }],
    },
    {
      // Buffer.alloc('x') inside a tool whose `content` was 'x': node says "size", which the tool also has (not sent).
      name: 'ERR_INVALID_ARG_TYPE: a name the tool has but did not send: the value node received is the one meant',
      frame: toolError("ERR_INVALID_ARG_TYPE: The \"size\" argument must be of type number. Received type string ('x')"),
      call: call({ path: '/tmp/a', content: 'x' }),
      culprits: [{ path: ['content'], problem: 'type', format: 'node-args', expected: { type: 'number' } }],
    },
    {
      // zlib.deflateSync('x', { level: 'high' }): a dotted property name.
      name: 'ERR_INVALID_ARG_TYPE: a dotted property',
      frame: toolError("TypeError [ERR_INVALID_ARG_TYPE]: The \"options.level\" property must be of type number. Received type string ('high')"),
      call: call({ path: '/tmp/a', options: { level: 'high' } }),
      culprits: [{ path: ['options', 'level'], problem: 'type', format: 'node-args', expected: { type: 'number' } }],
    },
    {
      // fs.mkdirSync(p, { recursive: 'yes' }): "options.recursive" is not the tool's path; 'yes' is only `recursive`'s value.
      name: 'ERR_INVALID_ARG_TYPE: an unknown dotted name, located by value',
      frame: toolError("TypeError [ERR_INVALID_ARG_TYPE]: The \"options.recursive\" property must be of type boolean. Received type string ('yes')"),
      call: call({ path: '/tmp/a', recursive: 'yes' }),
      culprits: [{ path: ['recursive'], problem: 'type', format: 'node-args', expected: { type: 'boolean' } }],
    },
    {
      // crypto.randomInt(1.5)
      name: 'ERR_INVALID_ARG_TYPE: "a safe integer"',
      frame: toolError('TypeError [ERR_INVALID_ARG_TYPE]: The "max" argument must be a safe integer. Received type number (1.5)'),
      call: call({ path: '/tmp/a', size: 1.5 }),
      culprits: [{ path: ['size'], problem: 'type', format: 'node-args', expected: { type: 'integer' } }],
    },
    {
      // fs.readFileSync([1]): an instance of Array prints no value: nothing locates it.
      name: 'ERR_INVALID_ARG_TYPE: "Received an instance of Array" under a name the tool lacks locates nothing',
      frame: toolError('TypeError [ERR_INVALID_ARG_TYPE]: The "file" argument must be of type string or an instance of Buffer or URL. Received an instance of Array'),
      call: call({ path: ['a'] }),
      culprits: [],
    },
    {
      name: 'node 10–12: "must be one of type"',
      frame: toolError('TypeError [ERR_INVALID_ARG_TYPE]: The "list" argument must be one of type Array, Buffer, or Uint8Array. Received type object'),
      call: call({ path: '/tmp/a', list: { a: 1 } }),
      culprits: [{ path: ['list'], problem: 'type', format: 'node-args', expected: { type: 'array' } }],
    },
    {
      // Buffer.alloc(-1) in a tool taking `size`.
      name: 'ERR_OUT_OF_RANGE: ">= 0 && <=" bounds',
      frame: toolError('RangeError [ERR_OUT_OF_RANGE]: The value of "size" is out of range. It must be >= 0 && <= 4294967296. Received -1'),
      call: call({ path: '/tmp/a', size: -1 }),
      culprits: [{ path: ['size'], problem: 'range', format: 'node-args', expected: { min: 0, max: 4294967296 } }],
    },
    {
      // zlib.deflateSync('x', { level: 11 })
      name: 'ERR_OUT_OF_RANGE: a dotted name, ">= -1 and <= 9"',
      frame: toolError('RangeError [ERR_OUT_OF_RANGE]: The value of "options.level" is out of range. It must be >= -1 and <= 9. Received 11'),
      call: call({ path: '/tmp/a', options: { level: 11 } }),
      culprits: [{ path: ['options', 'level'], problem: 'range', format: 'node-args', expected: { min: -1, max: 9 } }],
    },
    {
      // The same under a name the tool lacks: the received 11 is `level`'s alone.
      name: 'ERR_OUT_OF_RANGE: node\'s name, located by the value received',
      frame: { error: { code: -32603, message: 'The value of "options.level" is out of range. It must be >= -1 and <= 9. Received 11' } },
      call: call({ path: '/tmp/a', level: 11 }),
      culprits: [{ path: ['level'], problem: 'range', format: 'node-args', expected: { min: -1, max: 9 } }],
    },
    {
      // child_process.spawnSync('ls', { timeout: -1 })
      name: 'ERR_OUT_OF_RANGE: "an unsigned integer"',
      frame: toolError('RangeError [ERR_OUT_OF_RANGE]: The value of "timeout" is out of range. It must be an unsigned integer. Received -1'),
      call: call({ path: '/tmp/a', size: -1 }),
      culprits: [{ path: ['size'], problem: 'range', format: 'node-args', expected: { min: 0, type: 'integer' } }],
    },
    {
      // fs.readFileSync(p, { flag: 'nope' })
      name: "ERR_INVALID_ARG_VALUE: The argument 'x' is invalid",
      frame: toolError("TypeError [ERR_INVALID_ARG_VALUE]: The argument 'encoding' is invalid encoding. Received 'nope'"),
      call: call({ path: '/tmp/a', encoding: 'nope' }),
      culprits: [{ path: ['encoding'], problem: 'invalid', format: 'node-args' }],
    },
    {
      // dns.lookup('x', { family: 7 }): "must be one of: 0, 4, 6".
      name: "ERR_INVALID_ARG_VALUE: The property 'options.family' must be one of",
      frame: toolError("TypeError [ERR_INVALID_ARG_VALUE]: The property 'options.family' must be one of: 0, 4, 6. Received 7"),
      call: call({ path: '/tmp/a', options: { family: 7 } }),
      culprits: [{ path: ['options', 'family'], problem: 'enum', format: 'node-args', expected: { values: [0, 4, 6] } }],
    },
    {
      // new stream.Readable({ highWaterMark: -1 }): the default reason; -1 is only `size`'s.
      name: "ERR_INVALID_ARG_VALUE: 'is invalid', located by value",
      frame: toolError("TypeError [ERR_INVALID_ARG_VALUE]: The property 'options.highWaterMark' is invalid. Received -1"),
      call: call({ path: '/tmp/a', size: -1 }),
      culprits: [{ path: ['size'], problem: 'invalid', format: 'node-args' }],
    },
    {
      // child_process.spawnSync('')
      name: "ERR_INVALID_ARG_VALUE: 'cannot be empty'",
      frame: toolError("TypeError [ERR_INVALID_ARG_VALUE]: The argument 'path' cannot be empty. Received ''"),
      call: call({ path: '' }),
      culprits: [{ path: ['path'], problem: 'length', format: 'node-args', expected: { min: 1 } }],
    },
    {
      // Buffer.alloc('x'.repeat(40)): node cuts a string to 25 characters and "..." inside its quotes.
      name: 'ERR_INVALID_ARG_TYPE: a long string, located by its start',
      frame: toolError("TypeError [ERR_INVALID_ARG_TYPE]: The \"size\" argument must be of type number. Received type string ('xxxxxxxxxxxxxxxxxxxxxxxxx...')"),
      call: call({ path: '/tmp/a', content: 'x'.repeat(40) }),
      culprits: [{ path: ['content'], problem: 'type', format: 'node-args', expected: { type: 'number' } }],
    },
    {
      // fs.readFileSync(p, { flag: 'y'.repeat(200) }): ERR_INVALID_ARG_VALUE cuts its inspect() at 128 characters.
      name: 'ERR_INVALID_ARG_VALUE: a value cut at 128 characters, located by its start',
      frame: toolError(`TypeError [ERR_INVALID_ARG_VALUE]: The argument 'flags' is invalid. Received '${'y'.repeat(127)}...`),
      call: call({ path: '/tmp/a', content: 'y'.repeat(200) }),
      culprits: [{ path: ['content'], problem: 'invalid', format: 'node-args' }],
    },
    {
      name: 'a value two arguments share: nothing located',
      frame: toolError('RangeError [ERR_OUT_OF_RANGE]: The value of "offset" is out of range. It must be >= 0 && <= 1. Received 5'),
      call: call({ path: '/tmp/a', size: 5, level: 5 }),
      culprits: [],
    },
    {
      // new URL(5): another node error, naming no argument.
      name: 'ERR_INVALID_URL is not an argument error',
      frame: toolError('TypeError [ERR_INVALID_URL]: Invalid URL'),
      call: call({ path: 'x', size: 5 }),
      culprits: [],
    },
  ]);
});
