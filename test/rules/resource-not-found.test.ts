// Table tests for resource-not-found: a missing resource is refused with the code of the negotiated version, never empty
// contents or content; answers are real ones (server-everything 2026.8.31) or the defects the fixtures show.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/resource-not-found.js';
import { grade, surfaceExchange } from '../helpers/exchange.js';
import { surfaceCase } from '../../probes/surface-case.js';

const read = (uri: string, era: 'before' | '2026', extra = {}) =>
  surfaceCase('resources/read', { uri }, { name: uri, expect: 'refused', label: 'a resource URI that does not exist', ...(era === '2026' ? { expectCode: -32602, requirement: 'must' as const } : { expectCode: -32002, acceptCodes: [-32602], requirement: 'should' as const }), ...extra });
const missing = 'demo://resource/errlint-no-such-resource';

describe('resource-not-found', () => {
  it.each([
    ['-32602 before 2026 (server-everything)', read(missing, 'before'), { error: { code: -32602, message: `MCP error -32602: Resource ${missing} not found` } }, '2025-11-25'],
    ['-32002 before 2026', read(missing, 'before'), { error: { code: -32002, message: 'Resource not found', data: { uri: missing } } }, '2025-06-18'],
    ['-32602 from 2026', read(missing, '2026'), { error: { code: -32602, message: `Resource ${missing} not found` } }, '2026-07-28'],
  ] as const)('passes: %s', (_name, c, spec, version) => {
    expect(grade(rule, surfaceExchange('resources', c, spec), { version })).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['empty contents before 2026', read(missing, 'before'), { result: { contents: [] } }, '2025-11-25', 'emptyContents', 'warning'],
    ['empty contents from 2026 (MUST NOT)', read(missing, '2026'), { result: { contents: [] } }, '2026-07-28', 'emptyContentsMust', 'error'],
    ['content for a URI that does not exist', read(missing, 'before'), { result: { contents: [{ uri: missing, text: 'hello' }] } }, '2025-11-25', 'served', 'warning'],
    ['-32603 "Unknown resource" (server-everything, a template filled with nothing)', read('demo://resource/dynamic/text/errlint-no-such-resourceId', 'before'), { error: { code: -32603, message: 'Unknown resource: demo://resource/dynamic/text/errlint-no-such-resourceId' } }, '2025-11-25', 'wrongCode', 'warning'],
    ['-32002 from 2026 (MUST NOT be emitted)', read(missing, '2026'), { error: { code: -32002, message: 'Resource not found' } }, '2026-07-28', 'wrongCodeMust', 'error'],
    ['an isError result', read(missing, 'before'), { isError: true, text: 'not found' }, '2025-11-25', 'toolError', 'warning'],
  ] as const)('fails: %s', (_name, c, spec, version, messageId, severity) => {
    const { findings } = grade(rule, surfaceExchange('resources', c, spec), { version });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId, severity });
  });

  it('names -32603 as for internal errors only', () => {
    const { findings } = grade(rule, surfaceExchange('resources', read('errlint://not a uri/%zz', 'before'), { error: { code: -32603, message: 'Invalid URL' } }), { version: '2025-11-25' });
    expect(findings[0].data.internal).toContain('internal errors only');
  });

  it('leaves the traversal read, other methods, and unanswered reads alone', () => {
    expect(grade(rule, surfaceExchange('resources', read(missing, 'before', { sensitive: true }), { result: { contents: [] } })).applies).toBe(false);
    const subscribe = surfaceCase('resources/subscribe', { uri: missing }, { name: 'resources/subscribe', expect: 'protocol-error', label: 'subscribe', expectCode: -32601 });
    expect(grade(rule, surfaceExchange('resources', subscribe, { result: {} })).applies).toBe(false);
    expect(grade(rule, surfaceExchange('resources', read(missing, 'before'), { timeout: true })).applies).toBe(false);
  });
});
