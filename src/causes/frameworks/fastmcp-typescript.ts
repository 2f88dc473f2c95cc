// fastmcp, the TypeScript framework (punkpeye/fastmcp, on @modelcontextprotocol/sdk 1.x): the texts its tools/call
// handler writes itself (src/FastMCP.ts), the versions that write them, and what to change (docs/frameworks.md).
import type { CauseInput, Framework, FrameworkSighting, Mechanism } from '../cause.js';
import { INTERNAL_ERROR, INVALID_PARAMS, METHOD_NOT_FOUND } from '../../jsonrpc-codes.js';

const SOURCE = 'https://github.com/punkpeye/fastmcp/blob/v4.16.8/src/FastMCP.ts';

/** Schema-invalid parameters: a JSON-RPC -32602 (with 1.x's prefix), since v2.1.4 (#84). */
const PARAMETER_VALIDATION = /^MCP error -32602: Tool '[^']*' parameter validation failed: /;
/** The sentence v3.1.0 (#108) added after the issues. */
const PLEASE_CHECK = /Please check the parameter types and values according to the tool's schema\.$/;
/** An exception from execute that is no UserError: an isError result, since v2.1.4 (#84). */
const EXECUTION_FAILED = /^Tool '[^']*' execution failed: /;
/** The complete handler's own refusals (UnexpectedStateError, no code: the SDK sends -32603). */
const COMPLETION_REFUSAL = /^(Unknown prompt|Prompt does not support completion|Unknown resource|Unexpected resource|Resource does not support completion|Unexpected completion request)$/;
/** An unknown tool: a JSON-RPC -32601 (Method not found), since fastmcp's first release. */
const UNKNOWN_TOOL = /^MCP error -32601: Unknown tool: /;

function sight(input: CauseInput): FrameworkSighting | undefined {
  const evidence = new Set<string>();
  let since31 = false;
  for (const finding of input.findings) {
    const { kind, code, text } = finding.said;
    if (kind === 'protocol-error' && code === INVALID_PARAMS && PARAMETER_VALIDATION.test(text)) {
      evidence.add('fastmcp\'s "Tool \'…\' parameter validation failed" error');
      if (PLEASE_CHECK.test(text)) since31 = true;
    }
    if (kind === 'tool-error' && EXECUTION_FAILED.test(text)) evidence.add('fastmcp\'s "Tool \'…\' execution failed:" result');
    if (kind === 'protocol-error' && code === METHOD_NOT_FOUND && UNKNOWN_TOOL.test(text)) evidence.add('fastmcp\'s -32601 "Unknown tool:"');
  }
  // "Unknown tool:" with -32601 alone is not fastmcp's own enough (any SDK 1.x server may write it): it needs one of the others.
  const own = [...evidence].filter((e) => !e.includes('Unknown tool'));
  if (own.length === 0) return undefined;
  return { id: 'fastmcp-typescript', name: 'fastmcp (TypeScript)', version: since31 ? '>=3.1.0' : '>=2.1.4', evidence: [...evidence].slice(0, 2).join('; ') };
}

const mechanisms: Mechanism[] = [
  {
    id: 'fastmcp-typescript/validation-as-protocol-error',
    summary: 'fastmcp checks a tool\'s parameters before execute runs and refuses invalid ones with a JSON-RPC -32602 error ("Tool \'…\' parameter validation failed"), which the model never reads; no option returns it as a result',
    fix: 'Declare the tool\'s parameters loosely and validate them inside execute, throwing UserError with what to change: fastmcp returns a UserError as an isError result the model reads.',
    source: `${SOURCE}#L2543-L2555`,
    explains(finding) {
      const { kind, code, text } = finding.said;
      return finding.ruleId === 'error-channel' && kind === 'protocol-error' && code === INVALID_PARAMS && PARAMETER_VALIDATION.test(text);
    },
  },
  {
    id: 'fastmcp-typescript/unknown-tool-method-not-found',
    summary: 'fastmcp answers an unknown tool with -32601 (Method not found), where the spec asks for -32602 (Invalid params)',
    fix: 'Nothing in your code causes it and no fastmcp option changes it (src/FastMCP.ts throws ErrorCode.MethodNotFound in every release to v4.20.16, the last checked): record the finding in a baseline (--baseline) until fastmcp answers -32602.',
    source: `${SOURCE}#L2534-L2539`,
    explains(finding) {
      const { kind, code, text } = finding.said;
      return finding.ruleId === 'unknown-tool' && finding.messageId === 'wrongCode' && kind === 'protocol-error' && code === METHOD_NOT_FOUND && UNKNOWN_TOOL.test(text);
    },
  },
  {
    id: 'fastmcp-typescript/completion-refusal-internal-error',
    summary: 'fastmcp refuses a completion/complete it cannot serve (an unknown prompt or resource, one without completion) with a plain error, which the SDK sends as -32603',
    fix: 'Nothing in your code causes it and no fastmcp option changes it (its complete handler throws UnexpectedStateError in every release to v4.20.16, the last checked): record the finding in a baseline (--baseline).',
    source: `${SOURCE}#L2097-L2175`,
    explains(finding) {
      const { kind, code, text } = finding.said;
      return finding.method === 'completion/complete' && kind === 'protocol-error' && code === INTERNAL_ERROR && COMPLETION_REFUSAL.test(text);
    },
  },
  {
    id: 'fastmcp-typescript/execution-failed-passthrough',
    summary: 'An exception thrown in execute that is no UserError reaches the model as its own message, prefixed "Tool \'…\' execution failed:"',
    fix: 'Catch failures in execute and throw UserError with a message written for the model (what went wrong, what to change); fastmcp passes every other exception\'s message through as it is.',
    source: 'https://github.com/punkpeye/fastmcp/blob/v4.16.8/README.md#errors',
    explains(finding) {
      const { kind, text } = finding.said;
      return ['no-internal-details', 'no-stack-trace', 'no-secrets', 'error-size-bounded', 'recovery-hint', 'agent-recovers', 'error-not-generic'].includes(finding.ruleId) && kind === 'tool-error' && EXECUTION_FAILED.test(text);
    },
  },
];

export const fastmcpTypescript: Framework = { id: 'fastmcp-typescript', name: 'fastmcp (TypeScript)', sight, mechanisms };
