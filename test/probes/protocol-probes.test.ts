// The server-scope protocol probes: what they put on the wire and what they expect back.
import { describe, expect, it } from 'vitest';
import { PROBES, probeByKind } from '../../probes/index.js';
import { planBatches } from '../../src/plan/batches.js';
import { NO_TOOL, type ProbePlan } from '../../src/plan/types.js';
import type { ProbeCase } from '../../src/probe-case.js';
import type { ToolInfo } from '../../src/session/types.js';

const placeholder: ToolInfo = { name: NO_TOOL, inputSchema: { type: 'object' } };
const readOnly = (name: string, required = ['q']): ToolInfo => ({
  name,
  inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required },
  annotations: { readOnlyHint: true },
});
const destructive: ToolInfo = { name: 'wipe', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } };

function plan(kind: 'malformed-request' | 'jsonrpc' | 'notification' | 'concurrency', tools: ToolInfo[]): ProbeCase[] {
  const planned = probeByKind(kind).plan(placeholder, tools);
  expect('skip' in planned).toBe(false);
  expect((planned as ProbePlan).arbitrary).toBeNull();
  return (planned as ProbePlan).enumerated;
}

/** The cases the run would send: the safety policy chooses which real tools a server-scope probe may name. */
function planned(kind: 'malformed-request' | 'concurrency', tools: ToolInfo[], flags: { readOnly?: boolean } = {}): ProbeCase[] {
  const { batches } = planBatches(tools, tools, { probes: PROBES.filter((p) => p.kind === kind), allowWrites: false, allowDestructive: false, ...flags });
  expect(batches).toHaveLength(1);
  return batches[0].plan.enumerated;
}

describe('malformed-request probe', () => {
  it('sends tools/call requests with broken params, expecting -32602, and never names a destructive tool', () => {
    const cases = planned('malformed-request', [destructive, readOnly('find')]);
    expect(cases.length).toBeGreaterThanOrEqual(5);
    for (const c of cases) {
      expect(c).toMatchObject({ expect: 'protocol-error', expectCode: -32602, delivery: { kind: 'request', method: 'tools/call' } });
      expect(JSON.stringify(c.delivery)).not.toContain('wipe');
    }
    const params = cases.map((c) => (c.delivery as { params?: unknown }).params);
    expect(params).toContainEqual([]);
    expect(params).toContainEqual({ arguments: {} });
    expect(params).toContainEqual({ name: 'find', arguments: 'not an object' });
  });
});

describe('jsonrpc probe', () => {
  it('covers bad JSON (-32700), invalid requests (-32600), an unknown method (-32601) and a batch', () => {
    const cases = plan('jsonrpc', []);
    const codes = cases.map((c) => c.expectCode);
    expect(codes).toEqual(expect.arrayContaining([-32700, -32600, -32601]));
    const raw = cases.filter((c) => c.delivery?.kind === 'raw').map((c) => (c.delivery as { text: string }).text);
    const parsed = raw.map((t) => {
      try {
        return JSON.parse(t.replaceAll('{id}', 'x')) as unknown;
      } catch {
        return 'unparsable';
      }
    });
    expect(parsed).toContain('unparsable');
    expect(parsed.some(Array.isArray)).toBe(true);
    expect(cases.find((c) => c.expectCode === -32601)?.delivery).toMatchObject({ kind: 'request', method: 'errlint/no-such-method' });
  });
});

describe('notification probe', () => {
  it('sends only notifications and expects no answer', () => {
    const cases = plan('notification', []);
    expect(cases.length).toBeGreaterThanOrEqual(3);
    for (const c of cases) expect(c).toMatchObject({ expect: 'no-answer', delivery: { kind: 'notification' } });
  });
});

describe('concurrency probe', () => {
  it('bursts distinct unknown tool names, then schema-invalid calls to a safe real tool', () => {
    const cases = planned('concurrency', [destructive, readOnly('find')]);
    const [unknown, invalid] = cases.map((c) => (c.delivery as { calls: Array<{ name: string; arguments: Record<string, unknown> }> }).calls);
    expect(new Set(unknown.map((c) => c.name)).size).toBe(unknown.length);
    expect(unknown.length).toBeGreaterThan(1);
    expect(invalid.every((c) => c.name === 'find' && !('q' in c.arguments))).toBe(true);
  });

  it('never bursts a real tool that is destructive, or one with nothing required to leave out', () => {
    expect(planned('concurrency', [destructive])).toHaveLength(1);
    expect(planned('concurrency', [readOnly('find', [])])).toHaveLength(1);
  });

  it('under --read-only, names only readOnlyHint tools; a tool without annotations may get the invalid burst otherwise', () => {
    const unannotated: ToolInfo = { name: 'save_note', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } };
    const names = (cases: ProbeCase[]) => cases.flatMap((c) => (c.delivery as { calls: Array<{ name: string }> }).calls.map((call) => call.name));
    expect(names(planned('concurrency', [unannotated]))).toContain('save_note');
    expect(names(planned('concurrency', [unannotated], { readOnly: true }))).not.toContain('save_note');
  });

  it('never reuses an existing tool name as an unknown one', () => {
    const cases = plan('concurrency', [readOnly('errlint_concurrent_1')]);
    const names = (cases[0].delivery as { calls: Array<{ name: string }> }).calls.map((c) => c.name);
    expect(names).not.toContain('errlint_concurrent_1');
  });
});
