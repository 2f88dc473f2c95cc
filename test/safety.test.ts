// The safety policy of rulebook §7: which tools get which inputs, and that a tool without annotations gets only inputs it must refuse.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { callPolicy, destructiveWord, restrictPlan, type SafetyFlags } from '../src/plan/safety.js';
import { PROBES } from '../probes/index.js';
import { planBatches } from '../src/plan/batches.js';
import type { ProbeCase } from '../src/probe-case.js';
import type { ToolAnnotations, ToolInfo } from '../src/session/types.js';
import { VALID_GENERATION } from './probes/schemas.js';

const NONE: SafetyFlags = { allowWrites: false, allowDestructive: false };
const SCHEMA = { type: 'object', properties: { path: { type: 'string', maxLength: 50 }, depth: { type: 'integer' } }, required: ['path'] };
const tool = (name: string, annotations?: ToolAnnotations, inputSchema: ToolInfo['inputSchema'] = SCHEMA): ToolInfo => ({ name, inputSchema, ...(annotations ? { annotations } : {}) });

describe('callPolicy', () => {
  it('sends everything to read-only tools, and only inputs a server must refuse to tools without annotations', () => {
    expect(callPolicy(tool('read_file', { readOnlyHint: true }), NONE).level).toBe('all');
    expect(callPolicy(tool('write_file'), NONE)).toMatchObject({ level: 'must-refuse', reason: expect.stringContaining('--allow-writes') });
    expect(callPolicy(tool('write_file', { destructiveHint: false }), NONE).level).toBe('invalid');
    expect(callPolicy(tool('write_file'), { ...NONE, allowWrites: true }).level).toBe('all');
  });

  it('calls no explicitly or evidently destructive tool unless allowed, and names the reason', () => {
    expect(callPolicy(tool('archive', { destructiveHint: true }), NONE)).toMatchObject({ level: 'none', reason: expect.stringContaining('destructiveHint: true') });
    for (const name of ['delete_entities', 'removeFile', 'drop-table', 'PurgeCache', 'wipe', 'kill_process', 'reset_db', 'truncate_log', 'git.reset']) {
      expect(callPolicy(tool(name), NONE), name).toMatchObject({ level: 'none', reason: expect.stringContaining('--allow-destructive') });
    }
    expect(callPolicy(tool('delete_entities'), { ...NONE, allowDestructive: true }).level).toBe('invalid');
    expect(callPolicy(tool('delete_entities'), { allowWrites: true, allowDestructive: true }).level).toBe('all');
  });

  it('trusts annotations over names', () => {
    expect(callPolicy(tool('delete_preview', { readOnlyHint: true }), NONE).level).toBe('all');
    expect(callPolicy(tool('remove_tag', { destructiveHint: false }), NONE).level).toBe('invalid');
  });

  it('does not read destruction into names that only contain the letters', () => {
    for (const name of ['list_deleted', 'format_code', 'dropdown_options', 'get_killswitch_state', 'reset_password_link_preview'.replace('reset_', 'resetting_'), 'search']) {
      expect(destructiveWord(name), name).toBeNull();
    }
  });

  it('under --read-only, calls only readOnlyHint tools', () => {
    expect(callPolicy(tool('write_file'), { ...NONE, readOnly: true })).toMatchObject({ level: 'none', reason: expect.stringContaining('--read-only') });
    expect(callPolicy(tool('write_file', { destructiveHint: false }), { ...NONE, readOnly: true }).level).toBe('none');
    expect(callPolicy(tool('read_file', { readOnlyHint: true }), { ...NONE, readOnly: true }).level).toBe('all');
  });

  it('skips task-only tools whatever the flags', () => {
    expect(callPolicy({ ...tool('research', { readOnlyHint: true }), execution: { taskSupport: 'required' } }, { allowWrites: true, allowDestructive: true }).level).toBe('none');
  });
});

