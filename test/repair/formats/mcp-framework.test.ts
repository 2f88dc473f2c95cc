// mcp-framework: validation answers are zod 3's error JSON, its unknown-tool answer lists the tools, its catch-all wraps errors.
import { describe } from 'vitest';
import { z } from 'zod/v3';
import { callOf, toolError } from '../answer.js';
import { table } from '../table.js';

// QuantGeekDev/mcp-framework ead9c4b (0.2.22, zod 3.x): BaseTool.toolCall catches the ZodError of schema.parse and answers
// createErrorResponse(error), an isError result whose text is error.message (src/tools/BaseTool.ts:902-927, :1008); an unknown
// tool is `Unknown tool: ${name}. Available tools: ${list}` thrown from the handler (src/core/MCPServer.ts:424), which the SDK
// turns into a -32603 error; anything else thrown there becomes `Tool execution failed: ${error}` (:518).
const schema = { type: 'object', properties: { city: { type: 'string' }, days: { type: 'number', minimum: 1, maximum: 7 } }, required: ['city'] };
const zodError = z.object({ city: z.string(), days: z.number().min(1).max(7).optional() }).safeParse({ days: 9 }).error!;

describe('mcp-framework', () => {
  table([
    {
      name: 'a validation answer: the ZodError message, read by zod-v3',
      frame: toolError(zodError.message),
      call: callOf('weather', schema, { days: 9 }),
      culprits: [
        { path: ['city'], problem: 'missing', format: 'zod-v3', expected: { type: 'string' } },
        { path: ['days'], problem: 'range', format: 'zod-v3', expected: { max: 7 } },
      ],
    },
    {
      name: 'the catch-all wrapper around a ZodError',
      frame: { error: { code: -32603, message: `Tool execution failed: ${zodError}` } },
      call: callOf('weather', schema, { days: 9 }),
      culprits: [
        { path: ['city'], problem: 'missing', format: 'mcp-framework', expected: { type: 'string' } },
        { path: ['days'], problem: 'range', format: 'mcp-framework', expected: { max: 7 } },
      ],
    },
    {
      name: 'an unknown tool: the available tools',
      frame: { error: { code: -32603, message: 'Unknown tool: wether. Available tools: weather, forecast' } },
      call: callOf('weather', schema, {}, { requestedTool: 'wether', toolNames: ['weather', 'forecast'] }),
      culprits: [],
      suggestedTools: ['weather', 'forecast'],
      final: false,
    },
  ]);
});
