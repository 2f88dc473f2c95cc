// mcp-framework: its validation answers are zod 3's error JSON (read by zod-v3); its own words are "Tool execution failed: <error>", unwrapped here.
import type { Culprit } from '../diagnosis.js';
import type { FormatReader } from '../culprit.js';
import { embeddedJson } from '../embedded-json.js';
import { issueCulprits } from './zod-v3.js';
import { MCP_FRAMEWORK, zodIssuesIn } from './zod-issues.js';


export const mcpFrameworkReader: FormatReader = {
  format: 'mcp-framework',
  read(answer, call) {
    const culprits: Culprit[] = [];
    const claimed: number[] = [];
    answer.texts.forEach((text, i) => {
      // MCPServer's catch-all around a tool ("Tool execution failed: ZodError: [ … ]").
      if (!MCP_FRAMEWORK.test(text)) return;
      const issues = embeddedJson(text).flatMap((v) => zodIssuesIn(v));
      if (issues.length === 0) return;
      claimed.push(i);
      for (const { issue } of issues) culprits.push(...issueCulprits(issue, call, 'mcp-framework'));
    });
    return { culprits, claimed };
  },
};
