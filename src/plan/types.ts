// The plan's types: probes, their plans and context, the surfaces they exercise, and skips.
import type { ProbeKind } from '../types.js';
import type { SessionFacts, ServerSurfaces, ToolInfo } from '../session/types.js';
import type { ProbeCase } from '../probe-case.js';

/** What an agent touches on a server: its tools, resources, prompts, completions, logging, and the protocol itself. */
export const SURFACES = ['tools', 'resources', 'prompts', 'completions', 'logging', 'server'] as const;
export type Surface = (typeof SURFACES)[number];

/** The surface each probe kind exercises (coverage; the score's breadth). protocol-requests also checks logging and undeclared capabilities. */
export const SURFACE_OF: Record<ProbeKind, Surface> = {
  'missing-required': 'tools',
  'wrong-type': 'tools',
  'null-values': 'tools',
  'empty-values': 'tools',
  'constraint-violations': 'tools',
  'extra-properties': 'tools',
  unicode: 'tools',
  oversized: 'tools',
  'unknown-tool': 'tools',
  positive: 'tools',
  'malformed-request': 'tools',
  jsonrpc: 'server',
  notification: 'server',
  concurrency: 'tools',
  resources: 'resources',
  prompts: 'prompts',
  completions: 'completions',
  'protocol-requests': 'server',
  http: 'server',
  auth: 'server',
};

/** A (tool, probe kind) that sent nothing, or a whole tool ('*'), and why. Listed, never counted as a pass. */
export interface Skip {
  tool: string;
  probe: ProbeKind | '*';
  reason: string;
  /** Planned inputs this skip kept from being sent (a tool limit, an interruption, a server gone); absent when none were planned (policy, schema). */
  notSent?: number;
}

/** The tool name of exchanges that target no real tool: the server-scope probes (unknown tools, protocol frames). */
export const NO_TOOL = '(server)';

/** What a server-scope probe plans from besides the tools: the session's facts and the surfaces it lists. */
export interface ProbeContext {
  facts: SessionFacts;
  surfaces: ServerSurfaces;
}

export interface Probe {
  kind: ProbeKind;
  description: string;
  /** 'tool': planned once per tool; 'server': planned once per server (the unknown-tool probe). */
  scope: 'tool' | 'server';
  /** A probe of the HTTP layer: over stdio its skip is listed, but it is no probe kind the run left out (coverage). */
  httpOnly?: true;
  /**
   * Cases derived from the tool's schema: every `enumerated` case runs first (each required field
   * omitted once, each field given each wrong JSON type once, ...), then up to `runs` values drawn
   * from `arbitrary` (null when nothing random fits). `{ skip }` when the probe does not apply to
   * this tool, with the reason (e.g. "no required properties").
   * For scope 'server', `tool` is a placeholder named NO_TOOL and `allTools` lists the real tools.
   */
  plan(tool: ToolInfo, allTools: readonly ToolInfo[], context?: ProbeContext): ProbePlan | { skip: string };
}

export interface ProbePlan {
  enumerated: ProbeCase[];
  arbitrary: import('fast-check').Arbitrary<ProbeCase> | null;
  /** The random inputs for a tool limited to inputs it must refuse, when `arbitrary` (filtered) would not give them. */
  mustRefuseArbitrary?: import('fast-check').Arbitrary<ProbeCase>;
}
