// What stops a tool's inputs before the run's deadline does: slow valid input, failures alike and slow (on one tool, or
// across tools: an upstream that cannot be reached), the tool's budget.
import type { ProbeKind } from '../types.js';
import type { Exchange } from '../exchange.js';
import type { ProbeCase } from '../probe-case.js';
import { NO_TOOL } from '../plan/types.js';
import { answerKind } from '../matchers/surface.js';
import { failureKey, saysUnreachable } from '../matchers/failure.js';
import { formatDuration } from '../interrupt.js';

/** A tool whose inputs are no longer sent: only those that may run long (valid or any), or all of them. */
interface Hold {
  all: boolean;
  reason: string;
}

/** This many failures of one tool, alike and each slow, are enough: its further inputs are not sent. */
const ALIKE_SLOW_FAILURES = 3;

/** This many tools failing alike and slowly, while none answered a valid input, mean the upstream cannot be reached. */
const UPSTREAM_TOOLS = 3;

/** One slow failure (described without its numbers), as seen across tools. */
interface SlowFailure {
  key: string;
  /** The tools it stopped, in the order it stopped them. */
  tools: string[];
  /** An input the tool must refuse failed so too: the server reaches its upstream before it checks anything. */
  refusals: boolean;
  /**
   * It reads as something behind the server failing, not as a refusal of the input: a text that says a host could not
   * be reached, or a valid input failing so. Only such a failure is taken as the same on another tool. (A slow
   * server's correct refusals fail alike too, "Missing required argument 'email'"; and a server that hangs on invalid
   * input has a defect of its own, which a timeout alone says nothing against.)
   */
  upstream: boolean;
  /** The quickest of these failures (ms). */
  fastestMs: number;
}

/**
 * What stops a tool's inputs before the run's deadline does: valid input that runs long (only its inputs that may run
 * long are held), failures that are alike and slow (a stalled lookup behind every call: the inputs that met it), and the
 * tool's time budget. A slow failure already seen on another tool stops a tool at once; once it has stopped a few tools
 * and no tool answered a valid input, the upstream is taken as unreachable and the tools not yet probed get only the
 * inputs that need no upstream (those it must refuse, when they were answered at once), or none.
 */
export class ToolLimits {
  private readonly holds = new Map<string, Hold>();
  private readonly started = new Map<string, number>();
  private readonly alike = new Map<string, Map<string, number>>();
  private readonly failures = new Map<string, SlowFailure>();
  /** Tools that answered a valid (or possibly valid) input with a result: something behind the server works. */
  private readonly worked = new Set<string>();
  private upstream?: SlowFailure;

  constructor(
    private readonly timeoutMs: number,
    private readonly budgetMs: number | undefined,
  ) {}

  /** What holds a tool's inputs back: its own hold, or an unreachable upstream's (the stricter of the two). */
  held(tool: string): Hold | undefined {
    const own = this.holds.get(tool);
    const upstream = this.upstreamHold(tool);
    return own?.all || !upstream || (own && !upstream.all) ? own : upstream;
  }

  /** Everything known of a tool, for a tool that is probed again from its start. */
  forget(tool: string): void {
    this.holds.delete(tool);
    this.started.delete(tool);
    this.alike.delete(tool);
    this.worked.delete(tool);
  }

  /** Before an input is sent: the hold that keeps it back, if any (the tool's clock starts at its first input). */
  before(tool: string, mayRunLong: boolean): Hold | undefined {
    const started = this.started.get(tool) ?? performance.now();
    this.started.set(tool, started);
    if (this.budgetMs !== undefined && !this.holds.get(tool)?.all && performance.now() - started > this.budgetMs) {
      this.holds.set(tool, { all: true, reason: `its time budget of ${formatDuration(this.budgetMs)} (--tool-budget) was spent` });
    }
    const hold = this.held(tool);
    return hold && (hold.all || mayRunLong) ? hold : undefined;
  }

