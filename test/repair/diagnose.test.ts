// diagnose(): one reading of an answer (readers in FORMATS order), culprits merged, offered tools, transient and final; and names.ts, every spelling.
import { describe, expect, it } from 'vitest';
import { FORMATS } from '../../src/diagnose/diagnosis.js';
import { diagnose, READERS } from '../../src/diagnose/diagnose.js';
import { resolveMention, resolvePath } from '../../src/diagnose/names.js';
import { answerOf, callOf, toolError, type Frame } from './answer.js';

const orders = {
  type: 'object',
  properties: {
    order_id: { type: 'string', pattern: '^ord_[0-9]+$' },
    limit: { type: 'integer', minimum: 1, maximum: 50 },
    status: { type: 'string', enum: ['open', 'shipped', 'cancelled'] },
    filter: { type: 'object', properties: { status: { type: 'string' }, since: { $ref: '#/$defs/date' } } },
    items: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } },
  },
  required: ['order_id', 'status'],
  additionalProperties: false,
  $defs: { date: { type: 'string', format: 'date' } },
};
const toolNames = ['list_orders', 'get_order', 'cancel_order'];
const ordersCall = (args: Record<string, unknown>, requestedTool = 'list_orders') => callOf('list_orders', orders, args, { toolNames, requestedTool });
const read = (frame: Frame, args: Record<string, unknown> = {}, requestedTool?: string, header?: string) => diagnose(answerOf(frame, header), ordersCall(args, requestedTool));

describe('diagnose: the readers', () => {
  it('asks them in FORMATS order, prose last', () => {
    expect(READERS.map((r) => r.format)).toEqual([...FORMATS]);
  });
});

describe('diagnose: an answer that locates nothing changes nothing', () => {
  // The schema makes the culprits obvious (order_id and status are required and absent, limit is a string where an integer
  // is declared): still, an answer that singles out nothing yields no culprit. The agent never diffs on its own.
  const obvious = { limit: 'ten', coupon: 'X' };
  const generic: [string, Frame][] = [
    ['Operation failed', toolError('Operation failed')],
    ['an empty text', toolError('')],
    ['no content at all', { result: { content: [], isError: true } }],
    ['Internal error (JSON-RPC)', { error: { code: -32603, message: 'Internal error' } }],
    ['Invalid arguments', toolError('Invalid arguments')],
    ['Invalid params (JSON-RPC -32602)', { error: { code: -32602, message: 'Invalid params' } }],
    ['Error', toolError('Error')],
    ['Bad request', toolError('Bad request')],
    ['MCP error -32603: Internal error', toolError('MCP error -32603: Internal error')],
    ['an HTML 500 page', toolError('<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1><p>The server encountered an internal error and was unable to complete your request.</p></body></html>')],
    ['a stack trace', toolError("TypeError: Cannot read properties of undefined (reading 'map')\n    at OrdersService.list (/app/dist/orders.js:42:17)")],
  ];
  for (const [name, frame] of generic) {
    it(name, () => {
      const d = read(frame, obvious);
      expect(d.culprits).toEqual([]);
      expect(d.suggestedTools).toEqual([]);
      expect(d.transient).toBeUndefined();
      expect(d.final).toBeUndefined();
    });
  }
});

describe('diagnose: merging', () => {
  it('keeps one culprit per path, the most specific', () => {
    const d = read(
      { result: { content: [{ type: 'text', text: 'limit must be between 1 and 50' }], structuredContent: { error: { field: 'limit', message: 'bad value' } }, isError: true } },
      { order_id: 'ord_1', status: 'open', limit: 500 },
    );
    expect(d.culprits).toEqual([expect.objectContaining({ path: ['limit'], problem: 'range', expected: { min: 1, max: 50 }, format: 'prose' })]);
  });

  it('on a tie keeps the earlier reader (structured before prose)', () => {
    const d = read(
      { result: { content: [{ type: 'text', text: 'status must be one of open, shipped' }], structuredContent: { field: 'status', allowedValues: ['open', 'shipped'] }, isError: true } },
      { order_id: 'ord_1', status: 'lost' },
    );
    expect(d.culprits).toEqual([expect.objectContaining({ path: ['status'], problem: 'enum', format: 'metadata', expected: { values: ['open', 'shipped'] } })]);
  });

  it('keeps culprits at different paths, each once', () => {
    const d = read(toolError('order_id is required', 'status is required', "Missing required argument 'order_id'"), {});
    expect(d.culprits.map((c) => [c.path, c.problem])).toEqual([
      [['order_id'], 'missing'],
      [['status'], 'missing'],
    ]);
  });

  it('evidence stays within 200 characters', () => {
    const d = read(toolError(`limit must be between 1 and 50. ${'Please read the documentation. '.repeat(20)}`), { order_id: 'ord_1', status: 'open', limit: 500 });
    expect(d.culprits[0].evidence.length).toBeLessThanOrEqual(200);
  });
});

