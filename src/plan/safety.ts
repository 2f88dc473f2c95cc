// Which inputs may go to which tool (rulebook §7): annotations and names decide, flags widen or narrow, every refusal has a reason.
import type { ProbeKind } from '../types.js';
import type { ProbeCase } from '../probe-case.js';
import type { ProbePlan } from './types.js';
import type { ToolInfo } from '../session/types.js';

export interface SafetyFlags {
  allowWrites: boolean;
  allowDestructive: boolean;
  /** Only readOnlyHint tools get any call (servers that hold real data). */
  readOnly?: boolean;
}

/**
 * How much a tool may be sent, from most to least:
 * - all: every input (read-only tools; any non-destructive tool with --allow-writes);
 * - invalid: schema-invalid inputs only (declared destructiveHint: false, or destructive with --allow-destructive);
 * - must-refuse: only inputs a validating server refuses before acting: a required argument missing, of the wrong
 *   JSON type, or null (tools without annotations: most published servers declare none, and the spec says servers
 *   MUST validate tool inputs);
 * - none: no call (explicitly or evidently destructive, task-only, or not read-only under --read-only).
 */
export type CallLevel = 'all' | 'invalid' | 'must-refuse' | 'none';

export interface CallPolicy {
  level: CallLevel;
  /** Why the tool gets less than every input; absent for 'all'. */
  reason?: string;
}

/** Words that mark a tool as destructive by its name when no annotation says otherwise. */
const DESTRUCTIVE_WORDS = new Set([
  'delete', 'del', 'remove', 'rm', 'drop', 'destroy', 'purge', 'wipe', 'reset', 'truncate', 'kill', 'erase',
  'terminate', 'revoke', 'uninstall', 'unlink', 'clear', 'flush', 'overwrite', 'shutdown', 'deleteall', 'removeall',
]);

/** The words of a tool name: snake_case, kebab-case, dotted, camelCase and PascalCase all split. */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The word of the tool's name that marks it destructive, or null. */
export function destructiveWord(name: string): string | null {
  return nameWords(name).find((word) => DESTRUCTIVE_WORDS.has(word)) ?? null;
}

export function isReadOnly(tool: ToolInfo): boolean {
  return tool.annotations?.readOnlyHint === true;
}

/** Why the tool is destructive (explicitly, or evidently by its name unless annotated otherwise), or null. */
export function destructiveReason(tool: ToolInfo): string | null {
  const annotations = tool.annotations ?? {};
  if (annotations.readOnlyHint === true) return null;
  if (annotations.destructiveHint === true) return 'destructiveHint: true';
  if (annotations.destructiveHint === false) return null;
  const word = destructiveWord(tool.name);
  return word === null ? null : `its name says it is destructive ('${word}') and no annotation says otherwise`;
}

/** What may be sent to this tool under these flags, and why not more. */
export function callPolicy(tool: ToolInfo, flags: SafetyFlags): CallPolicy {
  if (tool.execution?.taskSupport === 'required') {
    return { level: 'none', reason: 'the tool requires task-augmented calls (execution.taskSupport: required), which mcp-errlint does not send yet' };
  }
  if (isReadOnly(tool)) return { level: 'all' };
  if (flags.readOnly) return { level: 'none', reason: '--read-only: only readOnlyHint tools are called' };
  const destructive = destructiveReason(tool);
  if (destructive !== null) {
    if (!flags.allowDestructive) return { level: 'none', reason: `destructive tool (${destructive}); pass --allow-destructive to probe it` };
    return flags.allowWrites ? { level: 'all' } : { level: 'invalid', reason: 'a destructive tool gets only schema-invalid inputs; pass --allow-writes to send it valid ones' };
  }
  if (flags.allowWrites) return { level: 'all' };
  if (tool.annotations?.destructiveHint === false) {
    return { level: 'invalid', reason: 'a tool that may write (not readOnlyHint) gets only schema-invalid inputs; pass --allow-writes to send it valid ones' };
  }
  return {
    level: 'must-refuse',
    reason: 'a tool without annotations gets only inputs it must refuse (a required argument missing, mistyped or null); annotate it readOnlyHint, or pass --allow-writes',
  };
}

/** Probe kinds whose every input violates the schema by construction. */
const ALWAYS_INVALID = new Set<ProbeKind>(['missing-required', 'wrong-type', 'null-values', 'constraint-violations']);

/** May this case go to a tool at this level? */
function allowed(level: CallLevel, probeCase: ProbeCase): boolean {
  if (level === 'all') return true;
  if (level === 'invalid') return probeCase.expect === 'invalid-input';
  if (level === 'must-refuse') return probeCase.expect === 'invalid-input' && probeCase.mustRefuse === true;
  return false;
}

/**
 * The part of a probe's plan this tool may receive: enumerated cases filtered by the policy, random ones kept only
 * where every draw is schema-invalid (and, for must-refuse, filtered to the cases a server must refuse).
 */
export function restrictPlan(plan: ProbePlan, kind: ProbeKind, policy: CallPolicy): ProbePlan | { skip: string } {
  if (policy.level === 'all') return plan;
  const enumerated = plan.enumerated.filter((c) => allowed(policy.level, c));
  let arbitrary = plan.arbitrary !== null && ALWAYS_INVALID.has(kind) && enumerated.length > 0 ? plan.arbitrary : null;
  if (arbitrary !== null && policy.level === 'must-refuse') arbitrary = plan.mustRefuseArbitrary ?? arbitrary.filter((c) => allowed('must-refuse', c));
  if (enumerated.length === 0) return { skip: `no input of this probe may be sent: ${policy.reason}` };
  return { enumerated, arbitrary };
}