  /** After an exchange: a slow valid input holds the tool's long-running inputs; slow failures alike hold those they met. */
  after(tool: string, probe: ProbeKind, probeCase: ProbeCase, exchanges: readonly Exchange[], mayRunLong: boolean): void {
    if (this.holds.get(tool)?.all) return;
    const slowest = mayRunLong ? exchanges.find((e) => e.outcome.kind === 'timeout' || e.elapsedMs > this.timeoutMs / 2) : undefined;
    if (slowest && !this.holds.has(tool)) {
      const took = slowest.cancelled ? `was still reporting progress after ${(slowest.elapsedMs / 1000).toFixed(1)} s` : slowest.outcome.kind === 'timeout' ? 'timed out' : `took ${(slowest.elapsedMs / 1000).toFixed(1)} s`;
      this.holds.set(tool, { all: false, reason: `the tool is slow on valid input (${probe}: ${probeCase.label} ${took}), so its further valid or possibly valid inputs are not sent` });
    }
    for (const exchange of exchanges) {
      if (mayRunLong && answerKind(exchange) === 'success' && !serverScope(tool)) this.worked.add(tool);
      const key = slowFailure(exchange, this.timeoutMs);
      if (key === undefined) continue;
      const seen = this.failures.get(key) ?? { key, tools: [], refusals: false, upstream: false, fastestMs: exchange.elapsedMs };
      this.failures.set(key, seen);
      seen.refusals ||= !mayRunLong;
      seen.upstream ||= (mayRunLong && answerKind(exchange) !== 'timeout') || saysUnreachable(exchange);
      seen.fastestMs = Math.min(seen.fastestMs, exchange.elapsedMs);
      const counts = this.alike.get(tool) ?? new Map<string, number>();
      this.alike.set(tool, counts);
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      // Something behind the server, seen failing so on another tool already: one is enough, it is the same failure.
      const before = seen.upstream ? seen.tools.find((t) => t !== tool) : undefined;
      if (count < (before === undefined ? ALIKE_SLOW_FAILURES : 1)) continue;
      if (!seen.tools.includes(tool)) seen.tools.push(tool);
      const what = before === undefined ? `${count} inputs failed alike, each after ${seconds(seen.fastestMs)} or more (${key})` : `it failed as ${named(before)} did (${key})`;
      this.holds.set(tool, seen.refusals ? { all: true, reason: `${what}, so its further inputs are not sent` } : { all: false, reason: `${what} on valid input, so its further valid or possibly valid inputs are not sent` });
      if (!this.upstream && seen.upstream && realTools(seen).length >= UPSTREAM_TOOLS && this.worked.size === 0) this.upstream = seen;
      if (seen.refusals) return;
    }
  }

  /** The conclusion that the upstream cannot be reached, in words; undefined until it is drawn. */
  unreachable(): string | undefined {
    const up = this.upstream;
    if (!up) return undefined;
    const tools = realTools(up);
    return `the upstream looks unreachable: ${tools.length} tools (${tools.join(', ')}) failed alike, each after ${seconds(up.fastestMs)} or more (${up.key}), and no tool answered a valid input`;
  }

  /** The hold an unreachable upstream puts on a tool it did not stop itself. */
  private upstreamHold(tool: string): Hold | undefined {
    const why = this.unreachable();
    if (why === undefined || serverScope(tool) || this.upstream!.tools.includes(tool)) return undefined;
    return this.upstream!.refusals
      ? { all: true, reason: `${why}; inputs the tools must refuse failed so too, so no input is sent (probe it alone with --tool once the upstream is reachable)` }
      : { all: false, reason: `${why}; only inputs it must refuse before reaching the upstream are sent` };
  }
}

/**
 * What the limits hold: a tool, or one server-scope probe kind (they are independent of each other: unknown tools
 * failing slowly say nothing of how bad JSON-RPC frames are answered).
 */
export function limitedAs(tool: string, probe: ProbeKind): string {
  return tool === NO_TOOL ? `${NO_TOOL} ${probe}` : tool;
}

/** A tool by its name, a server-scope probe kind as "the unknown-tool probe". */
function named(limited: string): string {
  return serverScope(limited) ? `the ${limited.slice(NO_TOOL.length + 1)} probe` : limited;
}

/** Is this what the limits hold of a server-scope probe kind? */
function serverScope(limited: string): boolean {
  return limited.startsWith(`${NO_TOOL} `);
}

/** How long an answer takes to count as slow: a quarter of the timeout, and at least a second. */
export function slowAfterMs(timeoutMs: number): number {
  return Math.max(1000, timeoutMs / 4);
}

/** The tools a failure stopped, without the server-scope probes. */
function realTools(failure: SlowFailure): string[] {
  return failure.tools.filter((t) => !serverScope(t));
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** A failure that took at least a quarter of the timeout (and a second), as a key alike failures share; else undefined. */
function slowFailure(exchange: Exchange, timeoutMs: number): string | undefined {
  if (exchange.cancelled || exchange.elapsedMs < slowAfterMs(timeoutMs)) return undefined;
  return answerKind(exchange) === 'timeout' ? 'no answer within the timeout' : failureKey(exchange);
}
