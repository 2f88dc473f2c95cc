// Probe (once per server): notifications, known and unknown; a correct server never answers them.
import type { Probe } from '../src/plan/types.js';
import type { ProbeCase } from '../src/probe-case.js';

const notification = (method: string, params: unknown, label: string): ProbeCase => ({
  name: '',
  arguments: undefined,
  expect: 'no-answer',
  label,
  delivery: { kind: 'notification', method, params },
});

export const probe: Probe = {
  kind: 'notification',
  description: 'Known and unknown notifications, and a tools/call sent without an id: none may be answered.',
  scope: 'server',
  plan() {
    return {
      enumerated: [
        notification('notifications/cancelled', { requestId: 'errlint-0', reason: 'probe' }, 'cancellation of an unknown request'),
        // Only notifications of what the linter declared: it declares no roots, so never roots/list_changed (a server may then
        // ask for roots, be refused, and print about it: its defect would be ours). Progress for a token it never saw is known.
        notification('notifications/progress', { progressToken: 'errlint-no-such-token', progress: 1 }, 'progress for an unknown token'),
        notification('notifications/errlint/unknown', {}, 'an unknown notification'),
        { ...notification('tools/call', { name: 'errlint_no_such_tool', arguments: {} }, 'tools/call without an id'), breaks: 'a request sent without an id' },
      ],
      arbitrary: null,
    };
  },
};
