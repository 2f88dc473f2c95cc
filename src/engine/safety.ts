// Which probes may touch which tool (rulebook §7): annotations decide, flags widen, every refusal has a reason.
import type { ProbeKind, ToolInfo } from '../types.js';

export interface SafetyFlags {
  allowWrites: boolean;
  allowDestructive: boolean;
}

/** Spec defaults: readOnlyHint false; destructiveHint true, meaningful only when the tool is not read-only. */
export function isDestructive(tool: ToolInfo): boolean {
  return tool.annotations?.readOnlyHint !== true && tool.annotations?.destructiveHint !== false;
}

export function isReadOnly(tool: ToolInfo): boolean {
  return tool.annotations?.readOnlyHint === true;
}

/** The reason no call at all may go to this tool, or null. */
export function toolSafety(tool: ToolInfo, flags: SafetyFlags): string | null {
  if (tool.execution?.taskSupport === 'required') {
    return 'the tool requires task-augmented calls (execution.taskSupport: required), which mcp-errlint does not send yet';
  }
  if (isDestructive(tool) && !flags.allowDestructive) {
    const declared = tool.annotations?.destructiveHint === true ? 'destructiveHint: true' : 'destructiveHint defaults to true';
    return `destructive tool (${declared}); pass --allow-destructive to probe it`;
  }
  return null;
}

/** The reason this probe must not run on this tool, or null when it may. */
export function probeSafety(tool: ToolInfo, probe: ProbeKind, flags: SafetyFlags): string | null {
  if (probe === 'positive' && !isReadOnly(tool) && !flags.allowWrites) {
    return 'valid inputs run only on readOnlyHint tools; pass --allow-writes to send them';
  }
  return null;
}