describe('diagnose: suggested tools', () => {
  it('reads "did you mean" after an unknown tool', () => {
    expect(read(toolError("Unknown tool 'list_order'. Did you mean 'list_orders'?"), {}, 'list_order').suggestedTools).toEqual(['list_orders']);
  });
  it('reads an "Available tools:" list, only names the server listed, never the one asked for', () => {
    expect(read({ error: { code: -32602, message: 'Unknown tool: refund_order. Available tools: list_orders, get_order, refund_order, ship_order' } }, {}, 'refund_order').suggestedTools).toEqual(['list_orders', 'get_order']);
  });
  it('reads a JSON list of names in error.data', () => {
    expect(read({ error: { code: -32602, message: 'Tool not found', data: { tools: ['get_order', 'cancel_order', 'nope'] } } }, {}, 'get_ordr').suggestedTools).toEqual(['get_order', 'cancel_order']);
  });
  it('reads a listed tool quoted beside a word for "tool", in any language (mcp-shrimp-task-manager 1.0.21)', () => {
    const call = callOf('update_task', { type: 'object', properties: { taskId: { type: 'string' } }, required: ['taskId'] }, { taskId: 'x' }, { toolNames: ['update_task', 'list_tasks', 'get_task_detail'] });
    expect(diagnose(answerOf(toolError('找不到ID為 `x` 的任務。請使用「list_tasks」工具確認有效的任務ID後再試。')), call).suggestedTools).toEqual(['list_tasks']);
    expect(diagnose(answerOf(toolError('Task x not found. Use the "list_tasks" tool to see valid ids.')), call).suggestedTools).toEqual(['list_tasks']);
    // Quoted, but no word for a tool near it: a value, not an offer.
    expect(diagnose(answerOf(toolError('Status "list_tasks" is not valid.')), call).suggestedTools).toEqual([]);
  });
  it('does not take an allowed value that shares a tool name for an offer (calc-mcp 2.1.1, base64 {})', () => {
    // A real answer: base64's action enum holds "encode", which is also a tool of calc-mcp.
    const call = callOf('base64', { type: 'object', properties: { input: { type: 'string' }, action: { type: 'string', enum: ['encode', 'decode'] } }, required: ['input', 'action'] }, {}, { toolNames: ['base64', 'encode', 'hash'] });
    const d = diagnose(answerOf(toolError('MCP error -32602: Input validation error: Invalid arguments for tool base64: Invalid input: expected string, received undefined at input\nInvalid option: expected one of "encode"|"decode" at action')), call);
    expect(d.suggestedTools).toEqual([]);
    expect(d.culprits.map((c) => c.path[0])).toEqual(['input', 'action']);
  });
});

