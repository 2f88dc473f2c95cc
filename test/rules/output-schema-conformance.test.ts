// Table tests for output-schema-conformance: structuredContent conforms to outputSchema (ajv), has a text fallback, is an object before 2026-07-28.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/output-schema-conformance.js';
import { exchange, grade } from '../helpers/exchange.js';

const schema = { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] };
const success = (structuredContent: unknown, extra: Parameters<typeof exchange>[0] = {}) =>
  exchange({ probe: 'positive', text: JSON.stringify(structuredContent), structuredContent, outputSchema: schema, ...extra });

describe('output-schema-conformance', () => {
  it.each([
    ['conforming, with text', success({ count: 2 }), '2025-06-18'],
    ['conforming, 2026-07-28', success({ count: 2 }), '2026-07-28'],
    ['a number under a 2026-07-28 schema', exchange({ probe: 'positive', text: '3', structuredContent: 3, outputSchema: { type: 'integer' } }), '2026-07-28'],
    ['a draft-07 schema (dialect from $schema)', success({ count: 2 }, { outputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', ...schema } }), '2025-11-25'],
    ['no structuredContent before 2025-06-18', exchange({ probe: 'positive', text: '2 orders', outputSchema: schema }), '2025-03-26'],
    ['structuredContent without text before 2025-06-18', exchange({ probe: 'positive', result: { content: [], structuredContent: { count: 2 } }, outputSchema: schema }), '2024-11-05'],
    ['structuredContent without an outputSchema, with text', exchange({ probe: 'positive', text: '{}', structuredContent: {} }), '2025-11-25'],
    ['a conforming isError', exchange({ probe: 'positive', isError: true, text: 'x', structuredContent: { count: 0 }, outputSchema: schema }), '2025-11-25'],
    // calc-mcp's base64 of "": the empty value's fallback is an empty text, and it is there
    ['a blank text fallback for an empty value', exchange({ probe: 'positive', text: '', structuredContent: { content: '' } }), '2025-11-25'],
    ['a schema ajv cannot compile: no verdict', success({ count: 'x' }, { outputSchema: { $ref: '#/definitions/missing' } }), '2025-11-25'],
  ])('passes: %s', (_name, ex, version) => {
    expect(grade(rule, ex, { version })).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['a wrong type', success({ count: '2' }), '2025-11-25', ['nonConforming'], { error: '/count must be integer' }, 'error'],
    ['a missing required property', success({}), '2025-06-18', ['nonConforming'], { error: "(root) must have required property 'count'" }, 'error'],
    ['a non-conforming value before 2025-06-18 is still non-conforming', success({ count: 1.5 }), '2024-11-05', ['nonConforming'], {}, 'error'],
    ['no structuredContent, 2025-06-18', exchange({ probe: 'positive', text: '2 orders', outputSchema: schema }), '2025-06-18', ['missingStructuredContent'], { version: '2025-06-18' }, 'error'],
    ['an array, 2025-11-25', exchange({ probe: 'positive', text: '[]', structuredContent: [], outputSchema: { type: 'array' } }), '2025-11-25', ['notAnObject'], { type: 'an array', version: '2025-11-25' }, 'error'],
    ['no text fallback', exchange({ probe: 'positive', result: { content: [], structuredContent: { count: 2 } }, outputSchema: schema }), '2025-06-18', ['noTextFallback'], {}, 'error'],
    ['no text fallback and no outputSchema', exchange({ probe: 'positive', result: { content: [], structuredContent: { a: 1 } } }), '2026-07-28', ['noTextFallback'], { version: '2026-07-28' }, 'error'],
    ['a non-conforming isError (note)', exchange({ probe: 'positive', isError: true, text: 'x', structuredContent: { error: 'boom' }, outputSchema: schema }), '2025-11-25', ['nonConformingOnError'], { error: "(root) must have required property 'count'" }, 'note'],
  ])('fails: %s', (_name, ex, version, messageIds, data, severity) => {
    const { findings } = grade(rule, ex, { version });
    expect(findings.map((f) => f.messageId)).toEqual(messageIds);
    expect(findings[0]).toMatchObject({ data });
    expect(findings[0].severity).toBe(severity);
  });

  it('is version-dependent for the same exchange', () => {
    const ex = exchange({ probe: 'positive', text: '[1]', structuredContent: [1], outputSchema: { type: 'array' } });
    expect(grade(rule, ex, { version: '2025-11-25' }).findings.map((f) => f.messageId)).toEqual(['notAnObject']);
    expect(grade(rule, ex, { version: '2026-07-28' }).findings).toEqual([]);
  });

  it.each([
    ['a success without outputSchema or structuredContent', exchange({ probe: 'positive', text: 'ok' })],
    ['an isError without structuredContent', exchange({ probe: 'positive', isError: true, text: 'x', outputSchema: schema })],
    ['a JSON-RPC error', exchange({ probe: 'positive', error: { code: -32602, message: 'x' }, outputSchema: schema })],
    ['a success to a malformed request', exchange({ probe: 'malformed-request', text: 'ok', structuredContent: {}, outputSchema: schema })],
  ])('does not apply to %s', (_name, ex) => {
    expect(grade(rule, ex).applies).toBe(false);
  });
});
