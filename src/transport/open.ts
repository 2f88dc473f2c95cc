// Opens the wire a target is reached by: a process spawned for a command, or HTTP to a URL; the session above it hears
// of its frames through hooks and never asks which one it was.
import { isHttpTarget, type ServerTarget } from '../target/target.js';
import type { CapLog } from './caps.js';
import { RecordingHttpTransport } from './http.js';
import { httpOutcome, refused } from './refusal.js';
import { RecordingStdioTransport } from './stdio.js';
import type { Throttle } from './throttle.js';
import type { WireHooks, WireTransport } from './wire.js';

export interface WireOptions {
  /** Where caps hit are counted (shared by every connection of a session). */
  caps: CapLog;
  /** When the session started (Date.now()), for the times of recorded frames. */
  startedAt: number;
  /** How long start-up may take. */
  handshakeTimeoutMs: number;
  /** The pace the server asked for, kept across the connections of the run; a fresh one when not given. */
  pace?: Throttle;
}

/** A wire to `target`, not yet started; without hooks, nobody hears of its frames but through their answers. */
export function openWire(target: ServerTarget, options: WireOptions, hooks?: WireHooks): WireTransport {
  if (!isHttpTarget(target)) return new RecordingStdioTransport(target, options.startedAt, options.caps);
  const wire = new RecordingHttpTransport(target, options.caps, options.handshakeTimeoutMs, options.pace);
  if (hooks) {
    wire.onresponse = (tag, facts) => hooks.onfacts(tag, { http: facts });
    // An exchange that brought no message ends as its answer when it was refused, or when it was the request's own stream.
    wire.onsettled = (tag, facts, messages, orphans) =>
      hooks.onended(tag, { messages, orphans, ...(messages === 0 && (refused(facts) || wire.hasPerRequestStream) ? { outcome: httpOutcome(facts) } : {}) });
    wire.onthrottled = hooks.onheld;
    wire.onthrottledout = hooks.onstop;
  }
  return wire;
}
