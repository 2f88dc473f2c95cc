// Rule no-internal-details: no error surface leaks absolute paths, internal hosts, private addresses, credentials in URLs or raw dumps.
import type { Rule } from '../src/grade/rule.js';
import { snippet } from '../src/matchers/surface.js';
import { findLeak } from '../src/matchers/leaks.js';

interface Options {
  extraPatterns: string[];
  allowedHosts: string[];
}

export const rule: Rule<Options> = {
  meta: {
    id: 'no-internal-details',
    description: 'Error answers leak no internals: absolute paths, internal host names, private addresses with ports, connection strings, [object Object], raw exception dumps.',
    severity: { recommended: 'error', strict: 'error' },
    tags: ['security'],
    securitySeverity: '5.3',
    fix: 'Log paths, host names, addresses and exception dumps on the server, and return only what failed in domain words, such as "Order database temporarily unavailable".',
    messages: {
      leak: 'The error answer leaks an internal detail ({kind}) in {where}: "{match}". Log it server-side; tell the model what failed in domain words.',
    },
    options: {
      schema: {
        type: 'object',
        additionalProperties: false,
        properties: {
          extraPatterns: { type: 'array', items: { type: 'string', format: 'regex' }, description: 'More regexes reported as kind "custom".' },
          allowedHosts: { type: 'array', items: { type: 'string' }, description: 'Host names (with their subdomains) or addresses that are not secret.' },
        },
      },
      defaults: { extraPatterns: [], allowedHosts: [] },
    },
  },

  // Only error answers: a success may legitimately return paths and hosts (a file tool, a network tool).
  appliesTo(r) {
    return r.leaksCanShow;
  },

  // Our own input (and the user's own paths) is never a leak.
  check(r, ctx) {
    const opts = r.leakOptions(ctx.options);
    for (const surface of r.surfaces) {
      const leak = findLeak(surface.text, opts);
      if (leak === null) continue;
      ctx.report({ messageId: 'leak', data: { kind: leak.kind, where: surface.where, match: snippet(leak.match) } });
      return;
    }
  },
};
