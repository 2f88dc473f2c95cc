// The probe registry, in PROBE_KINDS order; every plan() is guarded so a hostile schema yields a skip, never a throw.
import { PROBE_KINDS, type ProbeKind } from '../src/types.js';
import type { Probe } from '../src/plan/types.js';
import { probe as missingRequired } from './missing-required.js';
import { probe as wrongType } from './wrong-type.js';
import { probe as nullValues } from './null-values.js';
import { probe as emptyValues } from './empty-values.js';
import { probe as constraintViolations } from './constraint-violations.js';
import { probe as extraProperties } from './extra-properties.js';
import { probe as unicode } from './unicode.js';
import { probe as oversized } from './oversized.js';
import { probe as unknownTool } from './unknown-tool.js';
import { probe as positive } from './positive.js';
import { probe as malformedRequest } from './malformed-request.js';
import { probe as jsonrpc } from './jsonrpc.js';
import { probe as notification } from './notification.js';
import { probe as concurrency } from './concurrency.js';
import { probe as resources } from './resources.js';
import { probe as prompts } from './prompts.js';
import { probe as completions } from './completions.js';
import { probe as protocolRequests } from './protocol-requests.js';
import { probe as http } from './http.js';
import { probe as auth } from './auth.js';

function guarded(probe: Probe): Probe {
  return {
    ...probe,
    plan(tool, allTools, context) {
      try {
        return probe.plan(tool, allTools, context);
      } catch (error) {
        return { skip: `could not plan from this inputSchema: ${error instanceof Error ? error.message : String(error)}` };
      }
    },
  };
}

const byKind: Record<ProbeKind, Probe> = {
  'missing-required': missingRequired,
  'wrong-type': wrongType,
  'null-values': nullValues,
  'empty-values': emptyValues,
  'constraint-violations': constraintViolations,
  'extra-properties': extraProperties,
  unicode,
  oversized,
  'unknown-tool': unknownTool,
  positive,
  'malformed-request': malformedRequest,
  jsonrpc,
  notification,
  concurrency,
  resources,
  prompts,
  completions,
  'protocol-requests': protocolRequests,
  http,
  auth,
};

export const PROBES: Probe[] = PROBE_KINDS.map((kind) => guarded(byKind[kind]));

export function probeByKind(kind: ProbeKind): Probe {
  const probe = PROBES.find((p) => p.kind === kind);
  if (!probe) throw new Error(`unknown probe kind: ${kind}`);
  return probe;
}
