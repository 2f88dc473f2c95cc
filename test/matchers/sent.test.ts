// Tests for reading back what we sent: text, string values, object values, malformed frames, target and argument names.
import { describe, expect, it } from 'vitest';
import { argumentNames, sentMalformedJson, sentObjectValue, sentStrings, sentText, targetNames } from '../../src/matchers/sent.js';
import type { CaseTarget } from '../../src/probe-case.js';
import { exchange } from '../helpers/exchange.js';

const call = (params: unknown) => exchange({ request: { jsonrpc: '2.0', id: 7, method: 'tools/call', params } });

describe('sentText', () => {
  it('holds the raw frame of a raw delivery and the params of a request', () => {
    expect(sentText(exchange({ probe: 'jsonrpc', delivery: { kind: 'raw', text: 'errlint: not json' }, silent: true }))).toContain('errlint: not json');
    expect(sentText(exchange({ args: { path: '/tmp/x' } }))).toContain('"path": "/tmp/x"');
  });
});

describe('sentStrings', () => {
  it('lists string values at any depth, not keys and not the _meta envelope', () => {
    expect(sentStrings(call({ name: 'read', arguments: { path: 'a', nested: { list: ['b', 3] } }, _meta: { progressToken: 'tok' } }))).toEqual(['read', 'a', 'b']);
  });

  it('keeps only the head of an oversized payload', () => {
    expect(sentStrings(call({ name: 'read', arguments: { q: 'x'.repeat(100_000) } }))).toEqual(['read', 'x'.repeat(4096)]);
  });
});

describe('sentObjectValue', () => {
  it.each([
    [{ name: 'read', arguments: { q: { a: 1 } } }, true],
    [{ name: 'read', arguments: { q: [[{}]] } }, true],
    [{ name: { a: 1 } }, true],
    [{ name: 'read', arguments: [{}] }, true],
    [[{ name: 'read' }], true],
    [{ name: 'read', arguments: { q: 'x', n: [1, 2] } }, false],
    [{ name: 'read', arguments: {}, _meta: { 'io.modelcontextprotocol/clientCapabilities': {} } }, false],
    [{ name: 'read' }, false],
  ])('%j → %s', (params, expected) => {
    expect(sentObjectValue(call(params))).toBe(expected);
  });
});

describe('sentMalformedJson', () => {
  it('is true only for a raw frame that is not JSON', () => {
    expect(sentMalformedJson(exchange({ probe: 'jsonrpc', delivery: { kind: 'raw', text: '{"jsonrpc":"2.0","id":"{id}","method":"tools/list",' }, silent: true }))).toBe(true);
    expect(sentMalformedJson(exchange({ probe: 'jsonrpc', delivery: { kind: 'raw', text: '{"jsonrpc":"2.0","id":"{id}","method":5}' }, silent: true }))).toBe(false);
    expect(sentMalformedJson(exchange({ args: { q: 'not json' } }))).toBe(false);
  });
});

describe('targetNames', () => {
  it('gives each targeted argument or tool, then its last segment', () => {
    expect(targetNames({ kind: 'arguments', paths: [['filter.path'], ['a/b'], ['q']], keyword: 'required' })).toEqual(['filter.path', 'path', 'a/b', 'b', 'q']);
    expect(targetNames({ kind: 'arguments', paths: [['filter', 'path']], keyword: 'type' })).toEqual(['filter.path', 'path']);
    expect(targetNames({ kind: 'tool', name: 'files/read' })).toEqual(['files/read', 'read']);
    expect(targetNames(undefined)).toEqual([]);
  });

  it('gives every name as it is, long, quoted or on two lines, and leaves out only a blank one', () => {
    const names = ['', ' ', 'x'.repeat(65), "it's", 'a"b', 'two\nlines', 'y'.repeat(64)];
    expect(targetNames({ kind: 'arguments', paths: names.map((n) => [n]), keyword: 'type' })).toEqual(['x'.repeat(65), "it's", 'a"b', 'two\nlines', 'y'.repeat(64)]);
  });
});

describe('argumentNames', () => {
  it('joins the names the target gives and the keys sent, never what the label quotes', () => {
    const target: CaseTarget = { kind: 'arguments', paths: [['filter.path']], keyword: 'required' };
    expect(argumentNames(exchange({ label: "omit required 'filter.path'", target, args: { limit: 1 } }))).toEqual(['filter.path', 'path', 'limit']);
    expect(argumentNames(exchange({ label: "omit required 'filter.path'", args: { limit: 1 } }))).toEqual(['limit']);
  });
});
