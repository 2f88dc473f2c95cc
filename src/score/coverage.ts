// Coverage, part of the verdict (rulebook §6): which listed tools were probed, which probe kinds ran, and why the rest did not. Pure.
import type { Exchange, ProbeKind, Skip } from '../types.js';
import { NO_TOOL } from '../types.js';

export interface Coverage {
  /** Tools the server listed. */
  toolsListed: number;
  /** Tools chosen for this run (--tool, the config's tool globs); all listed ones by default. */
  toolsSelected: number;
  /** Tools that received at least one tools/call. */
  toolsProbed: number;
  /** 100 × probed / listed, one decimal (100 for a server that lists no tool). */
  percent: number;
  /** Probe kinds that sent at least one request. */
  probeKindsRun: ProbeKind[];
  /** Probe kinds enabled for this run that sent nothing. */
  probeKindsNotRun: ProbeKind[];
  /** No tool of a server that lists tools was probed although tool probes were wanted: no letter grade. */
  incomplete: boolean;
  /** Why tools went unprobed, one line per reason with the tools it applies to. */
  reasons: string[];
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
): Coverage {
  const probed = new Set<string>();
  const kinds = new Set<ProbeKind>();
  for (const exchange of exchanges) {
    kinds.add(exchange.probe);
    if (exchange.tool !== NO_TOOL) probed.add(exchange.tool);
  }
  const skipsByTool = new Map<string, Skip[]>();
  for (const skip of skips) skipsByTool.set(skip.tool, [...(skipsByTool.get(skip.tool) ?? []), skip]);
  const reasonTools = new Map<string, string[]>();
  for (const tool of selected) {
    if (probed.has(tool)) continue;
    const own = skipsByTool.get(tool) ?? [];
    const whole = own.find((s) => s.probe === '*');
    const reason = whole ? whole.reason : own.length > 0 ? [...new Set(own.map((s) => s.reason))].join('; ') : 'no probe sent it an input';
    reasonTools.set(reason, [...(reasonTools.get(reason) ?? []), tool]);
  }
  const notSelected = listed.length - selected.length;
  const reasons = [...reasonTools].map(([reason, tools]) => `${tools.length} ${tools.length === 1 ? 'tool' : 'tools'} (${namesOf(tools)}): ${reason}`);
  if (notSelected > 0) reasons.push(`${notSelected} ${notSelected === 1 ? 'tool' : 'tools'} not selected (--tool or the config's tool globs)`);
  return {
    toolsListed: listed.length,
    toolsSelected: selected.length,
    toolsProbed: probed.size,
    percent: listed.length === 0 ? 100 : Math.floor((1000 * probed.size) / listed.length) / 10,
    probeKindsRun: enabled.filter((kind) => kinds.has(kind)),
    probeKindsNotRun: enabled.filter((kind) => !kinds.has(kind)),
    incomplete: toolProbesWanted && listed.length > 0 && probed.size === 0,
    reasons,
  };
}

function namesOf(tools: readonly string[]): string {
  const shown = tools.slice(0, 5).join(', ');
  return tools.length > 5 ? `${shown}, … ${tools.length - 5} more` : shown;
}
