// Rule unknown-tool: a call to a tool that does not exist gets JSON-RPC -32602 naming the tool (rulebook §3 row 1).
import type { Exchange, Rule } from '../src/types.js';
import { answerKind, errorCode, errorCodeData, errorText, httpAnswer, requestedToolName, snippet } from '../src/matchers/surface.js';

const INVALID_PARAMS = -32602;
/** Longer names are not expected to be echoed in full (MCP tool names are at most 128 characters). */
const MAX_ECHOED_NAME = 128;

export const rule: Rule = {
  meta: {
    id: 'unknown-tool',
    description: 'A tools/call for an unknown tool name is answered with JSON-RPC -32602 whose message names the tool.',
    severity: { recommended: 'error', strict: 'error' },
    tags: ['layer', 'protocol'],
    messages: {
      toolErrorResult:
        "Unknown tool '{name}' was answered with an isError result instead of JSON-RPC -32602 (allowed by the draft SEP-2145, not by the spec).",
      wrongCode: "Unknown tool '{name}' was answered with a JSON-RPC error with {codeAsSent}; the spec requires -32602 (Invalid params).",
      success: "Unknown tool '{name}' was answered with a success result: the client believes a tool that does not exist ran.",
      httpAnswer: "Unknown tool '{name}' was answered with {http} and no JSON-RPC message; the spec requires JSON-RPC -32602 (Invalid params).",
      unnamed: "The -32602 answer for unknown tool '{name}' does not name the tool: \"{message}\".",
    },
  },

  appliesTo(ex: Exchange): boolean {
    // Only the unknown-tool probe: a burst of unknown tools is graded by concurrent-calls, malformed calls by malformed-request.
    return ex.probe === 'unknown-tool' && ex.burst === undefined && ['result', 'error', 'http'].includes(ex.outcome.kind);
  },

  check(ex, ctx) {
    const requested = requestedToolName(ex);
    const name = snippet(requested, 60);
    const kind = answerKind(ex);

    if (kind === 'http') {
      ctx.report({ messageId: 'httpAnswer', data: { name, http: httpAnswer(ex) }, severity: 'warning' });
      return;
    }
    if (kind === 'success') {
      ctx.report({ messageId: 'success', data: { name }, severity: 'error' });
      return;
    }
    if (kind === 'tool-error') {
      // §3: a note in the recommended profile (88% of servers do this), a warning in strict.
      ctx.report({ messageId: 'toolErrorResult', data: { name }, severity: ctx.profile === 'strict' ? 'warning' : 'note' });
      return;
    }
    const code = errorCode(ex);
    if (code !== INVALID_PARAMS) {
      ctx.report({ messageId: 'wrongCode', data: { name, ...errorCodeData(ex) }, severity: 'warning' });
      return;
    }
    const message = errorText(ex);
    const nameable = requested.trim() !== '' && requested.length <= MAX_ECHOED_NAME;
    if (nameable && !message.toLowerCase().includes(requested.toLowerCase())) {
      ctx.report({ messageId: 'unnamed', data: { name, code, message: snippet(message) }, severity: 'note' });
    }
  },
};
