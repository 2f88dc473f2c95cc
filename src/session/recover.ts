// Recovering the connection: a dead or stuck server is started anew at the same protocol version, a lost session is
// replaced by a new one, and a handshake refused for want of a token goes on without a session.
import type { ProtocolEra } from '../types.js';
import { openWire } from '../transport/open.js';
import { MODERN_ERA_SINCE, versionAtLeast } from '../protocol-version.js';
import { connectOnce, handshakeDeadline, type Link } from './connect.js';

/** What a server that refused the handshake for want of a token is graded by: the newest version of the initialize handshake, which the client offered. */
const UNAUTHORIZED_VERSION = '2025-11-25';

/**
 * The handshake was refused for want of a token the user did not give: no session, only a wire for the requests of
 * the auth probe, which asks what the server does without a token. The run then says what needs authorization.
 */
export async function withoutAuthorization(link: Link, pin: string | undefined): Promise<void> {
  const { options, caps, correlator } = link;
  await correlator.wire.close();
  // Nobody hears of its frames but through their answers: only variants go out on it.
  const wire = openWire(options.target, { caps, startedAt: link.startedAt, handshakeTimeoutMs: link.handshakeTimeoutMs });
  correlator.watch(wire);
  const version = pin ?? UNAUTHORIZED_VERSION;
  const era: ProtocolEra = versionAtLeast(version, MODERN_ERA_SINCE) ? 'modern' : 'legacy';
  link.facts = { protocolVersion: version, era, capabilities: {}, transport: wire.kind, timeoutMs: options.timeoutMs, ...wire.targetFacts, needsAuthorization: true };
}

/** Replace a dead or stuck server with a fresh one at the same protocol version, or a lost session with a new one. */
export async function restart(link: Link): Promise<void> {
  await link.correlator.wire.close();
  await connectOnce(link, link.facts!.protocolVersion, 'legacy', handshakeDeadline(link));
}

/**
 * Restart after a crash or hang (by `restart`); returns why the server can no longer be probed when it will not come
 * back, or when the wire is not one to start anew (a server at a URL that stopped answering), else null.
 */
export async function recover(link: Link, again: () => Promise<void>): Promise<string | null> {
  const wire = link.correlator.wire;
  const notRestarted = wire.notRestarted;
  if (notRestarted !== null) return notRestarted;
  try {
    await again();
    return null;
  } catch (error) {
    return wire.restartFailure(error instanceof Error ? error.message : String(error));
  }
}
