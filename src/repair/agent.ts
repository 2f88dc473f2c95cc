// The repair agent (rulebook §9): for one refused call it reads the answer as a model would, makes the move the answer
// calls for (fix what it singles out and resend, wait and resend, stop, call the tool it names) and lets the judge and,
// where the safety policy allows, the server decide. Deterministic: the same answer always gets the same move.
import type { Exchange, MetadataOptions, RecoveryCategory, RepairRecord, RepairStep, ToolInfo } from '../types.js';
import type { CallPolicy } from '../plan/safety.js';
import { closest } from '../util/suggest.js';
import { abbreviate } from '../util/text.js';
import { isRecord } from '../util/guards.js';
import { answerKind } from '../matchers/surface.js';
import { describeAnswer } from '../session/answer.js';
import type { Diagnosis } from './diagnosis.js';
import { diagnose } from './diagnose.js';
import { answerView, callView, isRefusal } from './view.js';
import { fixArguments } from './fix.js';
import { maySend, schemaVerdict, type SchemaVerdict } from './judge.js';

/** What the agent may do in this run. */
export interface AgentSettings {
  /** Tries at a validation error, each informed by the previous answer (--repair-attempts). */
  attempts: number;
  metadata?: MetadataOptions;
  toolNames: readonly string[];
  /** The longest wait the agent makes before resending a transient failure. */
  maxWaitMs: number;
  /** The wait before a blind retry (a transient failure that gave no delay). */
  backoffMs: number;
  wait(ms: number): Promise<void>;
}

/** How the agent reaches the server: one call, or why it was not sent. */
export type Send = (name: string, args: Record<string, unknown>, mayRunLong: boolean) => Promise<Exchange | { notSent: string }>;

/** The refused call the agent starts from, and what it knows of its tool. */
export interface Refusal {
  exchange: Exchange;
  /** The tool it meant (undefined for an unknown tool). */
  tool: ToolInfo | undefined;
  policy: CallPolicy;
}

/** Was the call answered with success (not an error, a timeout or a crash)? */
function succeeded(exchange: Exchange): boolean {
  return answerKind(exchange) === 'success';
}

/** What the agent understood of an answer, in one line. */
export function understood(diagnosis: Diagnosis): string {
  const parts: string[] = [];
  for (const c of diagnosis.culprits) {
    const expected = c.expected ?? {};
    const says = [
      expected.type && `a ${expected.type}`,
      expected.values && `one of ${abbreviateList(expected.values)}`,
      expected.min !== undefined && `at least ${expected.min}`,
      expected.max !== undefined && `at most ${expected.max}`,
      expected.pattern && `matching ${expected.pattern}`,
      expected.format && `a ${expected.format}`,
    ].filter(Boolean);
    parts.push(`${c.path.join('.')}: ${c.problem}${says.length > 0 ? ` (${says.join(', ')})` : ''} [${c.format}]`);
  }
  if (diagnosis.suggestedTools.length > 0) parts.push(`names the tools ${abbreviateList(diagnosis.suggestedTools)}`);
  if (diagnosis.transient) parts.push(`passing: ${diagnosis.transient.afterSeconds !== undefined ? `retry after ${diagnosis.transient.afterSeconds} s` : 'no delay given'}`);
  if (diagnosis.final) parts.push(`final: ${diagnosis.final.evidence}`);
  return parts.length > 0 ? parts.join('; ') : 'nothing located: the answer names no argument, value or next step';
}

function abbreviateList(values: readonly unknown[]): string {
  const shown = values.slice(0, 5).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return shown.join(', ') + (values.length > 5 ? `, … (${values.length})` : '');
}

function argsOf(exchange: Exchange): Record<string, unknown> {
  return isRecord(exchange.case.arguments) ? exchange.case.arguments : {};
}

function read(exchange: Exchange, refusal: Refusal, args: Record<string, unknown>, settings: AgentSettings): Diagnosis {
  return diagnose(answerView(exchange, settings.metadata), callView(refusal.tool, exchange.case.name, args, settings.toolNames));
}

/** The category of a refused call: what the call was and what the answer says. */
export function categoryOf(refusal: Refusal, diagnosis: Diagnosis): RecoveryCategory {
  const { exchange, tool } = refusal;
  if (exchange.case.expect === 'unknown-tool') return 'unknown-tool';
  if (exchange.case.expect === 'invalid-input') return 'validation';
  if (tool !== undefined && schemaVerdict(tool.inputSchema, argsOf(exchange)) === 'invalid') return 'validation';
  if (diagnosis.transient) return 'transient';
  if (diagnosis.final) return 'business';
  return diagnosis.culprits.length > 0 ? 'validation' : 'business';
}

