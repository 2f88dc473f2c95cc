// Rule customer-message: business and permission errors carry a user-safe message (customerMessage, customerFriendlyMessage, userMessage) free of internals.
import type { Rule } from '../src/grade/rule.js';
import { snippet } from '../src/matchers/surface.js';
import { findLeak, type LeakOptions } from '../src/matchers/leaks.js';
import { findStackFrame } from '../src/matchers/stack-frames.js';
import { findSecret } from '../src/matchers/secrets.js';

/** The first internal detail in a user message: a credential, a stack frame or a leak, as (kind, evidence). */
function internals(text: string, own: LeakOptions): { kind: string; match: string } | null {
  const secret = findSecret(text);
  if (secret) return { kind: secret.kind, match: '[REDACTED]' };
  const frame = findStackFrame(text);
  if (frame) return { kind: `${frame.language} stack frame`, match: frame.frame };
  const leak = findLeak(text, own); // our own input echoed back is no leak
  return leak ? { kind: leak.kind, match: leak.match } : null;
}

export const rule: Rule = {
  meta: {
    id: 'customer-message',
    description: 'Business and permission errors carry a message the agent can pass on to the user (customerMessage, customerFriendlyMessage, userMessage), free of internals.',
    severity: { recommended: 'off', strict: 'warning' },
    tags: ['recovery', 'metadata'],
    fix: 'Add a customerMessage (or userMessage) to every business and permission error: a plain sentence the agent can show the end user as is.',
    messages: {
      missing: 'The {category} error ({categoryWhere}) carries no user-safe message: add customerMessage (or userMessage) the agent can show the user as is.',
      internals: {
        text: 'The user message at {where} leaks an internal detail ({kind}): "{match}". It is meant to be shown to the user as is.',
        fix: 'Write the user message in plain domain words and keep paths, hosts, stack frames, exception names and credentials out of it (log them on the server).',
      },
    },
  },

  // Only errors whose metadata says business or permission: those are the ones an agent relays to a person.
  appliesTo(r) {
    if (!r.isError || r.protocolProbe) return false;
    const category = r.metadata.category;
    return category === 'business' || category === 'permission';
  },

  check(r, ctx) {
    const meta = r.metadata;
    const field = meta.fields.userMessage;
    if (meta.userMessage === undefined || field === undefined) {
      ctx.report({ messageId: 'missing', data: { category: meta.category ?? 'unknown', categoryWhere: meta.fields.category?.where ?? '' } });
      return;
    }
    const found = internals(meta.userMessage, r.leakOptions());
    if (found) ctx.report({ messageId: 'internals', data: { where: field.where, kind: found.kind, match: snippet(found.match, 80) } });
  },
};
