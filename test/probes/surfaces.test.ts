// The surface probes' plans: what each sends for the capabilities and lists a server declares, by negotiated version.
import { describe, expect, it } from 'vitest';
import { probeByKind } from '../../probes/index.js';
import { NO_TOOL, type ProbeContext, type ProbePlan } from '../../src/plan/types.js';
import type { ProbeCase } from '../../src/probe-case.js';
import type { ToolInfo } from '../../src/session/types.js';

const placeholder: ToolInfo = { name: NO_TOOL, inputSchema: { type: 'object' } };
const listed = (items: Record<string, unknown>[]) => ({ declared: true, items });
const none = { declared: false, items: [] };

function context(version: string, capabilities: Record<string, unknown>, surfaces: Partial<ProbeContext['surfaces']> = {}): ProbeContext {
  return { facts: { protocolVersion: version, era: version >= '2026-07-28' ? 'modern' : 'legacy', transport: 'stdio', timeoutMs: 1000, capabilities }, surfaces: { resources: none, templates: none, prompts: none, ...surfaces } };
}
function cases(kind: 'resources' | 'prompts' | 'completions' | 'protocol-requests', c?: ProbeContext): ProbeCase[] | string {
  const plan = probeByKind(kind).plan(placeholder, [], c);
  return 'skip' in plan ? plan.skip : (plan as ProbePlan).enumerated;
}
const methodOf = (c: ProbeCase) => (c.delivery?.kind === 'request' ? c.delivery.method : undefined);

const withResources = (version: string) =>
  context(version, { resources: {} }, { resources: listed([{ uri: 'orders://readme', name: 'readme' }]), templates: listed([{ uriTemplate: 'orders://{order_id}', name: 'order' }]) });

describe('resources probe', () => {
  it('asks for -32002 (SHOULD, -32602 accepted) before 2026-07-28, -32602 (MUST) from it', () => {
    const before = cases('resources', withResources('2025-11-25')) as ProbeCase[];
    const missing = before.find((c) => c.label === 'a resource URI that does not exist')!;
    expect(missing).toMatchObject({ expect: 'refused', expectCode: -32002, acceptCodes: [-32602], requirement: 'should' });
    const after = cases('resources', withResources('2026-07-28')) as ProbeCase[];
    expect(after.find((c) => c.label === 'a resource URI that does not exist')).toMatchObject({ expectCode: -32602, requirement: 'must' });
    // 2026-07-28 removed resources/subscribe.
    expect(before.some((c) => methodOf(c) === 'resources/subscribe')).toBe(true);
    expect(after.some((c) => methodOf(c) === 'resources/subscribe')).toBe(false);
  });

  it('makes up URIs no listed resource or template matches, fills templates with names of nothing, and withholds the traversal read', () => {
    const planned = cases('resources', withResources('2025-11-25')) as ProbeCase[];
    const uris = planned.flatMap((c) => (c.delivery?.kind === 'request' && typeof (c.delivery.params as { uri?: unknown }).uri === 'string' ? [(c.delivery.params as { uri: string }).uri] : []));
    // The template `orders://{order_id}` matches every orders:// URI of one segment: the made-up one has a path of its own.
    expect(uris).toContain('orders://errlint-no-such-order_id');
    expect(uris.filter((u) => /^orders:\/\/[^/]*$/.test(u) && u !== 'orders://errlint-no-such-order_id' && u !== 'orders://readme')).toEqual([]);
    expect(planned.find((c) => c.label === 'a traversal-looking path')).toMatchObject({ sensitive: true });
    expect(planned.filter((c) => c.breaks !== undefined).map((c) => c.label)).toEqual(['a malformed URI', 'resources/read without a uri', 'resources/read with a numeric uri']);
  });

  it('is skipped, with the reason, without the resources capability or the session', () => {
    expect(cases('resources', context('2025-11-25', {}))).toMatch(/declares no resources capability/);
    expect(cases('resources')).toMatch(/not read/);
  });
});

describe('prompts probe', () => {
  const prompts = context('2025-11-25', { prompts: {} }, { prompts: listed([{ name: 'summarize_order', arguments: [{ name: 'order_id', required: true }, { name: 'tone' }] }]) });
  it('asks for an unknown name, leaves out the required argument, sends it as a number, and adds an undeclared one', () => {
    const planned = cases('prompts', prompts) as ProbeCase[];
    const params = planned.map((c) => (c.delivery as { params: Record<string, unknown> }).params);
    expect(params).toEqual([{ name: 'summarize_order_x' }, { name: 'summarize_order', arguments: {} }, { name: 'summarize_order', arguments: { order_id: 42 } }, { name: 'summarize_order', arguments: { order_id: 'a', errlint_extra: 'x' } }]);
    expect(planned.map((c) => c.expect)).toEqual(['refused', 'refused', 'refused', 'any']);
    expect(planned[2].breaks).toBeDefined();
  });
});

describe('completions and protocol-requests probes', () => {
  it('completions: only with the capability', () => {
    expect(cases('completions', context('2025-11-25', {}))).toMatch(/no completions capability/);
    expect((cases('completions', context('2025-11-25', { completions: {} })) as ProbeCase[])[0]).toMatchObject({ expect: 'refused', expectCode: -32602 });
  });

  it('asks each undeclared capability to be refused with -32601, declared lists for -32602 on a bad cursor', () => {
    const bare = (cases('protocol-requests', context('2025-11-25', {})) as ProbeCase[]).map((c) => [methodOf(c), c.expectCode]);
    expect(bare).toEqual([['tools/list', -32602], ['resources/list', -32601], ['prompts/list', -32601], ['logging/setLevel', -32601], ['completion/complete', -32601]]);
    const declared = (cases('protocol-requests', context('2025-11-25', { resources: {}, prompts: {}, logging: {}, completions: {} })) as ProbeCase[]).map((c) => [methodOf(c), c.expectCode]);
    expect(declared).toEqual([['tools/list', -32602], ['resources/list', -32602], ['prompts/list', -32602], ['logging/setLevel', -32602]]);
    // 2026-07-28 has no logging/setLevel; 2024-11-05 has no completions capability.
    expect((cases('protocol-requests', context('2026-07-28', {})) as ProbeCase[]).some((c) => methodOf(c) === 'logging/setLevel')).toBe(false);
    expect((cases('protocol-requests', context('2024-11-05', {})) as ProbeCase[]).some((c) => methodOf(c) === 'completion/complete')).toBe(false);
  });
});
