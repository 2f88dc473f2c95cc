// The repair agent's moves, with a scripted server: fix what the answer singles out and resend (the server or the schema
// judging), read the next answer, wait on a transient failure, stop on a final one, and never send a write.
import { describe, expect, it } from 'vitest';
import { repairCall, type AgentSettings, type Send } from '../../src/repair/agent.js';
import type { CallPolicy } from '../../src/plan/safety.js';
import type { Exchange } from '../../src/exchange.js';
import type { ToolInfo } from '../../src/session/types.js';
import { exchange } from '../helpers/exchange.js';

const TOOL: ToolInfo = {
  name: 'get_order',
  inputSchema: {
    type: 'object',
    properties: { order_id: { type: 'string', pattern: '^ord_[a-z0-9]{6}$' }, limit: { type: 'integer', minimum: 1, maximum: 50 } },
    required: ['order_id'],
  },
};
const ALL: CallPolicy = { level: 'all' };
const WRITE: CallPolicy = { level: 'invalid', reason: 'a tool that may write gets only schema-invalid inputs' };

function settings(waits: number[] = []): AgentSettings {
  return { attempts: 3, toolNames: ['get_order', 'list_orders'], maxWaitMs: 5000, backoffMs: 1000, wait: async (ms) => void waits.push(ms) };
}

const refusal = (text: string, args: Record<string, unknown>, probe: 'missing-required' | 'positive' | 'unknown-tool' = 'missing-required', extra: Parameters<typeof exchange>[0] = {}) =>
  exchange({ probe, tool: 'get_order', name: probe === 'unknown-tool' ? 'get_ordr' : 'get_order', args, isError: true, text, ...extra });

/** A server that answers each call from a script, and records what it was sent. */
function scripted(...answers: Array<(args: Record<string, unknown>) => Exchange>): { send: Send; sent: Record<string, unknown>[] } {
  const sent: Record<string, unknown>[] = [];
  return {
    sent,
    send: async (_name, args) => {
      sent.push(args);
      const answer = answers[sent.length - 1];
      if (!answer) throw new Error('the agent sent more calls than the script has answers');
      return answer(args);
    },
  };
}
const success = () => exchange({ text: 'Order ord_aaaaaa: 2 items, shipped.' });

