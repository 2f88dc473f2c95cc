// Probe (once per server): prompts/get of a name that does not exist, without a required argument, with argument values
// that are not strings, and with an argument the prompt does not declare. All read-only.
import type { Probe } from '../src/plan/types.js';
import type { ProbeCase } from '../src/probe-case.js';
import { INVALID_PARAMS } from '../src/jsonrpc-codes.js';
import { NO_CONTEXT, surfaceCase } from './surface-case.js';
import { onProperties } from './case.js';

interface PromptArgument {
  name: string;
  required: boolean;
}

function argumentsOf(prompt: Record<string, unknown>): PromptArgument[] {
  const list = Array.isArray(prompt.arguments) ? prompt.arguments : [];
  return list.flatMap((a) => (a && typeof a === 'object' && typeof a.name === 'string' ? [{ name: a.name, required: a.required === true }] : []));
}

export const probe: Probe = {
  kind: 'prompts',
  description: 'prompts/get of an unknown name, without a required argument, with argument values that are not strings, and with an undeclared argument.',
  scope: 'server',
  plan(_placeholder, _tools, context) {
    if (!context) return NO_CONTEXT;
    const { prompts } = context.surfaces;
    if (!prompts.declared) return { skip: 'the server declares no prompts capability (protocol-requests checks that prompts/list is refused)' };
    const names = new Set(prompts.items.map((p) => String(p.name)));
    const get = (name: string, args: Record<string, unknown> | undefined, label: string, extra: Partial<ProbeCase> = {}) =>
      surfaceCase('prompts/get', args === undefined ? { name } : { name, arguments: args }, { name, expect: 'refused', label, expectCode: INVALID_PARAMS, requirement: 'should', ...extra });
    let unknown = prompts.items.length > 0 ? `${String(prompts.items[0].name)}_x` : 'errlint_no_such_prompt';
    while (names.has(unknown)) unknown += '_errlint';
    const cases: ProbeCase[] = [get(unknown, undefined, 'an unknown prompt name')];
    const withRequired = prompts.items.find((p) => argumentsOf(p).some((a) => a.required));
    if (withRequired) {
      const name = String(withRequired.name);
      const args = argumentsOf(withRequired);
      const required = args.filter((a) => a.required);
      const valid = Object.fromEntries(required.map((a) => [a.name, 'a']));
      // The prompt's arguments aimed at: an answer that names one of them points at what to send (recovery-hint).
      cases.push(get(name, {}, `'${name}' without its required argument '${required[0].name}'`, { target: onProperties('required', ...required.map((a) => a.name)) }));
      cases.push(get(name, { ...valid, [required[0].name]: 42 }, `'${name}' with '${required[0].name}' a number`, { breaks: 'a prompt argument that is not a string', target: onProperties('type', required[0].name) }));
      cases.push(get(name, { ...valid, errlint_extra: 'x' }, `'${name}' with an undeclared argument`, { expect: 'any' }));
    } else if (prompts.items.length > 0) {
      const name = String(prompts.items[0].name);
      cases.push(get(name, { errlint_extra: 'x' }, `'${name}' with an undeclared argument`, { expect: 'any' }));
    }
    return { enumerated: cases, arbitrary: null };
  },
};
