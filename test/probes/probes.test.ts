// Property tests of every probe's plan: each case really is what its kind claims (checked with ajv), and skips say why.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROBES, probeByKind } from '../../probes/index.js';
import { SPECIAL_STRINGS } from '../../probes/unicode.js';
import { allowsNull, jsonTypeOfValue, jsonTypesOf, normalizeSchema, propertySchemas, requiredProps } from '../../src/schema/read.js';
import { withoutProps } from '../../src/schema/values.js';
import { arbitraryFor } from '../../src/schema/arbitraries.js';
import { ajvVerdict, validatesAgainst } from '../../src/schema/validate.js';
import { isRecord } from '../../src/util/guards.js';
import { PROBE_KINDS, type JsonSchema, type ProbeKind } from '../../src/types.js';
import { NO_TOOL, type ProbePlan } from '../../src/plan/types.js';
import type { ArgumentTarget, ProbeCase } from '../../src/probe-case.js';
import type { ToolInfo } from '../../src/session/types.js';
import { HOSTILE_SCHEMAS, VALID_GENERATION, referenceServerTools } from './schemas.js';

// Per tool: runs past 30 mostly redraw a (target, keys, types) shape the first 30 already gave; seeds are not pinned, so
// successive runs draw new ones, and a failure prints its seed.
const RANDOM_RUNS = 30;

const tool = (name: string, inputSchema: JsonSchema): ToolInfo => ({ name, inputSchema });
const tableTools: ToolInfo[] = Object.entries(VALID_GENERATION).map(([name, schema]) => tool(name, schema));
let realTools: ToolInfo[] = [];
const allTools = () => [...tableTools, ...realTools];

beforeAll(async () => {
  realTools = await referenceServerTools();
}, 60_000);

function planOf(kind: ProbeKind, t: ToolInfo, others: ToolInfo[] = [t]): ProbePlan | { skip: string } {
  return probeByKind(kind).plan(t, others);
}

/** A plan is pure: each probe plans each corpus tool once for the file, however many properties check it (cases are drawn anew). */
const planned = new Map<string, WeakMap<ToolInfo, ProbePlan | { skip: string }>>();
function corpusPlan(kind: ProbeKind, t: ToolInfo, withAllTools = false): ProbePlan | { skip: string } {
  const key = `${kind}${withAllTools ? ' with all tools' : ''}`;
  const byTool = planned.get(key) ?? planned.set(key, new WeakMap()).get(key)!;
  if (!byTool.has(t)) byTool.set(t, withAllTools ? planOf(kind, t, allTools()) : planOf(kind, t));
  return byTool.get(t)!;
}

/** The enumerated cases plus a fixed number of random ones (random seed: fast-check reports it on failure). */
function casesOf(plan: ProbePlan): ProbeCase[] {
  return [...plan.enumerated, ...(plan.arbitrary ? fc.sample(plan.arbitrary, RANDOM_RUNS) : [])];
}

/** For every tool the probe plans: all its cases, else the skip reason. */
function eachPlan(kind: ProbeKind, check: (t: ToolInfo, cases: ProbeCase[], plan: ProbePlan) => void, skipped?: (t: ToolInfo, reason: string) => void) {
  let planned = 0;
  for (const t of allTools()) {
    const plan = corpusPlan(kind, t);
    if ('skip' in plan) {
      skipped?.(t, plan.skip);
      continue;
    }
    planned++;
    check(t, casesOf(plan), plan);
  }
  expect(planned, `${kind} planned for no tool at all`).toBeGreaterThan(0);
}

// A case that leaves the arguments key out (missing-required's "no arguments key") sends no arguments: {} to a server.
const args = (c: ProbeCase) => (c.arguments === undefined && c.delivery?.kind === 'request' ? {} : c.arguments) as Record<string, unknown>;
/** The one top-level property a case targets. */
const targeted = (c: ProbeCase) => {
  expect(c.target?.kind, c.label).toBe('arguments');
  const { paths } = c.target as ArgumentTarget;
  expect(paths.length === 1 && paths[0].length === 1, c.label).toBe(true);
  return paths[0][0];
};
const schemaOf = (t: ToolInfo) => t.inputSchema;