/** The agent's whole attempt on one refused call. */
export async function repairCall(refusal: Refusal, send: Send, settings: AgentSettings): Promise<RepairRecord> {
  const first = read(refusal.exchange, refusal, argsOf(refusal.exchange), settings);
  const category = categoryOf(refusal, first);
  switch (category) {
    case 'unknown-tool':
      return unknownTool(refusal, first);
    case 'transient':
      return transient(refusal, first, send, settings);
    case 'business':
      return business(refusal, first, send);
    case 'validation':
      return validation(refusal, first, send, settings);
  }
}

function unknownTool(refusal: Refusal, diagnosis: Diagnosis): RepairRecord {
  const requested = refusal.exchange.case.name;
  const step: RepairStep = { understood: understood(diagnosis) };
  const name = closest(requested, diagnosis.suggestedTools) ?? diagnosis.suggestedTools[0];
  if (name === undefined) return { category: 'unknown-tool', recovered: false, confirmed: false, verdict: 'the answer names no tool the server has', steps: [step] };
  step.call = { name, arguments: {} };
  step.notSent = 'the tool the answer names is one the server lists; calling it needs the task’s own arguments';
  return { category: 'unknown-tool', recovered: true, confirmed: false, attempt: 1, verdict: `the answer names a tool to call instead: '${name}'`, steps: [step] };
}

async function transient(refusal: Refusal, diagnosis: Diagnosis, send: Send, settings: AgentSettings): Promise<RepairRecord> {
  const { exchange } = refusal;
  const args = argsOf(exchange);
  const step: RepairStep = { understood: understood(diagnosis), call: { name: exchange.case.name, arguments: abbreviate(args) } };
  const seconds = diagnosis.transient?.afterSeconds;
  const blind = seconds === undefined ? ({ blind: true } as const) : {};
  const waitMs = seconds === undefined ? settings.backoffMs : Math.ceil(seconds * 1000);
  if (waitMs > settings.maxWaitMs) {
    step.notSent = `the answer asks for a wait of ${seconds} s, longer than the ${settings.maxWaitMs / 1000} s a lint waits`;
    return { category: 'transient', recovered: true, confirmed: false, attempt: 1, verdict: `the answer says when to retry (after ${seconds} s)`, steps: [step] };
  }
  await settings.wait(waitMs);
  step.waitedMs = waitMs;
  const again = await send(exchange.case.name, args, true);
  if (!('outcome' in again)) {
    step.notSent = again.notSent;
    return { category: 'transient', recovered: false, confirmed: false, ...blind, verdict: `the retry could not be sent (${again.notSent})`, steps: [step] };
  }
  step.answer = describeAnswer(again);
  const ok = succeeded(again);
  const how = seconds === undefined ? 'a blind retry (the answer gave no delay)' : `a retry after the ${seconds} s the answer asked for`;
  return { category: 'transient', recovered: ok, confirmed: ok, ...(ok ? { attempt: 1 } : {}), ...blind, verdict: `${how} ${ok ? 'succeeded' : 'failed again'}`, steps: [step] };
}

async function business(refusal: Refusal, diagnosis: Diagnosis, send: Send): Promise<RepairRecord> {
  const { exchange } = refusal;
  const step: RepairStep = { understood: understood(diagnosis) };
  if (diagnosis.final) return { category: 'business', recovered: true, confirmed: false, attempt: 1, verdict: 'handled: the answer says a retry cannot succeed, so the agent stops', steps: [step] };
  const other = diagnosis.suggestedTools[0];
  if (other !== undefined) return { category: 'business', recovered: true, confirmed: false, attempt: 1, verdict: `handled: the answer names a tool to call first: '${other}'`, steps: [step] };
  // Neither passing nor final: an agent retries, and the retry is wasted unless it happens to succeed.
  const args = argsOf(exchange);
  step.call = { name: exchange.case.name, arguments: abbreviate(args) };
  const again = await send(exchange.case.name, args, true);
  if (!('outcome' in again)) {
    step.notSent = again.notSent;
    return { category: 'business', recovered: false, confirmed: false, wasted: true, verdict: 'the answer says neither that the failure passes nor that it is final: an agent retries in vain', steps: [step] };
  }
  step.answer = describeAnswer(again);
  const ok = succeeded(again);
  return ok
    ? { category: 'business', recovered: true, confirmed: true, attempt: 1, verdict: 'the retry succeeded', steps: [step] }
    : { category: 'business', recovered: false, confirmed: false, wasted: true, verdict: 'the answer says neither that the failure passes nor that it is final: the agent retried, in vain', steps: [step] };
}

