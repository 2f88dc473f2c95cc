// Probe (once per server, when it declares completions): completion/complete for a prompt or resource template that
// does not exist, and for an argument a real prompt does not declare. All read-only.
import type { Probe } from '../src/plan/types.js';
import type { ProbeCase } from '../src/probe-case.js';
import { INVALID_PARAMS } from '../src/jsonrpc-codes.js';
import { NO_CONTEXT, declares, surfaceCase } from './surface-case.js';

export const probe: Probe = {
  kind: 'completions',
  description: 'completion/complete for an unknown prompt, an unknown resource template, and an argument a prompt does not declare.',
  scope: 'server',
  plan(_placeholder, _tools, context) {
    if (!context) return NO_CONTEXT;
    if (!declares(context, 'completions')) return { skip: 'the server declares no completions capability (protocol-requests checks that completion/complete is refused)' };
    const complete = (ref: Record<string, unknown>, argument: string, label: string, extra: Partial<ProbeCase> = {}) =>
      surfaceCase('completion/complete', { ref, argument: { name: argument, value: '' } }, { name: String(ref.name ?? ref.uri), expect: 'refused', label, expectCode: INVALID_PARAMS, requirement: 'should', ...extra });
    const prompts = new Set(context.surfaces.prompts.items.map((p) => String(p.name)));
    let unknown = 'errlint_no_such_prompt';
    while (prompts.has(unknown)) unknown += '_x';
    const cases = [
      complete({ type: 'ref/prompt', name: unknown }, 'value', 'completion for a prompt that does not exist'),
      // The spec names no code for an unknown template or argument: an empty completion is as right as a refusal.
      complete({ type: 'ref/resource', uri: 'errlint://no-such-template/{id}' }, 'id', 'completion for a resource template that does not exist', { expect: 'any' }),
    ];
    const first = context.surfaces.prompts.items[0];
    if (first) cases.push(complete({ type: 'ref/prompt', name: String(first.name) }, 'errlint_no_such_argument', `completion for an argument '${String(first.name)}' does not declare`, { expect: 'any' }));
    return { enumerated: cases, arbitrary: null };
  },
};
