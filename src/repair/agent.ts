// The repair agent (rulebook §9): for one refused call it reads the answer as a model would, makes the move the answer
// calls for (fix what it singles out and resend, wait and resend, stop, call the tool it names) and lets the judge and,
// where the safety policy allows, the server decide. Deterministic: the same answer always gets the same move.
import type { Exchange, RecoveryCategory, RepairOutcome, RepairRecord, RepairResult, RepairStep } from '../exchange.js';
import type { MetadataOptions } from '../matchers/metadata.js';
import type { ToolInfo } from '../session/types.js';
import type { CallPolicy } from '../plan/safety.js';
import { isDeepStrictEqual } from 'node:util';
import { closest } from '../util/suggest.js';
import { abbreviate } from '../util/text.js';
import { isRecord } from '../util/guards.js';
import { answerKind } from '../matchers/surface.js';
import { describeAnswer } from '../grade/exchange.js';
import type { AnswerView, Culprit, Diagnosis, EnvironmentFault } from '../diagnose/diagnosis.js';
import { guidanceOf, type AnswerRead, type Guidance } from '../diagnose/guidance.js';
import { pathsWithValue, sentAt } from '../diagnose/names.js';
import { clip } from '../diagnose/culprit.js';
import { diagnose } from '../diagnose/diagnose.js';
import { answerView, callView, isRefusal } from '../diagnose/view.js';
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

/** An answer as the agent read it: the view, the call it answers, and what the agent understood. */
interface Read extends AnswerRead {
  exchange: Exchange;
  /** What the answer gives an agent (undefined: nothing), worked out when the agent ends unrecovered. */
  guidance(): Guidance | undefined;
}

