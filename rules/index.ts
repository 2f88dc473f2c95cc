// The rule registry: every rule, in catalogue order (rulebook §4), and lookup by id.
import type { Rule } from '../src/grade/rule.js';
import { rule as errorChannel } from './error-channel.js';
import { rule as unknownTool } from './unknown-tool.js';
import { rule as malformedRequest } from './malformed-request.js';
import { rule as jsonrpcConformance } from './jsonrpc-conformance.js';
import { rule as notificationSilence } from './notification-silence.js';
import { rule as noErrorAsSuccess } from './no-error-as-success.js';
import { rule as invalidInputAccepted } from './invalid-input-accepted.js';
import { rule as noStackTrace } from './no-stack-trace.js';
import { rule as noInternalDetails } from './no-internal-details.js';
import { rule as noSecrets } from './no-secrets.js';
import { rule as errorNotEmpty } from './error-not-empty.js';
import { rule as errorNotGeneric } from './error-not-generic.js';
import { rule as recoveryHint } from './recovery-hint.js';
import { rule as agentRecovers } from './agent-recovers.js';
import { rule as retryAfterOnTransient } from './retry-after-on-transient.js';
import { rule as structuredErrorMetadata } from './structured-error-metadata.js';
import { rule as customerMessage } from './customer-message.js';
import { rule as emptyResultExplicit } from './empty-result-explicit.js';
import { rule as errorSizeBounded } from './error-size-bounded.js';
import { rule as outputSchemaConformance } from './output-schema-conformance.js';
import { rule as serverSurvives } from './server-survives.js';
import { rule as timelyResponse } from './timely-response.js';
import { rule as concurrentCalls } from './concurrent-calls.js';
import { rule as stdoutClean } from './stdout-clean.js';
import { rule as resourceNotFound } from './resource-not-found.js';
import { rule as resourceTraversal } from './resource-traversal.js';
import { rule as promptContract } from './prompt-contract.js';
import { rule as requestRefusal } from './request-refusal.js';
import { rule as httpOrigin } from './http-origin.js';
import { rule as httpSession } from './http-session.js';
import { rule as httpStatus } from './http-status.js';

export const RULES: Rule[] = [
  errorChannel,
  unknownTool,
  malformedRequest,
  resourceNotFound,
  resourceTraversal,
  promptContract,
  requestRefusal,
  jsonrpcConformance,
  notificationSilence,
  noErrorAsSuccess,
  invalidInputAccepted,
  noStackTrace,
  noInternalDetails,
  noSecrets,
  errorNotEmpty,
  errorNotGeneric,
  recoveryHint,
  agentRecovers,
  retryAfterOnTransient,
  structuredErrorMetadata,
  customerMessage,
  emptyResultExplicit,
  errorSizeBounded,
  outputSchemaConformance,
  serverSurvives,
  timelyResponse,
  concurrentCalls,
  stdoutClean,
  httpOrigin,
  httpSession,
  httpStatus,
];

export function ruleById(id: string): Rule | undefined {
  return RULES.find((r) => r.meta.id === id);
}

/** Where a rule's documentation lives, relative to the repository root. */
export function ruleDocsPath(id: string): string {
  return `docs/rules/${id}.md`;
}
