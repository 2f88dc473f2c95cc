// Coverage, part of the verdict (rulebook §6): which listed tools were probed, which probe kinds ran, and why the rest did not. Pure.
import type { ProbeKind } from '../types.js';
import type { Exchange } from '../exchange.js';
import type { Listed, ServerSurfaces } from '../session/types.js';
import type { Skip, Surface } from '../plan/types.js';
import { NO_TOOL } from '../plan/types.js';
import { versionAtLeast } from '../protocol-version.js';
import { plural } from '../util/text.js';
import { groupBy } from '../util/group.js';

/** Why nothing past the handshake could be probed, as data a scoreboard can class servers by, and in words. */
export interface Blocked {
  kind: 'needs-auth';
  reason: string;
}

/** A server that refused the handshake with 401 to a run without a token: what to do about it, in one sentence. */
export function needsAuthorization(version: string): Blocked {
  return {
    kind: 'needs-auth',
    reason: `it refused the MCP handshake with HTTP 401, so only its answers without a token were graded (by ${version}, the version asked for); `
      + "give a token with --header 'Authorization: Bearer ${TOKEN}' (read from the environment), or let mcp-errlint get one with --oauth-client-credentials",
  };
}

/** How far one surface was tested, and why not further. */
export interface SurfaceCoverage {
  surface: Surface;
  /** What the server offers there: "12 tools", "3 resources, 1 template", "not declared". */
  available: string;
  /** probed: its probe sent requests; refusal checked: not declared, so only its refusal was asked for; not probed: see reason. */
  status: 'probed' | 'refusal checked' | 'not probed';
  reason?: string;
}

/** What the server declared and listed, and the negotiated version: what the surfaces' coverage rests on. */
export interface Offered {
  protocolVersion: string;
  capabilities: Record<string, unknown>;
  surfaces: ServerSurfaces;
}

export interface Coverage {
  /** Tools the server listed. */
  toolsListed: number;
  /** Tools chosen for this run (--tool, the config's tool globs); all listed ones by default. */
  toolsSelected: number;
  /** Tools that received at least one tools/call. */
  toolsProbed: number;
  /** Probed tools that were cut short: some of their planned inputs were never sent (a limit, an interruption). */
  toolsPartlyProbed: number;
  /** Planned inputs sent (a burst as one, shrinking not counted), and those a limit, an interruption or a crash kept back. */
  inputs: { sent: number; notSent: number };
  /** 100 × probed / listed, one decimal (100 for a server that lists no tool). */
  percent: number;
  /** Probe kinds that sent at least one request. */
  probeKindsRun: ProbeKind[];
  /** Probe kinds enabled for this run that sent nothing. */
  probeKindsNotRun: ProbeKind[];
  /**
   * Tool probes were wanted, but no tool of a server that lists tools was probed, or most planned inputs were never
   * sent: no letter grade.
   */
  incomplete: boolean;
  /** Why tools went unprobed or were only partly probed, one line per reason with the tools it applies to. */
  reasons: string[];
  /** Set when nothing past the handshake could be probed (the server needs authorization): no letter grade. */
  blocked?: Blocked;
  /** Every surface an agent touches (tools, resources, prompts, completions, logging, server): available, probed, or why not. */
  surfaces: SurfaceCoverage[];
}

/**
 * What this run reached. `toolProbesWanted` is false when only server-scope probes were asked for (a replay of an
 * unknown-tool finding, `--probe jsonrpc`): then an unprobed tool is not a gap in coverage.
 */
export function coverageOf(
  listed: readonly string[],
  selected: readonly string[],
  exchanges: readonly Pick<Exchange, 'tool' | 'probe'>[],
  skips: readonly Skip[],
  enabled: readonly ProbeKind[],
  toolProbesWanted: boolean,
  offered?: Offered,
  /** Planned inputs sent (the run counts them); the exchanges when not given. */
  inputsSent: number = exchanges.length,
  blocked?: Blocked,
): Coverage {
  const probed = new Set<string>();
  const kinds = new Set<ProbeKind>();
  for (const exchange of exchanges) {
    kinds.add(exchange.probe);
    if (exchange.tool !== NO_TOOL) probed.add(exchange.tool);
  }
  const skipsByTool = groupBy(skips, (skip) => skip.tool);
  const reasonTools = new Map<string, string[]>();
  // Probed tools that were cut short, by cause: the tools, and the planned inputs they were not sent.
  const partly = new Map<string, { tools: string[]; notSent: number }>();
  let notSent = 0;
  for (const skip of skips) notSent += skip.notSent ?? 0;
  for (const tool of selected) {
    const own = skipsByTool.get(tool) ?? [];
    if (probed.has(tool)) {
      const cut = own.filter((s) => (s.notSent ?? 0) > 0);
      if (cut.length === 0) continue;
      const cause = [...new Set(cut.map((s) => s.reason.replace(/^(?:not run|\d+ input\(s\) not sent): /, '')))].join('; ');
      const group = partly.get(cause) ?? { tools: [], notSent: 0 };
      group.tools.push(tool);
      partly.set(cause, { tools: group.tools, notSent: group.notSent + cut.reduce((n, s) => n + s.notSent!, 0) });
      continue;
    }
    const whole = own.find((s) => s.probe === '*');
    const reason = whole ? whole.reason : own.length > 0 ? [...new Set(own.map((s) => s.reason))].join('; ') : 'no probe sent it an input';
    const tools = reasonTools.get(reason);
    if (tools) tools.push(tool);
    else reasonTools.set(reason, [tool]);
  }
  const notSelected = listed.length - selected.length;
  const toolsText = (tools: readonly string[]) => `${tools.length} ${tools.length === 1 ? 'tool' : 'tools'} (${namesOf(tools)})`;
  const reasons = [
    ...[...reasonTools].map(([reason, tools]) => `${toolsText(tools)}: ${reason}`),
    ...[...partly].map(([cause, group]) => `${toolsText(group.tools)}: partly probed, ${plural(group.notSent, 'planned input')} not sent: ${cause}`),
  ];
  if (notSelected > 0) reasons.push(`${notSelected} ${notSelected === 1 ? 'tool' : 'tools'} not selected (--tool or the config's tool globs)`);
  if (blocked) reasons.unshift(blocked.reason);
  const sent = inputsSent;
  return {
    toolsListed: listed.length,
    toolsSelected: selected.length,
    toolsProbed: probed.size,
    toolsPartlyProbed: [...partly.values()].reduce((n, group) => n + group.tools.length, 0),
    inputs: { sent, notSent },
    percent: listed.length === 0 ? 100 : Math.floor((1000 * probed.size) / listed.length) / 10,
    probeKindsRun: enabled.filter((kind) => kinds.has(kind)),
    probeKindsNotRun: enabled.filter((kind) => !kinds.has(kind)),
    incomplete: blocked !== undefined || (toolProbesWanted && listed.length > 0 && (probed.size === 0 || notSent > sent)),
    reasons,
    ...(blocked ? { blocked } : {}),
    surfaces: blocked ? [{ surface: 'tools', available: 'not listed', status: 'not probed', reason: 'the server needs authorization' }] : surfacesOf(listed.length, probed.size, reasons, kinds, skips, enabled, offered),
  };
}