describe('registry', () => {
  it('lists one probe per kind, in PROBE_KINDS order', () => {
    expect(PROBES.map((p) => p.kind)).toEqual([...PROBE_KINDS]);
    for (const kind of PROBE_KINDS) expect(probeByKind(kind).kind).toBe(kind);
    expect(PROBES.filter((p) => p.scope === 'server').map((p) => p.kind)).toEqual(['unknown-tool', 'malformed-request', 'jsonrpc', 'notification', 'concurrency', 'resources', 'prompts', 'completions', 'protocol-requests', 'http', 'auth']);
  });

  it('reached the reference servers', () => {
    expect(realTools.map((t) => t.name)).toEqual(expect.arrayContaining(['create_entities', 'echo', 'get-sum']));
  });
});

// The server-scope protocol probes send frames, not tool arguments: test/probes/protocol-probes.test.ts covers them.
const ARGUMENT_PROBES = PROBES.filter((p) => p.scope === 'tool' || p.kind === 'unknown-tool').map((p) => p.kind);

describe('every probe on every tool', () => {
  it.each(ARGUMENT_PROBES)('%s: well-formed cases or a skip with a reason', (kind) => {
    for (const t of allTools()) {
      const plan = corpusPlan(kind, t, true);
      if ('skip' in plan) {
        expect(plan.skip.trim().length, `${kind} on ${t.name}`).toBeGreaterThan(3);
        continue;
      }
      for (const c of casesOf(plan)) {
        expect(c.label.trim().length).toBeGreaterThan(0);
        expect(['invalid-input', 'unknown-tool', 'valid-input', 'any']).toContain(c.expect);
        if (kind !== 'unknown-tool') {
          expect(c.name).toBe(t.name);
          expect(isRecord(args(c)), `${kind} on ${t.name}: ${c.label}`).toBe(true);
          expect(JSON.parse(JSON.stringify(args(c)))).toEqual(args(c));
        }
      }
    }
  });

  it.each([...PROBE_KINDS])('%s: hostile schemas give plans or skips, never a throw', (kind) => {
    const raw = PROBES.find((p) => p.kind === kind)!;
    for (const [i, schema] of HOSTILE_SCHEMAS.entries()) {
      const t = tool(`hostile-${i}`, schema as JsonSchema);
      const plan = raw.plan(t, [t]);
      if ('skip' in plan) expect(plan.skip).toMatch(/\w/);
      else expect(() => casesOf(plan)).not.toThrow();
      expect(plan).not.toHaveProperty('skip', expect.stringContaining('could not plan'));
    }
  });
});

describe('registry guard', () => {
  it('turns a throwing plan into a skip with the reason', () => {
    const broken = { name: 'broken' } as ToolInfo;
    Object.defineProperty(broken, 'inputSchema', {
      get() {
        throw new Error('schema exploded');
      },
    });
    for (const probe of PROBES.filter((p) => p.scope === 'tool')) {
      expect(probe.plan(broken, [broken])).toEqual({ skip: 'could not plan from this inputSchema: schema exploded' });
    }
  });
});

