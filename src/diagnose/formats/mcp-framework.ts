// mcp-framework: its validation answers are zod 3's error JSON (read by zod-v3); its own words are "Tool execution failed: <error>", unwrapped here.
import type { FormatReader } from '../culprit.js';
import { readTexts } from '../culprit.js';
import { embeddedJson } from '../embedded-json.js';
import { issueCulprits } from './zod-v3.js';
import { MCP_FRAMEWORK, zodIssuesIn } from './zod-issues.js';


export const mcpFrameworkReader: FormatReader = {
  format: 'mcp-framework',
  read(answer, call) {
    return readTexts(answer.texts, (text) => {
      // MCPServer's catch-all around a tool ("Tool execution failed: ZodError: [ … ]").
      if (!MCP_FRAMEWORK.test(text)) return undefined;
      const issues = embeddedJson(text).flatMap((v) => zodIssuesIn(v));
      return issues.length === 0 ? undefined : issues.flatMap(({ issue }) => issueCulprits(issue, call, 'mcp-framework'));
    });
  },
};
