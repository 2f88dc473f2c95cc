// The default of every lint setting a user may leave out (flags, config file, API).
import type { ProfileName } from './types.js';

export const DEFAULTS = {
  timeoutMs: 10_000,
  runs: 25,
  profile: 'recommended' as ProfileName,
  failOn: 'error' as const,
  minScore: 0,
  deadlineMs: 10 * 60_000,
  toolBudgetMs: 2 * 60_000,
  concurrency: 1,
  /** Tries the repair agent makes at one validation error (0: no repair agent). */
  repairAttempts: 3,
};

export function randomSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}
