// The tool limits: failures alike and slow stop a tool; the same failure of something behind the server stops the next
// tool at once, and a few tools failing so (none answering a valid input) mean the upstream cannot be reached.
import { describe, expect, it } from 'vitest';
import { limitedAs, ToolLimits } from '../../src/engine/limits.js';
import type { ProbeKind } from '../../src/types.js';
import type { Exchange } from '../../src/exchange.js';
import { NO_TOOL } from '../../src/plan/types.js';
import { exchange } from '../helpers/exchange.js';

const TIMEOUT = 10_000;
// The chart server's answer to every call, valid or not, while its upstream cannot be resolved (after about 5 s).
const unreachable = (tool: string) => `Failed to generate ${tool}: getaddrinfo ENOTFOUND antv-studio.alipay.com`;

/** Send one input of `tool` through the limits: undefined if it went out (and failed as `answer` says), else the hold. */
function send(limits: ToolLimits, tool: string, probe: ProbeKind, answer: (tool: string) => Exchange) {
  const mayRunLong = probe === 'positive';
  const hold = limits.before(tool, mayRunLong);
  if (hold) return hold;
  limits.after(tool, probe, { name: tool, arguments: {}, expect: mayRunLong ? 'valid-input' : 'invalid-input', label: `${probe} case` }, [answer(tool)], mayRunLong);
  return undefined;
}

/** Send inputs of `tool` until it is held (at most ten): how many went out. */
function untilHeld(limits: ToolLimits, tool: string, probe: ProbeKind, answer: (tool: string) => Exchange): number {
  for (let sent = 0; sent < 10; sent++) if (send(limits, tool, probe, answer) !== undefined) return sent;
  throw new Error(`${tool} was never held`);
}

const slowError = (text: (tool: string) => string, elapsedMs = 5000) => (tool: string) => exchange({ tool, probe: 'missing-required', error: { code: -32603, message: text(tool) }, elapsedMs });

