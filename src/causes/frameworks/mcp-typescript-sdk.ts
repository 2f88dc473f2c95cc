// The official MCP TypeScript SDK (@modelcontextprotocol/sdk 1.x, @modelcontextprotocol/server 2.x): the answers its
// McpServer and its Protocol write themselves, the versions that write them, and what to change (docs/frameworks.md).
import type { CauseFinding as Finding, CauseInput, Framework, FrameworkSighting, Mechanism } from '../cause.js';
import type { AnswerSaid } from '../../grade/exchange.js';
import { formatRange, intersect, type Bounds } from './version-range.js';
import { INTERNAL_ERROR, INVALID_PARAMS } from '../../jsonrpc-codes.js';

const REPO = 'https://github.com/modelcontextprotocol/typescript-sdk';

/** 1.x's McpError writes `MCP error <code>: ` before every message (src/types.ts); 2.x's ProtocolError does not. */
const MCP_ERROR_PREFIX = /^MCP error -?\d+: /;
/** McpServer's refusal of schema-invalid arguments since 1.21.0 (1.x, after the prefix) and in 2.x: the text after it. */
const INPUT_VALIDATION = /^(MCP error -32602: )?Input validation error: Invalid arguments for tool \S*: ?([\s\S]*)$/;
/** McpServer's refusal of schema-invalid arguments from 1.3.0 to 1.20.x: a JSON-RPC -32602 error. */
const LEGACY_VALIDATION = /^MCP error -32602: Invalid arguments for tool \S*: /;
/** McpServer's unknown or disabled tool (the name may be empty, so two spaces, collapsed to one in the answer line). */
const TOOL_NOT_FOUND = /^(MCP error -32602: )?Tool\s+(?:\S+\s+)?(?:not found|disabled)$/;
/** zod's issue list as the Protocol answers a request its schema refuses: a JSON array whose paths start at params. */
const REQUEST_SCHEMA_DUMP = /^\[\s*\{[\s\S]*"path":\s*\[\s*"params"/;
/** zod 3's issue list (the SDK's own schemas before 1.23.0): `received`, or an enum refusal of zod 3's own code. */
const ZOD3_ISSUES = /"received":|"invalid_enum_value"/;

/** One thing an answer shows of the SDK: how strong, how to say it, and the versions it bounds. */
interface Clue {
  /** Enough on its own to name the SDK (a weak clue only narrows the version of a sighting made by a strong one). */
  strong: boolean;
  evidence: string;
  bounds: Bounds;
}

function cluesOf(answer: AnswerSaid): Clue[] {
  const { kind, code, text } = answer;
  const clues: Clue[] = [];
  const validation = INPUT_VALIDATION.exec(text);
  if (validation && kind === 'tool-error') {
    if (validation[1] !== undefined) {
      // 1.21.0 (#1044) made it a result; 1.30.0 (#1503) wrote zod's issues as "<message> at <path>" instead of zod's JSON.
      const dump = validation[2].trimStart().startsWith('[');
      clues.push({ strong: true, evidence: 'McpServer\'s "MCP error -32602: Input validation error: …" result', bounds: dump ? { major: 1, min: '1.21.0', below: '1.30.0' } : { major: 1, min: '1.30.0' } });
    } else {
      clues.push({ strong: true, evidence: 'McpServer\'s "Input validation error: Invalid arguments for tool …" result, without 1.x\'s prefix', bounds: { major: 2 } });
    }
  } else if (kind === 'protocol-error' && code === INVALID_PARAMS && LEGACY_VALIDATION.test(text)) {
    clues.push({ strong: true, evidence: 'McpServer\'s JSON-RPC "MCP error -32602: Invalid arguments for tool …"', bounds: { major: 1, min: '1.3.0', below: '1.21.0' } });
  }
  const notFound = TOOL_NOT_FOUND.exec(text);
  if (notFound) {
    const prefixed = notFound[1] !== undefined;
    if (kind === 'tool-error' && prefixed) clues.push({ strong: true, evidence: 'McpServer\'s "MCP error -32602: Tool … not found" result', bounds: { major: 1, min: '1.21.0' } });
    else if (kind === 'protocol-error' && code === INVALID_PARAMS && prefixed) clues.push({ strong: true, evidence: 'McpServer\'s JSON-RPC "MCP error -32602: Tool … not found"', bounds: { major: 1, min: '1.3.0', below: '1.21.0' } });
    else if (kind === 'protocol-error' && code === INVALID_PARAMS) clues.push({ strong: false, evidence: 'a JSON-RPC -32602 "Tool … not found" without 1.x\'s prefix', bounds: { major: 2 } });
  }
  if (kind === 'protocol-error' && code === INTERNAL_ERROR && REQUEST_SCHEMA_DUMP.test(text)) {
    // The SDK's own request schemas moved to zod 4 in 1.23.0 (#1040); 2.x keeps zod 4.
    clues.push(ZOD3_ISSUES.test(text)
      ? { strong: true, evidence: 'the SDK\'s -32603 with zod 3\'s issue list of the request', bounds: { below: '1.23.0' } }
      : { strong: true, evidence: 'the SDK\'s -32603 with zod 4\'s issue list of the request', bounds: { min: '1.23.0' } });
  }
  // Weak: a gateway that relays an upstream's McpError carries the prefix too; it narrows a sighting, never makes one.
  if (clues.length === 0 && MCP_ERROR_PREFIX.test(text)) clues.push({ strong: false, evidence: '1.x\'s "MCP error <code>:" prefix', bounds: { major: 1 } });
  return clues;
}

function sight(input: CauseInput): FrameworkSighting | undefined {
  const clues = input.findings.flatMap((finding) => cluesOf(finding.said));
  if (!clues.some((clue) => clue.strong)) return undefined;
  const evidence = [...new Set(clues.filter((clue) => clue.strong).map((clue) => clue.evidence))];
  const version = formatRange(intersect(clues.map((clue) => clue.bounds)));
  return { id: 'mcp-typescript-sdk', name: 'MCP TypeScript SDK', ...(version !== undefined ? { version } : {}), evidence: evidence.slice(0, 2).join('; ') };
}

/** Whether a finding is of one of these rules (and, when given, one of its message ids). */
const ofRules = (finding: Finding, rules: Record<string, readonly string[] | true>) => {
  const ids = rules[finding.ruleId];
  return ids === true || (ids !== undefined && ids.includes(finding.messageId));
};

/** Texts the SDK writes itself on a -32603: none of them is a handler's exception. */
const sdkOwnInternalText = (text: string) => REQUEST_SCHEMA_DUMP.test(text) || text === 'Invalid URL' || MCP_ERROR_PREFIX.test(text);

const mechanisms: Mechanism[] = [
  {
    id: 'mcp-typescript-sdk/unknown-tool-as-result',
    summary: 'McpServer of @modelcontextprotocol/sdk 1.21.0 and later 1.x answers an unknown or disabled tool with an isError result ("MCP error -32602: Tool … not found"), not a JSON-RPC error',
    fix: 'Move to @modelcontextprotocol/server 2.0.0 or later, whose McpServer answers an unknown or disabled tool with a JSON-RPC -32602 error (#1389); no 1.x release or option does.',
    source: `${REPO}/pull/1389`,
    explains(finding) {
      const answer = finding.said;
      return ofRules(finding, { 'unknown-tool': ['toolErrorResult'] }) && answer.kind === 'tool-error' && TOOL_NOT_FOUND.test(answer.text) && MCP_ERROR_PREFIX.test(answer.text);
    },
  },
  {
    id: 'mcp-typescript-sdk/request-schema-internal-error',
    summary: 'The SDK checks every request against its own schema before a handler runs, and answers one it refuses (a tools/call without a name, a resources/read without a uri, a bad log level) with -32603 and zod\'s issue list',
    fix: 'Nothing in your handlers causes it and no SDK release changes it (2.x keeps the -32603 on purpose): record these findings in a baseline (--baseline), or screen such requests before the SDK\'s transport.',
    source: `${REPO}/blob/1.30.0/src/shared/protocol.ts#L820-L827`,
    explains(finding) {
      const answer = finding.said;
      return ofRules(finding, { 'malformed-request': true, 'request-refusal': true, 'prompt-contract': true, 'resource-not-found': true, 'error-channel': true, 'unknown-tool': true })
        && answer.kind === 'protocol-error' && answer.code === INTERNAL_ERROR && REQUEST_SCHEMA_DUMP.test(answer.text);
    },
  },
  {
    id: 'mcp-typescript-sdk/malformed-uri-internal-error',
    summary: 'A resources/read whose URI Node\'s URL parser refuses is answered -32603 "Invalid URL": new URL() threw before the resource was looked up, and the SDK sent the exception as an internal error (McpServer 1.x parses the URI so itself)',
    fix: 'Check the URI before parsing it and refuse a malformed one with McpError(ErrorCode.InvalidParams, …); with McpServer, @modelcontextprotocol/server 2.0.0 or later does so itself (#2451).',
    source: `${REPO}/pull/2451`,
    explains(finding) {
      const answer = finding.said;
      return finding.method === 'resources/read' && ofRules(finding, { 'resource-not-found': true, 'request-refusal': true }) && answer.kind === 'protocol-error' && answer.code === INTERNAL_ERROR && answer.text === 'Invalid URL';
    },
  },
  {
    id: 'mcp-typescript-sdk/handler-exception-internal-error',
    summary: 'A request handler of the SDK\'s Server threw, and the SDK sent the exception\'s message as a JSON-RPC -32603 error (it keeps an error\'s code only when the error carries an integer one)',
    fix: 'Register tools with McpServer.registerTool (@modelcontextprotocol/sdk 1.21.0 or later), which returns a thrown error as an isError result, or in a low-level handler return { isError: true, content } for a tool failure and throw McpError(ErrorCode.InvalidParams, …) (ProtocolError in 2.x) for an unknown tool or bad arguments.',
    source: `${REPO}/blob/1.30.0/src/shared/protocol.ts#L820-L827`,
    explains(finding) {
      const answer = finding.said;
      return ofRules(finding, {
        'error-channel': ['internalErrorOnInvalidInput', 'internalErrorOnToolFailure'],
        'unknown-tool': ['wrongCode'],
        'request-refusal': ['internalCode'],
        'resource-not-found': ['wrongCode', 'wrongCodeMust'],
        'prompt-contract': ['wrongCode'],
        'no-internal-details': true,
        'no-stack-trace': true,
        'recovery-hint': true,
        'agent-recovers': true,
        'error-not-generic': true,
      }) && answer.kind === 'protocol-error' && answer.code === INTERNAL_ERROR && answer.text !== '' && !sdkOwnInternalText(answer.text);
    },
  },
];

export const mcpTypescriptSdk: Framework = { id: 'mcp-typescript-sdk', name: 'MCP TypeScript SDK', sight, mechanisms };
