// guidanceOf(): does an answer give an agent anything? The one reading behind recovery-hint and the agent's "not
// recoverable" versus "undetermined": answers that give nothing, and each kind of thing an answer can point at.
import { describe, expect, it } from 'vitest';
import { guidanceOf } from '../../src/diagnose/guidance.js';
import type { JsonSchema } from '../../src/types.js';
import type { Exchange } from '../../src/exchange.js';
import { exchange, type ExchangeSpec } from '../helpers/exchange.js';

const schema: JsonSchema = {
  type: 'object',
  properties: { order_id: { type: 'string' }, project_dir: { type: 'string' }, timezone: { type: 'string' }, file_paths: { type: 'array', items: { type: 'string' } }, limit: { type: 'integer' }, algorithm: { type: 'string' } },
  required: ['order_id'],
};
const TOOLS = ['get_order', 'list_orders'];

/** A refusal from get_order, whose schema is declared. */
function refusal(spec: ExchangeSpec): Exchange {
  return { ...exchange({ tool: 'get_order', isError: true, ...spec }), inputSchema: schema };
}
const read = (spec: ExchangeSpec) => guidanceOf(refusal(spec), TOOLS, undefined, undefined, spec.target?.kind === 'arguments' ? spec.target.paths.map((p) => p.join('.')) : []);

describe('guidanceOf: answers that give an agent nothing', () => {
  it.each([
    ['generic', 'Operation failed'],
    ['empty', ''],
    ['internal error', 'Internal error'],
    ['a crash that names no argument', "Cannot read properties of undefined (reading 'map')"],
    ['a stack trace', 'TypeError: x is not iterable\n    at Object.use (/srv/app/handler.js:12:5)\n    at run (/srv/app/index.js:3:1)'],
    ['a crash that quotes an argument as the code’s own property', "Cannot destructure property 'order_id' of 'request.params.arguments' as it is undefined."],
    ['a vague instruction to an invalid call', 'Invalid request, please check your input and try again'],
    ['an echo of every argument', 'datatype mismatch [Diagnostic] Received arg types: {order_id: string, limit: number}'],
    // n8n-mcp 2.87.0's boilerplate note: an example marker about no argument in particular states no expectation.
    ['boilerplate with an example', 'datatype mismatch\n\nNote: The AI agent may be sending data in the wrong format (e.g., string instead of object).'],
    // To a call the schema refuses: the server never looked at the input, and a retry gets the same refusal.
    ['a passing failure, to a call the schema refuses', 'Service temporarily unavailable (503). Try again later.'],
  ])('%s', (_name, text) => {
    expect(read({ probe: 'wrong-type', args: { order_id: 'ord_1', limit: 'ten' }, text })).toBeUndefined();
  });
});

describe('guidanceOf: what an answer points at', () => {
  it.each([
    ['a field quoted in Chinese', '参数「order_id」是必填项', {}, 'names an argument', ['order_id']],
    ['a field said to be at fault', 'limit must be between 1 and 50', { order_id: 'ord_1', limit: 99 }, 'names an argument', ['limit']],
    ['a compound name split in words ("time zone" for timezone)', 'Invalid time zone specified: ', { order_id: 'ord_1', timezone: '' }, 'names an argument', ['timezone']],
    ['a value in parentheses', 'The first argument must be of type string. Received type number (1.5)', { order_id: 'ord_1', limit: 1.5 }, 'quotes a value sent', ['limit']],
    ['a value quoted inside a list', "No files matching 'a.txt' were found.", { order_id: 'ord_1', file_paths: ['a.txt'] }, 'quotes a value sent', ['file_paths', '0']],
    ['a code in another case', 'Error: CRC32 does not support HMAC', { order_id: 'ord_1', algorithm: 'crc32' }, 'quotes a value sent', ['algorithm']],
    ['a value whose plain start survived an encoder', 'Invalid order: errlint ðð½ð', { order_id: 'errlint 😀👍🏽' }, 'quotes a value sent', ['order_id']],
    // @coo-quack/calc-mcp 2.1.1 (the sandboxed corpus pass): a piece of one value, a short code, our blank value after a colon.
    ['a quoted piece of one value', "Error: Invalid digit '9' for base 4", { order_id: 'ord_1', limit: 95 }, 'quotes a value sent', ['limit']],
    ['a short code with a digit, bare', 'Error: Undefined symbol A0', { order_id: 'A0' }, 'quotes a value sent', ['order_id']],
    ['a parser’s piece of one value', 'Error: Undefined symbol x', { order_id: 'ord_1', timezone: 'x-_' }, 'quotes a value sent', ['timezone']],
    ['a parser’s operator of one value', 'Error: Unexpected operator ~ (char 2)', { order_id: 'ord_1', timezone: 'g~wx' }, 'quotes a value sent', ['timezone']],
    ['a quoted piece that holds a newline', 'Error: Syntax error in part "\u0007\b\t\n\u000b" (char 8)', { order_id: 'ord_1', timezone: 'errlint\u0007\b\t\n\u000b' }, 'quotes a value sent', ['timezone']],
    ['our blank value where the value goes', 'Error: Invalid IPv4 address:', { order_id: 'ord_1', timezone: ' ' }, 'quotes a value sent', ['timezone']],
    // mcp-memory-keeper 0.14.1 (the hold-out): a name of several words, each written out.
    ['a name written out in full words', 'Project directory path is required', { order_id: 'ord_1' }, 'names an argument', ['project_dir']],
    // mcp-sqlite 1.0.9 (the hold-out): the start of a 100 KB value, quoted.
    ['the quoted start of a long value', 'Error: SQLITE_ERROR: near "errlint": syntax error', { order_id: 'ord_1', timezone: 'errlint '.repeat(2000) }, 'quotes a value sent', ['timezone']],
    ['a tool the server lists', 'Use list_orders to find the id.', { order_id: 'x' }, 'names a tool', undefined],
    ['an expectation in words', 'Expected a string of at least 3 characters', { order_id: 'x' }, 'states what is expected', undefined],
  ] as [string, string, Record<string, unknown>, string, string[] | undefined][])('%s', (_name, text, args, cause, path) => {
    const g = read({ probe: 'positive', args, text });
    expect(g?.cause).toBe(cause);
    expect(g?.path).toEqual(path);
  });

  it('an instruction counts for a valid call, not for one the schema refuses', () => {
    expect(read({ probe: 'positive', args: { order_id: 'ord_1' }, text: 'Contact the store owner to enable this.' })?.cause).toBe('says what to do');
    expect(read({ probe: 'wrong-type', args: { order_id: 1 }, text: 'Contact the store owner to enable this.' })).toBeUndefined();
  });

  it('two arguments named point at neither in particular (no path), though the answer names something', () => {
    const g = read({ probe: 'positive', args: { order_id: 'ord_1', limit: 5 }, text: "'order_id' and 'limit' do not go together" });
    expect(g?.cause).toBe('names an argument');
    expect(g?.path).toBeUndefined();
  });

  it('metadata the agent can act on', () => {
    expect(read({ probe: 'positive', args: { order_id: 'ord_1' }, text: 'Refused', structuredContent: { errorCategory: 'business', isRetryable: false } })?.cause).toBe('carries error metadata');
  });
});
