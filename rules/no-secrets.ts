// Rule no-secrets: no error surface carries a credential (API key, bearer token, password, private key, JWT).
import type { Rule } from '../src/grade/rule.js';
import { snippet } from '../src/matchers/surface.js';
import { findSecret, redact, type SecretOptions } from '../src/matchers/secrets.js';

export const rule: Rule<Required<SecretOptions>> = {
  meta: {
    id: 'no-secrets',
    description: 'Error answers carry no credentials: API keys, bearer tokens, passwords, private keys, JWTs. Evidence is shown redacted.',
    severity: { recommended: 'error', strict: 'error' },
    tags: ['security'],
    securitySeverity: '9.0',
    capsGrade: 'D',
    fix: 'Strip credentials (keys, tokens, passwords, connection-string secrets) from everything that goes into an error answer, and rotate any credential that was exposed.',
    messages: {
      secret: 'The error answer carries a credential ({kind}) in {where}: "{match}". Rotate it and strip credentials from error text.',
    },
    options: {
      schema: {
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
      defaults: { extraPatterns: [] },
    },
  },

  // Only error answers: a tool may legitimately return a credential it was asked for (e.g. a vault read).
  appliesTo(r) {
    return r.leaksCanShow;
  },

  check(r, ctx) {
    for (const surface of r.surfaces) {
      const secret = findSecret(surface.text, ctx.options);
      if (secret === null) continue;
      // Evidence: some context around the first secret, cut from the redacted text so no raw fragment survives.
      const redacted = redact(surface.text, ctx.options);
      const at = Math.max(0, redacted.indexOf('[REDACTED:'));
      const context = redacted.slice(Math.max(0, at - 30), at + 60);
      ctx.report({ messageId: 'secret', data: { kind: secret.kind, where: surface.where, match: snippet(context) } });
      return;
    }
  },
};