describe('diagnose: transient', () => {
  it('reads the metadata: a transient category and a delay in ms (the proposed toolFailure _meta key)', () => {
    const d = read({ result: { content: [{ type: 'text', text: 'busy' }], _meta: { 'io.modelcontextprotocol/toolFailure': { category: 'RATE_LIMIT', retryable: true, retryAfterMs: 2500 } }, isError: true } });
    expect(d.transient).toMatchObject({ afterSeconds: 2.5 });
    expect(d.final).toBeUndefined();
  });
  it('reads a real transient answer without a delay (fixtures/transient-no-retry.mjs)', () => {
    const d = read({ result: { content: [{ type: 'text', text: 'Service temporarily unavailable (503). The user directory is overloaded. Try the lookup again later.' }], structuredContent: { errorCategory: 'transient', isRetryable: true }, isError: true } });
    expect(d.transient).toBeDefined();
    expect(d.transient?.afterSeconds).toBeUndefined();
  });
  it('reads a Retry-After header: seconds, or an HTTP date', () => {
    expect(read(toolError('Too Many Requests'), {}, undefined, '30').transient).toMatchObject({ afterSeconds: 30 });
    expect(read(toolError('Too Many Requests'), {}, undefined, 'Wed, 25 Nov 2026 12:00:00 GMT').transient).toMatchObject({ notBefore: '2026-11-25T12:00:00.000Z' });
  });
  it('reads a refused database connection (@modelcontextprotocol/server-postgres 0.6.2 on a closed port)', () => {
    expect(read({ error: { code: -32603, message: 'connect ECONNREFUSED 127.0.0.1:1' } }).transient).toMatchObject({ evidence: 'connect ECONNREFUSED 127.0.0.1:1' });
  });
  const words: [string, number | undefined][] = [
    ['Rate limit exceeded. Try again in 30 seconds.', 30],
    ['HTTP 429: too many requests, retry after 5s', 5],
    ['503 Service Unavailable', undefined],
    ['The service is temporarily unavailable', undefined],
    ['Request timed out', undefined],
    ['read ECONNRESET', undefined],
    ['getaddrinfo EAI_AGAIN api.example.com', undefined],
    ['connect ETIMEDOUT 10.0.0.1:443', undefined],
    ['Connection refused by upstream', undefined],
  ];
  for (const [text, seconds] of words) {
    it(`reads "${text}"`, () => {
      const d = read(toolError(text));
      expect(d.transient).toBeDefined();
      expect(d.transient?.afterSeconds).toBe(seconds);
      expect(d.final).toBeUndefined();
    });
  }
  it('a validation answer marked retryable is not transient (retry once corrected)', () => {
    const d = read({ result: { content: [{ type: 'text', text: 'status must be one of open, shipped, cancelled' }], structuredContent: { errorCategory: 'validation', isRetryable: true }, isError: true } }, { order_id: 'ord_1', status: 'lost' });
    expect(d.transient).toBeUndefined();
    expect(d.culprits).toHaveLength(1);
  });
  it('an argument named "timeout" is no transient failure', () => {
    const call = callOf('wait', { type: 'object', properties: { timeout: { type: 'integer' } } }, { timeout: 'x' });
    const d = diagnose(answerOf(toolError('timeout must be an integer')), call);
    expect(d.transient).toBeUndefined();
    expect(d.culprits).toEqual([expect.objectContaining({ path: ['timeout'], problem: 'type' })]);
  });
});