describe('repairCall: validation', () => {
  it('fixes the argument the answer names, sends it to a read-only tool, and the server confirms it at the first try', async () => {
    const server = scripted(success);
    const record = await repairCall({ exchange: refusal("Missing required argument 'order_id'.", { limit: 5 }), tool: TOOL, policy: ALL }, server.send, settings());
    expect(record).toMatchObject({ category: 'validation', recovered: true, confirmed: true, attempt: 1, verdict: 'confirmed by the server' });
    expect(server.sent).toEqual([{ limit: 5, order_id: expect.stringMatching(/^ord_[a-z0-9]{6}$/) }]);
    expect(record.steps[0]).toMatchObject({ schema: 'valid', answer: expect.stringContaining('success result') });
  });

  it('reads each answer in turn: a server that reports one violation at a time is repaired at the second try', async () => {
    const server = scripted(() => refusal("'limit' must be an integer from 1 to 50.", {}), success);
    const record = await repairCall({ exchange: refusal("Missing required argument 'order_id'.", { limit: 99 }), tool: TOOL, policy: ALL }, server.send, settings());
    expect(record).toMatchObject({ recovered: true, confirmed: true, attempt: 2 });
    expect(server.sent[1]).toEqual({ order_id: server.sent[0].order_id, limit: 1 });
  });

  it('changes nothing an answer does not single out, although the schema would make the culprit obvious', async () => {
    for (const text of ['Operation failed', 'Internal error', 'Invalid arguments', '']) {
      const server = scripted();
      const record = await repairCall({ exchange: refusal(text, { limit: 5 }), tool: TOOL, policy: ALL }, server.send, settings());
      expect(record).toMatchObject({ recovered: false, confirmed: false, verdict: 'the answer singles out nothing to change' });
      expect(record.steps).toEqual([{ understood: expect.stringMatching(/^nothing located/) }]);
      expect(server.sent).toEqual([]);
    }
  });

  it('stops on an invalid call whose answer says the value names nothing that exists (n8n-mcp: "Node 1.5 not found")', async () => {
    const record = await repairCall({ exchange: refusal('Node 1.5 not found. Please check the available options.', { order_id: 1.5 }, 'missing-required'), tool: TOOL, policy: ALL }, scripted().send, settings());
    expect(record).toMatchObject({ category: 'validation', recovered: true, confirmed: false, verdict: expect.stringMatching(/^handled/) });
  });

  it('a server that takes a repaired call its own schema refuses confirms nothing', async () => {
    const server = scripted(success);
    const record = await repairCall({ exchange: refusal("'limit' must be an integer.", { order_id: 'x', limit: 'ten' }), tool: TOOL, policy: ALL }, server.send, settings());
    expect(server.sent).toEqual([{ order_id: 'x', limit: 1 }]);
    expect(record).toMatchObject({ recovered: false, confirmed: false, verdict: 'the server took the repaired call, but it still breaks the input schema' });
  });

  it('never sends a valid call to a tool that may write: the schema alone judges it', async () => {
    const server = scripted();
    const record = await repairCall({ exchange: refusal("Missing required argument 'order_id'.", {}), tool: TOOL, policy: WRITE }, server.send, settings());
    expect(record).toMatchObject({ recovered: true, confirmed: false, attempt: 1, verdict: 'repaired (by schema)' });
    expect(record.steps[0].notSent).toMatch(/safety policy/);
    expect(server.sent).toEqual([]);
  });

  it('gives up after --repair-attempts tries of answers that keep locating something it cannot satisfy', async () => {
    const again = () => refusal("'order_id' is not a known order.", {});
    const server = scripted(again, again, again);
    const record = await repairCall({ exchange: refusal("'limit' must be at most 50", { order_id: 'ord_aaaaaa', limit: 99 }), tool: TOOL, policy: ALL }, server.send, { ...settings(), attempts: 2 });
    // The answers keep naming arguments: the agent could not satisfy them, but they were no answers that give nothing.
    expect(record).toMatchObject({ result: 'undetermined', recovered: false, confirmed: false });
    expect(server.sent).toHaveLength(2);
    expect(record.steps.map((s) => s.understood)).toEqual([expect.stringMatching(/^limit: range/), expect.stringMatching(/^order_id:/)]);
  });

  it('counts a valid repair the server refuses for its data (no such order) as repaired by schema, not confirmed', async () => {
    const server = scripted(() => refusal('No order matches that id.', {}, 'positive'));
    const record = await repairCall({ exchange: refusal("Missing required argument 'order_id'.", {}), tool: TOOL, policy: ALL }, server.send, settings());
    expect(record).toMatchObject({ recovered: true, confirmed: false, attempt: 1 });
    expect(record.verdict).toMatch(/^repaired \(by schema\)/);
  });
});

