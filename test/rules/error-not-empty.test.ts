// Table tests for error-not-empty: an isError result needs a non-blank text item.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/error-not-empty.js';
import { exchange, grade, surfaceExchange } from '../helpers/exchange.js';
import { surfaceCase } from '../../probes/surface-case.js';

describe('error-not-empty', () => {
  it.each([
    ['one text item', exchange({ isError: true, text: 'Upstream returned 503; retry in 10 s' })],
    ['a blank item and a real one', exchange({ isError: true, text: ['', 'Invalid id'] })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['content []', exchange({ result: { isError: true, content: [] } }), 'noContent', { items: 0 }],
    ['no content at all', exchange({ result: { isError: true } }), 'noContent', { items: 0 }],
    ['only an image', exchange({ result: { isError: true, content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] } }), 'noText', { items: 1 }],
    ['only blank text', exchange({ isError: true, text: [' ', '\u200B\n'] }), 'blankText', { items: 2 }],
  ])('fails: %s', (_name, ex, messageId, data) => {
    const { findings } = grade(rule, ex);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId, data });
  });

  it('does not apply to successes or JSON-RPC errors', () => {
    expect(grade(rule, exchange({ result: { content: [] } })).applies).toBe(false);
    expect(grade(rule, exchange({ error: { code: -32603, message: '' } })).applies).toBe(false);
  });

  it("leaves an isError answer to resources/read (mongodb-mcp-server 3.0.4) to resource-not-found: it is not a tool's result", () => {
    const uri = 'exported-data://errlint-no-such-exportName';
    const read = surfaceCase('resources/read', { uri }, { name: uri, expect: 'refused', label: 'template filled with names of nothing', expectCode: -32602 });
    const answer = { result: { contents: [{ uri, text: `Error reading ${uri}: Requested export has either expired or does not exist.` }], isError: true } };
    expect(grade(rule, surfaceExchange('resources', read, answer))).toEqual({ applies: false, findings: [] });
  });
});

