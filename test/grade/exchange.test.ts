// What the server said, read once (kind, code as sent, the error's text whole), and the one line the report shows of it.
import { describe, expect, it } from 'vitest';
import { answerHead, answerSaid, describeAnswer } from '../../src/grade/exchange.js';
import type { Exchange } from '../../src/exchange.js';
import { exchange } from '../helpers/exchange.js';

const long = `Invalid input:\n  ${'x'.repeat(300)}`;

describe('answerSaid', () => {
  it('a tool error: its text content whole (line breaks and all), not its structured content', () => {
    expect(answerSaid(exchange({ text: ['first', long], isError: true, structuredContent: { secret: 'no' } }))).toEqual({ kind: 'tool-error', text: `first\n${long}` });
  });

  it('a JSON-RPC error: its code as sent (a string stays a string) and its message, not its data', () => {
    expect(answerSaid(exchange({ error: { code: -32602, message: long, data: 'stack' } }))).toEqual({ kind: 'protocol-error', code: -32602, text: long });
    expect(answerSaid(exchange({ error: { code: '-32602', message: 'bad' } }))).toEqual({ kind: 'protocol-error', code: '-32602', text: 'bad' });
  });

  it('a success: its text; an HTTP answer: its body; no answer: no text', () => {
    expect(answerSaid(exchange({ text: 'found 3 users' }))).toEqual({ kind: 'success', text: 'found 3 users' });
    const http: Exchange = { ...exchange({}), outcome: { kind: 'http', status: 500, contentType: 'Text/HTML; charset=utf-8', body: '<html>boom</html>' } };
    expect(answerSaid(http)).toEqual({ kind: 'http', http: { status: 500, contentType: 'Text/HTML; charset=utf-8' }, text: '<html>boom</html>' });
    expect(answerHead(answerSaid(http))).toBe('HTTP 500 text/html');
    expect(describeAnswer(http)).toBe('HTTP 500 text/html: "<html>boom</html>"');
    expect(answerSaid(exchange({ timeout: true }))).toEqual({ kind: 'timeout', text: '' });
  });
});

describe('answerHead and describeAnswer', () => {
  it('the answer line: its head, then the text\'s start, whitespace collapsed, cut at 160 characters', () => {
    const said = answerSaid(exchange({ error: { code: -32602, message: long } }));
    expect(answerHead(said)).toBe('JSON-RPC error with code -32602');
    expect(describeAnswer(exchange({ error: { code: -32602, message: long } }))).toBe(`JSON-RPC error with code -32602: "Invalid input: ${'x'.repeat(159 - 'Invalid input: '.length)}…"`);
    expect(describeAnswer(exchange({ error: { code: '-32602', message: 'bad' } }))).toBe('JSON-RPC error with code "-32602", a string, not an integer: "bad"');
    expect(describeAnswer(exchange({ text: ' ', isError: true }))).toBe('isError result: (no text)');
    expect(describeAnswer(exchange({ text: 'ok' }))).toBe('success result: "ok"');
  });

  it('no head, and a line of its own, for an answer without a text', () => {
    expect(answerHead(answerSaid(exchange({ timeout: true })))).toBeUndefined();
    expect(describeAnswer(exchange({ timeout: true, elapsedMs: 5000 }))).toBe('no answer within the timeout (5000 ms)');
    expect(describeAnswer(exchange({ silent: true }))).toBe('no answer');
    expect(describeAnswer(exchange({ closed: { exitCode: 1, signal: null } }))).toBe('the server exited without answering (exit code 1)');
  });
});
