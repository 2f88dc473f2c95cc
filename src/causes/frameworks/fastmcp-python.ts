// fastmcp, the Python framework (PrefectHQ/fastmcp, formerly jlowin/fastmcp; on the MCP Python SDK): the texts it
// writes into tool results itself, its mask_error_details option, and what to change (docs/frameworks.md).
import type { CauseInput, Framework, FrameworkSighting, Mechanism } from '../cause.js';

const SOURCE = 'https://github.com/PrefectHQ/fastmcp/blob/v3.4.7/fastmcp_slim/fastmcp/server/server.py';
const DOCS = 'https://gofastmcp.com/servers/tools#error-handling';

/** An exception from a tool that is no ToolError: "Error calling tool 'x': <text>", or "Error calling tool 'x'" masked. */
const ERROR_CALLING = /^Error calling tool '([^']*)'(: [\s\S]*)?$/;
/** pydantic's refusal of a tool's arguments as fastmcp validates them: the function's TypeAdapter, titled `call[<function>]`. */
const CALL_VALIDATION = /^\d+ validation errors? for call\[[^\]]*\]/;
/** fastmcp's unknown tool since v3: the name in repr quotes. */
const UNKNOWN_TOOL = /^Unknown tool: '/;

function sight(input: CauseInput): FrameworkSighting | undefined {
  const answers = input.findings.map((finding) => finding.said).filter((answer) => answer.kind === 'tool-error');
  // "Error calling tool '…'" alone is no proof (any server may write it): pydantic's refusal titled call[<function>] is.
  if (!answers.some((answer) => CALL_VALIDATION.test(answer.text))) return undefined;
  const evidence = ['pydantic\'s "validation error for call[…]" of fastmcp\'s argument check'];
  if (answers.some((answer) => ERROR_CALLING.test(answer.text))) evidence.push('fastmcp\'s "Error calling tool \'…\'" result');
  return { id: 'fastmcp-python', name: 'fastmcp (Python)', evidence: evidence.join('; ') };
}

const mechanisms: Mechanism[] = [
  {
    id: 'fastmcp-python/exception-details',
    summary: 'fastmcp sends the text of any exception a tool raises to the model, as "Error calling tool \'…\': <the exception\'s text>" (mask_error_details is off by default)',
    fix: 'Set mask_error_details=True (FastMCP(..., mask_error_details=True) or FASTMCP_MASK_ERROR_DETAILS=true) and raise ToolError with a message written for the model wherever it should read one.',
    source: DOCS,
    explains(finding) {
      const { kind, text } = finding.said;
      const match = ERROR_CALLING.exec(text);
      return ['no-internal-details', 'no-stack-trace', 'no-secrets', 'error-size-bounded'].includes(finding.ruleId) && kind === 'tool-error' && match !== null && match[2] !== undefined;
    },
  },
  {
    id: 'fastmcp-python/masked-errors',
    summary: 'With mask_error_details on, fastmcp replaces the text of every exception that is no ToolError with "Error calling tool \'…\'", which tells the model nothing to change',
    fix: 'Raise ToolError with what went wrong and what to change wherever the model can act on it: fastmcp sends a ToolError\'s message even with mask_error_details on.',
    source: DOCS,
    explains(finding) {
      const { kind, text } = finding.said;
      const match = ERROR_CALLING.exec(text);
      return ['error-not-generic', 'recovery-hint', 'agent-recovers'].includes(finding.ruleId) && kind === 'tool-error' && match !== null && match[2] === undefined;
    },
  },
  {
    id: 'fastmcp-python/unknown-tool-as-result',
    summary: 'fastmcp answers an unknown tool with an isError result ("Unknown tool: \'…\'"), not a JSON-RPC error',
    fix: 'Nothing in your tools causes it and no fastmcp option changes it (its NotFoundError becomes a result in the MCP Python SDK\'s tools/call handler): record the finding in a baseline (--baseline).',
    source: `${SOURCE}#L1306-L1307`,
    explains(finding) {
      const { kind, text } = finding.said;
      return finding.ruleId === 'unknown-tool' && finding.messageId === 'toolErrorResult' && kind === 'tool-error' && UNKNOWN_TOOL.test(text);
    },
  },
];

export const fastmcpPython: Framework = { id: 'fastmcp-python', name: 'fastmcp (Python)', sight, mechanisms };
