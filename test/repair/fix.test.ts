// The agent's edit: only the located culprits change; their values come from the answer, else from the field's schema.
import { describe, expect, it } from 'vitest';
import { exampleValues, fixArguments, schemaAt } from '../../src/repair/fix.js';
import type { Culprit } from '../../src/diagnose/diagnosis.js';

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

  it('drops an optional argument rejected without a word of what it should be, where nothing in its schema says either', () => {
    const tool = { type: 'object', properties: { query: { type: 'string' }, cursor: { type: 'string' }, zone: { type: 'string', description: 'IANA time zone, e.g. Europe/Paris' } }, required: ['query'] };
    expect(fixArguments({ query: 'a', cursor: 'zzz' }, [culprit(['cursor'], 'invalid')], tool)).toEqual({ query: 'a' });
    // A required one is changed, never dropped; one whose description shows a value gets that value.
    expect(fixArguments({ query: 'zzz' }, [culprit(['query'], 'invalid')], tool)).not.toEqual({});
    expect(fixArguments({ query: 'a', zone: 'x' }, [culprit(['zone'], 'invalid')], tool)).toEqual({ query: 'a', zone: 'Europe/Paris' });
    // What the answer says it should be is followed rather than dropped.
    expect(fixArguments({ query: 'a', cursor: 'zzz' }, [culprit(['cursor'], 'invalid', { min: 5 })], tool)).toHaveProperty('cursor');
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

/** One field `f` of a tool, the call's value for it (absent when `sent` is left out), a culprit at it, and the value the fix must give. */
interface ValueRow {
  name: string;
  field: Record<string, unknown>;
  sent?: unknown;
  problem?: Culprit['problem'];
  expected?: Culprit['expected'];
  want: unknown;
}

function valueTable(rows: ValueRow[]): void {
  for (const row of rows) {
    it(row.name, () => {
      const tool = { type: 'object', properties: { f: row.field }, required: ['f'] };
      const args = 'sent' in row ? { f: row.sent } : {};
      const fixed = fixArguments(args, [culprit(['f'], row.problem ?? ('sent' in row ? 'invalid' : 'missing'), row.expected)], tool);
      expect(fixed.f).toEqual(row.want);
    });
  }
}

describe('values for strings described in words', () => {
  valueTable([
    { name: 'date-time: "ISO 8601 timestamp"', field: { type: 'string', description: 'When the event starts, as an ISO 8601 timestamp' }, want: '2026-01-15T10:00:00Z' },
    { name: 'date-time: "date-time"', field: { type: 'string', description: 'Start date-time' }, sent: 'tomorrow', want: '2026-01-15T10:00:00Z' },
    { name: 'date: "the start date"', field: { type: 'string', description: 'The start date of the report' }, want: '2026-01-15' },
    { name: 'date: the title says it', field: { type: 'string', title: 'Due date' }, want: '2026-01-15' },
    { name: 'time: "time of day"', field: { type: 'string', description: 'Time of day to send the reminder' }, want: '10:00:00' },
    { name: 'duration: ISO 8601 by default', field: { type: 'string', description: 'Duration of the meeting' }, want: 'PT1H' },
    { name: 'duration: the example the words give first', field: { type: 'string', description: 'Duration of the meeting, e.g. 1h or 30m' }, want: '1h' },
    { name: 'time zone: IANA', field: { type: 'string', description: 'IANA time zone of the user' }, want: 'UTC' },
    { name: 'time zone: the next one when UTC was just refused', field: { type: 'string', description: 'Timezone name' }, sent: 'UTC', want: 'America/New_York' },
    { name: 'e-mail', field: { type: 'string', description: 'Contact e-mail' }, want: 'user@example.com' },
    { name: 'URL', field: { type: 'string', description: 'The callback URL to notify' }, want: 'https://example.com' },
    { name: 'UUID', field: { type: 'string', description: 'Request UUID' }, want: '123e4567-e89b-42d3-a456-426614174000' },
    { name: 'relative time, only when said relative', field: { type: 'string', description: 'Relative time to look back to' }, want: '1h ago' },
    { name: 'hostname', field: { type: 'string', description: 'Hostname of the server' }, want: 'example.com' },
    { name: 'IPv4', field: { type: 'string', description: 'IP address to ping' }, want: '192.0.2.1' },
    { name: 'IPv6', field: { type: 'string', description: 'IPv6 address to ping' }, want: '2001:db8::1' },
    { name: 'the format the answer names, on a bare string', field: { type: 'string' }, sent: 'soon', problem: 'format', expected: { format: 'date-time' }, want: '2026-01-15T10:00:00Z' },
    // Negatives: words that name no kind, a kind the schema refuses, a kind on a field that is not a string.
    { name: 'no kind in the words: the smallest string', field: { type: 'string', description: 'Free text shown to the team' }, want: 'a' },
    { name: '"validate" is not a date', field: { type: 'string', description: 'What to validate' }, want: 'a' },
    { name: 'a kind the schema refuses is not taken', field: { type: 'string', maxLength: 5, description: 'The start date' }, want: 'a' },
    { name: 'a kind on an integer field is not taken', field: { type: 'integer', minimum: 0, description: 'Timestamp in seconds since the epoch' }, sent: 'now', problem: 'type', want: 1 },
    { name: 'a schema format wins over the words', field: { type: 'string', format: 'date', description: 'Timestamp of the day' }, want: '2024-01-01' },
  ]);
});

describe('values a description shows', () => {
  valueTable([
    { name: '"such as X, Y": the first', field: { type: 'string', description: "Colour such as 'red', 'green' or 'blue'" }, want: 'red' },
    { name: '"such as X, Y": the next when the first was just sent', field: { type: 'string', description: "Colour such as 'red', 'green' or 'blue'" }, sent: 'red', want: 'green' },
    { name: '"one of: a, b, c"', field: { type: 'string', description: 'Priority, one of: low, medium, high' }, want: 'low' },
    { name: '"like \'x\'"', field: { type: 'string', pattern: '^ord_', description: "An order id like 'ord_abc123'" }, want: 'ord_abc123' },
    { name: '"(default: 25)" on an integer', field: { type: 'integer', minimum: 1, maximum: 100, description: 'Page size (default: 25)' }, sent: 0, problem: 'range', want: 25 },
    { name: '"defaults to x"', field: { type: 'string', description: 'Sort order; defaults to newest' }, want: 'newest' },
    { name: '"Format: YYYY-MM-DD"', field: { type: 'string', description: 'Format: YYYY-MM-DD' }, sent: '15 Jan', want: '2026-01-15' },
    { name: '"in DD/MM/YYYY format"', field: { type: 'string', description: 'Birthday in DD/MM/YYYY format' }, want: '15/01/2026' },
    { name: '"format HH:MM"', field: { type: 'string', description: 'Opening hour, format HH:MM' }, want: '10:00' },
    // Negatives: "default" as a word, a one-item "one of", an example the schema refuses.
    { name: '"the default behaviour" shows no value', field: { type: 'string', description: 'Overrides the default behaviour' }, want: 'a' },
    { name: '"one of the user\'s emails" is no list', field: { type: 'string', maxLength: 3, description: "One of the user's aliases" }, want: 'a' },
    { name: 'an example the schema refuses is skipped for the next', field: { type: 'string', enum: ['b', 'c'], description: 'such as a, b' }, want: 'b' },
  ]);
});

describe('a value as a model fills it in', () => {
  valueTable([
    { name: 'a required list gets one item from its items schema', field: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } }, want: ['x'] },
    { name: 'a list of objects gets one object with its required keys', field: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer', minimum: 3 } }, required: ['id'] } }, want: [{ id: 3 }] },
    { name: 'a list that may hold nothing stays empty', field: { type: 'array', maxItems: 0 }, want: [] },
    { name: 'a required string is never empty', field: { type: 'string' }, want: 'a' },
    { name: 'an empty string the pattern allows is still not chosen', field: { type: 'string', pattern: '^[a-z]*$' }, sent: '1', problem: 'pattern', want: expect.stringMatching(/^[a-z]+$/) },
  ]);
});

describe('never the value the call just sent', () => {
  valueTable([
    { name: 'an offered value equal to the sent one: the next', field: { enum: ['open', 'shipped'] }, sent: 'open', problem: 'enum', expected: { values: ['open', 'shipped'] }, want: 'shipped' },
    { name: 'the smallest number equal to the sent one: another in range', field: { type: 'integer', minimum: 1, maximum: 50 }, sent: 1, problem: 'range', want: 2 },
    { name: 'a boolean: the other one', field: { type: 'boolean' }, sent: false, problem: 'invalid', want: true },
    { name: 'an example equal to the sent one: the kind instead', field: { type: 'string', description: 'Start date, e.g. 2026-01-15' }, sent: '2026-01-15', want: '2026-02-01' },
    { name: 'nothing else the schema takes: unchanged', field: { const: 'only' }, sent: 'only', problem: 'enum', want: 'only' },
  ]);
});
