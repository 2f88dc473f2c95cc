// Typed protocol versions: negotiated strings are parsed once, and comparisons never fall back to string order.
import { PROTOCOL_VERSIONS, type ProtocolVersion } from './types.js';

/** The version named, if it is one mcp-errlint knows; anything else (a typo, a future date, 'unknown') is not. */
export function knownVersion(version: string): ProtocolVersion | undefined {
  return (PROTOCOL_VERSIONS as readonly string[]).includes(version) ? (version as ProtocolVersion) : undefined;
}

/**
 * Did the session negotiate `since` or a later known version? An unknown version is not "the newest": it counts as
 * none of them, so version-dependent verdicts fall back to the oldest (most lenient) reading.
 */
export function versionAtLeast(version: string, since: ProtocolVersion): boolean {
  const known = knownVersion(version);
  return known !== undefined && PROTOCOL_VERSIONS.indexOf(known) >= PROTOCOL_VERSIONS.indexOf(since);
}

/** The first version of the stateless (modern) era. */
export const MODERN_ERA_SINCE: ProtocolVersion = '2026-07-28';