describe('diagnose: final', () => {
  it('reads a business refusal (fixtures/business-no-customer-message.mjs)', () => {
    const d = read({
      result: {
        content: [{ type: 'text', text: 'Email lookups are not included in the Free plan of this workspace, so lookup_user cannot return users. Do not retry: ask a workspace admin to upgrade the plan, or ask the user for the details directly.' }],
        structuredContent: { errorCategory: 'business', isRetryable: false, suggestedAction: 'Ask a workspace admin to upgrade the plan, or ask the user for the details directly.' },
        isError: true,
      },
    });
    expect(d.final).toBeDefined();
    expect(d.transient).toBeUndefined();
  });
  it('reads a permission category', () => {
    expect(read({ error: { code: -32000, message: 'Denied', data: { errorCategory: 'permission' } } }).final).toBeDefined();
  });
  it('reads retryable false when nothing is located, not when a field is', () => {
    expect(read({ error: { code: -32000, message: 'Refund refused', data: { isRetryable: false } } }).final).toBeDefined();
    expect(read({ error: { code: -32602, message: 'limit is too large', data: { isRetryable: false, field: 'limit' } } }, { order_id: 'ord_1', status: 'open', limit: 500 }).final).toBeUndefined();
  });
  it('reads "Request not found" (@kazuph/mcp-taskmanager 1.1.1, a success result holding an error)', () => {
    expect(read({ result: { content: [{ type: 'text', text: '{\n  "status": "error",\n  "message": "Request not found"\n}' }] } }).final).toBeDefined();
  });
  it('reads ENOENT (@modelcontextprotocol/server-filesystem 2026.8.31, read_file of a missing file)', () => {
    expect(read(toolError("ENOENT: no such file or directory, open '$TMP/root/x'"), { order_id: 'ord_9', status: 'open' }).final).toBeDefined();
  });
  it('reads the errno of a path that is a directory (@modelcontextprotocol/server-filesystem 2026.8.31, read_file with path "")', () => {
    expect(read(toolError('EISDIR: illegal operation on a directory, read'), { order_id: 'ord_9', status: 'open' }).final).toBeDefined();
  });
  it('reads "ask the user" (mongodb-mcp-server 3.0.4, connect with an empty connection string)', () => {
    const text = 'Could not connect to MongoDB. Last error: Invalid scheme, expected connection string to start with "mongodb://" or "mongodb+srv://". Note to LLM: do not invent connection strings and explicitly ask the user to provide one.';
    expect(read(toolError(text), { order_id: 'ord_9', status: 'open' }).final).toBeDefined();
  });
  it('quotes the words around the marker whole, not from mid-word (mongodb-mcp-server 3.0.4, connect with an empty connection string)', () => {
    const text =
      'Could not connect to MongoDB. Last error: Invalid scheme, expected connection string to start with "mongodb://" or "mongodb+srv://". Please use one of the following tools: "connect" to connect to a MongoDB instance. Note to LLM: do not invent connection strings and explicitly ask the user to provide one. If they have previously connected to MongoDB using MCP, you can ask them if they want to reconnect.';
    const evidence = read(toolError(text), { order_id: 'ord_9', status: 'open' }).final?.evidence ?? '';
    expect(evidence).toContain('ask the user');
    expect(text).toContain(evidence);
    const at = text.indexOf(evidence);
    expect(at === 0 || /\s/.test(text[at - 1])).toBe(true);
    const end = at + evidence.length;
    expect(end === text.length || /\s/.test(text[end])).toBe(true);
  });
  const words = [
    'This refund requires approval from a manager.', 'Permission denied', '403 Forbidden', 'Deleting orders is not allowed for this account', 'Access denied', 'Order ord_1 already exists', 'Monthly quota exceeded', 'Your plan does not include exports. Upgrade your plan.', 'Do not retry this request.',
    // Nothing matches, and "not found" in other languages (mcp-shrimp-task-manager answers in Chinese).
    "No files matching 'x' were found.", 'No orders matched your filter.', '找不到ID為 `ord_9` 的任務。', 'El pedido ord_9 no existe.', 'Bestellung ord_9 wurde nicht gefunden.', 'Заказ ord_9 не найден.',
  ];
  for (const text of words) {
    it(`reads "${text}"`, () => {
      expect(read(toolError(text)).final).toBeDefined();
    });
  }
  it('not after an unknown tool, where "not found" speaks of the tool', () => {
    expect(read(toolError('MCP error -32602: Tool refund_order not found'), {}, 'refund_order').final).toBeUndefined();
    expect(read(toolError('Error occurred: Tool plan_tas does not exist \n Please try correcting the error and calling the tool again'), {}, 'plan_tas').final).toBeUndefined();
  });
  it('not for a validation format ("Additional properties are not allowed")', () => {
    expect(read(toolError("Input validation error: Additional properties are not allowed ('coupon', 'gift' were unexpected)"), { order_id: 'ord_1', status: 'open', coupon: 'X', gift: true }).final).toBeUndefined();
  });
  it('a stated delay beats a refusal in words; a refusal beats a marker without one', () => {
    const both = read(toolError('Rate limit exceeded: quota exceeded for this minute. Try again in 20 seconds.'));
    expect(both.transient).toMatchObject({ afterSeconds: 20 });
    expect(both.final).toBeUndefined();
    const noDelay = read(toolError('Rate limited: monthly quota exceeded'));
    expect(noDelay.final).toBeDefined();
    expect(noDelay.transient).toBeUndefined();
  });
});

