// End to end (issue 19, item 5): the probes are themselves valid. Every frame the linter writes to a server, over a
// whole default run of the well-behaved fixture, validates against the official MCP JSON schema of the negotiated
// version (test/data/mcp-schema/), except the frames whose probe case says what they break on purpose (`case.breaks`).
// The frames are taken off the wire by a recording proxy (test/helpers/record-frames.mjs), so the handshake, tools/list,
// barriers, liveness checks, cancellations and the repair agent's calls are checked too, not only probe exchanges.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../../dist/src/index.js';
import { ROOT } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';
import { mcpFrameValidator } from '../helpers/mcp-schema.js';
import type { Exchange } from '../../src/exchange.js';
import type { LintOptions } from '../../src/target/types.js';
import type { Report } from '../../src/report/model.js';

const PROXY = join(ROOT, 'test', 'helpers', 'record-frames.mjs');
const FIXTURE = join(ROOT, 'fixtures', 'well-behaved.mjs');

/**
 * Frames marked `breaks` that a version's schema takes as valid, each with the reason (a defect at the JSON-RPC level the
 * generic schema does not see, or one that is no defect in that version): every other frame marked `breaks` must fail
 * validation. Keyed by version ('*': all), then by the case's `breaks`.
 */
const VALID_ON_PURPOSE: Record<string, Record<string, string>> = {
  // 2025-03-26 is the one version with batches (its servers MUST accept them; jsonrpc-conformance grades it so there).
  '2025-03-26': { 'a batch of one request': 'a valid JSONRPCBatchRequest in 2025-03-26, the only version whose schema has batches' },
};

/** One era the fixture speaks: the version pinned (none: negotiated) and the one the session must end up with. */
const ERAS: Array<{ title: string; pin?: string; version: string; opening: string[] }> = [
  { title: 'default settings (negotiates 2026-07-28 over stdio)', version: '2026-07-28', opening: ['server/discover'] },
  { title: 'pinned 2025-11-25', pin: '2025-11-25', version: '2025-11-25', opening: ['initialize', 'notifications/initialized'] },
  { title: 'pinned 2025-06-18', pin: '2025-06-18', version: '2025-06-18', opening: ['initialize', 'notifications/initialized'] },
  { title: 'pinned 2025-03-26', pin: '2025-03-26', version: '2025-03-26', opening: ['initialize', 'notifications/initialized'] },
  { title: 'pinned 2024-11-05', pin: '2024-11-05', version: '2024-11-05', opening: ['initialize', 'notifications/initialized'] },
];

/** What a probe exchange tells about a frame: where it came from, and what it breaks on purpose. */
interface Sent {
  request: unknown;
  probe: string;
  label: string;
  breaks?: string;
}

interface Recording {
  report: Report;
  lines: string[];
  exchanges: Sent[];
}

