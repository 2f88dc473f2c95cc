// The recording session against tiny scripted servers: raw frames behind a barrier, bursts, duplicates, noise, exits.
import { afterEach, describe, expect, it } from 'vitest';
import { Session } from '../../src/session/session.js';

/** A legacy-era stdio server in a few lines; `onRequest` decides what to write for each request or notification. */
function scriptedServer(onRequest: string, discoverError = "{ code: -32601, message: 'Method not found' }"): string[] {
  const source = `
    const rl = require('node:readline').createInterface({ input: process.stdin });
    const send = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
    rl.on('line', (line) => {
      let msg; try { msg = JSON.parse(line); } catch { return; }
      if (msg.method === 'initialize') return send({ jsonrpc: '2.0', id: msg.id, result: { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'scripted', version: '1' } } });
      if (msg.method === 'server/discover') return send({ jsonrpc: '2.0', id: msg.id, error: ${discoverError} });
      if (msg.method === 'notifications/initialized') return;
      if (msg.method === 'ping') return send({ jsonrpc: '2.0', id: msg.id, result: {} });
      if (msg.method === 'tools/list') return send({ jsonrpc: '2.0', id: msg.id, result: { tools: [{ name: 't', inputSchema: { type: 'object' } }] } });
      ${onRequest}
    });`;
  return ['-e', source];
}

let session: Session | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

async function open(onRequest: string, timeoutMs = 2000): Promise<Session> {
  session = await Session.open({ target: { command: process.execPath, args: scriptedServer(onRequest) }, timeoutMs });
  return session;
}

/** Answers tools/call after `answerMs`, sending progress for its token at each of `progressAtMs`. */
const slowCall = (answerMs: number, progressAtMs: number[]) => `
  if (msg.method === 'tools/call') {
    const token = msg.params && msg.params._meta && msg.params._meta.progressToken;
    for (const [i, at] of ${JSON.stringify(progressAtMs)}.entries()) setTimeout(() => send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: i + 1 } }), at);
    setTimeout(() => send({ jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: 'done' }] } }), ${answerMs});
  }`;

describe('Session: progress and start-up', () => {
  it('sends a progress token with every tools/call, and lets progress push the deadline back', async () => {
    // A 4 s timeout; progress after 1 s (1 s before half the timeout, when progress means cancel) moves the deadline to
    // 5 s; the answer comes after 4.05 s, past the first deadline (0.95 s before the second).
    const s = await open(slowCall(4050, [1000]), 4000);
    const answer = await s.request('tools/call', { name: 't', arguments: {} });
    expect((answer.request.params as { _meta: { progressToken: string } })._meta.progressToken).toBe(answer.request.id);
    expect(answer.outcome.kind).toBe('result');
    expect(answer.elapsedMs).toBeGreaterThan(4000); // answered after the first deadline: the progress moved it
    expect(answer.progress).toBe(1);
    expect(answer.cancelled).toBeUndefined();
  });

  it('times out a call that reports no progress', async () => {
    const s = await open(slowCall(30_000, []), 1000); // its answer would come long after the test
    const answer = await s.request('tools/call', { name: 't', arguments: {} });
    expect(answer.outcome.kind).toBe('timeout');
    expect(answer.cancelled).toBeUndefined();
  });

  it('cancels a call still reporting progress after half the timeout instead of waiting it out', async () => {
    // Progress every 400 ms from 100 ms on, for a 4 s timeout: the first one comes 1.9 s before half the timeout.
    const progressAt = Array.from({ length: 75 }, (_, i) => 100 + 400 * i);
    const s = await open(slowCall(60_000, progressAt), 4000);
    const answer = await s.request('tools/call', { name: 't', arguments: {} });
    // Cancelled (not timed out: that would leave `cancelled` unset), at a progress that came after half the timeout.
    expect(answer).toMatchObject({ outcome: { kind: 'timeout' }, cancelled: true });
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(2000);
    expect(answer.progress).toBeGreaterThanOrEqual(2); // one that moved the deadline, one that ended the call
  });

  it('falls back to the legacy handshake at once when server/discover is refused with a string error code', async () => {
    const started = performance.now();
    session = await Session.open({ target: { command: process.execPath, args: scriptedServer('', "{ code: '-32601', message: 'Method not found' }") }, timeoutMs: 20_000 });
    expect(session.facts.era).toBe('legacy');
    expect(performance.now() - started).toBeLessThan(10_000); // the era probe's own timeout would be 20 s
  }, 30_000);
});

