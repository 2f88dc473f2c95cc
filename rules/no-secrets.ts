// Rule no-secrets: no error surface carries a credential (API key, bearer token, password, private key, JWT).
import type { Exchange, Rule } from '../src/types.js';
import { errorSurfaces, leaksCanShow, snippet } from '../src/matchers/surface.js';
import { findSecret, redact, type SecretOptions } from '../src/matchers/secrets.js';

function secretOptions(options: Record<string, unknown>): SecretOptions {
  return { extraPatterns: Array.isArray(options.extraPatterns) ? options.extraPatterns.filter((p): p is string => typeof p === 'string' && p !== '') : [] };
}

export const rule: Rule = {
  meta: {
    id: 'no-secrets',
    description: 'Error answers carry no credentials: API keys, bearer tokens, passwords, private keys, JWTs. Evidence is shown redacted.',
    severity: { recommended: 'error', strict: 'error' },
    tags: ['security'],
    messages: {
      secret: 'The error answer carries a credential ({kind}) in {where}: "{match}". Rotate it and strip credentials from error text.',
    },
    optionsSchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        extraPatterns: {
          type: 'array',
          items: { type: 'string', format: 'regex' },
          description: 'More credential regexes (JavaScript syntax), reported as kind "custom"; a named group `secret` narrows what is redacted.',
        },
      },
    },
  },

  // Only error answers: a tool may legitimately return a credential it was asked for (e.g. a vault read).
  appliesTo(ex: Exchange): boolean {
    return leaksCanShow(ex);
  },

  check(ex, ctx) {
    const opts = secretOptions(ctx.options);
    for (const surface of errorSurfaces(ex)) {
      const secret = findSecret(surface.text, opts);
      if (secret === null) continue;
      // Evidence: some context around the first secret, cut from the redacted text so no raw fragment survives.
      const redacted = redact(surface.text, opts);
      const at = Math.max(0, redacted.indexOf('[REDACTED:'));
      const context = redacted.slice(Math.max(0, at - 30), at + 60);
      ctx.report({ messageId: 'secret', data: { kind: secret.kind, where: surface.where, match: snippet(context) } });
      return;
    }
  },
};
