// Probe (once per server): the protocol's own requests with bad params (an invalid cursor, an invalid log level), and a
// request of each capability the server did not declare, which it must refuse (-32601). All read-only.
import type { Probe } from '../src/plan/types.js';
import type { ProbeCase } from '../src/probe-case.js';
import { INVALID_PARAMS, METHOD_NOT_FOUND } from '../src/jsonrpc-codes.js';
import { NO_CONTEXT, declares, from2026, surfaceCase } from './surface-case.js';
import { versionAtLeast } from '../src/protocol-version.js';

const CURSOR = 'errlint-invalid-cursor';

export const probe: Probe = {
  kind: 'protocol-requests',
  description: 'tools/list, resources/list and prompts/list with an invalid cursor, logging/setLevel with an invalid level, and a request of each capability the server did not declare.',
  scope: 'server',
  plan(_placeholder, _tools, context) {
    if (!context) return NO_CONTEXT;
    const request = (method: string, params: Record<string, unknown>, label: string, expectCode: number, breaks?: string): ProbeCase =>
      surfaceCase(method, params, { name: method, expect: 'protocol-error', label, expectCode, requirement: 'should', ...(breaks ? { breaks } : {}) });
    const cases: ProbeCase[] = [request('tools/list', { cursor: CURSOR }, 'tools/list with an invalid cursor', INVALID_PARAMS)];
    const lists: Array<[capability: string, method: string]> = [
      ['resources', 'resources/list'],
      ['prompts', 'prompts/list'],
    ];
    for (const [capability, method] of lists) {
      if (declares(context, capability)) cases.push(request(method, { cursor: CURSOR }, `${method} with an invalid cursor`, INVALID_PARAMS));
      else cases.push(request(method, {}, `${method} without the ${capability} capability`, METHOD_NOT_FOUND));
    }
    // 2026-07-28 removed logging/setLevel; before, it exists only with the logging capability.
    if (!from2026(context)) {
      if (declares(context, 'logging')) cases.push(request('logging/setLevel', { level: 'errlint-not-a-level' }, 'logging/setLevel with an invalid level', INVALID_PARAMS, 'a level outside LoggingLevel'));
      else cases.push(request('logging/setLevel', { level: 'info' }, 'logging/setLevel without the logging capability', METHOD_NOT_FOUND));
    }
    // completions is a capability from 2025-03-26 on.
    if (versionAtLeast(context.facts.protocolVersion, '2025-03-26') && !declares(context, 'completions')) {
      cases.push(request('completion/complete', { ref: { type: 'ref/prompt', name: 'errlint_no_such_prompt' }, argument: { name: 'value', value: '' } }, 'completion/complete without the completions capability', METHOD_NOT_FOUND));
    }
    return { enumerated: cases, arbitrary: null };
  },
};
