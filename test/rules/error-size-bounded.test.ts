// Table tests for error-size-bounded: error text ≤ maxBytes (8 KiB by default), and no echo of an oversized argument.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/error-size-bounded.js';
import { exchange, grade } from '../helpers/exchange.js';

const kb100 = 'errlint '.repeat(100 * 128);
const oversized = (spec: Parameters<typeof exchange>[0]) => exchange({ probe: 'oversized', label: "100 KB string in 'query'", args: { query: kb100 }, ...spec });

describe('error-size-bounded', () => {
  it.each([
    ['a short isError that describes the input', oversized({ isError: true, text: "'query' is 102,400 characters long; the limit is 1,000." })],
    ['a -32602 that quotes 999 characters (near miss)', oversized({ error: { code: -32602, message: `query too long:${kb100.slice(0, 999)}` } })],
    ['exactly 8192 bytes', exchange({ probe: 'positive', isError: true, text: 'x'.repeat(8192) })],
    ['a long text that is not ours', oversized({ isError: true, text: 'Z'.repeat(4000) })],
    ['a 10,000-element array described', exchange({ probe: 'oversized', args: { ids: Array.from({ length: 10_000 }, () => 0) }, isError: true, text: "'ids' has 10000 items; at most 100 are allowed." })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['9 KB of text', exchange({ probe: 'positive', isError: true, text: 'x'.repeat(9 * 1024) }), ['tooLarge'], { bytes: 9216, maxBytes: 8192, where: 'text content' }],
    ['multi-byte text over the bound (bytes, not characters)', exchange({ probe: 'positive', isError: true, text: 'é'.repeat(5000) }), ['tooLarge'], { bytes: 10000 }],
    ['a JSON-RPC error with a large data', exchange({ probe: 'positive', error: { code: -32603, message: 'x', data: { dump: 'y'.repeat(9000) } } }), ['tooLarge'], { where: 'error.message and error.data' }],
    ['the payload echoed in full', oversized({ isError: true, text: `No documents match '${kb100}'` }), ['tooLarge', 'echoed'], { bytes: Buffer.byteLength(`No documents match '${kb100}'`) }],
    ['1,000 characters echoed in error.data', oversized({ error: { code: -32602, message: 'Invalid params', data: { received: kb100.slice(3, 1003) } } }), ['echoed'], { run: 1000, where: 'error.data' }],
    ['an array echoed as JSON', exchange({ probe: 'oversized', args: { ids: Array.from({ length: 10_000 }, () => 0) }, error: { code: -32602, message: `bad ids ${JSON.stringify(Array.from({ length: 600 }, () => 0))}` } }), ['echoed'], { where: 'error.message' }],
  ])('fails: %s', (_name, ex, messageIds, data) => {
    const { findings } = grade(rule, ex);
    expect(findings.map((f) => f.messageId)).toEqual(messageIds);
    expect(findings[0]).toMatchObject({ data });
  });

  it('maxBytes raises or lowers the bound', () => {
    const ex = exchange({ probe: 'positive', isError: true, text: 'x'.repeat(9 * 1024) });
    expect(grade(rule, ex, { options: { maxBytes: 16384 } }).findings).toEqual([]);
    expect(grade(rule, exchange({ probe: 'positive', isError: true, text: 'x'.repeat(200) }), { options: { maxBytes: 100 } }).findings[0]).toMatchObject({
      messageId: 'tooLarge',
      data: { bytes: 200, maxBytes: 100 },
    });
  });

  it('does not apply to successes, which may be large by design', () => {
    expect(grade(rule, exchange({ probe: 'oversized', args: { query: kb100 }, text: kb100 })).applies).toBe(false);
  });
});
