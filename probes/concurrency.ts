// Probe (once per server): several tools/call requests in flight at once; each must be answered exactly once, with its own id.
import type { Probe } from '../src/plan/types.js';
import type { ProbeCase, ToolTarget } from '../src/probe-case.js';
import type { ToolInfo } from '../src/session/types.js';
import { requiredProps } from '../src/schema/read.js';
import { withoutProps } from '../src/schema/values.js';
import { baseArguments } from '../src/schema/arbitraries.js';

export const BURST_SIZE = 8;

const burst = (calls: Array<{ name: string; arguments: unknown }>, label: string, target?: ToolTarget): ProbeCase => ({
  name: calls[0].name,
  arguments: calls[0].arguments,
  expect: 'any',
  label,
  ...(target === undefined ? {} : { target }),
  delivery: { kind: 'burst', calls },
});

export const probe: Probe = {
  kind: 'concurrency',
  description: `${BURST_SIZE} tools/call requests written back to back: unknown tools (names let crossed answers show), then invalid calls to a real tool.`,
  scope: 'server',
  plan(_placeholder, allTools: ToolInfo[]) {
    const existing = new Set(allTools.map((t) => t.name));
    const names = Array.from({ length: BURST_SIZE }, (_, i) => `errlint_concurrent_${i + 1}`).filter((n) => !existing.has(n));
    const enumerated = [burst(names.map((name) => ({ name, arguments: {} })), `${names.length} unknown tools at once`)];
    // Only input a server must refuse (a required property left out) goes to a real tool, one the run may call.
    const target = allTools.find((t) => requiredProps(t.inputSchema).length > 0);
    if (target) {
      const missing = withoutProps(baseArguments(target.inputSchema), [requiredProps(target.inputSchema)[0]]);
      enumerated.push(burst(Array.from({ length: BURST_SIZE }, () => ({ name: target.name, arguments: missing })), `${BURST_SIZE} invalid '${target.name}' calls at once`, { kind: 'tool', name: target.name }));
    }
    return { enumerated, arbitrary: null };
  },
};