async function validation(refusal: Refusal, first: Diagnosis, send: Send, settings: AgentSettings): Promise<RepairRecord> {
  const schema = refusal.tool?.inputSchema ?? {};
  const name = refusal.exchange.case.name;
  const steps: RepairStep[] = [];
  const record = (recovered: boolean, confirmed: boolean, verdict: string, attempt?: number): RepairRecord => ({
    category: 'validation',
    recovered,
    confirmed,
    ...(recovered && attempt !== undefined ? { attempt } : {}),
    verdict,
    steps,
  });
  let args = argsOf(refusal.exchange);
  let diagnosis = first;
  for (let attempt = 1; attempt <= settings.attempts; attempt++) {
    const step: RepairStep = { understood: understood(diagnosis) };
    steps.push(step);
    if (diagnosis.culprits.length === 0) {
      // The answer says the value names nothing that exists, or to ask the user: stopping (or looking it up) is the move.
      if (attempt === 1 && diagnosis.final) return record(true, false, 'handled: the answer says a retry cannot succeed, so the agent stops', attempt);
      return record(false, false, attempt === 1 ? 'the answer singles out nothing to change' : `the answer to try ${attempt - 1} singles out nothing more to change`);
    }
    const fixed = fixArguments(args, diagnosis.culprits, schema);
    if (JSON.stringify(fixed) === JSON.stringify(args)) {
      // Nothing to change in the call, but the answer sends the agent to another tool first (to list valid ids, say).
      const first = diagnosis.suggestedTools[0];
      if (first !== undefined) return record(true, false, `the answer names a tool to call first: '${first}'`, attempt);
      return record(false, false, 'what the answer says leads to no change the agent can make');
    }
    const verdict: SchemaVerdict = schemaVerdict(schema, fixed);
    step.call = { name, arguments: abbreviate(fixed) };
    step.schema = verdict;
    if (!maySend(refusal.policy, schema, fixed, verdict)) {
      step.notSent = `the safety policy does not let a ${verdict === 'invalid' ? 'still invalid' : 'valid'} call reach this tool (${refusal.policy.reason ?? 'it takes every input'})`;
      return verdict === 'invalid' ? record(false, false, 'the repaired call still breaks the input schema') : record(true, false, 'repaired (by schema)', attempt);
    }
    const answer = await send(name, fixed, verdict !== 'invalid');
    if (!('outcome' in answer)) {
      step.notSent = answer.notSent;
      return verdict === 'invalid' ? record(false, false, 'the repaired call still breaks the input schema') : record(true, false, 'repaired (by schema)', attempt);
    }
    step.answer = describeAnswer(answer);
    if (succeeded(answer)) {
      // The judge is the schema first: a server that takes a call its own schema refuses confirms nothing.
      return verdict === 'invalid' ? record(false, false, 'the server took the repaired call, but it still breaks the input schema') : record(true, true, 'confirmed by the server', attempt);
    }
    const next = read(answer, refusal, fixed, settings);
    // The server took the call's form and refused it for its data (no such record, no access, try later, list the valid
    // ids with another tool): the form was repaired, and what the data needs the agent cannot know.
    if (verdict === 'valid' && isRefusal(answer) && (next.culprits.length === 0 || next.final || next.transient || next.suggestedTools.length > 0)) {
      return record(true, false, 'repaired (by schema); the server refused it for a reason about its data, not the call', attempt);
    }
    if (!isRefusal(answer)) {
      // No verdict from the server (a timeout, a crash, an HTTP refusal): the schema's stands.
      return verdict === 'valid' ? record(true, false, `repaired (by schema); the server gave no verdict on it: ${step.answer}`, attempt) : record(false, false, `the repaired call got ${step.answer}`);
    }
    args = fixed;
    diagnosis = next;
  }
  return record(false, false, `still refused after ${settings.attempts} tries`);
}