describe('missing-required', () => {
  it('every case lacks at least one required property and is schema-invalid', () => {
    eachPlan('missing-required', (t, cases) => {
      const required = requiredProps(schemaOf(t));
      for (const c of cases) {
        expect(c.expect).toBe('invalid-input');
        expect(required.some((key) => !Object.hasOwn(args(c), key)), c.label).toBe(true);
        expect(ajvVerdict(schemaOf(t), args(c)), `${t.name}: ${c.label}`).toBe('invalid');
      }
    });
  });

  it('omits each required property exactly once, keeps the others, and also sends {} and no arguments key at all', () => {
    const t = tool('t', { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' }, c: { type: 'boolean' } }, required: ['a', 'b'] });
    const plan = planOf('missing-required', t) as ProbePlan;
    expect(plan.enumerated.map((c) => c.label)).toEqual(["omit required 'a'", "omit required 'b'", "empty arguments {} (omit required 'a', 'b')", "no arguments key (omit required 'a', 'b')"]);
    expect(plan.enumerated.map((c) => Object.keys(args(c)).sort())).toEqual([['b'], ['a'], [], []]);
    // Issue 21 (7): the tools/call goes out with params { name } only, a case the policy lets through like any refusal.
    expect(plan.enumerated.at(-1)).toMatchObject({ arguments: undefined, expect: 'invalid-input', mustRefuse: true, delivery: { kind: 'request', method: 'tools/call', params: { name: 't' } }, target: { kind: 'arguments', paths: [['a'], ['b']], keyword: 'required' } });
    expect(Object.keys((plan.enumerated.at(-1)!.delivery as { params: object }).params)).toEqual(['name']);
  });

  it('skips a tool without required properties', () => {
    expect(planOf('missing-required', tool('t', { type: 'object', properties: { a: { type: 'string' } } }))).toEqual({ skip: 'no required properties' });
  });
});

describe('wrong-type', () => {
  it('every case is schema-invalid and changes one property to a type it does not allow', () => {
    eachPlan('wrong-type', (t, cases) => {
      const props = propertySchemas(schemaOf(t));
      for (const c of cases) {
        expect(c.expect).toBe('invalid-input');
        expect(ajvVerdict(schemaOf(t), args(c)), `${t.name}: ${c.label}`).toBe('invalid');
        const allowed = jsonTypesOf(props[targeted(c)], schemaOf(t));
        expect(allowed).not.toBeNull();
      }
    });
  });

  it('gives each typed property each JSON type it does not allow, once', () => {
    const t = tool('t', { type: 'object', properties: { s: { type: 'string' }, n: { type: 'number' }, i: { type: 'integer' }, any: {} }, required: ['s'] });
    const labels = (planOf('wrong-type', t) as ProbePlan).enumerated.map((c) => c.label);
    expect(labels.sort()).toEqual(
      [
        "'s' as non-integer number", "'s' as integer", "'s' as boolean", "'s' as object", "'s' as array",
        "'n' as string", "'n' as boolean", "'n' as object", "'n' as array",
        "'i' as string", "'i' as non-integer number", "'i' as boolean", "'i' as object", "'i' as array",
      ].sort(),
    );
  });

  it('skips a tool with no typed property', () => {
    expect(planOf('wrong-type', tool('t', { type: 'object', properties: { a: {} } }))).toEqual({ skip: 'no property declares a type' });
  });
});

describe('null-values', () => {
  it('every case sets exactly one null-rejecting property to null and is schema-invalid', () => {
    eachPlan('null-values', (t, cases) => {
      for (const c of cases) {
        const nulls = Object.entries(args(c)).filter(([, v]) => v === null);
        expect(nulls.length, c.label).toBeGreaterThanOrEqual(1);
        expect(c.label).toMatch(/^'.+' as null$/);
        expect(ajvVerdict(schemaOf(t), args(c)), `${t.name}: ${c.label}`).toBe('invalid');
      }
    });
  });

  it('leaves nullable properties alone, and skips when every property accepts null', () => {
    const t = tool('t', { type: 'object', properties: { a: { type: 'string' }, b: { type: ['string', 'null'] }, c: {} } });
    expect((planOf('null-values', t) as ProbePlan).enumerated.map((c) => c.label)).toEqual(["'a' as null"]);
    expect(planOf('null-values', tool('t', { type: 'object', properties: { b: { anyOf: [{ type: 'string' }, { type: 'null' }] } } }))).toEqual({
      skip: 'no property rejects null',
    });
  });
});

describe('empty-values', () => {
  it('expects invalid-input exactly when ajv rejects the arguments', () => {
    eachPlan('empty-values', (t, cases) => {
      for (const c of cases) expect(c.expect, `${t.name}: ${c.label}`).toBe(ajvVerdict(schemaOf(t), c.arguments) === 'invalid' ? 'invalid-input' : 'any');
    });
  });

  it('uses the empty value of each allowed type', () => {
    const t = tool('t', { type: 'object', properties: { s: { type: 'string', minLength: 1 }, a: { type: 'array' }, o: { type: 'object' }, n: { type: 'number' } } });
    const cases = (planOf('empty-values', t) as ProbePlan).enumerated;
    expect(cases.map((c) => [c.label, c.expect])).toEqual([
      ["'s' as empty string", 'invalid-input'],
      ["'a' as empty array", 'any'],
      ["'o' as empty object", 'any'],
      ["'n' as 0", 'any'],
    ]);
    expect(cases.map((c) => Object.values(args(c))[0])).toEqual(['', [], {}, 0]);
  });
});

describe('constraint-violations', () => {
  it('every case is schema-invalid', () => {
    eachPlan('constraint-violations', (t, cases) => {
      for (const c of cases) {
        expect(c.expect).toBe('invalid-input');
        expect(ajvVerdict(schemaOf(t), args(c)), `${t.name}: ${c.label}`).toBe('invalid');
      }
    });
  });

  it('breaks each kind of constraint', () => {
    const t = tool('t', {
      type: 'object',
      properties: {
        mode: { type: 'string', enum: ['a', 'b'] },
        n: { type: 'integer', minimum: 1, maximum: 10 },
        r: { type: 'number', exclusiveMinimum: 0 },
        s: { type: 'string', minLength: 2, maxLength: 5, pattern: '^[a-z]+$' },
        when: { type: 'string', format: 'date-time' },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 2, uniqueItems: true },
      },
    });
    const cases = (planOf('constraint-violations', t) as ProbePlan).enumerated;
    expect(cases.map((c) => c.label)).toEqual([
      "'mode' outside its enum",
      "'n' below minimum 1",
      "'n' above maximum 10",
      "'r' equal to exclusiveMinimum 0",
      "'s' shorter than minLength 2",
      "'s' longer than maxLength 5",
      "'s' not matching pattern ^[a-z]+$",
      "'when' not a valid date-time",
      "'tags' with fewer than minItems 1",
      "'tags' with more than maxItems 2",
      "'tags' with duplicate items",
    ]);
    expect(cases.map((c) => args(c)[targeted(c)]).slice(0, 4)).toEqual(['errlint_not_an_allowed_value', 0, 11, 0]);
    expect(cases.map((c) => (c.target as ArgumentTarget).keyword)).toEqual(['enum', 'minimum', 'maximum', 'exclusiveMinimum', 'minLength', 'maxLength', 'pattern', 'format', 'minItems', 'maxItems', 'uniqueItems']);
  });

  it('drops candidates ajv accepts, and skips a tool without constraints', () => {
    // an unknown format cannot be violated: ajv ignores it
    expect(planOf('constraint-violations', tool('t', { type: 'object', properties: { s: { type: 'string', format: 'made-up' } } }))).toEqual({
      skip: 'no property declares a constraint (enum, const, range, length, pattern, format, item count)',
    });
    expect(planOf('constraint-violations', tool('t', { type: 'object', properties: { s: { type: 'string' } } }))).toHaveProperty('skip');
  });
});

describe('extra-properties', () => {
  it('adds one undeclared property to schema-valid arguments and expects any answer', () => {
    eachPlan('extra-properties', (t, cases) => {
      const declared = Object.keys(propertySchemas(schemaOf(t)));
      for (const c of cases) {
        expect(c.expect).toBe('any');
        const extra = targeted(c);
        expect(extra).toMatch(/^__errlint_\w+$/);
        expect(declared).not.toContain(extra);
        expect(Object.keys(args(c))).toContain(extra);
        expect(ajvVerdict(schemaOf(t), withoutProps(args(c), [extra])), `${t.name}: ${c.label}`).toBe('valid');
      }
    });
  });

  it('never collides with a declared property', () => {
    const plan = planOf('extra-properties', tool('t', { type: 'object', properties: { __errlint_extra: { type: 'string' } } })) as ProbePlan;
    expect(Object.keys(args(plan.enumerated[0]))).toContain('__errlint_extra_');
  });
});

describe('unicode', () => {
  it('puts each special string in a string property; the expectation follows ajv', () => {
    eachPlan(
      'unicode',
      (t, cases, plan) => {
        expect(plan.enumerated.map((c) => c.label.replace(/ in '.*'$/, ''))).toEqual(SPECIAL_STRINGS.map((s) => s.words));
        for (const c of cases) {
          const field = targeted(c);
          expect(jsonTypesOf(propertySchemas(schemaOf(t))[field], schemaOf(t))).toContain('string');
          expect(typeof args(c)[field]).toBe('string');
          expect(c.expect).toBe(ajvVerdict(schemaOf(t), c.arguments) === 'invalid' ? 'invalid-input' : 'any');
        }
      },
      (t, reason) => expect(reason, t.name).toBe('no string property'),
    );
  });

  it('prefers a free-text field and covers NUL, U+202E and non-BMP', () => {
    const t = tool('t', { type: 'object', properties: { mode: { enum: ['x'] }, q: { type: 'string' } }, required: ['mode'] });
    const cases = (planOf('unicode', t) as ProbePlan).enumerated;
    const values = cases.map((c) => args(c).q as string);
    expect(values.some((v) => v.includes('\u0000'))).toBe(true);
    expect(values.some((v) => v.includes('\u202E'))).toBe(true);
    expect(values.some((v) => [...v].some((ch) => ch.codePointAt(0)! > 0xffff))).toBe(true);
    expect(cases.every((c) => args(c).mode === 'x')).toBe(true);
  });
});

describe('oversized', () => {
  it('sends 100 KB and 1 MB strings, 10k items and 64-deep nesting', () => {
    const t = tool('t', { type: 'object', properties: { q: { type: 'string' }, ids: { type: 'array', items: { type: 'integer' } } }, required: ['q'] });
    const plan = planOf('oversized', t) as ProbePlan;
    expect(plan.arbitrary).toBeNull();
    const [kb, mb, array, deep] = plan.enumerated.map(args);
    expect((kb.q as string).length).toBe(100 * 1024);
    expect((mb.q as string).length).toBe(1024 * 1024);
    expect(array.ids).toHaveLength(10_000);
    expect((array.ids as unknown[]).every((x) => Number.isInteger(x))).toBe(true);
    let node = deep.__errlint_oversized;
    let depth = 0;
    while (isRecord(node)) [node, depth] = [node.nested, depth + 1];
    expect(depth).toBe(64);
    expect(plan.enumerated.map((c) => c.expect)).toEqual(['any', 'any', 'any', 'any']);
  });

  it('expects invalid-input where ajv rejects the payload in a declared property', () => {
    const plan = planOf('oversized', tool('t', { type: 'object', properties: { q: { type: 'string', maxLength: 100 } }, additionalProperties: false })) as ProbePlan;
    // the array and the 64-deep object have no declared property to go in: an undeclared one may be refused or accepted (§3)
    expect(plan.enumerated.map((c) => c.expect)).toEqual(['invalid-input', 'invalid-input', 'any', 'any']);
    eachPlan('oversized', (t, cases) => {
      for (const c of cases) {
        const extra = c.label.includes('extra property');
        expect(c.expect).toBe(!extra && ajvVerdict(schemaOf(t), c.arguments) === 'invalid' ? 'invalid-input' : 'any');
      }
    });
  });
});

// Issue 21 (3): an oversized string breaks only its size: it matches the field's pattern and format where it can.
describe('oversized strings that break only their size', () => {
  const strings = (schema: JsonSchema) => (planOf('oversized', tool('t', schema)) as ProbePlan).enumerated.slice(0, 2);

  it('an alphanumeric pattern gets letters only, still 100 KB and 1 MB, and the schema accepts it', () => {
    const schema: JsonSchema = { type: 'object', properties: { code: { type: 'string', pattern: '^[A-Za-z0-9]+$' } }, required: ['code'] };
    const [kb, mb] = strings(schema);
    for (const [c, size] of [[kb, 100 * 1024], [mb, 1024 * 1024]] as const) {
      const code = args(c).code as string;
      expect(code.length).toBeGreaterThanOrEqual(size - 8);
      expect(/^[A-Za-z0-9]+$/.test(code)).toBe(true);
      expect(ajvVerdict(schema, args(c))).toBe('valid');
      expect(c.label).toMatch(/in 'code' \(matching its pattern or format\)$/);
      expect(c.expect).toBe('any');
    }
  });

  it('with a maxLength, the size is the one thing wrong: invalid-input, and valid once the bound is lifted', () => {
    const schema: JsonSchema = { type: 'object', properties: { slug: { type: 'string', pattern: '^[a-z0-9-]+$', maxLength: 64 } } };
    const [kb] = strings(schema);
    expect(kb.expect).toBe('invalid-input');
    expect(ajvVerdict({ type: 'object', properties: { slug: { type: 'string', pattern: '^[a-z0-9-]+$' } } }, args(kb))).toBe('valid');
  });

  it('a format is kept (an email keeps its @ and domain)', () => {
    const schema: JsonSchema = { type: 'object', properties: { email: { type: 'string', format: 'email' } }, required: ['email'] };
    const [kb] = strings(schema);
    expect(ajvVerdict(schema, args(kb))).toBe('valid');
    expect((args(kb).email as string).length).toBeGreaterThan(100_000);
  });

  it('a free-form field comes first; an enum field is passed over for one that can take the string', () => {
    const schema: JsonSchema = { type: 'object', properties: { status: { type: 'string', enum: ['open', 'shipped'] }, id: { type: 'string', pattern: '^[0-9]+$' } }, required: ['status'] };
    const [kb] = strings(schema);
    expect(Object.keys(args(kb))).toContain('id');
    expect(/^[0-9]+$/.test(args(kb).id as string)).toBe(true);
    const free = strings({ type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]+$' }, note: { type: 'string' } } })[0];
    expect((args(free).note as string).startsWith('errlint errlint')).toBe(true);
  });

  it('a field no long string can match (an enum, a bounded repetition) gets the plain string, as before', () => {
    const [kb] = strings({ type: 'object', properties: { code: { type: 'string', pattern: '^[a-z]{1,8}$' } }, required: ['code'] });
    expect((args(kb).code as string).startsWith('errlint errlint')).toBe(true);
    expect(kb.label).toBe("100 KB string in 'code'");
    expect(kb.expect).toBe('invalid-input');
    // a bound past the 300-character trial is found on the whole value
    const [wide] = strings({ type: 'object', properties: { code: { type: 'string', pattern: '^[a-z]{1,1000}$' } }, required: ['code'] });
    expect(wide.label).toBe("100 KB string in 'code'");
  });
});

describe('unknown-tool', () => {
  const placeholder = tool(NO_TOOL, { type: 'object' });

  it('never calls an existing tool, even when real names look like our candidates', () => {
    const adversarial = ['', `errlint_${'x'.repeat(130)}`, '../../etc/passwd', 'tools/../admin', 'search', 'search_x', 'saerch', 'errlint_no_such_tool', 'a', 'b'].map((n) =>
      tool(n, {}),
    );
    for (const tools of [adversarial, realTools, [], [tool('x', {})]]) {
      const existing = new Set(tools.map((t) => t.name));
      const plan = planOf('unknown-tool', placeholder, tools) as ProbePlan;
      const cases = [...plan.enumerated, ...fc.sample(plan.arbitrary!, 500)];
      for (const c of cases) {
        expect(existing.has(c.name), c.name).toBe(false);
        expect(c.expect).toBe('unknown-tool');
        expect(c.arguments).toEqual({});
      }
    }
  });

  it('tries empty, 129+ characters, path-like names and near misses of a real tool', () => {
    const plan = planOf('unknown-tool', placeholder, [tool('read_file', {}), tool('write_file', {})]) as ProbePlan;
    const names = plan.enumerated.map((c) => c.name);
    expect(names).toContain('');
    expect(names.some((n) => n.length >= 129)).toBe(true);
    expect(names).toContain('../../etc/passwd');
    expect(names).toContain('tools/../admin');
    expect(names).toContain('read_file_x');
    expect(names.filter((n) => n.length === 'read_file'.length && n !== 'read_file' && [...n].sort().join() === [...'read_file'].sort().join())).toHaveLength(1);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('positive', () => {
  it('every input validates with ajv and expects valid-input', () => {
    eachPlan('positive', (t, cases) => {
      for (const c of cases) {
        expect(c.expect).toBe('valid-input');
        expect(validatesAgainst(schemaOf(t), c.arguments), `${t.name}: ${JSON.stringify(c.arguments)}`).toBe(true);
      }
    });
  });

  it('filters out generated inputs that miss keywords the generator does not model', () => {
    const t = tool('t', { type: 'object', properties: { k: { oneOf: [{ type: 'integer' }, { type: 'number' }] } }, required: ['k'] });
    const plan = planOf('positive', t) as ProbePlan;
    expect(plan.arbitrary).not.toBeNull();
    expect(fc.sample(arbitraryFor(t.inputSchema), 200).some((v) => !validatesAgainst(t.inputSchema, v))).toBe(true);
    for (const c of casesOf(plan)) expect(validatesAgainst(t.inputSchema, c.arguments), JSON.stringify(c.arguments)).toBe(true);
  });

  it('skips what ajv cannot confirm', () => {
    expect(planOf('positive', tool('t', { $ref: '#/$defs/missing' }))).toHaveProperty('skip', expect.stringContaining('ajv cannot compile'));
    expect(planOf('positive', tool('t', false))).toHaveProperty('skip');
  });

  it('plans the valid base input first, then random ones', () => {
    const plan = planOf('positive', tool('t', { type: 'object', properties: { n: { type: 'integer', minimum: 5 } }, required: ['n'] })) as ProbePlan;
    expect(plan.enumerated).toEqual([{ name: 't', arguments: { n: 5 }, expect: 'valid-input', label: 'minimal valid input' }]);
    expect(plan.arbitrary).not.toBeNull();
  });
});

// The target is what rules read instead of the label: it must say truly what each case does to its arguments.
describe('targets', () => {
  /** Does the object hold this path, own keys all the way (`__proto__` is a key like any other)? */
  const holds = (value: unknown, path: readonly string[]): boolean =>
    path.length === 0 || (isRecord(value) && Object.hasOwn(value, path[0]) && holds(value[path[0]], path.slice(1)));
  const valueAt = (value: unknown, path: readonly string[]): unknown => path.reduce((v, key) => (v as Record<string, unknown>)[key], value);
  const targetOf = (c: ProbeCase): ArgumentTarget => {
    expect(c.target?.kind, c.label).toBe('arguments');
    return c.target as ArgumentTarget;
  };

  /** Every enumerated case of the probe on every tool, then its random cases as a property (fast-check shrinks and prints the seed). */
  function forEveryCase(kind: ProbeKind, check: (t: ToolInfo, c: ProbeCase) => void): void {
    let planned = 0;
    for (const t of allTools()) {
      const plan = corpusPlan(kind, t);
      if ('skip' in plan) continue;
      planned++;
      for (const c of plan.enumerated) check(t, c);
      if (plan.arbitrary)
        fc.assert(
          fc.property(plan.arbitrary, (c) => {
            check(t, c);
          }),
          { numRuns: RANDOM_RUNS },
        );
    }
    expect(planned, `${kind} planned for no tool at all`).toBeGreaterThan(0);
  }

  const ONE_ARGUMENT: [ProbeKind, ArgumentTarget['keyword'][]][] = [
    ['wrong-type', ['type']],
    ['null-values', ['type']],
    ['empty-values', ['empty']],
    ['constraint-violations', ['enum', 'const', 'minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'format', 'minItems', 'maxItems', 'uniqueItems']],
    ['extra-properties', ['additionalProperties']],
    ['unicode', ['unicode']],
    ['oversized', ['size']],
  ];

  it.each(ONE_ARGUMENT)('%s: each case targets one argument its arguments hold, with its keyword', (kind, keywords) => {
    forEveryCase(kind, (_t, c) => {
      const { paths, keyword } = targetOf(c);
      expect(paths, c.label).toHaveLength(1);
      expect(holds(c.arguments, paths[0]), `${c.label}: ${paths[0].join('.')} not in the arguments`).toBe(true);
      expect(keywords, c.label).toContain(keyword);
    });
  });

  it('missing-required: every targeted argument is required and really absent', () => {
    forEveryCase('missing-required', (t, c) => {
      const { paths, keyword } = targetOf(c);
      expect(keyword).toBe('required');
      expect(paths.length, c.label).toBeGreaterThan(0);
      const required = requiredProps(schemaOf(t));
      for (const path of paths) {
        expect(path, c.label).toHaveLength(1);
        expect(required, c.label).toContain(path[0]);
        expect(holds(c.arguments, path), `${t.name}: ${c.label}`).toBe(false);
      }
    });
  });

  it('missing-required: the "all at once" case targets every required argument', () => {
    const t = tool('t', { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, required: ['a', 'b'] });
    const all = (planOf('missing-required', t) as ProbePlan).enumerated.find((c) => c.label.startsWith('empty arguments'))!;
    expect(all).toMatchObject({ arguments: {}, label: "empty arguments {} (omit required 'a', 'b')", target: { kind: 'arguments', paths: [['a'], ['b']], keyword: 'required' } });
  });

  it('wrong-type: the targeted value has a JSON type the schema does not allow', () => {
    forEveryCase('wrong-type', (t, c) => {
      const { paths } = targetOf(c);
      const allowed = jsonTypesOf(propertySchemas(schemaOf(t))[paths[0][0]], schemaOf(t));
      const type = jsonTypeOfValue(valueAt(c.arguments, paths[0]));
      expect(allowed, c.label).not.toBeNull();
      expect(allowed, `${t.name}: ${c.label}: ${type}`).not.toContain(type);
    });
  });

  it('null-values: the targeted value is null and the schema does not allow null', () => {
    forEveryCase('null-values', (t, c) => {
      const { paths } = targetOf(c);
      expect(valueAt(c.arguments, paths[0]), c.label).toBeNull();
      expect(allowsNull(propertySchemas(schemaOf(t))[paths[0][0]], schemaOf(t)), c.label).toBe(false);
    });
  });

  it('constraint-violations: the targeted property declares the keyword the case breaks', () => {
    forEveryCase('constraint-violations', (t, c) => {
      const { paths, keyword } = targetOf(c);
      const declared = normalizeSchema(propertySchemas(schemaOf(t))[paths[0][0]], schemaOf(t));
      expect(isRecord(declared) && keyword in declared, `${t.name}: ${c.label}`).toBe(true);
    });
  });

  it('extra-properties: the targeted property is not declared', () => {
    forEveryCase('extra-properties', (t, c) => expect(Object.keys(propertySchemas(schemaOf(t)))).not.toContain(targetOf(c).paths[0][0]));
  });

  it('positive input targets nothing; near misses and typos target the real tool they imitate', () => {
    forEveryCase('positive', (_t, c) => expect(c.target).toBeUndefined());
    const plan = planOf('unknown-tool', tool(NO_TOOL, { type: 'object' }), [tool('read_file', {})]) as ProbePlan;
    expect(plan.enumerated.filter((c) => c.target !== undefined).map((c) => [c.label, c.target])).toEqual([
      ["near miss of 'read_file'", { kind: 'tool', name: 'read_file' }],
      ["typo of 'read_file'", { kind: 'tool', name: 'read_file' }],
    ]);
  });

  it('server-scope probes that call a tool target the first one they are given, whichever comes first', () => {
    const tools = ['read_file', 'files/read', 'ns.tool.name', 'x', 'a'.repeat(64)].map((name) => tool(name, { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }));
    for (const kind of ['unknown-tool', 'malformed-request', 'concurrency'] as const) {
      for (let i = 0; i < tools.length; i++) {
        const order = [...tools.slice(i), ...tools.slice(0, i)];
        const plan = planOf(kind, tool(NO_TOOL, { type: 'object' }), order) as ProbePlan;
        const cases = [...plan.enumerated, ...(plan.arbitrary ? fc.sample(plan.arbitrary, RANDOM_RUNS) : [])];
        expect(cases.filter((c) => c.target !== undefined).map((c) => c.target)).toContainEqual({ kind: 'tool', name: order[0].name });
      }
    }
  });
});

describe('notification probe (issue 21: our own notifications are valid for what we declared)', () => {
  it('sends no notification of a client capability the linter does not declare (it declares none: no roots/list_changed)', () => {
    const plan = probeByKind('notification').plan({ name: NO_TOOL, inputSchema: { type: 'object' } }, []) as ProbePlan;
    const methods = plan.enumerated.map((c) => (c.delivery?.kind === 'notification' ? c.delivery.method : undefined));
    expect(methods).not.toContain('notifications/roots/list_changed');
    expect(methods).toContain('notifications/progress');
  });
});
