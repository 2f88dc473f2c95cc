// Table tests for invalid-input-accepted: schema-violating input must not get a plain success.
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/invalid-input-accepted.js';
import { exchange, grade } from '../helpers/exchange.js';

describe('invalid-input-accepted', () => {
  it.each([
    ['isError result', exchange({ probe: 'wrong-type', isError: true, text: "'count' must be an integer" })],
    ['-32602', exchange({ probe: 'missing-required', error: { code: -32602, message: "'query' is required" } })],
    ['-32603 (error-channel owns it)', exchange({ probe: 'null-values', error: { code: -32603, message: 'Internal error' } })],
    ['success reading as failure (no-error-as-success owns it)', exchange({ probe: 'wrong-type', text: 'Invalid count' })],
    ['success with a JSON error object (no-error-as-success owns it)', exchange({ probe: 'wrong-type', text: '{"error": "bad count"}' })],
  ])('passes: %s', (_name, ex) => {
    expect(grade(rule, ex)).toEqual({ applies: true, findings: [] });
  });

  it.each([
    ['missing required accepted', exchange({ probe: 'missing-required', label: "omit required 'query'", text: 'Found 0 documents' }), { label: "omit required 'query'", probe: 'missing-required' }],
    ['wrong type accepted with empty content', exchange({ probe: 'wrong-type', label: "'count' as string", text: [] }), { label: "'count' as string", text: '' }],
    ['out of range accepted', exchange({ probe: 'constraint-violations', text: 'ok' }), { probe: 'constraint-violations', text: 'ok' }],
    // Failure words that are data ("failed": 0) do not make it no-error-as-success's: the input was simply accepted.
    ['accepted with statistics that count failures', exchange({ probe: 'wrong-type', text: '[{"tool":"echo","calls":3,"failed":0}]' }), { text: '[{"tool":"echo","calls":3,"failed":0}]' }],
  ])('fails: %s', (_name, ex, data) => {
    const { findings } = grade(rule, ex);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId: 'accepted', data });
  });

  it.each([
    ['valid input', exchange({ probe: 'positive', text: 'ok' })],
    ['extra properties (any)', exchange({ probe: 'extra-properties', text: 'ok' })],
    ['a timeout', exchange({ probe: 'wrong-type', timeout: true })],
  ])('does not apply to %s', (_name, ex) => {
    expect(grade(rule, ex).applies).toBe(false);
  });
});
