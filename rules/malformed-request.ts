// Rule malformed-request: a malformed tools/call (no name, arguments not an object, params an array) gets JSON-RPC -32602 (rulebook §3 row 4).
import type { Rule } from '../src/grade/rule.js';
import { errorCodeData, snippet } from '../src/matchers/surface.js';
import { INTERNAL_ERROR, INVALID_PARAMS } from '../src/jsonrpc-codes.js';


export const rule: Rule = {
  meta: {
    id: 'malformed-request',
    description: 'A malformed tools/call (no name, a non-string name, arguments that are not an object, params an array or missing) is answered with JSON-RPC -32602.',
    severity: { recommended: 'warning', strict: 'error' },
    tags: ['protocol'],
    fix: 'Check tools/call params before dispatch (an object with a string name, and arguments an object if given) and answer a malformed call with JSON-RPC -32602 (Invalid params).',
    messages: {
      internalError: 'A malformed request ({label}) was answered with JSON-RPC -32603 Internal error; the request is wrong, not the server: answer {expected} (Invalid params). Message: "{message}"',
      wrongCode: 'A malformed request ({label}) was answered with a JSON-RPC error with {codeAsSent}; the spec requires {expected} (Invalid params).',
      toolErrorResult: 'A malformed request ({label}) was answered with an isError result; the request never reached a tool: answer {expected} (Invalid params).',
      // Not a §3 deviation of its own: as bad as a success for an unknown tool.
      success: {
        text: 'A malformed request ({label}) was answered with a success result: the client believes a call that could not be made ran. Text: "{text}"',
        severity: 'error',
      },
      noAnswer: 'A malformed request ({label}) got no answer ({outcome}): the client waits until its own timeout. Answer {expected} (Invalid params).',
      httpAnswer: 'A malformed request ({label}) was answered with {http} and no JSON-RPC message; the spec requires JSON-RPC {expected} (Invalid params).',
    },
  },

  appliesTo(r) {
    return r.exchange.probe === 'malformed-request' && r.exchange.outcome.kind !== 'closed';
  },

  check(r, ctx) {
    const ex = r.exchange;
    const label = ex.case.label;
    const expected = ex.case.expectCode ?? INVALID_PARAMS;
    switch (r.kind) {
      case 'protocol-error': {
        const code = r.code;
        if (code === expected) return;
        if (code === INTERNAL_ERROR) ctx.report({ messageId: 'internalError', data: { label, code, expected, message: snippet(r.errorText) } });
        else ctx.report({ messageId: 'wrongCode', data: { label, ...errorCodeData(ex), expected } });
        return;
      }
      case 'tool-error':
        ctx.report({ messageId: 'toolErrorResult', data: { label, expected } });
        return;
      case 'success':
        ctx.report({ messageId: 'success', data: { label, expected, text: snippet(r.resultText) } });
        return;
      case 'http':
        ctx.report({ messageId: 'httpAnswer', data: { label, expected, http: r.httpAnswer } });
        return;
      case 'timeout':
      case 'silent':
        ctx.report({ messageId: 'noAnswer', data: { label, expected, outcome: r.kind === 'timeout' ? `no answer within ${ctx.session.timeoutMs} ms` : 'no answer' } });
        return;
      default:
        return;
    }
  },
};
