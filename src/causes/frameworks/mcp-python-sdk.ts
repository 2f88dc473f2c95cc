// The official MCP Python SDK's high-level server (FastMCP in mcp 1.x, renamed MCPServer in 2.x): the texts it writes
// into tool results itself, and what to change (docs/frameworks.md).
import type { CauseInput, Framework, FrameworkSighting, Mechanism } from '../cause.js';

const SOURCE = 'https://github.com/modelcontextprotocol/python-sdk/blob/v1.29.0/src/mcp/server';

/** Every exception from a tool (pydantic's refusal of its arguments too), as Tool.run wraps it. */
const ERROR_EXECUTING = /^Error executing tool (\S+)(?:: ([\s\S]*))?$/;
/** pydantic's refusal of the arguments model FastMCP builds for a tool function: `<function>Arguments`. */
const ARGUMENTS_MODEL = /^\d+ validation errors? for \S+Arguments\b/;
/** The tool manager's unknown tool (no quotes around the name: fastmcp's own writes it with repr quotes since v3). */
const UNKNOWN_TOOL = /^Unknown tool: (?!')/;

function sight(input: CauseInput): FrameworkSighting | undefined {
  // "Error executing tool" alone is no proof (servers on other SDKs write it too): pydantic's refusal of the arguments
  // model FastMCP builds, inside it, is.
  const shown = input.findings.some((finding) => {
    const { kind, text } = finding.said;
    const wrapped = ERROR_EXECUTING.exec(text);
    return kind === 'tool-error' && wrapped !== null && ARGUMENTS_MODEL.test(wrapped[2] ?? '');
  });
  if (!shown) return undefined;
  return { id: 'mcp-python-sdk', name: 'MCP Python SDK (FastMCP / MCPServer)', evidence: 'FastMCP\'s "Error executing tool …: N validation error for …Arguments" result' };
}

const mechanisms: Mechanism[] = [
  {
    id: 'mcp-python-sdk/unknown-tool-as-result',
    summary: 'FastMCP answers an unknown tool with an isError result ("Unknown tool: …"): its tool manager raises ToolError and the low-level server turns every exception of a tools/call into a result',
    fix: 'Nothing in your tools causes it and no FastMCP option changes it: record the finding in a baseline (--baseline).',
    source: `${SOURCE}/lowlevel/server.py#L589-L590`,
    explains(finding) {
      const { kind, text } = finding.said;
      return finding.ruleId === 'unknown-tool' && finding.messageId === 'toolErrorResult' && kind === 'tool-error' && UNKNOWN_TOOL.test(text);
    },
  },
];

export const mcpPythonSdk: Framework = { id: 'mcp-python-sdk', name: 'MCP Python SDK (FastMCP / MCPServer)', sight, mechanisms };