describe('Session', () => {
  it('negotiates a legacy version and lists tools', async () => {
    const s = await open('');
    expect(s.facts).toMatchObject({ protocolVersion: '2025-11-25', era: 'legacy' });
    expect((await s.listTools()).map((t) => t.name)).toEqual(['t']);
  });

  it('collects an answer to a notification that arrives before the barrier', async () => {
    const s = await open(`if (!('id' in msg)) return send({ jsonrpc: '2.0', id: null, error: { code: -32601, message: 'nope' } });`);
    const answered = await s.notify('notifications/errlint/unknown', {});
    expect(answered.outcome).toEqual({ kind: 'error', error: { code: -32601, message: 'nope' } });
  });

  it('reports silence when nothing but the barrier answer comes back', async () => {
    const s = await open('');
    expect((await s.notify('notifications/errlint/unknown', {})).outcome).toEqual({ kind: 'silent' });
  });

  it('matches a raw frame answer by the id it carries, and an id-null answer by the barrier', async () => {
    const s = await open(`if (typeof msg.method !== 'string') return send({ jsonrpc: '2.0', id: msg.id ?? null, error: { code: -32600, message: 'Invalid Request' } });`);
    const echoed = await s.unanswerable('{"jsonrpc":"2.0","id":"{id}","method":5}');
    expect(echoed.outcome).toMatchObject({ kind: 'error', error: { code: -32600 } });
    expect(echoed.response?.id).toBe((echoed.request as { id: string }).id);
    const unreadable = await s.unanswerable('{"jsonrpc":"2.0","id":null,"method":5}');
    expect(unreadable.response?.id).toBeNull();
  });

  it('counts answers per id in a burst: a duplicate shows as answers 2, a lost one times out', async () => {
    const s = await open(`
      if (msg.method !== 'tools/call') return;
      const n = msg.params.name;
      if (n === 'lost') return;
      send({ jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: n }] } });
      if (n === 'twice') send({ jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: n }] } });`);
    // 2 s for the lost one to time out in: the other two are answered within milliseconds.
    const answers = await s.burst(['once', 'twice', 'lost'].map((name) => ({ method: 'tools/call', params: { name, arguments: {} } })), 2000);
    expect(answers.map((a) => a.answers)).toEqual([1, 2, 0]);
    expect(answers.map((a) => a.outcome.kind)).toEqual(['result', 'result', 'timeout']);
  });

  it('keeps non-JSON stdout lines as noise, apart from the answers', async () => {
    const s = await open(`if (msg.method === 'tools/call') { process.stdout.write('handling call\\n'); return send({ jsonrpc: '2.0', id: msg.id, result: { content: [] } }); }`);
    expect((await s.request('tools/call', { name: 't', arguments: {} })).outcome.kind).toBe('result');
    expect(s.takeNoise()).toEqual(['handling call']);
    expect(s.takeNoise()).toEqual([]);
  });

  it('counts a JSON log line on stdout as noise, not as a protocol message', async () => {
    const s = await open(`if (msg.method === 'tools/call') { process.stdout.write(JSON.stringify({ level: 30, msg: 'calling' }) + '\\n'); return send({ jsonrpc: '2.0', id: msg.id, result: { content: [] } }); }`);
    await s.request('tools/call', { name: 't', arguments: {} });
    expect(s.takeNoise()).toEqual(['{"level":30,"msg":"calling"}']);
  });

  it('does not count an answer to an id it never sent as an answer, but keeps it as unmatched', async () => {
    const s = await open(`
      if (msg.method === 'tools/call' && msg.params.name === 'first') return; // never answered in time
      if (msg.method === 'tools/call') { send({ jsonrpc: '2.0', id: 'errlint-999', result: { content: [] } }); return send({ jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: 'mine' }] } }); }`);
    const timedOut = await s.request('tools/call', { name: 'first', arguments: {} }, 200);
    expect(timedOut.outcome.kind).toBe('timeout');
    const answered = await s.request('tools/call', { name: 'second', arguments: {} });
    expect(answered.outcome).toMatchObject({ kind: 'result', result: { content: [{ text: 'mine' }] } });
    expect(answered.answers).toBe(1);
    expect(answered.unmatched).toEqual([{ jsonrpc: '2.0', id: 'errlint-999', result: { content: [] } }]);
  });

  it('records an exit during a call as closed and restarts the server on recover()', async () => {
    const s = await open(`if (msg.method === 'tools/call') process.exit(7);`);
    const crashed = await s.request('tools/call', { name: 't', arguments: {} });
    expect(crashed.outcome).toEqual({ kind: 'closed', exitCode: 7, signal: null });
    expect(await s.isAlive()).toBe(false);
    await s.recover();
    expect(s.gone).toBeNull();
    expect(await s.isAlive()).toBe(true);
    expect(s.restarts).toBe(1);
  });

  it("times out a request the server never answers after the request's own timeout, not the session's", async () => {
    const s = await open('', 20_000);
    const started = Date.now();
    expect((await s.request('tools/call', { name: 't' }, 300)).outcome).toEqual({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(10_000); // 0.3 s and a little; the session's timeout would be 20 s
  });
});
