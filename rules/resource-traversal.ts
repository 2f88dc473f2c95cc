// Rule resource-traversal: resources/read of a traversal-looking path ("…/../../etc/passwd") must not be served. What
// came back is never printed: the run keeps only its size and hash (ProbeCase.sensitive).
import type { Rule } from '../src/grade/rule.js';
import { snippet } from '../src/matchers/surface.js';
import { servedLength, withheldRefusal } from '../src/engine/withhold.js';

/** Total characters of the (withheld) texts and blobs of a resources/read result, but for texts that only refuse ("… not found"). */
function servedCharacters(contents: unknown[]): number {
  let total = 0;
  for (const item of contents) {
    if (item === null || typeof item !== 'object') continue;
    for (const key of ['text', 'blob'] as const) {
      const value = (item as Record<string, unknown>)[key];
      if (typeof value !== 'string' || withheldRefusal(value)) continue;
      total += servedLength(value);
    }
  }
  return total;
}

export const rule: Rule = {
  meta: {
    id: 'resource-traversal',
    description: 'resources/read of a traversal-looking path ("../../etc/passwd") is refused, not served.',
    severity: { recommended: 'error', strict: 'error' },
    tags: ['security', 'resources'],
    securitySeverity: '8.0',
    fix: 'Resolve each resource URI against the resources you list and refuse one that leaves their root (.. segments included) with JSON-RPC -32602 before reading anything.',
    messages: {
      served: 'resources/read of the traversal-looking {uri} was served ({characters} characters, withheld): every resource URI must be validated against what the server may expose.',
    },
  },

  appliesTo(r) {
    return r.exchange.probe === 'resources' && r.exchange.case.sensitive === true && r.kind === 'success';
  },

  check(r, ctx) {
    const result = r.exchange.outcome.kind === 'result' ? r.exchange.outcome.result : {};
    const contents = Array.isArray(result.contents) ? result.contents : [];
    const characters = servedCharacters(contents);
    // Empty contents, or a text that says the path is not there ("Documentation not found: etc/passwd"), for a path that
    // resolves to nothing is resource-not-found's concern, not a leak.
    if (characters > 0) ctx.report({ messageId: 'served', data: { uri: snippet(r.exchange.case.name, 80), characters } });
  },
};