describe('repairCall: an oversized body refused with HTTP 413', () => {
  /** An oversized probe's call answered 413 with this body (express's production page, the hand-written front's JSON-RPC error, nothing). */
  const tooLarge = (args: Record<string, unknown>, body: 'page' | 'json' | 'empty'): Exchange => {
    const base = exchange({ probe: 'oversized', tool: 'get_order', args, expect: 'invalid-input', alive: true });
    const { response: _none, ...rest } = base;
    if (body === 'json') {
      const response = { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Payload Too Large' } };
      return { ...rest, response, outcome: { kind: 'error', error: response.error }, http: { status: 413, contentType: 'application/json', body: 'json' } };
    }
    const text = body === 'page' ? '<!DOCTYPE html>\n<html lang="en">\n<body>\n<pre>Payload Too Large</pre>\n</body>\n</html>\n' : '';
    return { ...rest, outcome: { kind: 'http', status: 413, contentType: body === 'page' ? 'text/html; charset=utf-8' : null, body: text }, http: { status: 413, contentType: null, body: body === 'page' ? 'other' : 'empty' } };
  };

  it.each(['page', 'json', 'empty'] as const)('shrinks the one argument that made the body large, and the server confirms it (%s)', async (body) => {
    const server = scripted(success);
    const record = await repairCall({ exchange: tooLarge({ order_id: 'ord_'.repeat(30_000), limit: 5 }, body), tool: TOOL, policy: ALL }, server.send, settings());
    expect(record).toMatchObject({ category: 'validation', recovered: true, confirmed: true, attempt: 1 });
    expect(server.sent).toEqual([{ order_id: expect.stringMatching(/^ord_[a-z0-9]{6}$/), limit: 5 }]);
  });

  it('leaves out an oversized property the tool does not declare', async () => {
    const server = scripted(success);
    const record = await repairCall({ exchange: tooLarge({ order_id: 'ord_aaaaaa', __errlint_oversized: 'x'.repeat(100_000) }, 'empty'), tool: TOOL, policy: ALL }, server.send, settings());
    expect(record).toMatchObject({ recovered: true, confirmed: true });
    expect(server.sent).toEqual([{ order_id: 'ord_aaaaaa' }]);
  });
});

describe('repairCall: other categories', () => {
  it('unknown tool: recovered when the answer names a tool the server has, the nearest chosen', async () => {
    const named = await repairCall({ exchange: refusal("Unknown tool 'get_ordr'. Available tools: list_orders, get_order.", {}, 'unknown-tool'), tool: undefined, policy: { level: 'none' } }, scripted().send, settings());
    expect(named).toMatchObject({ category: 'unknown-tool', recovered: true, confirmed: false, outOfRate: 'unknown-tool', steps: [{ call: { name: 'get_order' } }] });
    expect(named.verdict).toMatch(/the answer names a tool/);
    // An agent holds tools/list: a near miss is fixed from it whatever the answer says (out of the rate either way).
    const bare = await repairCall({ exchange: refusal("Tool 'get_ordr' not found", {}, 'unknown-tool'), tool: undefined, policy: { level: 'none' } }, scripted().send, settings());
    expect(bare).toMatchObject({ category: 'unknown-tool', recovered: true, outOfRate: 'unknown-tool', steps: [{ call: { name: 'get_order' } }] });
    expect(bare.verdict).toMatch(/from the tools\/list it holds/);
    const far = await repairCall({ exchange: refusal("Tool 'zzzzzzzzzzzz' not found", {}, 'unknown-tool', { name: 'zzzzzzzzzzzz' }), tool: undefined, policy: { level: 'none' } }, scripted().send, settings());
    expect(far).toMatchObject({ category: 'unknown-tool', result: 'undetermined', recovered: false, outOfRate: 'unknown-tool' });
  });

  it('transient with a delay: waits what the answer says, resends unchanged, and the server decides', async () => {
    const waits: number[] = [];
    const server = scripted(success);
    const args = { order_id: 'ord_aaaaaa' };
    const record = await repairCall({ exchange: refusal('Rate limit exceeded. Retry after 2 seconds.', args, 'positive'), tool: TOOL, policy: ALL }, server.send, settings(waits));
    expect(record).toMatchObject({ category: 'transient', recovered: true, confirmed: true });
    expect(record.blind).toBeUndefined();
    expect(waits).toEqual([2000]);
    expect(server.sent).toEqual([args]);
  });

  it('transient without a delay: one blind retry after the backoff; failing again, the answer still said the failure passes (handled, not confirmed)', async () => {
    const waits: number[] = [];
    const server = scripted(() => refusal('Service temporarily unavailable (503).', {}, 'positive'));
    const record = await repairCall({ exchange: refusal('Service temporarily unavailable (503).', { order_id: 'ord_aaaaaa' }, 'positive'), tool: TOOL, policy: ALL }, server.send, settings(waits));
    expect(record).toMatchObject({ category: 'transient', result: 'recovered', confirmed: false, blind: true });
    expect(record.verdict).toMatch(/though not when/);
    expect(waits).toEqual([1000]);
    const ok = scripted(success);
    expect(await repairCall({ exchange: refusal('Service temporarily unavailable (503).', { order_id: 'ord_aaaaaa' }, 'positive'), tool: TOOL, policy: ALL }, ok.send, settings())).toMatchObject({ result: 'recovered', confirmed: true, blind: true });
  });

  it('an answer that names the server cannot reach its upstream is out of the rate, and nothing is resent', async () => {
    const server = scripted(success);
    const record = await repairCall({ exchange: refusal('connect ECONNREFUSED 127.0.0.1:5432', { order_id: 'ord_aaaaaa' }, 'positive'), tool: TOOL, policy: ALL }, server.send, settings());
    expect(record).toMatchObject({ result: 'undetermined', outOfRate: 'upstream', cause: 'upstream unreachable' });
    expect(server.sent).toEqual([]);
  });

  it.each([
    ['runtime', 'runtime missing', 'Chrome failed to start: Could not find Google Chrome executable', 'positive'],
    ['configuration', 'configuration missing', 'Unauthorized: API key is required when not using a self-hosted instance', 'positive'],
    // To a call the schema refuses too (firecrawl-mcp-server answered every call so): the key is missing whatever the call.
    ['configuration', 'configuration missing', 'firecrawl_parse requires FIRECRAWL_API_URL to be set', 'missing-required'],
  ] as const)('a fault outside the call (%s) is out of the rate: the agent stops, nothing is resent', async (kind, cause, text, probe) => {
    const server = scripted(success);
    const record = await repairCall({ exchange: refusal(text, probe === 'positive' ? { order_id: 'ord_aaaaaa' } : {}, probe), tool: TOOL, policy: ALL }, server.send, settings());
    expect(record).toMatchObject({ result: 'undetermined', outOfRate: kind, cause });
    expect(record.verdict).toMatch(/stops and tells the user/);
    expect(server.sent).toEqual([]);
  });

  it('a credential the tool takes as an argument is the call\'s: the agent repairs it as before', async () => {
    const tool: ToolInfo = { name: 'get_order', inputSchema: { type: 'object', properties: { api_key: { type: 'string', minLength: 8 } }, required: ['api_key'] } };
    const server = scripted(success);
    const record = await repairCall({ exchange: refusal('Missing API key', {}), tool, policy: ALL }, server.send, settings());
    expect(record.outOfRate).toBeUndefined();
    expect(record).toMatchObject({ category: 'validation', recovered: true });
    expect(server.sent).toEqual([{ api_key: expect.any(String) }]);
  });

  it('not recoverable only when the answer gives nothing; undetermined when it names what the agent cannot act on', async () => {
    const nothing = await repairCall({ exchange: refusal('Operation failed', {}), tool: TOOL, policy: ALL }, scripted().send, settings());
    expect(nothing).toMatchObject({ result: 'not-recoverable', recovered: false });
    // A field quoted in a sentence no format reads a problem in: it points at order_id, and a model changes that one.
    const pointed = scripted(success);
    const named = await repairCall({ exchange: refusal("Something is off with 'order_id' today", { order_id: 'ord_zzzzzz' }, 'positive'), tool: TOOL, policy: ALL }, pointed.send, settings());
    expect(named).toMatchObject({ result: 'recovered', confirmed: true });
    expect(pointed.sent).toHaveLength(1);
    // Two fields named, neither singled out: the agent cannot tell which to change, and it is no finding either.
    const two = await repairCall({ exchange: refusal("Something is off with 'order_id' and 'limit' today", { order_id: 'ord_zzzzzz', limit: 5 }), tool: TOOL, policy: ALL }, scripted().send, settings());
    expect(two).toMatchObject({ result: 'undetermined', cause: 'names an argument' });
  });

  it('a repaired call refused for the same reason: not recoverable when the agent did what the answer said, else undetermined', async () => {
    const status = { ...TOOL, inputSchema: { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] } };
    // The answer offers "open"; the server refuses "open" with the same words: its advice is at fault.
    const advice = scripted(() => refusal("Invalid status 'open'. Valid options: open, shipped", {}, 'positive'));
    const followed = await repairCall({ exchange: refusal("Invalid status 'lost'. Valid options: open, shipped", { status: 'lost' }, 'positive'), tool: status, policy: ALL }, advice.send, settings());
    expect(followed).toMatchObject({ result: 'not-recoverable' });
    expect(advice.sent).toEqual([{ status: 'open' }]);
    // The agent's own pick (the answer offered nothing) refused again: the agent may be at fault, undetermined.
    const guess = scripted(() => refusal("'status' is not valid here", {}, 'positive'));
    const own = await repairCall({ exchange: refusal("'status' is not valid here", { status: 'lost' }, 'positive'), tool: status, policy: ALL }, guess.send, settings());
    expect(own).toMatchObject({ result: 'undetermined', cause: 'the repaired value refused for the same reason' });
  });

  it('transient with a delay longer than a lint waits: recovered by the answer, not resent', async () => {
    const server = scripted();
    const record = await repairCall({ exchange: refusal('Too many requests.', { order_id: 'ord_aaaaaa' }, 'positive', { structuredContent: { errorCategory: 'transient', isRetryable: true, retryAfterSeconds: 60 } }), tool: TOOL, policy: ALL }, server.send, settings());
    expect(record).toMatchObject({ category: 'transient', recovered: true, confirmed: false });
    expect(server.sent).toEqual([]);
  });

  it('business: stopping is right when the answer says a retry cannot succeed; otherwise the retry is wasted', async () => {
    const final = await repairCall(
      { exchange: refusal('Lookups are not in your plan. Do not retry.', { order_id: 'ord_aaaaaa' }, 'positive', { structuredContent: { errorCategory: 'business', isRetryable: false } }), tool: TOOL, policy: ALL },
      scripted().send,
      settings(),
    );
    expect(final).toMatchObject({ category: 'business', recovered: true, confirmed: false });
    const server = scripted(() => refusal('Operation failed', {}, 'positive'));
    const wasted = await repairCall({ exchange: refusal('Operation failed', { order_id: 'ord_aaaaaa' }, 'positive'), tool: TOOL, policy: ALL }, server.send, settings());
    expect(wasted).toMatchObject({ category: 'business', recovered: false, wasted: true });
    expect(server.sent).toHaveLength(1);
  });

  it('business: an answer that sends the agent to another tool first is a move (mongodb-mcp-server: "Call the list-connections tool")', async () => {
    const record = await repairCall(
      { exchange: refusal('No connection is open. Call the "list_orders" tool to see the active ones, or connect first.', { order_id: 'ord_aaaaaa' }, 'positive'), tool: TOOL, policy: ALL },
      scripted().send,
      settings(),
    );
    expect(record).toMatchObject({ category: 'business', recovered: true, confirmed: false, verdict: "handled: the answer names a tool to call first: 'list_orders'" });
  });

  it('a tool the answer names comes before a value the agent would make up (mongodb-mcp-server 3.0.4: Connection "x" does not exist)', async () => {
    const server = scripted();
    const text = 'Connection "ord_zzzzzz" does not exist or has expired. Call the "list_orders" tool to see the active ones.';
    const record = await repairCall({ exchange: refusal(text, { order_id: 'ord_zzzzzz' }, 'positive'), tool: TOOL, policy: ALL }, server.send, settings());
    expect(record).toMatchObject({ result: 'recovered', verdict: "handled: the answer names a tool to call first: 'list_orders'" });
    expect(server.sent).toEqual([]);
  });
});
