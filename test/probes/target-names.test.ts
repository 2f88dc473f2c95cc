// The names rules look for come from each case's target, no longer from its label: for every probe on a corpus of
// schemas they must be the names the label gave. The old label parser is kept here, and only here, as the oracle.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROBES } from '../../probes/index.js';
import { targetNames } from '../../src/matchers/sent.js';
import { NO_TOOL, PROBE_KINDS, type JsonSchema, type ProbeCase, type ProbeKind, type ToolInfo } from '../../src/types.js';
import { HOSTILE_SCHEMAS, VALID_GENERATION, referenceServerTools } from './schemas.js';

/** src/matchers/sent.ts before the names became data (issue 17): the argument names a probe label quotes. */
const QUOTED = /['"`‘’“”]([^'"`‘’“”\n]{1,64})['"`‘’“”]/g;
function quotedNames(label: string): string[] {
  const quoted = [...label.matchAll(QUOTED)].map((m) => m[1]);
  return [...new Set(quoted.flatMap((q) => [q, q.split(/[./]/).pop() ?? q]))].filter((n) => n.trim() !== '');
}

const RANDOM_RUNS = 100;
const tool = (name: string, inputSchema: JsonSchema): ToolInfo => ({ name, inputSchema });

/** Names a real server could use that a label reads back whole: dotted, slashed, reserved words, blank, at the limit. */
const NAME_SCHEMAS: Record<string, JsonSchema> = {
  'dotted, slashed and reserved names': {
    type: 'object',
    properties: {
      'filter.path': { type: 'string', minLength: 1 },
      'a/b': { type: 'integer', minimum: 0 },
      '.hidden': { type: 'array', items: { type: 'string' }, minItems: 1 },
      'ends.': { type: 'boolean' },
      __proto__: { type: 'string', enum: ['x'] },
      constructor: { type: 'object' },
    },
    required: ['filter.path', 'a/b', '.hidden', 'ends.'],
  },
  'blank, 64- and 65-character, multi-line names, one at a time': {
    type: 'object',
    properties: {
      '': { type: 'string', pattern: '^[a-z]+$' },
      ' ': { type: 'integer' },
      ['n'.repeat(64)]: { type: 'string', maxLength: 3 },
      ['m'.repeat(65)]: { type: 'number', maximum: 1 },
      'two\nlines': { type: 'string', format: 'email' },
    },
    required: [],
  },
  'unicode and emoji names': {
    type: 'object',
    properties: { 'città': { type: 'string' }, '名前': { type: 'integer' }, '😀': { type: 'array' } },
    required: ['città', '名前', '😀'],
  },
};

const TOOL_NAMES = ['read_file', 'files/read', 'ns.tool.name', 'x', 'a'.repeat(64)];

let corpus: ToolInfo[] = [];

beforeAll(async () => {
  corpus = [
    ...Object.entries(VALID_GENERATION).map(([name, schema]) => tool(name, schema)),
    ...HOSTILE_SCHEMAS.map((schema, i) => tool(`hostile-${i}`, schema as JsonSchema)),
    ...Object.entries(NAME_SCHEMAS).map(([name, schema]) => tool(name, schema)),
    ...TOOL_NAMES.map((name) => tool(name, { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] })),
    ...(await referenceServerTools()),
  ];
}, 60_000);

/** Every case a probe plans for this tool (or, server-scope, for these tools): the enumerated ones and seeded random ones. */
function casesOf(kind: ProbeKind, t: ToolInfo, all: ToolInfo[]): ProbeCase[] {
  const probe = PROBES.find((p) => p.kind === kind)!;
  const plan = probe.scope === 'server' ? probe.plan(tool(NO_TOOL, { type: 'object' }), all) : probe.plan(t, all);
  if ('skip' in plan) return [];
  return [...plan.enumerated, ...(plan.arbitrary ? fc.sample(plan.arbitrary, { numRuns: RANDOM_RUNS, seed: 17 }) : [])];
}

/** Cases whose target gives other names than their label did, as "<probe> <label>: old → new". */
function differences(kinds: readonly ProbeKind[], tools: ToolInfo[]): string[] {
  const out: string[] = [];
  for (const kind of kinds) {
    for (const t of tools) {
      for (const c of casesOf(kind, t, [t])) {
        const old = JSON.stringify(quotedNames(c.label));
        const now = JSON.stringify(targetNames(c.target));
        if (old !== now) out.push(`${kind} ${JSON.stringify(c.label)}: ${old} → ${now}`);
      }
    }
  }
  return [...new Set(out)];
}

describe('names from targets equal the names labels gave', () => {
  it.each([...PROBE_KINDS])('%s', (kind) => {
    // The one case whose label quotes what is no name at all: the value of the jsonrpc member. No rule can see the
    // difference: it is a protocol probe (recovery-hint skips those), and '1.0' and '0' are no identifier a
    // "<name> is not defined" leak could name.
    const expected = kind === 'jsonrpc' ? ['jsonrpc "jsonrpc \\"1.0\\"": ["1.0","0"] → []'] : [];
    expect(differences([kind], corpus)).toEqual(expected);
  });

  it('server-scope probes give the tool their label quotes, whichever tool comes first', () => {
    const tools = TOOL_NAMES.map((name) => corpus.find((t) => t.name === name)!);
    for (const kind of ['unknown-tool', 'malformed-request', 'concurrency'] as const) {
      for (let i = 0; i < tools.length; i++) {
        const order = [...tools.slice(i), ...tools.slice(0, i)];
        const cases = casesOf(kind, order[0], order);
        for (const c of cases) expect(targetNames(c.target), c.label).toEqual(quotedNames(c.label));
        expect(cases.filter((c) => c.target !== undefined).map((c) => c.target)).toContainEqual({ kind: 'tool', name: order[0].name });
      }
    }
  });
});

describe('names a label could not quote whole', () => {
  // Labels misread three kinds of names; the target gives what the label meant. These are the only differences, pinned
  // so that another one fails here. Neither the fixtures nor the corpus servers have such a name or pattern.
  const TOOL_KINDS = PROBES.filter((p) => p.scope === 'tool').map((p) => p.kind);
  const m65 = 'm'.repeat(65);

  it('a name holding a quote: the label gave the part before the quote', () => {
    const found = differences(TOOL_KINDS, [tool('t', { type: 'object', properties: { "it's": { type: 'string' } }, required: ["it's"] })]);
    expect(new Set(found.map((line) => line.split(' ')[0]))).toEqual(new Set(TOOL_KINDS.filter((k) => !['constraint-violations', 'extra-properties', 'positive'].includes(k))));
    for (const line of found) expect(line).toMatch(/'it's'.*: \["it"\] → \[\]$/);
  });

  it('a required name a label cannot quote, beside another: the label gave the text between them', () => {
    const schema = (odd: string): JsonSchema => ({ type: 'object', properties: { [odd]: { type: 'string' }, b: { type: 'string' } }, required: [odd, 'b'] });
    expect(differences(TOOL_KINDS, [tool('t', schema('')), tool('u', schema(m65))])).toEqual([
      `missing-required "empty arguments {} (omit required '', 'b')": [", "] → ["b"]`,
      `missing-required "no arguments key (omit required '', 'b')": [", "] → ["b"]`,
      `missing-required "omit required '', 'b'": [", "] → ["b"]`,
      `missing-required "empty arguments {} (omit required '${m65}', 'b')": [", "] → ["b"]`,
      `missing-required "no arguments key (omit required '${m65}', 'b')": [", "] → ["b"]`,
      `missing-required "omit required '${m65}', 'b'": [", "] → ["b"]`,
    ]);
  });

  it('quotes in a pattern: the label gave the quoted part', () => {
    const found = differences(TOOL_KINDS, [tool('t', { type: 'object', properties: { p: { type: 'string', pattern: "^'[a-z]+'$" } } })]);
    expect(found).toEqual([`constraint-violations "'p' not matching pattern ^'[a-z]+'$": ["p","[a-z]+"] → ["p"]`]);
  });
});
