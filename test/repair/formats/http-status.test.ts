// An HTTP status that says what is wrong: 413 Payload Too Large points at the one argument that makes up most of the body.
import { describe, expect, it } from 'vitest';
import { diagnose } from '../../../src/diagnose/diagnose.js';
import { answerOf, callOf } from '../answer.js';

const schema = { type: 'object', properties: { email: { type: 'string', maxLength: 254 }, limit: { type: 'integer' } }, required: ['email'] };
const big = 'errlint '.repeat(12_800);
/** express's production page for a body over its 100 kB limit (fixtures/http/no-origin-check.mjs), as the agent reads it. */
const page = { ...answerOf({ error: { code: -32000, message: '<pre>Payload Too Large</pre>' } }), texts: ['<!DOCTYPE html><html lang="en"><body><pre>Payload Too Large</pre></body></html>'], status: 413 };

describe('http-status', () => {
  it.each([
    ['a 100 KB string in a declared argument: its length', { email: big, limit: 5 }, [{ path: ['email'], problem: 'length', format: 'http-status' }]],
    ['a 10,000-element array in an undeclared property: left out', { email: 'a@b.cc', __errlint_oversized: Array.from({ length: 10_000 }, () => 0) }, [{ path: ['__errlint_oversized'], problem: 'unexpected', format: 'http-status' }]],
    ['no argument makes up most of the body: nothing located', { email: 'x'.repeat(40), limit: 'y'.repeat(40), other: 'z'.repeat(40) }, []],
  ])('%s', (_name, args, culprits) => {
    const d = diagnose(page, callOf('lookup_user', schema, args));
    expect(d.culprits.map(({ path, problem, format }) => ({ path, problem, format }))).toEqual(culprits);
  });

  it('reads the status only: the same page under 400, or with no status, locates nothing', () => {
    expect(diagnose({ ...page, status: 400 }, callOf('lookup_user', schema, { email: big })).culprits).toEqual([]);
    expect(diagnose({ ...page, status: undefined }, callOf('lookup_user', schema, { email: big })).culprits).toEqual([]);
  });
});
