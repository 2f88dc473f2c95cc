// The judge: the input schema's verdict, and which repaired calls the safety policy lets reach a tool.
import { describe, expect, it } from 'vitest';
import { maySend, schemaVerdict } from '../../src/repair/judge.js';

const schema = { type: 'object', properties: { id: { type: 'string' }, note: { type: 'string', minLength: 1 } }, required: ['id'] };

describe('schemaVerdict', () => {
  it('is the schema\'s verdict', () => {
    expect(schemaVerdict(schema, { id: 'a' })).toBe('valid');
    expect(schemaVerdict(schema, { id: 1 })).toBe('invalid');
  });
});

describe('maySend', () => {
  const valid = { id: 'a', note: 'x' };
  const invalidOptional = { id: 'a', note: '' };
  const missingRequired = { note: 'x' };
  it.each([
    ['all', valid, 'valid', true],
    ['invalid', valid, 'valid', false],
    ['invalid', invalidOptional, 'invalid', true],
    ['must-refuse', invalidOptional, 'invalid', false],
    ['must-refuse', missingRequired, 'invalid', true],
    ['must-refuse', { id: 5 }, 'invalid', true],
    ['none', missingRequired, 'invalid', false],
  ] as const)('level %s, %j (%s): %s', (level, args, verdict, expected) => {
    expect(maySend({ level }, schema, args, verdict)).toBe(expected);
  });
});
