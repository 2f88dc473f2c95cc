// Pydantic 2: "N validation error(s) for Model" texts and errors() JSON, as the Python SDK's FastMCP and FastMCP 3 answer.
import { describe } from 'vitest';
import { callOf, toolError } from '../answer.js';
import { table } from '../table.js';

// No corpus server is written in Python. The texts below are what pydantic 2.13.4 itself prints (str(ValidationError)) for
// the model the Python SDK builds from a tool function, "{fn}Arguments" (modelcontextprotocol/python-sdk v1.29.0,
// 98b7159, src/mcp/server/fastmcp/utilities/func_metadata.py:259), inside its wrapper "Error executing tool {name}: {e}"
// (src/mcp/server/fastmcp/tools/base.py:117); and for FastMCP 3's TypeAdapter over the function, "call[fn]"
// (jlowin/fastmcp b14b137, src/fastmcp/tools/function_tool.py:260), which the low-level server returns as str(e).
const schema = {
  type: 'object',
  properties: { order_id: { type: 'string' }, quantity: { type: 'integer', minimum: 1, maximum: 50 }, status: { type: 'string', enum: ['open', 'shipped', 'cancelled'], default: 'open' } },
  required: ['order_id', 'quantity'],
  additionalProperties: false,
};
const search = {
  type: 'object',
  properties: { filter: { type: 'array', items: { type: 'object', properties: { since: { type: 'string' }, status: { type: 'string', enum: ['open', 'shipped'] } } } } },
  required: ['filter'],
};
const call = (args: Record<string, unknown>) => callOf('create_order', schema, args);

describe('pydantic-v2', () => {
  table([
    {
      name: 'Python SDK FastMCP: a missing field',
      frame: toolError("Error executing tool create_order: 1 validation error for create_orderArguments\norder_id\n  Field required [type=missing, input_value={'quantity': 1}, input_type=dict]\n    For further information visit https://errors.pydantic.dev/2.13/v/missing"),
      call: call({ quantity: 1 }),
      culprits: [{ path: ['order_id'], problem: 'missing', format: 'pydantic-v2' }],
    },
    {
      name: 'Python SDK FastMCP: a type',
      frame: toolError("Error executing tool create_order: 1 validation error for create_orderArguments\nquantity\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='many', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.13/v/int_parsing"),
      call: call({ order_id: 'ord_1', quantity: 'many' }),
      culprits: [{ path: ['quantity'], problem: 'type', format: 'pydantic-v2', expected: { type: 'integer' } }],
    },
    {
      name: 'Python SDK FastMCP: a literal',
      frame: toolError("Error executing tool create_order: 1 validation error for create_orderArguments\nstatus\n  Input should be 'open', 'shipped' or 'cancelled' [type=literal_error, input_value='lost', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.13/v/literal_error"),
      call: call({ order_id: 'ord_1', quantity: 1, status: 'lost' }),
      culprits: [{ path: ['status'], problem: 'enum', format: 'pydantic-v2', expected: { values: ['open', 'shipped', 'cancelled'] } }],
    },
    {
      name: 'Python SDK FastMCP: a bound',
      frame: toolError("Error executing tool create_order: 1 validation error for create_orderArguments\nquantity\n  Input should be less than or equal to 50 [type=less_than_equal, input_value=99, input_type=int]\n    For further information visit https://errors.pydantic.dev/2.13/v/less_than_equal"),
      call: call({ order_id: 'ord_1', quantity: 99 }),
      culprits: [{ path: ['quantity'], problem: 'range', format: 'pydantic-v2', expected: { max: 50 } }],
    },
    {
      name: 'Python SDK FastMCP: an extra input',
      frame: toolError("Error executing tool create_order: 1 validation error for create_orderArguments\ncoupon\n  Extra inputs are not permitted [type=extra_forbidden, input_value='X', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.13/v/extra_forbidden"),
      call: call({ order_id: 'ord_1', quantity: 1, coupon: 'X' }),
      culprits: [{ path: ['coupon'], problem: 'unexpected', format: 'pydantic-v2' }],
    },
    {
      name: 'a nested location "filter.0.status"',
      frame: toolError("Error executing tool search_orders: 1 validation error for search_ordersArguments\nfilter.0.status\n  Input should be 'open' or 'shipped' [type=literal_error, input_value='lost', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.13/v/literal_error"),
      call: callOf('search_orders', search, { filter: [{ since: '2024-01-01', status: 'lost' }] }),
      culprits: [{ path: ['filter', '0', 'status'], problem: 'enum', format: 'pydantic-v2', expected: { values: ['open', 'shipped'] } }],
    },
    {
      name: 'FastMCP 3: "validation error for call[create_order]", missing argument',
      frame: toolError("1 validation error for call[create_order]\norder_id\n  Missing required argument [type=missing_argument, input_value={'quantity': 1}, input_type=dict]\n    For further information visit https://errors.pydantic.dev/2.13/v/missing_argument"),
      call: call({ quantity: 1 }),
      culprits: [{ path: ['order_id'], problem: 'missing', format: 'pydantic-v2' }],
    },
    {
      name: 'two errors in one text',
      frame: toolError(
        "2 validation errors for create_orderArguments\norder_id\n  Field required [type=missing, input_value={'quantity': 99}, input_type=dict]\n    For further information visit https://errors.pydantic.dev/2.13/v/missing\nquantity\n  Input should be less than or equal to 50 [type=less_than_equal, input_value=99, input_type=int]\n    For further information visit https://errors.pydantic.dev/2.13/v/less_than_equal",
      ),
      call: call({ quantity: 99 }),
      culprits: [
        { path: ['order_id'], problem: 'missing', format: 'pydantic-v2' },
        { path: ['quantity'], problem: 'range', format: 'pydantic-v2', expected: { max: 50 } },
      ],
    },
    {
      name: 'errors() as JSON in error.data (FastAPI-style "detail")',
      frame: { error: { code: -32602, message: 'Invalid params', data: { detail: [{ type: 'int_parsing', loc: ['body', 'quantity'], msg: 'Input should be a valid integer, unable to parse string as an integer', input: 'many', url: 'https://errors.pydantic.dev/2.13/v/int_parsing' }] } } },
      call: call({ order_id: 'ord_1', quantity: 'many' }),
      culprits: [{ path: ['quantity'], problem: 'type', format: 'pydantic-v2', expected: { type: 'integer' } }],
    },
  ]);
});