async function recordRun(pin: string | undefined): Promise<Recording> {
  const file = join(tempDir('errlint-frames-'), 'frames.jsonl');
  const exchanges: Sent[] = [];
  const options: LintOptions = {
    target: { command: process.execPath, args: [PROXY, file, '--', process.execPath, FIXTURE], cwd: ROOT },
    seed: 1,
    ...(pin !== undefined ? { protocolVersion: pin } : {}),
    onExchange: (exchange: Exchange) => {
      const breaks = exchange.case.breaks;
      // The request of a deliberate frame is kept whole (it is matched by content when it has no id); others only by id.
      exchanges.push({ request: breaks !== undefined ? exchange.request : { id: exchange.request?.id }, probe: exchange.probe, label: exchange.case.label, ...(breaks !== undefined ? { breaks } : {}) });
    },
  };
  const report = (await lint(options)) as Report;
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return { report, lines, exchanges };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const idOf = (v: unknown): string | number | undefined => (isObject(v) && (typeof v.id === 'string' || typeof v.id === 'number') ? v.id : undefined);

interface Verdict {
  line: number;
  method: string;
  id: unknown;
  definition: string;
  errors: string[];
  /** The probe exchange the frame belongs to, if any. */
  sent?: Sent;
}

function validateRun(version: string, { lines, exchanges }: Recording) {
  const validator = mcpFrameValidator(version);
  const byId = new Map<string | number, Sent>();
  for (const sent of exchanges) {
    const id = idOf(sent.request);
    if (id !== undefined) byId.set(id, sent);
  }
  const deliberate = exchanges.filter((s) => s.breaks !== undefined);
  const deliberateOf = (line: string, frame: unknown, parsed: boolean): Sent | undefined => {
    const id = parsed ? idOf(frame) : undefined;
    if (id !== undefined) return byId.get(id)?.breaks !== undefined ? byId.get(id) : undefined;
    // No id to go by (not JSON, not an object, id null or absent): the frame is the raw text of a deliberate one.
    return deliberate.find((s) => (isObject(s.request) && s.request.raw === line) || (parsed && JSON.stringify(s.request) === JSON.stringify(frame)));
  };

  const perMethod: Record<string, number> = {};
  const invalid: Verdict[] = [];
  const deliberateFrames: Array<Verdict & { sent: Sent }> = [];
  for (const [index, line] of lines.entries()) {
    let frame: unknown;
    let parsed = true;
    try {
      frame = JSON.parse(line);
    } catch {
      parsed = false;
    }
    const check = parsed ? validator.check(frame) : { definition: '(not JSON)', errors: ['not JSON'] };
    const method = isObject(frame) ? (typeof frame.method === 'string' ? frame.method : `(method ${JSON.stringify(frame.method)})`) : check.definition;
    perMethod[method] = (perMethod[method] ?? 0) + 1;
    const id = isObject(frame) ? frame.id : undefined;
    const breaks = deliberateOf(line, frame, parsed);
    const sent = breaks ?? (idOf(frame) !== undefined ? byId.get(idOf(frame)!) : undefined);
    const verdict: Verdict = { line: index + 1, method, id, definition: check.definition, errors: check.errors, ...(sent ? { sent } : {}) };
    if (breaks) deliberateFrames.push({ ...verdict, sent: breaks });
    else if (check.errors.length > 0) invalid.push(verdict);
  }
  return { perMethod, invalid, deliberateFrames, deliberate };
}

const describeVerdict = (v: Verdict): string =>
  `frame ${v.line}: ${v.method} id ${JSON.stringify(v.id)} against ${v.definition}, sent by ${v.sent ? `probe ${v.sent.probe} (${v.sent.label})` : 'the session (no probe exchange)'}:\n    ${v.errors.slice(0, 4).join('\n    ')}`;

describe('the MCP schema validator (test/helpers/mcp-schema.ts) is not blind', () => {
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
  const NO_ID = Symbol('no id');
  const call = (params: unknown, id: unknown = 'errlint-1') => ({ jsonrpc: '2.0', ...(id === NO_ID ? {} : { id }), method: 'tools/call', params });
  it.each([
    ['2026-07-28', call({ name: 'x', arguments: {}, _meta: meta }), 'CallToolRequest', true],
    ['2026-07-28', call({ name: 'x', arguments: {} }), 'CallToolRequest', false], // no _meta envelope
    ['2026-07-28', call({ name: 'x', arguments: {}, _meta: meta }, NO_ID), 'CallToolRequest', false], // no id
    ['2026-07-28', { jsonrpc: '2.0', id: 'a', method: 'initialize', params: { _meta: meta } }, 'JSONRPCRequest', true], // no such method in 2026: the envelope only
    ['2026-07-28', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'a' } }, 'CancelledNotification', true],
    ['2025-11-25', call({ name: 'x', arguments: 'no' }), 'CallToolRequest', false],
    ['2025-11-25', { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }, 'InitializeRequest', false],
    ['2024-11-05', call({ name: 'x', arguments: {} }), 'JSONRPCRequest & CallToolRequest', true],
    ['2024-11-05', call({ name: 5 }), 'JSONRPCRequest & CallToolRequest', false],
    ['2024-11-05', call({ name: 'x' }, null), 'JSONRPCRequest & CallToolRequest', false],
    ['2024-11-05', { jsonrpc: '2.0', method: 'notifications/initialized' }, 'JSONRPCNotification & InitializedNotification', true],
    ['2024-11-05', { jsonrpc: '2.0', id: 'a', method: 5 }, 'JSONRPCRequest', false],
    ['2024-11-05', [{ jsonrpc: '2.0', id: 'a', method: 'ping' }], '(batch)', false],
    ['2025-03-26', [{ jsonrpc: '2.0', id: 'a', method: 'ping' }], 'JSONRPCBatchRequest', true],
  ] as const)('%s: %j is checked against %s, valid: %s', (version, frame, definition, valid) => {
    const check = mcpFrameValidator(version).check(frame);
    expect(check.definition).toBe(definition);
    expect(check.errors.length === 0, check.errors.join('; ')).toBe(valid);
  });
});

describe('every frame the linter sends is valid MCP, but for the defect its probe is about', () => {
  it.each(ERAS)('well-behaved, $title', async ({ pin, version, opening }) => {
    const run = await recordRun(pin);
    expect(run.report.server.protocolVersion).toBe(version);
    const { perMethod, invalid, deliberateFrames, deliberate } = validateRun(version, run);

    const total = run.lines.length;
    const validOnPurpose = deliberateFrames.filter((f) => f.errors.length === 0);
    console.log(
      `MCP ${version}: ${total} frames, ${total - deliberateFrames.length} not deliberate (${invalid.length} invalid), ${deliberateFrames.length} deliberate (${validOnPurpose.length} valid)\n` +
        Object.entries(perMethod)
          .sort(([, a], [, b]) => b - a)
          .map(([m, n]) => `  ${m}: ${n}`)
          .join('\n') +
        (validOnPurpose.length > 0 ? `\n  deliberate but valid: ${validOnPurpose.map((f) => `${f.sent.probe} "${f.sent.breaks}"`).join('; ')}` : ''),
    );

    // Only the deliberate defects may fail the schema.
    expect(invalid.map(describeVerdict), `frames that fail the MCP ${version} schema without their probe meaning it`).toEqual([]);

    // The test validated a whole run, not nothing: the opening, tools/list, and many tool calls.
    expect(total).toBeGreaterThanOrEqual(200);
    for (const method of opening) expect(perMethod[method] ?? 0, `${method} frames`).toBeGreaterThanOrEqual(1);
    expect(perMethod['tools/list'] ?? 0, 'tools/list frames').toBeGreaterThanOrEqual(1);
    expect(perMethod['tools/call'] ?? 0, 'tools/call frames').toBeGreaterThanOrEqual(100);

    // Every deliberate frame went out, and fails the schema unless the allow-list says why the schema cannot see it.
    expect(deliberate.length, 'probe cases marked breaks').toBeGreaterThanOrEqual(10);
    const recorded = new Set(deliberateFrames.map((f) => f.sent));
    expect(deliberate.filter((s) => !recorded.has(s)).map((s) => `${s.probe}: ${s.breaks}`), 'deliberate frames not found on the wire').toEqual([]);
    const allowed = { ...VALID_ON_PURPOSE['*'], ...VALID_ON_PURPOSE[version] };
    expect(validOnPurpose.filter((f) => !(f.sent.breaks! in allowed)).map(describeVerdict), 'frames marked breaks that the schema takes as valid').toEqual([]);
  });
});
