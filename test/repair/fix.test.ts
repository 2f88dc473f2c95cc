// The agent's edit: only the located culprits change; their values come from the answer, else from the field's schema.
import { describe, expect, it } from 'vitest';
import { exampleValues, fixArguments, schemaAt } from '../../src/repair/fix.js';
import type { Culprit } from '../../src/repair/diagnosis.js';

const schema = {
  type: 'object',
  properties: {
    order_id: { type: 'string', pattern: '^ord_[a-z0-9]{6}$' },
    limit: { type: 'integer', minimum: 1, maximum: 50 },
    status: { enum: ['open', 'shipped', 'cancelled'] },
    filter: { type: 'object', properties: { since: { type: 'string', format: 'date' } } },
    when: { type: 'string' },
  },
  required: ['order_id'],
};

const culprit = (path: string[], problem: Culprit['problem'], expected?: Culprit['expected']): Culprit => ({ path, problem, ...(expected ? { expected } : {}), evidence: path.join('.'), format: 'prose' });

describe('fixArguments', () => {
  it('adds a missing field with a value its schema accepts, and leaves the others alone', () => {
    const fixed = fixArguments({ limit: 5, status: 'open' }, [culprit(['order_id'], 'missing')], schema);
    expect(fixed).toMatchObject({ limit: 5, status: 'open' });
    expect(fixed.order_id).toMatch(/^ord_[a-z0-9]{6}$/);
  });

  it('replaces a mistyped value, taking an offered value the field accepts first', () => {
    expect(fixArguments({ order_id: 'ord_abcdef', status: 7 }, [culprit(['status'], 'enum', { values: ['bogus', 'shipped'] })], schema)).toEqual({ order_id: 'ord_abcdef', status: 'shipped' });
    expect(fixArguments({ order_id: 'ord_abcdef', limit: 'ten' }, [culprit(['limit'], 'type', { type: 'integer' })], schema)).toEqual({ order_id: 'ord_abcdef', limit: 1 });
  });

  it("takes an example the field's description shows once the answer locates it (time-mcp 1.0.6, calc-mcp 2.1.1)", () => {
    const zones = { type: 'object', properties: { timezone: { type: 'string', description: 'The timezone of the time, IANA timezone name, e.g. Asia/Shanghai' }, cidr: { type: 'string', description: 'CIDR notation (e.g. 192.168.1.0/24)' }, n: { type: 'integer', examples: [12] } } };
    expect(fixArguments({ timezone: 'x' }, [culprit(['timezone'], 'invalid')], zones)).toEqual({ timezone: 'Asia/Shanghai' });
    expect(fixArguments({ cidr: 'a' }, [culprit(['cidr'], 'invalid')], zones)).toEqual({ cidr: '192.168.1.0/24' });
    expect(fixArguments({ n: 'a' }, [culprit(['n'], 'type')], zones)).toEqual({ n: 12 });
    // What the answer offers comes first; an example the field's schema refuses is not taken.
    expect(fixArguments({ timezone: 'x' }, [culprit(['timezone'], 'invalid', { values: ['UTC'] })], zones)).toEqual({ timezone: 'UTC' });
    expect(exampleValues({ type: 'integer', description: 'e.g. ten' })).toEqual(['ten']);
    expect(fixArguments({ limit: 99 }, [culprit(['limit'], 'range')], { type: 'object', properties: { limit: { type: 'integer', minimum: 1, description: 'e.g. ten' } } })).toEqual({ limit: 1 });
  });

  it('removes an argument the answer calls unexpected', () => {
    expect(fixArguments({ order_id: 'ord_abcdef', extra: 1 }, [culprit(['extra'], 'unexpected')], schema)).toEqual({ order_id: 'ord_abcdef' });
  });

  it('follows what the answer says beyond the schema (a format the schema leaves out)', () => {
    expect(fixArguments({ order_id: 'ord_abcdef', when: 'soon' }, [culprit(['when'], 'format', { format: 'date' })], schema).when).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('takes the one of the schema\'s types the answer names (server-sequential-thinking: "Expected boolean or …")', () => {
    const either = { type: 'object', properties: { next: { type: ['string', 'boolean'] } } };
    expect(fixArguments({ next: 'a' }, [culprit(['next'], 'type', { type: 'boolean' })], either)).toEqual({ next: false });
    // What the answer says that the schema refuses is not used: the schema's own value instead.
    expect(fixArguments({ next: 5 }, [culprit(['next'], 'type', { type: 'integer' })], either).next).toBe('a');
  });

  it('fixes a nested field, making its parent object where it is missing', () => {
    expect(fixArguments({ order_id: 'ord_abcdef' }, [culprit(['filter', 'since'], 'missing')], schema)).toEqual({ order_id: 'ord_abcdef', filter: { since: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } });
  });

  it('changes nothing without a culprit, or for a field neither the schema nor the answer describes', () => {
    const args = { order_id: 'x' };
    expect(fixArguments(args, [], schema)).toEqual(args);
    expect(fixArguments(args, [culprit(['unknown_field'], 'invalid')], schema)).toEqual(args);
  });

  it('does not change the arguments it was given', () => {
    const args = { order_id: 'x', limit: 0 };
    fixArguments(args, [culprit(['limit'], 'range')], schema);
    expect(args).toEqual({ order_id: 'x', limit: 0 });
  });
});

describe('schemaAt', () => {
  it('finds declared properties, nested too, and nothing else', () => {
    expect(schemaAt(schema, ['filter', 'since'])).toEqual({ type: 'string', format: 'date' });
    expect(schemaAt(schema, ['nope'])).toBeUndefined();
  });
});
