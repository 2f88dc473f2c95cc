// Probe (once per server): tools/call requests whose params are malformed; a correct server answers -32602.
import type { Probe } from '../src/plan/types.js';
import type { ProbeCase, ToolTarget } from '../src/probe-case.js';
import type { ToolInfo } from '../src/session/types.js';

const NO_SUCH_TOOL = 'errlint_no_such_tool';

export const probe: Probe = {
  kind: 'malformed-request',
  description: 'tools/call without a name, with arguments that are not an object, with params an array or absent.',
  scope: 'server',
  plan(_placeholder, allTools: ToolInfo[]) {
    // A real tool name makes the malformed arguments the only thing wrong; the run passes only tools that may be called.
    const name = allTools.find((t) => typeof t.name === 'string')?.name ?? NO_SUCH_TOOL;
    const malformed = (params: unknown, label: string, target?: ToolTarget): ProbeCase => ({
      name,
      arguments: undefined,
      expect: 'protocol-error',
      expectCode: -32602,
      label,
      ...(target === undefined ? {} : { target }),
      delivery: { kind: 'request', method: 'tools/call', params },
      breaks: label,
    });
    const tool: ToolTarget = { kind: 'tool', name };
    return {
      enumerated: [
        malformed({ arguments: {} }, 'tools/call without a name'),
        malformed({ name: 42, arguments: {} }, 'tools/call with a numeric name'),
        malformed({ name, arguments: 'not an object' }, `'${name}' with arguments a string`, tool),
        malformed({ name, arguments: [1, 2] }, `'${name}' with arguments an array`, tool),
        malformed([], 'tools/call with params an empty array'),
        malformed(undefined, 'tools/call without params'),
      ],
      arbitrary: null,
    };
  },
};
