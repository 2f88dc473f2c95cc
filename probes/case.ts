// The one builder of the tools/call cases the per-tool probes plan: what to send, what a correct server does, what it aims at.
import type { ArgumentTarget, Expectation, ProbeCase, TargetKeyword } from '../src/probe-case.js';
import type { ToolInfo } from '../src/session/types.js';

export interface CaseFields {
  /** The arguments sent with the tool's own name. */
  arguments: Record<string, unknown>;
  /** What a correct server does with them. */
  expect: Expectation;
  /** Shown in reports as it is: wording only, never read back by a rule. */
  label: string;
  /** What the case aims at (see ProbeCase.target); absent for valid input. */
  target?: ArgumentTarget;
  /** Set for input a validating server refuses before acting (see ProbeCase.mustRefuse); left out otherwise. */
  mustRefuse?: boolean;
}

/** A case calling `tool` with these arguments. */
export function caseFor(tool: ToolInfo, { arguments: args, expect, label, target, mustRefuse }: CaseFields): ProbeCase {
  return {
    name: tool.name,
    arguments: args,
    expect,
    ...(mustRefuse === undefined ? {} : { mustRefuse }),
    label,
    ...(target === undefined ? {} : { target }),
  };
}

/** The target of a case that does `keyword` to these top-level properties. */
export function onProperties(keyword: TargetKeyword, ...properties: string[]): ArgumentTarget {
  return { kind: 'arguments', paths: properties.map((property) => [property]), keyword };
}