/** A surface probed, or not probed and why. */
function reached(surface: Surface, available: string, probed: boolean, reason: () => string): SurfaceCoverage {
  return probed ? { surface, available, status: 'probed' } : { surface, available, status: 'not probed', reason: reason() };
}

/** Each surface: what the server offers, whether its probe ran, and why not. */
function surfacesOf(listed: number, probed: number, reasons: readonly string[], ran: ReadonlySet<ProbeKind>, skips: readonly Skip[], enabled: readonly ProbeKind[], offered: Offered | undefined): SurfaceCoverage[] {
  const why = (kind: ProbeKind) =>
    skips.find((s) => s.tool === NO_TOOL && s.probe === kind)?.reason ?? (enabled.includes(kind) ? `the ${kind} probe sent nothing` : `the ${kind} probe was not asked for (--probe)`);
  const tools = reached('tools', plural(listed, 'tool'), probed > 0, () => (listed === 0 ? 'the server lists no tool' : reasons.join('; ') || 'no tool was probed'));
  if (offered === undefined) return [tools];
  const declared = (capability: string) => isObject(offered.capabilities[capability]);
  const requests = ran.has('protocol-requests');
  // Not declared: the protocol-requests probe asks for its method and expects a refusal (-32601).
  const undeclared = (surface: Surface, method: string): SurfaceCoverage =>
    requests ? { surface, available: 'not declared', status: 'refusal checked', reason: `${method} must be refused` } : reached(surface, 'not declared', false, () => why('protocol-requests'));
  const listedSurface = (surface: 'resources' | 'prompts', lists: Listed[]): SurfaceCoverage => {
    if (!declared(surface)) return undeclared(surface, `${surface}/list`);
    const available = lists.map((l, i) => `${plural(l.items.length, i === 0 ? surface.replace(/s$/, '') : 'template')}${l.failed ? ` (listing failed: ${l.failed})` : ''}`).join(', ');
    return reached(surface, available, ran.has(surface), () => why(surface));
  };
  const completions = declared('completions')
    ? reached('completions', 'declared', ran.has('completions'), () => why('completions'))
    : versionAtLeast(offered.protocolVersion, '2025-03-26')
      ? undeclared('completions', 'completion/complete')
      : reached('completions', 'no completions capability before 2025-03-26', false, () => 'the negotiated version has no completions capability to check');
  const logging = versionAtLeast(offered.protocolVersion, '2026-07-28')
    ? reached('logging', declared('logging') ? 'declared' : 'not declared', false, () => 'logging/setLevel was removed in 2026-07-28')
    : declared('logging')
      ? reached('logging', 'declared', requests, () => why('protocol-requests'))
      : undeclared('logging', 'logging/setLevel');
  const serverKinds: ProbeKind[] = ['jsonrpc', 'notification', 'protocol-requests', 'http', 'auth'];
  const server = reached('server', 'JSON-RPC frames, notifications, protocol requests, HTTP requests, authorization', serverKinds.some((k) => ran.has(k)), () => serverKinds.map(why).join('; '));
  return [tools, listedSurface('resources', [offered.surfaces.resources, offered.surfaces.templates]), listedSurface('prompts', [offered.surfaces.prompts]), completions, logging, server];
}

function isObject(value: unknown): boolean {
  return value !== null && typeof value === 'object';
}

function namesOf(tools: readonly string[]): string {
  const shown = tools.slice(0, 5).join(', ');
  return tools.length > 5 ? `${shown}, … ${tools.length - 5} more` : shown;
}
