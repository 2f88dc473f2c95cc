// Rule request-refusal: the protocol's own requests that a server must refuse are refused with the code the spec names:
// an invalid cursor or log level (-32602), params of the wrong shape (-32602), a completion for a prompt that does not
// exist (-32602), a method of a capability the server did not declare (-32601).
import type { Rule } from '../src/grade/rule.js';
import { gradeRefusal } from '../src/grade/refusal.js';
import { METHOD_NOT_FOUND } from '../src/jsonrpc-codes.js';

const SURFACE_PROBES = new Set(['resources', 'prompts', 'completions', 'protocol-requests']);

export const rule: Rule = {
  meta: {
    id: 'request-refusal',
    description: 'Requests the spec says to refuse (an invalid cursor or log level, malformed params, an unknown completion reference, an undeclared capability) get a JSON-RPC error with the code it names.',
    severity: { recommended: 'warning', strict: 'error' },
    tags: ['protocol'],
    fix: 'Refuse the requests the spec says to refuse with the code it names: -32602 for a bad cursor, log level, params or completion reference, -32601 for an undeclared capability.',
    messages: {
      undeclaredServed: {
        text: '{method} ({label}) was answered with a result although the server did not declare the capability; declare it, or refuse the method with -32601.',
        fix: 'Declare the capability whose methods you serve, or answer those methods with JSON-RPC -32601 (Method not found).',
      },
      ignored: { text: '{method} ({label}) was answered with a result, as if its params were right; the spec asks for {expected}.', severity: { recommended: 'note', strict: 'warning' } },
      accepted: '{method} ({label}) was answered with a result; the spec asks to refuse it with {expected}.',
      internalCode: '{method} ({label}) was refused with -32603, which is for internal errors only; the spec asks for {expected}.',
      wrongCode: { text: '{method} ({label}) was refused with {codeAsSent}; the spec asks for {expected}.', severity: { recommended: 'note', strict: 'warning' } },
      noAnswer: '{method} ({label}) got no answer ({outcome}): the client waits out its timeout for a request the spec says to refuse.',
      httpAnswer: '{method} ({label}) was answered with {http} and no JSON-RPC message; refuse it with a JSON-RPC error ({expected}).',
    },
  },

  // The surface probes' protocol-level requests, and completions an agent asks for (resources/read and prompts/get
  // have rules of their own: resource-not-found, prompt-contract).
  appliesTo(r) {
    const ex = r.exchange;
    if (!SURFACE_PROBES.has(ex.probe) || ex.outcome.kind === 'closed') return false;
    return ex.case.expect === 'protocol-error' || (ex.case.expect === 'refused' && r.method === 'completion/complete');
  },

  check(r, ctx) {
    const c = r.exchange.case;
    const data = { method: r.method ?? 'a request', label: c.label, expected: String(c.expectCode ?? 'an error') };
    gradeRefusal(r, ctx, [c.expectCode, ...(c.acceptCodes ?? [])], data, {
      http: 'httpAnswer',
      noAnswer: 'noAnswer',
      // A list that ignores an unknown cursor returns the first page: not wrong enough to warn about by default.
      served: () => c.expectCode === METHOD_NOT_FOUND ? 'undeclaredServed' : c.breaks === undefined && r.method?.endsWith('/list') ? 'ignored' : 'accepted',
      wrongCode: 'wrongCode',
      internalCode: 'internalCode',
    });
  },
};