describe('the plan for a tool without annotations', () => {
  const TOOL_PROBES = PROBES.filter((p) => p.scope === 'tool');
  const plan = (t: ToolInfo, flags: SafetyFlags = NONE) => planBatches([t], [t], { probes: TOOL_PROBES, ...flags });

  it('sends missing, mistyped and null required arguments, and nothing that could be carried out', () => {
    const { batches, skips } = plan(tool('write_file'));
    expect(batches.map((b) => b.probe).sort()).toEqual(['missing-required', 'null-values', 'wrong-type']);
    for (const batch of batches) for (const c of batch.plan.enumerated) expect(c).toMatchObject({ expect: 'invalid-input', mustRefuse: true });
    // wrong-type of the optional 'depth' alone is left out: the required 'path' would be valid, and the tool could run
    expect(batches.find((b) => b.probe === 'wrong-type')!.plan.enumerated.every((c) => c.label.startsWith("'path'"))).toBe(true);
    const skipped = new Map(skips.map((s) => [s.probe, s.reason]));
    for (const kind of ['positive', 'constraint-violations', 'extra-properties', 'unicode', 'oversized', 'empty-values']) {
      expect(skipped.get(kind as never), kind).toContain('must refuse');
    }
  });

  it('draws random inputs only among those a server must refuse', () => {
    for (const [name, schema] of Object.entries(VALID_GENERATION)) {
      const { batches } = plan(tool('write_file', undefined, schema));
      for (const batch of batches) {
        if (batch.plan.arbitrary === null) continue;
        for (const c of fc.sample(batch.plan.arbitrary, { numRuns: 30, seed: 7 }) as ProbeCase[]) expect(c.mustRefuse, `${name} ${batch.probe} ${c.label}`).toBe(true);
      }
    }
  });

  // Issue 21 (8): a declared argument of the wrong JSON type is input a validating server must refuse before acting.
  it('sends a tool that requires no argument only its declared arguments mistyped', () => {
    const optional = tool('write_file', undefined, { type: 'object', properties: { path: { type: 'string' } } });
    const { batches } = plan(optional);
    expect(batches.map((b) => b.probe)).toEqual(['wrong-type']);
    const cases = batches[0].plan.enumerated;
    expect(cases.length).toBeGreaterThan(0);
    expect(cases.every((c) => c.expect === 'invalid-input' && c.mustRefuse === true && typeof (c.arguments as { path: unknown }).path !== 'string')).toBe(true);
    // Alone: no other argument beside it, in the random draws too (they would fill the others with values to act on).
    expect(cases.every((c) => Object.keys(c.arguments as object).length === 1)).toBe(true);
    const draws = fc.sample(batches[0].plan.arbitrary!, { numRuns: 30, seed: 1 });
    expect(draws.every((c) => c.mustRefuse === true && Object.keys(c.arguments as object).length === 1)).toBe(true);
  });

  it('a tool that requires nothing never gets a random value in an argument it was not mistyped in (a force: true)', () => {
    const deploy = tool('deploy', undefined, { type: 'object', properties: { environment: { type: 'string' }, force: { type: 'boolean' } } });
    const { batches } = plan(deploy);
    expect(batches.map((b) => b.probe)).toEqual(['wrong-type']);
    const draws = [...batches[0].plan.enumerated, ...fc.sample(batches[0].plan.arbitrary!, { numRuns: 50, seed: 7 })];
    for (const c of draws) {
      const target = (c.target as { paths: string[][] }).paths[0][0];
      expect(Object.keys(c.arguments as object), c.label).toEqual([target]);
    }
  });

  it('skips a tool that declares no argument, for that reason', () => {
    const bare = tool('refresh_index', undefined, { type: 'object', properties: {} });
    expect(plan(bare).batches).toEqual([]);
    expect(plan(bare).skips).toEqual([{ tool: 'refresh_index', probe: '*', reason: expect.stringMatching(/^its schema declares no argument, so there is no input it must refuse; a tool without annotations/) }]);
  });

  it('keeps a random draw only where every draw is schema-invalid', () => {
    const positive = PROBES.find((p) => p.kind === 'positive')!.plan(tool('t'), []);
    expect('skip' in positive).toBe(false);
    expect(restrictPlan(positive as never, 'positive', { level: 'invalid', reason: 'r' })).toEqual({ skip: 'no input of this probe may be sent: r' });
  });
});
