// Probe (once per server): notifications, known and unknown; a correct server never answers them.
import type { Probe, ProbeCase } from '../src/types.js';

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
        notification('notifications/roots/list_changed', {}, 'roots/list_changed'),
        notification('notifications/errlint/unknown', {}, 'an unknown notification'),
        { ...notification('tools/call', { name: 'errlint_no_such_tool', arguments: {} }, 'tools/call without an id'), breaks: 'a request sent without an id' },
      ],
      arbitrary: null,
    };
  },
};
