// What an answer says of the failure behind it, as the engine asks it: load, an unreachable upstream, a key across tools.
import { describe, expect, it } from 'vitest';
import { failureKey, mayComeFromLoad, saysUnreachable } from '../../src/matchers/failure.js';
import type { Exchange } from '../../src/exchange.js';
import { exchange } from '../helpers/exchange.js';

const http = (status: number): Exchange => ({ ...exchange({}), outcome: { kind: 'http', status, contentType: 'text/plain', body: 'busy' } });

describe('mayComeFromLoad', () => {
  it('a rate limit or "try again" in an error answer, HTTP 429 or 5xx', () => {
    expect(mayComeFromLoad(exchange({ error: { code: -32000, message: 'Rate limit exceeded, try again later' } }))).toBe(true);
    expect(mayComeFromLoad(exchange({ text: 'Service temporarily unavailable', isError: true }))).toBe(true);
    expect(mayComeFromLoad(http(429))).toBe(true);
    expect(mayComeFromLoad(http(503))).toBe(true);
  });

  it('not a refusal of the input, not a success that names a rate limit, not a 4xx refusal', () => {
    expect(mayComeFromLoad(exchange({ error: { code: -32602, message: "Missing required argument 'email'" } }))).toBe(false);
    expect(mayComeFromLoad(exchange({ text: 'Rate limit exceeded, try again later' }))).toBe(false);
    expect(mayComeFromLoad(http(400))).toBe(false);
  });
});

describe('saysUnreachable', () => {
  it('a host that does not resolve, in a tool error or a JSON-RPC error', () => {
    expect(saysUnreachable(exchange({ text: 'Failed: getaddrinfo ENOTFOUND api.example.com', isError: true }))).toBe(true);
    expect(saysUnreachable(exchange({ error: { code: -32603, message: 'fetch failed' } }))).toBe(true);
  });

  it('not a refusal of the input, not a timeout', () => {
    expect(saysUnreachable(exchange({ text: "Missing required argument 'email'", isError: true }))).toBe(false);
    expect(saysUnreachable(exchange({ timeout: true }))).toBe(false);
  });
});

describe('failureKey', () => {
  it('the error without its numbers and the tool it called: two tools behind one host fail alike', () => {
    const answer = (tool: string) => exchange({ tool, error: { code: -32603, message: `Failed to generate ${tool}: connect ECONNREFUSED 10.0.0.7:443` } });
    expect(failureKey(answer('line_chart'))).toBe('JSON-RPC error: "Failed to generate <tool>: connect ECONNREFUSED #.#.#.#:#"');
    expect(failureKey(answer('bar_chart'))).toBe(failureKey(answer('line_chart')));
    expect(failureKey(exchange({ tool: 'lookup', text: 'Upstream  said\n 502', isError: true }))).toBe('isError: "Upstream said #"');
  });

  it('no key for an answer that is no error', () => {
    expect(failureKey(exchange({ text: 'ok' }))).toBeUndefined();
    expect(failureKey(exchange({ timeout: true }))).toBeUndefined();
  });
});
