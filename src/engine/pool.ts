// Tools probed side by side: the pool hands out tool units in order, and sends the run back to one tool at a time as
// soon as an answer could depend on what ran beside it.
import type { Exchange } from '../exchange.js';
import type { ToolInfo } from '../session/types.js';
import type { Session } from '../session/session.js';
import type { PlannedUnit } from '../plan/batches.js';
import { mayComeFromLoad } from '../matchers/failure.js';
import { slowAfterMs } from './limits.js';

/** A concurrent unit saw something that could depend on what ran beside it: it is dropped, to run again alone. */
export class Abandoned extends Error {}

/**
 * Hands out tool units to the workers, lazily and in order; an abandoned unit comes back first. Once `alone`, one
 * worker runs whatever is left, one tool at a time.
 */
export class UnitPool {
  alone: boolean;
  private next = 1;
  private readonly retry: Array<{ n: number; unit: PlannedUnit }> = [];
  private readonly restarts: number;

  constructor(
    private readonly units: Iterator<PlannedUnit>,
    concurrency: number,
    private readonly session: Session,
  ) {
    this.alone = concurrency === 1;
    this.restarts = session.restarts;
  }

  take(): { n: number; unit: PlannedUnit } | undefined {
    if (this.retry.length > 0) return this.retry.sort((a, b) => a.n - b.n).shift();
    const step = this.units.next();
    return step.done ? undefined : { n: this.next++, unit: step.value };
  }

  again(item: { n: number; unit: PlannedUnit }): void {
    this.retry.push(item);
  }

  /**
   * After an exchange of a unit running beside others (or a liveness check that failed, `dead`): may its verdicts depend
   * on them? Then the run goes on alone, and the unit is abandoned to run again.
   */
  check(exchanges: readonly Exchange[], timeoutMs: number, dead = false): void {
    const disturbed = dead || this.session.gone !== null || this.session.restarts !== this.restarts || exchanges.some((e) => disturbance(e, timeoutMs));
    if (disturbed) this.alone = true;
    if (this.alone) throw new Abandoned();
  }

  /** The tools no unit reached (for an interrupted run), in order. */
  unstarted(tools: readonly ToolInfo[], results: ReadonlyMap<number, unknown>): ToolInfo[] {
    const retried = new Set(this.retry.map((item) => item.n));
    return tools.filter((_, i) => (i + 1 >= this.next || retried.has(i + 1)) && !results.has(i + 1));
  }
}

/**
 * What makes an exchange's verdict depend on other calls in flight: broken, noisy, crossed, still progressing, or slow
 * enough (half of what ToolLimits calls slow: a slow failure, a slow valid input) that its neighbours' load could tip it.
 */
function disturbance(exchange: Exchange, timeoutMs: number): boolean {
  const kind = exchange.outcome.kind;
  return kind === 'timeout' || kind === 'closed' || exchange.elapsedMs >= Math.min(slowAfterMs(timeoutMs), timeoutMs / 2) / 2
    || (exchange.noise?.length ?? 0) > 0 || (exchange.unmatched?.length ?? 0) > 0 || exchange.answers !== 1 || exchange.progress !== undefined || exchange.cancelled === true
    || mayComeFromLoad(exchange);
}
