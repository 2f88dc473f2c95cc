// Rule resource-not-found: resources/read of a URI that does not exist is a JSON-RPC error with the code of the
// negotiated version (-32002 SHOULD up to 2025-11-25; -32602 MUST from 2026-07-28), never empty contents or a success.
import type { Rule } from '../src/grade/rule.js';
import { gradeRefusal } from '../src/grade/refusal.js';
import { snippet } from '../src/matchers/surface.js';

export const rule: Rule = {
  meta: {
    id: 'resource-not-found',
    description: 'resources/read of a URI that does not exist is refused with the JSON-RPC code of the negotiated version, never answered with empty contents.',
    severity: { recommended: 'warning', strict: 'error' },
    tags: ['layer', 'protocol', 'resources'],
    fix: 'Refuse resources/read of a URI that does not exist or is malformed with JSON-RPC -32602 (Invalid params) naming the URI, never with empty contents or content.',
    messages: {
      // 2026-07-28: "Servers MUST NOT return an empty contents array for a non-existent resource."
      emptyContentsMust: { text: 'resources/read of {uri} ({label}) was answered with empty contents; from 2026-07-28 a server MUST refuse a missing resource with -32602.', severity: 'error' },
      emptyContents: 'resources/read of {uri} ({label}) was answered with empty contents: the agent reads an empty resource, not a missing one; refuse it with {expected}.',
      served: 'resources/read of {uri} ({label}) was answered with content, as if it existed; refuse it with {expected} (Resource not found).',
      wrongCodeMust: { text: 'resources/read of {uri} ({label}) was refused with {codeAsSent}; from 2026-07-28 a missing resource MUST be -32602 (Invalid params), and -32002 MUST NOT be emitted.', severity: 'error' },
      wrongCode: 'resources/read of {uri} ({label}) was refused with {codeAsSent}; the spec of {version} asks for {expected}{internal}.',
      toolError: 'resources/read of {uri} ({label}) was answered with an isError result, a tool\'s failure shape; resources are refused with a JSON-RPC error ({expected}).',
      httpAnswer: 'resources/read of {uri} ({label}) was answered with {http} and no JSON-RPC message; refuse it with a JSON-RPC error ({expected}).',
    },
  },

  // The made-up, malformed, foreign and template URIs of the resources probe; the traversal read is resource-traversal's.
  appliesTo(r) {
    const ex = r.exchange;
    return ex.probe === 'resources' && ex.case.expect === 'refused' && r.method === 'resources/read' && !ex.case.sensitive && (r.answered || r.kind === 'http');
  },

  check(r, ctx) {
    const c = r.exchange.case;
    const codes = [c.expectCode, ...(c.acceptCodes ?? [])].filter((x) => x !== undefined);
    const must = c.requirement === 'must';
    const data = { uri: snippet(c.name, 80), label: c.label, expected: codes.join(' or '), version: ctx.session.protocolVersion };
    gradeRefusal(r, ctx, codes, data, {
      http: 'httpAnswer',
      toolError: 'toolError',
      served: () => {
        const contents = r.exchange.outcome.kind === 'result' ? r.exchange.outcome.result.contents : undefined;
        const empty = !Array.isArray(contents) || contents.length === 0;
        return empty ? (must ? 'emptyContentsMust' : 'emptyContents') : 'served';
      },
      wrongCode: must ? 'wrongCodeMust' : 'wrongCode',
      withInternalNote: true,
    });
  },
};
