// Table tests for no-stack-trace: frames in any error surface fail; clean errors and successes don't.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/no-stack-trace.js';
import { exchange, grade } from '../helpers/exchange.js';

describe('no-stack-trace', () => {
  it.each([
    ['clean tool error', exchange({ probe: 'wrong-type', isError: true, text: "'count' must be an integer, got \"abc\"" })],
    ['clean JSON-RPC error', exchange({ probe: 'wrong-type', error: { code: -32602, message: "'count' must be an integer" } })],
    ['near miss: ISO timestamp in parentheses', exchange({ isError: true, text: 'Job failed at noon (2024-01-01T10:20:30.000Z); retry in 5 s' })],
    ['near miss: relative file named in prose', exchange({ isError: true, text: 'Config invalid: see src/index.ts for the schema' })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['JS frames in content', exchange({ isError: true, text: 'TypeError: x\n    at search (/app/src/search.js:42:17)' }), { language: 'javascript', where: 'content[0].text', frame: 'at search (/app/src/search.js:42:17)' }],
    ['Python traceback in JSON-RPC data', exchange({ error: { code: -32603, message: 'Internal error', data: 'Traceback (most recent call last):\n  File "/srv/app.py", line 9' } }), { language: 'python', where: 'error.data' }],
    ['Java frame in the JSON-RPC message', exchange({ error: { code: -32603, message: 'NPE\n\tat com.acme.Search.run(Search.java:27)' } }), { language: 'java', where: 'error.message' }],
    ['Go panic in structuredContent', exchange({ isError: true, text: 'crashed', structuredContent: { stack: 'goroutine 7 [running]:\nmain.run()' } }), { language: 'go', where: 'structuredContent' }],
    ['.NET frame in _meta', exchange({ isError: true, text: 'failed', _meta: { trace: 'at Acme.Tools.Search.Run() in C:\\src\\Search.cs:line 42' } }), { language: 'dotnet', where: '_meta' }],
    ['Ruby frame in a second text item', exchange({ isError: true, text: ['failed', "from /srv/lib/tool.rb:12:in `call'"] }), { language: 'ruby', where: 'content[1].text' }],
    ['Rust backtrace', exchange({ isError: true, text: 'stack backtrace:\n 0: rust_begin_unwind' }), { language: 'rust' }],
  ])('fails: %s', (_name, ex, data) => {
    const { findings } = grade(rule, ex);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId: 'stackTrace', data });
  });

  it('does not apply to successes (a tool may return code or logs)', () => {
    expect(grade(rule, exchange({ text: 'log:\n    at f (/app/x.js:1:2)' })).applies).toBe(false);
    expect(grade(rule, exchange({ timeout: true })).applies).toBe(false);
  });
});
