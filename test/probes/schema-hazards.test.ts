// Schemas that used to stop the linter: a pattern or bound that fast-check's filters redraw for forever, a catastrophic
// pattern, a 200-deep schema. Each case runs the built planner (dist/, as `npm test` builds it) in a child process with
// a time limit, because an endless synchronous loop cannot be stopped from inside the test.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generationHazard, negatedClasses, patternArbitrary } from '../../src/schema/pattern.js';
import { arbitraryFor } from '../../src/schema/arbitraries.js';
import { validatesAgainst, validatorFor } from '../../src/schema/validate.js';
import { safeRegExp } from '../../src/util/safe-regex.js';
import { ROOT } from '../helpers/cli.js';
import type { JsonSchema } from '../../src/types.js';

const PLANNER = pathToFileURL(join(ROOT, 'dist', 'src', 'schema', 'arbitraries.js')).href;
const PROBES = pathToFileURL(join(ROOT, 'dist', 'probes', 'index.js')).href;
const LIMIT_MS = 20_000;

/** Plans every probe for one tool with this inputSchema and samples its values, in a child; resolves with the time it took. */
function planInChild(inputSchema: JsonSchema): Promise<{ ms: number; samples: number }> {
  const script = `
    import fc from 'fast-check';
    import { arbitraryFor, baseArguments } from ${JSON.stringify(PLANNER)};
    import { PROBES } from ${JSON.stringify(PROBES)};
    const schema = ${JSON.stringify(inputSchema)};
    const started = performance.now();
    let samples = fc.sample(arbitraryFor(schema), { numRuns: 30, seed: 3 }).length;
    baseArguments(schema);
    for (const probe of PROBES) {
      const plan = probe.plan({ name: 't', inputSchema: schema }, [{ name: 't', inputSchema: schema }]);
      if (plan.arbitrary) samples += fc.sample(plan.arbitrary, { numRuns: 10, seed: 3 }).length;
    }
    process.stdout.write(JSON.stringify({ ms: performance.now() - started, samples }));`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, timeout: LIMIT_MS, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      if (error) reject(new Error(`planning did not end within ${LIMIT_MS} ms or failed: ${error.message}\n${stderr}`));
      else resolve(JSON.parse(stdout) as { ms: number; samples: number });
    });
  });
}

const object = (property: JsonSchema): JsonSchema => ({ type: 'object', properties: { p: property }, required: ['p'] });
let deep: JsonSchema = { type: 'string', minLength: 1 };
for (let i = 0; i < 200; i++) deep = object(deep);

describe('schemas that hurt end their plan quickly', () => {
  it.each<[string, JsonSchema]>([
    ['a pattern longer than maxLength allows', object({ type: 'string', pattern: '^aaaaaaaaaa$', maxLength: 5 })],
    ['a negated class outside printable ASCII (non-ASCII only)', object({ type: 'string', pattern: '^[^\\x00-\\x7F]+$' })],
    ['a class that excludes everything', object({ type: 'string', pattern: '^[^\\s\\S]$' })],
    ['fewer distinct items than minItems, uniqueItems', object({ type: 'array', items: { enum: [1, 2] }, minItems: 5, uniqueItems: true })],
    ['a catastrophic pattern', object({ type: 'string', pattern: '^(a+)+$', minLength: 30 })],
    ['a catastrophic patternProperties key', { type: 'object', patternProperties: { '^(x+x+)+y$': { type: 'string' } }, required: ['xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx!'] }],
    ['many Unicode property escapes', object({ type: 'string', pattern: '^\\p{Lu}\\p{Ll}\\p{Nd}\\p{Sc}\\p{Greek}\\p{Latin}\\p{Cyrillic}$' })],
    ['a 200-deep schema', deep],
  ])('%s', async (_name, schema) => {
    const { ms, samples } = await planInChild(schema);
    expect(samples).toBeGreaterThan(0);
    expect(ms).toBeLessThan(15_000); // about 1.5 s alone (a one-off 1 s of it is fast-check's full-Unicode table); before, several never ended
  });
});

describe('patternArbitrary', () => {
  it.each<[string, { minLength?: number; maxLength?: number }]>([
    ['^[a-z]{2,8}$', { maxLength: 4 }],
    ['^\\d{3}-\\d{4}$', {}],
    ['^[^a-z]+$', { minLength: 2, maxLength: 6 }],
    ['^\\u00e9+$', { maxLength: 3 }],
    ['^(a+)+$', { maxLength: 64 }],
  ])('strings for %s match it (checked in linear time) and fit %j', (pattern, bounds) => {
    const arb = patternArbitrary(pattern, bounds);
    expect(arb).toBeDefined();
    const re = safeRegExp(pattern, 'u');
    fc.assert(
      fc.property(arb!, (s) => {
        expect(re.test(s), s).toBe(true);
        expect([...s].length).toBeGreaterThanOrEqual(bounds.minLength ?? 0);
        expect([...s].length).toBeLessThanOrEqual(bounds.maxLength ?? Infinity);
      }),
      { numRuns: 100, seed: 5 },
    );
  });

  it.each(['(a)\\1', '^(?=.*\\d).{8,}$', '^[^\\x00-\\x7F]+$', '\\p{Lu}\\p{Ll}\\p{Nd}\\p{Sc}'])('makes no generator for %s', (pattern) => {
    expect(patternArbitrary(pattern)).toBeUndefined();
  });

  it('a string schema whose pattern cannot be generated from still gets (unconfirmed) strings', () => {
    const schema: JsonSchema = { type: 'string', pattern: '^[^\\x00-\\x7F]+$' };
    expect(fc.sample(arbitraryFor(schema), { numRuns: 5, seed: 1 }).every((v) => typeof v === 'string')).toBe(true);
    expect(validatesAgainst(schema, 'é')).toBe(true);
    expect(validatesAgainst(schema, 'e')).toBe(false);
  });

  it('a lookahead pattern leaves the schema without a validator, so nothing is confirmed valid', () => {
    expect(validatorFor(object({ type: 'string', pattern: '^(?=.*\\d).{8,}$' }))).toBeNull();
  });
});

describe('generationHazard and negatedClasses', () => {
  it.each<[string, string[]]>([
    ['^[^a-z]+$', ['[^a-z]']],
    ['[a[^b]', []], // one class, 'a[^b', not negated
    ['\\[^x]', []],
    ['[^\\]x]y[^]', ['[^\\]x]', '[^]']],
    ['^[abc]$', []],
  ])('%s has negated classes %j', (pattern, classes) => expect(negatedClasses(pattern)).toEqual(classes));

  it.each<[string, RegExp | undefined]>([
    ['^[^\\x00-\\x7F]+$', /excludes every printable ASCII character/],
    ['^[^\\s\\S]$', /excludes every printable ASCII character/],
    ['^[^ -~]$', /excludes every printable ASCII character/],
    ['^[^a-z]$', undefined],
    ['^[^]$', undefined],
    ['^\\p{L}\\p{N}$', undefined],
    ['^\\p{L}\\p{N}\\p{Lu}\\p{Ll}$', /4 Unicode property escapes/],
  ])('%s: %s', (pattern, reason) => {
    const hazard = generationHazard(pattern);
    if (reason === undefined) expect(hazard).toBeUndefined();
    else expect(hazard).toMatch(reason);
  });
});
