// Rule no-internal-details: no error surface leaks absolute paths, internal hosts, private addresses, credentials in URLs or raw dumps.
import type { Exchange, Rule, SessionFacts } from '../src/types.js';
import { errorSurfaces, leaksCanShow, snippet } from '../src/matchers/surface.js';
import { findLeak, type LeakOptions } from '../src/matchers/leaks.js';
import { ownInput } from '../src/matchers/sent.js';

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** This rule's options as the leak matcher takes them; our own input (and the user's own paths) is never a leak. */
function leakOptions(options: Record<string, unknown>, ex: Exchange, session: SessionFacts): LeakOptions {
  return { extraPatterns: stringList(options.extraPatterns), allowedHosts: stringList(options.allowedHosts), ...ownInput(ex, session) };
}

export const rule: Rule = {
  meta: {
    id: 'no-internal-details',
    description: 'Error answers leak no internals: absolute paths, internal host names, private addresses with ports, connection strings, [object Object], raw exception dumps.',
    severity: { recommended: 'error', strict: 'error' },
    tags: ['security'],
    messages: {
      leak: 'The error answer leaks an internal detail ({kind}) in {where}: "{match}". Log it server-side; tell the model what failed in domain words.',
    },
    optionsSchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        extraPatterns: { type: 'array', items: { type: 'string', format: 'regex' }, description: 'More regexes reported as kind "custom".' },
        allowedHosts: { type: 'array', items: { type: 'string' }, description: 'Host names (with their subdomains) or addresses that are not secret.' },
      },
    },
  },

  // Only error answers: a success may legitimately return paths and hosts (a file tool, a network tool).
  appliesTo(ex: Exchange): boolean {
    return leaksCanShow(ex);
  },

  check(ex, ctx) {
    const opts = leakOptions(ctx.options, ex, ctx.session);
    for (const surface of errorSurfaces(ex)) {
      const leak = findLeak(surface.text, opts);
      if (leak === null) continue;
      ctx.report({ messageId: 'leak', data: { kind: leak.kind, where: surface.where, match: snippet(leak.match) } });
      return;
    }
  },
};