describe('failures alike and slow', () => {
  it('stop one tool after three, and a tool that failed as another did at once (the tool name set aside)', () => {
    const limits = new ToolLimits(TIMEOUT, undefined);
    const answer = slowError(unreachable);
    expect(send(limits, 'line_chart', 'missing-required', answer)).toBeUndefined();
    expect(send(limits, 'line_chart', 'missing-required', answer)).toBeUndefined();
    expect(send(limits, 'line_chart', 'missing-required', answer)).toBeUndefined();
    expect(limits.held('line_chart')).toEqual({ all: true, reason: expect.stringMatching(/^3 inputs failed alike, each after 5\.0 s or more \(JSON-RPC error: "Failed to generate <tool>: getaddrinfo ENOTFOUND/) });
    expect(send(limits, 'bar_chart', 'missing-required', answer)).toBeUndefined();
    expect(limits.held('bar_chart')).toEqual({ all: true, reason: expect.stringMatching(/^it failed as line_chart did/) });
    expect(limits.unreachable()).toBeUndefined(); // two tools are not yet a pattern
  });

  it('three tools failing so, none answering a valid input: the upstream is unreachable and the rest get no input', () => {
    const limits = new ToolLimits(TIMEOUT, undefined);
    const answer = slowError(unreachable);
    expect(['line_chart', 'bar_chart', 'pie_chart'].map((tool) => untilHeld(limits, tool, 'missing-required', answer))).toEqual([3, 1, 1]);
    expect(limits.unreachable()).toMatch(/^the upstream looks unreachable: 3 tools \(line_chart, bar_chart, pie_chart\) failed alike, each after 5\.0 s or more/);
    const held = send(limits, 'area_chart', 'missing-required', answer);
    expect(held).toEqual({ all: true, reason: expect.stringMatching(/^the upstream looks unreachable: .*inputs the tools must refuse failed so too, so no input is sent/) });
    expect(limits.held('area_chart')).toEqual(held);
    // The server-scope probes do not call the tools: never held by it.
    expect(limits.held(limitedAs(NO_TOOL, 'jsonrpc'))).toBeUndefined();
  });

  it('when only valid inputs fail so, the rest still get the inputs they must refuse', () => {
    const limits = new ToolLimits(TIMEOUT, undefined);
    const valid = (tool: string) => exchange({ tool, probe: 'positive', error: { code: -32603, message: unreachable(tool) }, elapsedMs: 5000 });
    for (const tool of ['line_chart', 'bar_chart', 'pie_chart']) untilHeld(limits, tool, 'positive', valid);
    expect(limits.held('line_chart')).toEqual({ all: false, reason: expect.stringMatching(/on valid input, so its further valid or possibly valid inputs are not sent$/) });
    expect(limits.unreachable()).toBeDefined();
    expect(limits.before('area_chart', false)).toBeUndefined(); // a refusal goes out
    expect(limits.before('area_chart', true)).toEqual({ all: false, reason: expect.stringMatching(/only inputs it must refuse before reaching the upstream are sent$/) });
  });

  it('a tool that answered a valid input means the upstream works for something: no conclusion', () => {
    const limits = new ToolLimits(TIMEOUT, undefined);
    const ok = (tool: string) => exchange({ tool, probe: 'positive', text: '3 rows', elapsedMs: 40 });
    expect(send(limits, 'list_files', 'positive', ok)).toBeUndefined();
    const answer = slowError(unreachable);
    for (const tool of ['line_chart', 'bar_chart', 'pie_chart']) untilHeld(limits, tool, 'missing-required', answer);
    expect(limits.unreachable()).toBeUndefined();
    expect(limits.held('area_chart')).toBeUndefined();
  });

  it("a slow server's correct refusals are alike too, but say nothing of an upstream: each tool is judged on its own", () => {
    const limits = new ToolLimits(TIMEOUT, undefined);
    const refusal = slowError((tool) => `Missing required argument 'email' for ${tool}: expected a string`, 3000);
    for (const tool of ['lookup_user', 'find_user', 'get_user']) {
      expect(send(limits, tool, 'missing-required', refusal)).toBeUndefined();
      expect(send(limits, tool, 'missing-required', refusal)).toBeUndefined();
      expect(limits.held(tool)).toBeUndefined(); // two are not enough for a failure seen on another tool
      expect(send(limits, tool, 'missing-required', refusal)).toBeUndefined();
      expect(limits.held(tool)?.reason).toMatch(/^3 inputs failed alike/);
    }
    expect(limits.unreachable()).toBeUndefined();
    expect(limits.held('list_orders')).toBeUndefined();
  });

  it('a server that hangs on invalid input has a defect of its own: timeouts alone conclude nothing across tools', () => {
    const limits = new ToolLimits(TIMEOUT, undefined);
    const hang = (tool: string) => exchange({ tool, probe: 'missing-required', timeout: true, elapsedMs: TIMEOUT });
    // Each tool is stopped by its own three, never at the first because another tool hung.
    expect(['a_tool', 'b_tool', 'c_tool'].map((tool) => untilHeld(limits, tool, 'missing-required', hang))).toEqual([3, 3, 3]);
    expect(limits.unreachable()).toBeUndefined();
    expect(limits.held('d_tool')).toBeUndefined();
  });

  it("the tool's name is set aside as a word only", () => {
    const limits = new ToolLimits(TIMEOUT, undefined);
    // "get" inside "target" stays: both tools fail with the same text, so the second is stopped at once.
    const answer = slowError(() => 'getaddrinfo ENOTFOUND target.example.internal');
    expect(untilHeld(limits, 'get', 'missing-required', answer)).toBe(3);
    expect(untilHeld(limits, 'list', 'missing-required', answer)).toBe(1);
  });

  it('a fast failure, however alike, holds nothing', () => {
    const limits = new ToolLimits(TIMEOUT, undefined);
    const answer = slowError(unreachable, 200);
    for (let i = 0; i < 10; i++) expect(send(limits, 'line_chart', 'missing-required', answer)).toBeUndefined();
    expect(limits.held('line_chart')).toBeUndefined();
  });
});
