// Why a run stopped before it sent every planned input (its deadline, or a signal), and the durations that set budgets.

/** The run's deadline, a signal, or a server that asked for more waiting than the run allows (HTTP 429/503). */
export type InterruptCause = 'deadline' | 'throttled' | 'SIGINT' | 'SIGTERM' | 'SIGHUP';

/** Thrown through the session and the engine when the run must stop now; the lint then reports what it has. */
export class Interrupted extends Error {
  constructor(
    readonly by: InterruptCause,
    message: string,
  ) {
    super(message);
  }
}

/** The Interrupted an aborted signal carries (its reason), or a generic one. */
export function interruptionOf(signal: AbortSignal): Interrupted {
  return signal.reason instanceof Interrupted ? signal.reason : new Interrupted('SIGINT', 'interrupted');
}

export function throwIfInterrupted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw interruptionOf(signal);
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** "90s", "10m", "1h", "1m30s", "500ms"; a bare number is seconds. Undefined when it is not a positive duration. */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) > 0 ? Math.round(Number(trimmed) * 1000) : undefined;
  if (!/^(\d+(\.\d+)?(ms|s|m|h))+$/.test(trimmed)) return undefined;
  let total = 0;
  for (const [, value, , unit] of trimmed.matchAll(/(\d+(\.\d+)?)(ms|s|m|h)/g)) total += Number(value) * UNITS[unit];
  return total > 0 ? Math.round(total) : undefined;
}

/** 600000 → "10m", 90000 → "1m30s", 1500 → "1.5s", 250 → "250ms". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(1))}s`;
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.round((ms % 60_000) / 1000);
  return `${h ? `${h}h` : ''}${m ? `${m}m` : ''}${s ? `${s}s` : ''}`;
}
