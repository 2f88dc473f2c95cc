// Table tests for empty-result-explicit: a success says what it found; empty content and no structuredContent is ambiguous.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/empty-result-explicit.js';
import { exchange, grade } from '../helpers/exchange.js';

describe('empty-result-explicit', () => {
  it.each([
    ['a sentence for nothing found', exchange({ probe: 'positive', text: 'No orders match status open.' })],
    ['an image only', exchange({ probe: 'positive', result: { content: [{ type: 'image', data: 'iVBORw0K', mimeType: 'image/png' }] } })],
    ['empty content with structuredContent', exchange({ probe: 'positive', result: { content: [], structuredContent: { orders: [] } } })],
    ['structuredContent that is an empty array (2026-07-28)', exchange({ probe: 'positive', result: { content: [], structuredContent: [] } })],
    ['one blank and one real text item', exchange({ probe: 'positive', text: [' ', 'Done.'] })],
    // calc-mcp's base64 of "" is "": a blank answer to a deliberately empty input can be exact
    ['blank text for an empty input', exchange({ probe: 'empty-values', text: '' })],
    // calc-mcp 2.1.1 datetime {action: 'now', format: ' ', …} (sandboxed corpus pass): the time formatted as " " is " "
    ['our own blank value given back', exchange({ probe: 'extra-properties', args: { action: 'now', format: ' ', toTimezone: '' }, text: ' ' })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['content: []', exchange({ probe: 'positive', result: { content: [] } }), 'noContent', { label: 'positive case' }],
    ['no content member', exchange({ probe: 'extra-properties', result: {} }), 'noContent', {}],
    ['only whitespace and zero-width text', exchange({ probe: 'positive', text: [' \n', '\u200B'] }), 'blankContent', { items: 2 }],
    ['no content at all for an empty input', exchange({ probe: 'empty-values', result: { content: [] } }), 'noContent', {}],
    // An empty string of ours is no such value: a blank answer to a search for "" is as ambiguous as any.
    ['our blank value beside a blank text of its own', exchange({ probe: 'positive', args: { format: ' ' }, text: [' ', '\n\n'] }), 'blankContent', { items: 2 }],
    ['blank text beside an empty argument', exchange({ probe: 'positive', args: { query: '' }, text: '' }), 'blankContent', { items: 1 }],
    ['structuredContent null', exchange({ probe: 'positive', result: { content: [], structuredContent: null } }), 'noContent', {}],
  ])('fails: %s', (_name, ex, messageId, data) => {
    const { findings } = grade(rule, ex);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId, data });
  });

  it.each([
    ['an empty tool error (error-not-empty grades it)', exchange({ probe: 'positive', isError: true, result: { isError: true, content: [] } })],
    ['a JSON-RPC error', exchange({ probe: 'positive', error: { code: -32602, message: 'x' } })],
    ['a silent notification', exchange({ probe: 'notification', silent: true })],
    ['an empty success to a malformed request (malformed-request grades it)', exchange({ probe: 'malformed-request', result: { content: [] } })],
    ['an empty success to a bad frame', exchange({ probe: 'jsonrpc', result: {} })],
  ])('does not apply to %s', (_name, ex) => {
    expect(grade(rule, ex).applies).toBe(false);
  });
});
