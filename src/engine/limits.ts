// What stops a tool's inputs before the run's deadline does: slow valid input, failures alike and slow, the tool's budget.
import type { Exchange, ProbeCase, ProbeKind } from '../types.js';
import { answerKind, errorText } from '../matchers/surface.js';
import { formatDuration } from '../interrupt.js';

/** A tool whose inputs are no longer sent: only those that may run long (valid or any), or all of them. */
interface Hold {
  all: boolean;
  reason: string;
}

/** This many failures of one tool, alike and each slow, are enough: its further inputs are not sent. */
const ALIKE_SLOW_FAILURES = 3;

/**
 * What stops a tool's inputs before the run's deadline does: valid input that runs long (only its inputs that may run
 * long are held), failures that are alike and slow (a stalled lookup behind every call), and the tool's time budget.
 */
export class ToolLimits {
  private readonly holds = new Map<string, Hold>();
  private readonly started = new Map<string, number>();
  private readonly alike = new Map<string, Map<string, number>>();

  constructor(
    private readonly timeoutMs: number,
    private readonly budgetMs: number | undefined,
  ) {}

  held(tool: string): Hold | undefined {
    return this.holds.get(tool);
  }

  /** Everything known of a tool, for a tool that is probed again from its start. */
  forget(tool: string): void {
    this.holds.delete(tool);
    this.started.delete(tool);
    this.alike.delete(tool);
  }

  /** Before an input is sent: the hold that keeps it back, if any (the tool's clock starts at its first input). */
  before(tool: string, mayRunLong: boolean): Hold | undefined {
    const started = this.started.get(tool) ?? performance.now();
    this.started.set(tool, started);
    if (this.budgetMs !== undefined && !this.holds.get(tool)?.all && performance.now() - started > this.budgetMs) {
      this.holds.set(tool, { all: true, reason: `its time budget of ${formatDuration(this.budgetMs)} (--tool-budget) was spent` });
    }
    const hold = this.holds.get(tool);
    return hold && (hold.all || mayRunLong) ? hold : undefined;
  }

  /** After an exchange: a slow valid input holds the tool's long-running inputs; slow failures alike hold all of them. */
  after(tool: string, probe: ProbeKind, probeCase: ProbeCase, exchanges: readonly Exchange[], mayRunLong: boolean): void {
    if (this.holds.get(tool)?.all) return;
    const slowest = mayRunLong ? exchanges.find((e) => e.outcome.kind === 'timeout' || e.elapsedMs > this.timeoutMs / 2) : undefined;
    if (slowest && !this.holds.has(tool)) {
      const took = slowest.cancelled ? `was still reporting progress after ${(slowest.elapsedMs / 1000).toFixed(1)} s` : slowest.outcome.kind === 'timeout' ? 'timed out' : `took ${(slowest.elapsedMs / 1000).toFixed(1)} s`;
      this.holds.set(tool, { all: false, reason: `the tool is slow on valid input (${probe}: ${probeCase.label} ${took}), so its further valid or possibly valid inputs are not sent` });
    }
    for (const exchange of exchanges) {
      const key = slowFailure(exchange, this.timeoutMs);
      if (key === undefined) continue;
      const counts = this.alike.get(tool) ?? new Map<string, number>();
      this.alike.set(tool, counts);
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      if (count >= ALIKE_SLOW_FAILURES) {
        this.holds.set(tool, { all: true, reason: `${count} inputs failed alike, each after ${(exchange.elapsedMs / 1000).toFixed(1)} s or more (${key}), so its further inputs are not sent` });
        return;
      }
    }
  }
}

/** How long an answer takes to count as slow: a quarter of the timeout, and at least a second. */
export function slowAfterMs(timeoutMs: number): number {
  return Math.max(1000, timeoutMs / 4);
}

/** A failure that took at least a quarter of the timeout (and a second), described without its numbers; else undefined. */
function slowFailure(exchange: Exchange, timeoutMs: number): string | undefined {
  if (exchange.cancelled || exchange.elapsedMs < slowAfterMs(timeoutMs)) return undefined;
  const kind = answerKind(exchange);
  if (kind === 'timeout') return 'no answer within the timeout';
  if (kind !== 'tool-error' && kind !== 'protocol-error') return undefined;
  const text = errorText(exchange).replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().slice(0, 80);
  return `${kind === 'tool-error' ? 'isError' : 'JSON-RPC error'}: "${text}"`;
}