function read(exchange: Exchange, refusal: Refusal, args: Record<string, unknown>, settings: AgentSettings): Read {
  const view = answerView(exchange, settings.metadata);
  const call = callView(refusal.tool, exchange.case.name, args, settings.toolNames);
  const answer: AnswerRead = { view, call, diagnosis: diagnose(view, call) };
  return { ...answer, exchange, guidance: () => guidanceOf(exchange, settings.toolNames, settings.metadata, answer) };
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

/** A decision's record. */
function ended(category: RecoveryCategory, result: RepairResult, verdict: string, steps: RepairStep[], extra: Partial<RepairOutcome> = {}): RepairRecord {
  return { category, result, recovered: result === 'recovered', confirmed: false, ...extra, verdict, steps };
}

/** Not recovered: undetermined when the answer gives the agent something it could not act on, else not recoverable. */
function unrecovered(category: RecoveryCategory, answer: Read, verdict: string, steps: RepairStep[], extra: Partial<RepairOutcome> = {}): RepairRecord {
  const guidance = answer.guidance();
  return guidance === undefined
    ? ended(category, 'not-recoverable', verdict, steps, extra)
    : ended(category, 'undetermined', `${verdict}; the answer ${guidance.detail}, which the agent could not turn into a call`, steps, { ...extra, cause: guidance.cause });
}

/** What the agent says of an answer that puts the fault outside the call, and the cause it records. */
const OUTSIDE: Record<EnvironmentFault, { says: string; cause: string }> = {
  upstream: { says: 'the server could not reach what is behind it', cause: 'upstream unreachable' },
  runtime: { says: 'a program the server runs is missing or did not start', cause: 'runtime missing' },
  configuration: { says: 'the server lacks a credential or setting its operator gives', cause: 'configuration missing' },
};

/** The agent's whole attempt on one refused call. */
export async function repairCall(refusal: Refusal, send: Send, settings: AgentSettings): Promise<RepairRecord> {
  const first = read(refusal.exchange, refusal, argsOf(refusal.exchange), settings);
  const category = categoryOf(refusal, first.diagnosis);
  if (category === 'unknown-tool') return unknownTool(refusal, first.diagnosis, settings);
  // No change to the call fixes a fault outside it: an agent stops and tells the user, and the lint measured its sandbox.
  const outside = first.diagnosis.environment;
  if (outside !== undefined) {
    const { says, cause } = OUTSIDE[outside.kind];
    const verdict = `${says} ("${outside.marker}"): the agent stops and tells the user; that measures the sandbox, not the server, and is left out of the rate`;
    return ended(category, 'undetermined', verdict, [{ understood: understood(first.diagnosis) }], { outOfRate: outside.kind, cause });
  }
  switch (category) {
    case 'transient':
      return transient(refusal, first, send, settings);
    case 'business':
    case 'validation':
      return fixLoop(category, refusal, first, send, settings);
  }
}

/** An unknown tool: the agent holds tools/list and picks the tool it meant; the answer's form is the unknown-tool rule's. */
function unknownTool(refusal: Refusal, diagnosis: Diagnosis, settings: AgentSettings): RepairRecord {
  const requested = refusal.exchange.case.name;
  const step: RepairStep = { understood: understood(diagnosis) };
  const offered = closest(requested, diagnosis.suggestedTools) ?? diagnosis.suggestedTools[0];
  const meant = offered ?? closest(requested, settings.toolNames);
  const steps = [step];
  if (meant === undefined) return ended('unknown-tool', 'undetermined', `'${abbreviateName(requested)}' is near no tool the server lists, and the answer names none`, steps, { outOfRate: 'unknown-tool', cause: 'an unknown tool near no listed one' });
  step.call = { name: meant, arguments: {} };
  step.notSent = 'calling the tool meant needs the task’s own arguments';
  const verdict = offered !== undefined ? `the answer names a tool to call instead: '${meant}'` : `an agent picks '${meant}' from the tools/list it holds (the answer names no tool)`;
  return ended('unknown-tool', 'recovered', verdict, steps, { attempt: 1, outOfRate: 'unknown-tool' });
}

function abbreviateName(name: string): string {
  return name.length > 40 ? `${name.slice(0, 40)}…` : name;
}

/** A passing failure: wait as long as the answer says (a backoff when it says not) and resend unchanged. */
async function transient(refusal: Refusal, first: Read, send: Send, settings: AgentSettings): Promise<RepairRecord> {
  const { exchange } = refusal;
  const args = argsOf(exchange);
  const step: RepairStep = { understood: understood(first.diagnosis), call: { name: exchange.case.name, arguments: abbreviate(args) } };
  const steps = [step];
  const seconds = first.diagnosis.transient?.afterSeconds;
  const blind = seconds === undefined ? ({ blind: true } as const) : {};
  // An answer that says the failure passes and when to retry has said all there is to say: the resend only confirms it.
  const handled = (why: string) => ended('transient', 'recovered', `handled: the answer says when to retry (after ${seconds} s)${why}`, steps, { attempt: 1 });
  const waitMs = seconds === undefined ? settings.backoffMs : Math.ceil(seconds * 1000);
  if (waitMs > settings.maxWaitMs) {
    step.notSent = `the answer asks for a wait of ${seconds} s, longer than the ${settings.maxWaitMs / 1000} s a lint waits`;
    return handled('');
  }
  await settings.wait(waitMs);
  step.waitedMs = waitMs;
  const again = await send(exchange.case.name, args, true);
  if (!('outcome' in again)) {
    step.notSent = again.notSent;
    return seconds !== undefined ? handled(`; the resend could not be sent (${again.notSent})`) : ended('transient', 'recovered', `handled: the answer says the failure passes, though not when; the retry could not be sent (${again.notSent})`, steps, { attempt: 1, ...blind });
  }
  step.answer = describeAnswer(again);
  if (succeeded(again)) return ended('transient', 'recovered', `the retry ${seconds === undefined ? '(blind: the answer gave no delay)' : `after the ${seconds} s the answer asked for`} succeeded`, steps, { confirmed: true, attempt: 1, ...blind });
  if (seconds !== undefined) return handled('; the service was still down when the agent retried');
  // It says the failure passes: an agent retries later, as a model does. Not saying when is retry-after-on-transient's finding.
  return ended('transient', 'recovered', 'handled: the answer says the failure passes, though not when; a retry after a backoff failed again, so the agent retries later', steps, { attempt: 1, ...blind });
}

/** The one argument an answer points at without saying what is wrong with it: named, or the only one holding a value it quotes. */
function pointedAt(answer: Read): Culprit | undefined {
  const guidance = answer.guidance();
  const path = guidance?.path;
  if (path === undefined) return undefined;
  const sent = sentAt(answer.call, path);
  if (guidance!.cause === 'quotes a value sent' && pathsWithValue(answer.call, sent.value).length !== 1) return undefined;
  return { path, problem: sent.sent ? 'invalid' : 'missing', evidence: clip(answer.view.texts.join(' ')), format: 'prose' };
}

/** Did the agent follow the answer's own advice for every argument it changed (a value it offered, an argument it called unexpected)? */
function followedAdvice(culprits: readonly Culprit[], before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  const changed = culprits.filter((c) => !isDeepStrictEqual(valueAt(before, c.path), valueAt(after, c.path)));
  return changed.length > 0 && changed.every((c) => c.problem === 'unexpected' || (c.expected?.values ?? []).some((v) => isDeepStrictEqual(v, valueAt(after, c.path))));
}

function valueAt(args: Record<string, unknown>, path: readonly string[]): unknown {
  let node: unknown = args;
  for (const key of path) node = isRecord(node) ? node[key] : Array.isArray(node) ? node[Number(key)] : undefined;
  return node;
}

/** An answer's words with the values of both calls and every number set aside: the same words refuse for the same reason. */
function reasonOf(view: AnswerView, ...calls: Record<string, unknown>[]): string {
  const values = calls.flatMap((c) => Object.values(c)).filter((v): v is string => typeof v === 'string' && v.trim().length >= 2).sort((a, b) => b.length - a.length);
  let text = view.texts.join('\n');
  for (const v of values) text = text.split(v).join('…');
  return text.replace(/-?\d+(?:\.\d+)?/g, '#').replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * Fix what the answer singles out and resend, each try read from the previous answer (a validation error; a refusal
 * of a valid call that carries the fix); stop where the answer says a retry cannot succeed or names the tool to call
 * first; retry once, unchanged, where it says nothing of either.
 */
async function fixLoop(category: 'validation' | 'business', refusal: Refusal, first: Read, send: Send, settings: AgentSettings): Promise<RepairRecord> {
  const schema = refusal.tool?.inputSchema ?? {};
  const name = refusal.exchange.case.name;
  const steps: RepairStep[] = [];
  let args = argsOf(refusal.exchange);
  let answer = first;
  for (let attempt = 1; attempt <= settings.attempts; attempt++) {
    const { diagnosis } = answer;
    const step: RepairStep = { understood: understood(diagnosis) };
    steps.push(step);
    const other = diagnosis.suggestedTools[0];
    let culprits = diagnosis.culprits;
    if (culprits.length === 0) {
      // The first answer located what the agent changed: a later answer that locates nothing more does not undo that.
      if (attempt > 1) return ended(category, 'undetermined', `the answer to try ${attempt - 1} singles out nothing more to change`, steps, { cause: 'a later answer singles out nothing more' });
      if (diagnosis.final) return ended(category, 'recovered', 'handled: the answer says a retry cannot succeed, so the agent stops', steps, { attempt });
      if (other !== undefined) return ended(category, 'recovered', `handled: the answer names a tool to call first: '${other}'`, steps, { attempt });
      // No format said what is wrong, but the answer points at one argument ("Invalid time zone specified: a"): a model changes it.
      const pointed = pointedAt(answer);
      if (pointed !== undefined) {
        culprits = [pointed];
        step.understood = understood({ ...diagnosis, culprits });
      } else if (category === 'business') return blindRetry(refusal, answer, send, steps);
      else return unrecovered(category, answer, 'the answer singles out nothing to change', steps);
    }
    // A tool the answer names comes before a value the agent would make up: "Connection "x" does not exist. Call the
    // list-connections tool to see the active connections" is answered by calling it, unless the answer offers the values.
    if (other !== undefined && !culprits.some((c) => (c.expected?.values ?? []).length > 0)) return ended(category, 'recovered', `handled: the answer names a tool to call first: '${other}'`, steps, { attempt });
    const fixed = fixArguments(args, culprits, schema);
    // Compared in place: an oversized probe's megabyte need not be serialised twice.
    if (isDeepStrictEqual(fixed, args)) {
      // Nothing to change in the call, but the answer sends the agent to another tool first (to list valid ids, say).
      if (other !== undefined) return ended(category, 'recovered', `the answer names a tool to call first: '${other}'`, steps, { attempt });
      return unrecovered(category, answer, 'what the answer says leads to no change the agent can make', steps);
    }
    const verdict: SchemaVerdict = schemaVerdict(schema, fixed);
    step.call = { name, arguments: abbreviate(fixed) };
    step.schema = verdict;
    const notSent = (why: string) =>
      verdict === 'invalid'
        ? ended(category, 'undetermined', `the repaired call still breaks the input schema, and could not be sent for the next answer (${why})`, steps, { cause: 'the repaired call still breaks the schema (not sent)' })
        : ended(category, 'recovered', 'repaired (by schema)', steps, { attempt });
    if (!maySend(refusal.policy, schema, fixed, verdict)) {
      step.notSent = `the safety policy does not let a ${verdict === 'invalid' ? 'still invalid' : 'valid'} call reach this tool (${refusal.policy.reason ?? 'it takes every input'})`;
      return notSent('the safety policy');
    }
    const sent = await send(name, fixed, verdict !== 'invalid');
    if (!('outcome' in sent)) {
      step.notSent = sent.notSent;
      return notSent(sent.notSent);
    }
    step.answer = describeAnswer(sent);
    if (succeeded(sent)) {
      // The judge is the schema first: a server that takes a call its own schema refuses confirms nothing.
      return verdict === 'invalid'
        ? ended(category, 'undetermined', 'the server took the repaired call, but it still breaks the input schema', steps, { cause: 'the server took a call its schema refuses' })
        : ended(category, 'recovered', 'confirmed by the server', steps, { confirmed: true, attempt });
    }
    if (!isRefusal(sent)) {
      // No verdict from the server (a timeout, a crash, an HTTP refusal): the schema's stands.
      return verdict === 'valid'
        ? ended(category, 'recovered', `repaired (by schema); the server gave no verdict on it: ${step.answer}`, steps, { attempt })
        : ended(category, 'undetermined', `the repaired call got ${step.answer}`, steps, { cause: 'no verdict on the repaired call' });
    }
    const next = read(sent, refusal, fixed, settings);
    // Refused for the same reason: the agent's change did not help. When it did what the answer said, the advice is at fault.
    if (reasonOf(next.view, args, fixed) === reasonOf(answer.view, args, fixed)) {
      return followedAdvice(culprits, args, fixed)
        ? ended(category, 'not-recoverable', 'the agent did what the answer said, and the server refused the repaired call for the same reason', steps)
        : ended(category, 'undetermined', 'the server refused the repaired call for the same reason', steps, { cause: 'the repaired value refused for the same reason' });
    }
    // The server took the call's form and refused it for its data (no such record, no access, try later, list the valid
    // ids with another tool): the form was repaired, and what the data needs the agent cannot know.
    const nd = next.diagnosis;
    if (verdict === 'valid' && (nd.culprits.length === 0 || nd.final || nd.transient || nd.suggestedTools.length > 0)) {
      return ended(category, 'recovered', 'repaired (by schema); the server refused it for a reason about its data, not the call', steps, { attempt });
    }
    args = fixed;
    answer = next;
  }
  return ended(category, 'undetermined', `still refused after ${settings.attempts} tries, each answer locating something new`, steps, { cause: `still refused after the last try` });
}

/** A refusal that says neither that it passes nor that it is final, nor what to change: an agent retries once, unchanged. */
async function blindRetry(refusal: Refusal, answer: Read, send: Send, steps: RepairStep[]): Promise<RepairRecord> {
  const { exchange } = refusal;
  const args = argsOf(exchange);
  const step = steps[steps.length - 1];
  step.call = { name: exchange.case.name, arguments: abbreviate(args) };
  const again = await send(exchange.case.name, args, true);
  const neither = 'the answer says neither that the failure passes nor that it is final, nor what to change';
  if (!('outcome' in again)) {
    step.notSent = again.notSent;
    return unrecovered('business', answer, `${neither}: an agent retries, in vain`, steps, { wasted: true });
  }
  step.answer = describeAnswer(again);
  if (succeeded(again)) return ended('business', 'recovered', 'the retry succeeded', steps, { confirmed: true, attempt: 1 });
  return unrecovered('business', answer, `${neither}: the agent retried once, in vain`, steps, { wasted: true });
}
