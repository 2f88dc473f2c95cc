// Probe (once per server): call tool names that do not exist; a correct server answers -32602.
import fc from 'fast-check';
import type { Probe } from '../src/plan/types.js';
import type { ProbeCase } from '../src/probe-case.js';

/** The name with two neighbouring characters swapped (or its last one changed): a plausible typo. */
function typo(name: string): string {
  for (let i = Math.floor(name.length / 2); i + 1 < name.length; i++) {
    if (name[i] !== name[i + 1]) return name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2);
  }
  return name.slice(0, -1) + (name.endsWith('x') ? 'y' : 'x');
}

export const probe: Probe = {
  kind: 'unknown-tool',
  description: 'Calls tool names that do not exist: empty, 129+ characters, path-like, near misses of real names, random.',
  scope: 'server',
  plan(_placeholder, allTools) {
    const existing = new Set(allTools.map((t) => t.name));
    const unused = (name: string) => {
      while (existing.has(name)) name += '_errlint';
      return name;
    };
    const make = (name: string, label: string, imitated?: string): ProbeCase => ({
      name,
      arguments: {},
      expect: 'unknown-tool',
      label,
      ...(imitated === undefined ? {} : { target: { kind: 'tool', name: imitated } }),
    });
    const candidates = [
      make('', 'empty tool name'),
      make(`errlint_${'x'.repeat(130)}`, '138-character tool name'),
      make('../../etc/passwd', 'path-like tool name'),
      make('tools/../admin', 'path traversal in tool name'),
    ];
    const real = allTools.find((t) => typeof t.name === 'string' && t.name.length > 0)?.name;
    if (real !== undefined) candidates.push(make(`${real}_x`, `near miss of '${real}'`, real), make(typo(real), `typo of '${real}'`, real));
    candidates.push(make(unused('errlint_no_such_tool'), 'unused tool name'));
    const seen = new Set<string>();
    const enumerated = candidates.filter((c) => !existing.has(c.name) && !seen.has(c.name) && seen.add(c.name));
    return {
      enumerated,
      arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,30}$/).map((name) => make(unused(name), 'random unused tool name')),
    };
  },
};
