// The search over one batch's inputs: explore every input once, then shrink each rule's first failure with fast-check.
import fc from 'fast-check';
import type { ProbeCase } from '../probe-case.js';
import type { RuleHit } from './types.js';
import { UNKNOWN_PATH } from './types.js';

/** Shrinking re-sends inputs to the server; past this many extra calls per (tool, probe) it stops. */
const SHRINK_BUDGET = 40;

/** What the search needs of the batch it runs in. */
export interface Search {
  /** The batch's inputs under its seed: every enumerated case first, then the random ones. */
  source: fc.Arbitrary<ProbeCase>;
  /** fast-check over the batch's inputs with this property, from `path` when given. */
  check(property: fc.IAsyncProperty<[ProbeCase]>, path?: string): Promise<fc.RunDetails<[ProbeCase]>>;
  /** Send one input; its answer is graded later, while the server works on the next one. */
  send(probeCase: ProbeCase, path: string): Promise<void>;
  /** Send one input and grade its answer now: the hits it got. */
  sendGraded(probeCase: ProbeCase, path: string): Promise<readonly RuleHit[]>;
  /** Every answer of the batch so far, graded: their hits in the order the inputs were sent. */
  graded(): readonly RuleHit[];
  /** The batch is over: a timeout or a crash ended it. */
  stopped(): boolean;
  /** An input the batch drew but did not send, being over: it is accounted for as not sent. */
  notSent(): void;
  /** May a failure be shrunk? Only random inputs can be made smaller. */
  shrinkable: boolean;
  /** A smaller input failing `ruleId` was found, sent as a shrink candidate: it is replayable at `path`. */
  found(probeCase: ProbeCase, path: string): void;
}

/** Send exactly the input at `path` (a replay): fast-check goes on past it, so only the first value is sent. */
export async function replayOne(search: Search, path: string): Promise<void> {
  let sent = false;
  await search.check(fc.asyncProperty(search.source, async (probeCase) => {
    if (sent) return true;
    sent = true;
    await search.send(probeCase, path);
    return true;
  }), path);
}

/** Every input once, then each rule's first failure shrunk: fast-check restarts there and looks for a smaller input failing that rule. */
export async function exploreAndShrink(search: Search): Promise<void> {
  let index = 0;
  // One input in flight at a time, as always; but the property returns once it is sent, so fast-check draws the next
  // input while the server works on this one (the next property waits for this answer before it sends).
  let inFlight: Promise<void> = Promise.resolve();
  await search.check(fc.asyncProperty(search.source, async (probeCase) => {
    const path = String(index++);
    await inFlight;
    if (search.stopped()) {
      search.notSent();
      return true;
    }
    inFlight = search.send(probeCase, path);
    return true;
  }));
  await inFlight;
  const firstFailure = new Map<string, string>();
  for (const hit of search.graded()) if (!firstFailure.has(hit.ruleId)) firstFailure.set(hit.ruleId, hit.exchange.path);
  let shrinkCalls = 0;
  for (const [ruleId, path] of firstFailure) {
    if (search.stopped() || !search.shrinkable) break;
    let first = true;
    const shrunk = await search.check(fc.asyncProperty(search.source, async (probeCase) => {
      if (first) {
        first = false; // the failing input itself was already sent and graded while exploring
        return false;
      }
      if (search.stopped() || shrinkCalls >= SHRINK_BUDGET) return true;
      shrinkCalls++;
      return !(await search.sendGraded(probeCase, UNKNOWN_PATH)).some((hit) => hit.ruleId === ruleId);
    }), path);
    if (shrunk.failed && shrunk.counterexamplePath && shrunk.counterexamplePath !== path && shrunk.counterexample) {
      search.found(shrunk.counterexample[0], shrunk.counterexamplePath);
    }
  }
}
