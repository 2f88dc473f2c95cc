// Frames of long strings: the same bytes as JSON.stringify gives, with each long string encoded once and its bytes reused.
import { describe, expect, it } from 'vitest';
import { EncodedFrame, encodeFrame, frameText } from '../../src/transport/frame.js';

const call = (id: number, args: unknown) => ({ jsonrpc: '2.0', id: `errlint-${id}`, method: 'tools/call', params: { name: 'lookup_user', arguments: args, _meta: { progressToken: `errlint-${id}` } } });
const bytes = (frame: ReturnType<typeof encodeFrame>) =>
  typeof frame === 'string' ? Buffer.from(frame) : Buffer.concat(frame.parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));

describe('encodeFrame', () => {
  it('is JSON.stringify for a frame without long strings', () => {
    const message = call(1, { email: 'ada@example.com', tags: ['a', 'b'], deep: { nested: { value: 'x'.repeat(100) } } });
    expect(encodeFrame(message)).toBe(JSON.stringify(message));
  });

  it.each([
    ['a 1 MB ASCII string', 'errlint '.repeat(128 * 1024)],
    ['a long string that needs escaping', `quote " backslash \\ newline \n NUL \u0000 ${'é😀'.repeat(10_000)}`],
    ['a long string that looks like the mark', `\u0000errlint-long:0 ${'x'.repeat(20_000)}`],
  ])('writes exactly the bytes of JSON.stringify for %s, in parts', (_name, long) => {
    const message = call(2, { email: long, other: 'short', again: long });
    const frame = encodeFrame(message);
    expect(frame).toBeInstanceOf(EncodedFrame);
    expect(bytes(frame).equals(Buffer.from(JSON.stringify(message)))).toBe(true);
    expect(frameText(frame)).toBe(JSON.stringify(message));
    expect((frame as EncodedFrame).parts.filter((p) => Buffer.isBuffer(p))).toHaveLength(2);
  });

  it('reuses the bytes of a long string from frame to frame', () => {
    const long = 'y'.repeat(64 * 1024);
    const [a, b] = [encodeFrame(call(3, { q: long })), encodeFrame(call(4, { q: long }))] as EncodedFrame[];
    const buffers = (f: EncodedFrame) => f.parts.filter((p): p is Buffer => Buffer.isBuffer(p));
    expect(buffers(a)[0]).toBe(buffers(b)[0]);
  });

  it('leaves a string too deep to look for in the text (still the right frame)', () => {
    const message = call(5, { a: { b: { c: { d: 'z'.repeat(20_000) } } } });
    expect(encodeFrame(message)).toBe(JSON.stringify(message));
  });
});