describe('names.ts: a mention resolves to an argument path, in any spelling', () => {
  const call = callOf('list_orders', orders, { order_id: 'ord_1', items: [{ sku: 'a' }], extra_flag: true });
  const cases: [string, string[] | undefined][] = [
    ['order_id', ['order_id']],
    ['ORDER_ID', ['order_id']],
    ['/order_id', ['order_id']],
    ['/filter/status', ['filter', 'status']],
    ['#/filter/since', ['filter', 'since']],
    ['args.order_id', ['order_id']],
    ['arguments.limit', ['limit']],
    ['params.arguments.limit', ['limit']],
    ['$.order_id', ['order_id']],
    ['filter.status', ['filter', 'status']],
    ['items[0].sku', ['items', '0', 'sku']],
    ['items.0.sku', ['items', '0', 'sku']],
    ["'order_id'", ['order_id']],
    ['"order_id"', ['order_id']],
    ['`order_id`', ['order_id']],
    ['‘order_id’', ['order_id']],
    ['「order_id」', ['order_id']],
    ['„order_id“', ['order_id']],
    ['« order_id »', ['order_id']],
    ['Order Id', ['order_id']],
    ['order id', ['order_id']],
    ['Order ID', ['order_id']],
    ['the order ID', ['order_id']],
    ['the order_id field', ['order_id']],
    ['orderId', ['order_id']],
    ['extra_flag', ['extra_flag']],
    ['since', ['filter', 'since']],
    ['customer_id', undefined],
    ['args', undefined],
    ['', undefined],
    ['filter.colour', undefined],
  ];
  for (const [mention, path] of cases) {
    it(`${JSON.stringify(mention)} → ${path ? path.join('.') : 'nothing'}`, () => {
      expect(resolveMention(mention, call)).toEqual(path);
    });
  }

  it('reads camelCase and kebab-case names from words', () => {
    const camel = callOf('t', { type: 'object', properties: { orderId: { type: 'string' } } }, {});
    const kebab = callOf('t', { type: 'object', properties: { 'order-id': { type: 'string' } } }, {});
    for (const words of ['order id', 'Order ID', 'the order ID', '"orderId"']) {
      expect(resolveMention(words, camel)).toEqual(['orderId']);
      expect(resolveMention(words, kebab)).toEqual(['order-id']);
    }
  });

  it('leaves words two names share unresolved', () => {
    const both = callOf('t', { type: 'object', properties: { orderId: { type: 'string' }, order_id: { type: 'string' } } }, {});
    expect(resolveMention('order id', both)).toBeUndefined();
    expect(resolveMention('order_id', both)).toEqual(['order_id']);
  });

  it('resolves a path only through what was sent or declared', () => {
    expect(resolvePath(['items', 3, 'sku'], call)).toEqual(['items', '3', 'sku']); // declared by items' schema
    expect(resolvePath(['items', 0, 'colour'], call)).toBeUndefined();
    expect(resolvePath(['extra_flag'], call)).toEqual(['extra_flag']); // sent, though undeclared
  });
});

describe('diagnose: hostile answers', () => {
  // Long and repetitive texts a server may send back: every reader still finishes (no pattern backtracks without bound) and locates nothing.
  const texts = [
    '['.repeat(100_000),
    `data${'/'.repeat(50_000)} x`,
    `${'✖ Invalid input\n'.repeat(5_000)}`,
    `Input validation error: Invalid arguments for tool x: ${'a: b, '.repeat(10_000)}`,
    `'${'x'.repeat(60_000)}`,
    `failed to deserialize parameters: invalid type: ${'x'.repeat(60_000)}`,
    `${'order '.repeat(20_000)}`,
  ];
  for (const text of texts) {
    it(`${JSON.stringify(text.slice(0, 24))}… (${text.length} characters)`, () => {
      expect(read(toolError(text), { limit: 'ten' }).culprits).toEqual([]);
    });
  }
});
