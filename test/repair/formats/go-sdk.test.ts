// Go servers: excel-mcp-server (mcp-go + zog) answers captured from the binary, the official Go SDK's conformance answers, mcp-go's helper errors, encoding/json.
import { describe } from 'vitest';
import { callOf, toolError } from '../answer.js';
import { table } from '../table.js';

const readSheet = {
  type: 'object',
  properties: { fileAbsolutePath: { type: 'string' }, range: { type: 'string' }, sheetName: { type: 'string' }, showFormula: { type: 'boolean' }, showStyle: { type: 'boolean' } },
  required: ['fileAbsolutePath', 'sheetName'],
};
const greet = { type: 'object', properties: { Name: { type: 'string' } }, required: ['Name'], additionalProperties: false };
const order = { type: 'object', properties: { quantity: { type: 'integer', minimum: 1 }, status: { type: 'string', enum: ['open', 'shipped'] }, filter: { type: 'object', properties: { since: { type: 'string', pattern: '^\\d{4}' }, limit: { type: 'integer' } } } }, required: ['quantity'] };

const call = (args: Record<string, unknown>) => callOf('order', order, args);

describe('go-sdk', () => {
  table([
    {
      // @negokaz/excel-mcp-server 0.12.0 (Go binary: mark3labs/mcp-go v0.34.0, Oudwins/zog v0.21.4), excel_read_sheet {}: one
      // content item per field, one of them "$first", a name zog gives the first path of a union, not an argument.
      name: 'excel-mcp-server: one item per missing field, "$first" left alone',
      frame: toolError('Invalid argument: $first: is required', 'Invalid argument: fileAbsolutePath: is required', 'Invalid argument: sheetName: is required'),
      call: callOf('excel_read_sheet', readSheet, {}),
      culprits: [
        { path: ['fileAbsolutePath'], problem: 'missing', format: 'go-sdk' },
        { path: ['sheetName'], problem: 'missing', format: 'go-sdk' },
      ],
    },
    {
      // excel-mcp-server 0.12.0, excel_read_sheet {"fileAbsolutePath": 12345, "sheetName": "x"}: the number came through as a string path.
      name: 'excel-mcp-server: a field with a message',
      frame: toolError("Invalid argument: $first: Path '12345' is not absolute", "Invalid argument: fileAbsolutePath: Path '12345' is not absolute"),
      call: callOf('excel_read_sheet', readSheet, { fileAbsolutePath: 12345, sheetName: 'x' }),
      culprits: [{ path: ['fileAbsolutePath'], problem: 'invalid', format: 'go-sdk' }],
    },
    {
      // excel-mcp-server 0.12.0, an unknown tool (JSON-RPC -32602).
      name: 'mcp-go: an unknown tool',
      frame: { error: { code: -32602, message: "tool 'no_such_tool_xyz' not found: tool not found" } },
      call: callOf('excel_read_sheet', readSheet, {}, { requestedTool: 'no_such_tool_xyz', toolNames: ['excel_read_sheet', 'excel_describe_sheets'] }),
      culprits: [],
      suggestedTools: [],
      final: false,
    },
    {
      // modelcontextprotocol/go-sdk 3d6450f, mcp/testdata/conformance/server/tools.txtar: the answer to a greet call without Name.
      name: 'Go SDK: validating "arguments": required',
      frame: toolError('validating "arguments": validating root: required: missing properties: ["Name"]'),
      call: callOf('greet', greet, {}),
      culprits: [{ path: ['Name'], problem: 'missing', format: 'go-sdk' }],
    },
    {
      // The same chain for a nested keyword, composed from google/jsonschema-go 8bd5742 (jsonschema/validate.go:85 "validating %s",
      // :126 "type: %v has type %q, want %q"; schema paths from resolve.go:256).
      name: 'Go SDK: a type under /properties/quantity',
      frame: toolError('validating "arguments": validating root: validating /properties/quantity: type: many has type "string", want "integer"'),
      call: callOf('order', order, { quantity: 'many' }),
      culprits: [{ path: ['quantity'], problem: 'type', format: 'go-sdk', expected: { type: 'integer' } }],
    },
    {
      name: 'Go SDK: an enum and a nested pattern',
      frame: toolError('validating "arguments": validating root: validating /properties/filter: validating /properties/filter/properties/since: pattern: "yesterday" does not match regular expression "^\\d{4}"'),
      call: callOf('order', order, { quantity: 1, filter: { since: 'yesterday' } }),
      culprits: [{ path: ['filter', 'since'], problem: 'pattern', format: 'go-sdk', expected: { pattern: '^\\d{4}' } }],
    },
    {
      // mark3labs/mcp-go 56af04b, mcp/tools.go:188 and :224 (RequireString, RequireInt).
      name: 'mcp-go helpers',
      frame: toolError('required argument "quantity" not found'),
      call: callOf('order', order, {}),
      culprits: [{ path: ['quantity'], problem: 'missing', format: 'go-sdk' }],
    },
    {
      name: 'mcp-go helpers: a type',
      frame: toolError('argument "quantity" is not an int'),
      call: callOf('order', order, { quantity: 'x' }),
      culprits: [{ path: ['quantity'], problem: 'type', format: 'go-sdk', expected: { type: 'integer' } }],
    },
    {
      // mcp-go's schema check (server/input_validation.go:251, santhosh-tekuri/jsonschema kinds printed with %+v).
      name: 'mcp-go schema check',
      frame: toolError('input schema validation failed: /quantity: &{Got:string Want:[integer]}'),
      call: callOf('order', order, { quantity: 'x' }),
      culprits: [{ path: ['quantity'], problem: 'type', format: 'go-sdk', expected: { type: 'integer' } }],
    },
    {
      // go-sdk mcp/tool.go:99 "unmarshaling arguments: %w" around encoding/json's message.
      name: 'encoding/json: a struct field of the wrong type',
      frame: toolError('unmarshaling arguments: json: cannot unmarshal string into Go struct field In.quantity of type int'),
      call: callOf('order', order, { quantity: 'x' }),
      culprits: [{ path: ['quantity'], problem: 'type', format: 'go-sdk', expected: { type: 'integer' } }],
    },
    {
      // encoding/json (Go 1.20+) names the field by its JSON path after the struct's type name: Args.quantity.
      name: 'encoding/json: Args.quantity, without the SDK prefix',
      frame: toolError('json: cannot unmarshal string into Go struct field Args.quantity of type int'),
      call: call({ quantity: 'x' }),
      culprits: [{ path: ['quantity'], problem: 'type', format: 'go-sdk', expected: { type: 'integer' } }],
    },
    {
      name: 'encoding/json: a nested field, Args.filter.limit',
      frame: toolError('unmarshaling arguments: json: cannot unmarshal string into Go struct field Args.filter.limit of type int'),
      call: call({ quantity: 1, filter: { limit: 'ten' } }),
      culprits: [{ path: ['filter', 'limit'], problem: 'type', format: 'go-sdk', expected: { type: 'integer' } }],
    },
    {
      name: 'encoding/json: a field the call and schema lack locates nothing',
      frame: toolError('json: cannot unmarshal string into Go struct field Args.page of type int'),
      call: call({ quantity: 1 }),
      culprits: [],
    },
  ]);
});
