// Rule unknown-tool: a call to a tool that does not exist gets JSON-RPC -32602 naming the tool (rulebook §3 row 1).
import type { Rule } from '../src/grade/rule.js';
import { gradeRefusal } from '../src/grade/refusal.js';
import { snippet } from '../src/matchers/surface.js';
import { INVALID_PARAMS } from '../src/jsonrpc-codes.js';

/** Longer names are not expected to be echoed in full (MCP tool names are at most 128 characters). */
const MAX_ECHOED_NAME = 128;

export const rule: Rule = {
  meta: {
    id: 'unknown-tool',
    description: 'A tools/call for an unknown tool name is answered with JSON-RPC -32602 whose message names the tool.',
    severity: { recommended: 'error', strict: 'error' },
    tags: ['layer', 'protocol'],
    fix: 'Answer a tools/call for a tool you do not have with JSON-RPC -32602 (Invalid params) whose message names the tool and lists the available ones.',
    messages: {
      // §3: a note in the recommended profile (88% of servers do this; SEP-2145, a draft, would allow it), a warning in strict.
      toolErrorResult: {
        text: "Unknown tool '{name}' was answered with an isError result instead of JSON-RPC -32602 (allowed by the draft SEP-2145, not by the spec).",
        severity: { recommended: 'note', strict: 'warning' },
      },
      wrongCode: { text: "Unknown tool '{name}' was answered with a JSON-RPC error with {codeAsSent}; the spec requires -32602 (Invalid params).", severity: 'warning' },
      success: "Unknown tool '{name}' was answered with a success result: the client believes a tool that does not exist ran.",
      httpAnswer: { text: "Unknown tool '{name}' was answered with {http} and no JSON-RPC message; the spec requires JSON-RPC -32602 (Invalid params).", severity: 'warning' },
      unnamed: { text: "The -32602 answer for unknown tool '{name}' does not name the tool: \"{message}\".", severity: 'note' },
    },
  },

  // Only the unknown-tool probe: a burst of unknown tools is graded by concurrent-calls, malformed calls by malformed-request.
  appliesTo(r) {
    return r.exchange.probe === 'unknown-tool' && r.exchange.burst === undefined && (r.answered || r.kind === 'http');
  },

  check(r, ctx) {
    const requested = r.requestedTool;
    const name = snippet(requested, 60);
    const refused = gradeRefusal(r, ctx, [INVALID_PARAMS], { name }, { http: 'httpAnswer', served: 'success', toolError: 'toolErrorResult', wrongCode: 'wrongCode' });
    if (!refused) return;
    const message = r.errorText;
    const nameable = requested.trim() !== '' && requested.length <= MAX_ECHOED_NAME;
    if (nameable && !message.toLowerCase().includes(requested.toLowerCase())) {
      ctx.report({ messageId: 'unnamed', data: { name, code: INVALID_PARAMS, message: snippet(message) } });
    }
  },
};
