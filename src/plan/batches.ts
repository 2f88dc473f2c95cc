// The plan: which (tool, probe) batches run, in which order, with which inputs, and every skip with its reason. Pure.
import type { ProbeKind } from '../types.js';
import type { Probe, ProbeContext, ProbePlan, Skip } from './types.js';
import type { ToolInfo } from '../session/types.js';
import { NO_TOOL } from './types.js';
import { UsageError } from '../errors.js';
import { matchesAny } from '../util/glob.js';
import { callPolicy, restrictPlan, type CallPolicy, type SafetyFlags } from './safety.js';
import { schemaProblem } from '../schema/validate.js';
import { asSchema, propertySchemas } from '../schema/read.js';

/** One (tool, probe) pair with the inputs it will send. */
export interface Batch {
  tool: ToolInfo;
  probe: ProbeKind;
  plan: ProbePlan;
}

/** What decides the plan: the probe kinds wanted, the safety flags, and a replay of one input. */
export interface PlanOptions extends SafetyFlags {
  probes: readonly Probe[];
  /** The session's facts and the surfaces the server lists, for the server-scope probes of resources, prompts and requests. */
  context?: ProbeContext;
  /** Replay exactly one input: the (tool, probe) pair and its fast-check path. */
  replay?: { tool: string; probe: ProbeKind; path: string };
}

/** One unit of the plan: the server-scope probes (tool NO_TOOL), or one tool's probes. */
export interface PlannedUnit {
  tool: string;
  batches: Batch[];
  skips: Skip[];
}

/** Plan every (tool, probe) batch, and every skip with its reason. Pure; shared by the run and --dry-run. */
export function planBatches(tools: readonly ToolInfo[], allTools: readonly ToolInfo[], options: PlanOptions): { batches: Batch[]; skips: Skip[] } {
  const units = [...planUnits(tools, allTools, options)];
  return { batches: units.flatMap((u) => u.batches), skips: units.flatMap((u) => u.skips) };
}

/**
 * The plan one unit at a time, server-scope probes first: the run plans a tool only when it reaches it, so start-up
 * and memory do not grow with the number of tools, and a deadline can stop between tools.
 */
export function* planUnits(tools: readonly ToolInfo[], allTools: readonly ToolInfo[], options: PlanOptions): Generator<PlannedUnit> {
  const add = (unit: PlannedUnit, tool: ToolInfo, probe: Probe, known: readonly ToolInfo[], policy: CallPolicy = { level: 'all' }) => {
    const planned = probe.plan(tool, known, options.context);
    const plan = 'skip' in planned ? planned : restrictPlan(planned, probe.kind, policy);
    if ('skip' in plan) unit.skips.push({ tool: tool.name, probe: probe.kind, reason: plan.skip });
    else if (plan.enumerated.length === 0 && plan.arbitrary === null) unit.skips.push({ tool: tool.name, probe: probe.kind, reason: 'the probe planned no input for this tool' });
    else unit.batches.push({ tool, probe: probe.kind, plan });
  };
  const policies = new Map(tools.map((tool) => [tool, callPolicy(tool, options)]));
  // Server-scope probes that call a real tool send it only input it must refuse: any tool that may be called at all.
  const callable = tools.filter((tool) => policies.get(tool)!.level !== 'none');
  const placeholder: ToolInfo = { name: NO_TOOL, inputSchema: { type: 'object' } };
  const server: PlannedUnit = { tool: NO_TOOL, batches: [], skips: [] };
  for (const probe of options.probes) {
    if (probe.scope !== 'server' || !wanted(options, NO_TOOL, probe.kind)) continue;
    // Unknown names must avoid every real tool.
    add(server, placeholder, probe, probe.kind === 'unknown-tool' ? allTools : callable);
  }
  yield server;
  for (const tool of tools) {
    const unit: PlannedUnit = { tool: tool.name, batches: [], skips: [] };
    const policy = policies.get(tool)!;
    if (policy.level === 'none') {
      if (!options.replay) unit.skips.push({ tool: tool.name, probe: '*', reason: policy.reason! });
      yield unit;
      continue;
    }
    for (const probe of options.probes) {
      if (probe.scope === 'tool' && wanted(options, tool.name, probe.kind)) add(unit, tool, probe, allTools, policy);
    }
    // A restricted tool that got nothing at all: one reason for the tool instead of one per probe kind.
    if (policy.level !== 'all' && unit.batches.length === 0 && unit.skips.length > 0) {
      const none = policy.level !== 'must-refuse' ? 'no schema-invalid input could be made from its schema' : mustRefuseNone(tool);
      unit.skips = [{ tool: tool.name, probe: '*', reason: `${none}; ${policy.reason}` }];
    }
    // An outputSchema that cannot be checked safely (a lookahead pattern) is said, not passed in silence.
    const unchecked = unit.batches.length > 0 && tool.outputSchema !== undefined ? schemaProblem(tool.outputSchema) : undefined;
    if (unchecked) unit.skips.push({ tool: tool.name, probe: unit.batches.find((b) => b.probe === 'positive')?.probe ?? unit.batches[0].probe, reason: `structured results not checked against the outputSchema: ${unchecked}` });
    yield unit;
  }
}

/** Why a tool limited to inputs it must refuse got none: it declares no argument, or none with a type. */
function mustRefuseNone(tool: ToolInfo): string {
  const declared = Object.keys(propertySchemas(asSchema(tool.inputSchema))).length;
  return declared === 0 ? 'its schema declares no argument, so there is no input it must refuse' : 'none of its declared arguments can be given a value of a JSON type its schema refuses, so there is no input it must refuse';
}

function wanted(options: PlanOptions, tool: string, probe: ProbeKind): boolean {
  return !options.replay || (options.replay.tool === tool && options.replay.probe === probe);
}

/** The tools to probe: all, or the named ones (every name checked against what the server listed), or those the globs select. */
export function selectTools(allTools: ToolInfo[], names: string[] | undefined, globs?: { include?: string[]; exclude?: string[] }): ToolInfo[] {
  if (!names) {
    if (!globs) return allTools;
    const selected = allTools.filter((t) => (!globs.include || matchesAny(t.name, globs.include)) && !matchesAny(t.name, globs.exclude ?? []));
    if (selected.length === 0) throw new UsageError(`no tool matches the config's "tools" globs (the server lists: ${allTools.map((t) => t.name).join(', ') || 'none'})`);
    return selected;
  }
  const missing = names.filter((name) => !allTools.some((t) => t.name === name));
  if (missing.length > 0) {
    throw new UsageError(`the server has no tool named ${missing.map((n) => `'${n}'`).join(', ')} (it lists: ${allTools.map((t) => t.name).join(', ') || 'none'})`);
  }
  return allTools.filter((t) => names.includes(t.name));
}
