// Rule recovery-hint: an error tells the agent how to recover — the offending argument, the expected input, or the next step.
import type { Exchange } from '../src/exchange.js';
import type { Surface } from '../src/plan/types.js';
import { SURFACE_OF } from '../src/plan/types.js';
import type { Rule } from '../src/grade/rule.js';
import { isRecord } from '../src/util/guards.js';
import { targetNames } from '../src/matchers/sent.js';
import { isBlank, snippet } from '../src/matchers/surface.js';
import { hasActionableMetadata } from '../src/matchers/metadata.js';
import { findNextStep } from '../src/matchers/phrases.js';
import { mentions } from '../src/diagnose/guidance.js';

const TOOL_LIST = /\b(?:available|valid|known|supported|existing) tools?\b|\bdid you mean\b|\btools\/list\b|\blist[_ ]?tools\b/i;
const MAX_TOOL_NAME = 128;

/**
 * The argument names an invalid-input error should mention: those the case's target gives (the required 'path' left
 * out), and only without a target the sent keys. Narrower than Reading.argumentNames, every name an answer may echo.
 */
function namesToMention(ex: Exchange): string[] {
  const targeted = targetNames(ex.case.target);
  if (targeted.length > 0) return targeted;
  const args = ex.case.arguments;
  return isRecord(args) ? Object.keys(args) : [];
}

// About a tool name: the tool or its name is unknown, missing or wrong ("Tool  not found", "Tool name must not be empty").
const TOOL_WORD = /\btool\b|\bname\b/i;
const NAME_PROBLEM = /\b(?:empty|missing|required|blank|invalid|unknown|not (?:found|registered|available|allowed)|(?:does not|doesn't|did not|didn't) (?:exist|match)|no (?:such|tool))\b/i;

function namesTool(name: string, text: string): boolean {
  if (TOOL_LIST.test(text)) return true;
  // An empty name cannot be named: a message that says the tool name is missing, empty or unknown says all there is
  // (the SDKs' "Tool  not found" is their "Tool nope not found" with nothing in the slot). "Invalid params" does not.
  if (name.trim() === '') return TOOL_WORD.test(text) && NAME_PROBLEM.test(text);
  if (name.length > MAX_TOOL_NAME) return text.includes(name.slice(0, 32)) || /\b(?:too long|length|characters)\b/i.test(text);
  return text.toLowerCase().includes(name.toLowerCase());
}

const OTHER_SURFACES = new Set<Surface>(['resources', 'prompts', 'completions']);

/** What a request on another surface asked for, in the spellings an answer may use: as sent, as a URL parser folds it, a template's fixed start. */
function askedFor(name: string): string[] {
  const asked = name.trim();
  if (asked === '') return [];
  const out = [asked.slice(0, 120)];
  const start = asked.split('{')[0];
  if (start !== asked && start.length >= 8) out.push(start);
  try {
    out.push(new URL(asked).href);
  } catch {
    // not a URL: as sent only
  }
  // "UI app not found or not built: errlint-no-such-resource" names the resource by its last segment.
  const last = /[/:]([^/:?#]{6,})$/.exec(asked)?.[1];
  if (last) out.push(last);
  return out;
}

/** Does the error of a request on another surface name what it asked for (the URI, the prompt) or a parameter of it ("Invalid URL")? */
function namesRequest(ex: Exchange, text: string): boolean {
  const lower = text.toLowerCase();
  if (askedFor(ex.case.name).some((a) => lower.includes(a.toLowerCase()))) return true;
  const params = Array.isArray(ex.request) || !isRecord(ex.request.params) ? [] : Object.keys(ex.request.params);
  // A prompt's own arguments the case aimed at ("Missing required argument: order_id") are the parameters at fault too.
  return [...params, ...targetNames(ex.case.target)].some((key) => mentions(text, key)) || (params.includes('uri') && mentions(text, 'url'));
}

export const rule: Rule = {
  meta: {
    id: 'recovery-hint',
    description: 'An error names the offending argument or the expected input (validation), or says what to do next (other failures).',
    severity: { recommended: 'warning', strict: 'error' },
    tags: ['recovery'],
    fix: 'Say in every error what to do next (retry later, change an input, call another tool, or escalate), in words or in metadata such as suggestedAction.',
    messages: {
      noArgumentHint: {
        text: 'The error for schema-violating input ({label}) names neither the argument ({names}) nor the expected type, format or values: "{text}"',
        fix: "Name the argument at fault in every validation error and what a valid value looks like, e.g. \"'limit' must be an integer from 1 to 100, got 'ten'\".",
      },
      noNextStep: 'The error ({label}) does not say what to do next (retry, change the input, call another tool, escalate) and carries no metadata: "{text}"',
      noToolHint: {
        text: "The error for unknown tool '{name}' neither names it nor lists the available tools: \"{text}\"",
        fix: 'Name the requested tool in an unknown-tool error and list the tools that do exist, or the closest match.',
      },
      noRequestHint: {
        text: 'The error for {label} names neither what was asked for ({name}) nor the parameter at fault, and says nothing of what to send instead: "{text}"',
        fix: 'Name what was asked for (the prompt, the URI) or the parameter at fault in the refusal, and say what to send instead, such as the valid names.',
      },
    },
  },

  // Blank tool errors are error-not-empty's; there is no hint to look for. Protocol probes get JSON-RPC's standard
  // messages ("Method not found") by design, and a burst's inputs carry no expectation a hint could be judged against.
  appliesTo(r) {
    // The traversal read is resource-traversal's: a security check, not a request an agent repairs.
    if (r.protocolProbe || r.exchange.burst !== undefined || r.exchange.case.sensitive) return false;
    return r.isError && r.surfaces.some((s) => !isBlank(s.text));
  },

  check(r, ctx) {
    const ex = r.exchange;
    // What the model reads: content, structuredContent, error message and data (not _meta).
    const text = r.modelText;
    const label = ex.case.label;
    // An answer cut by the answer cap may hold its hint in the part that was cut: nothing is judged missing from it
    // (error-size-bounded speaks of its size).
    if ((ex.responseCut ?? 0) > 0) return;
    // An answer that puts the fault outside the call (an upstream down, a program missing, a credential unset) is one no
    // change to the call fixes: an agent stops and tells the user, and the answer that says so has said enough. Read
    // last, where a finding would follow: it is the repair agent's whole reading of the answer.
    const report = (messageId: string, data: Record<string, string>) => {
      if (r.environment === undefined) ctx.report({ messageId, data });
    };

    if (ex.probe === 'unknown-tool' || ex.case.expect === 'unknown-tool') {
      if (!namesTool(r.requestedTool, text)) report('noToolHint', { name: snippet(r.requestedTool, 60), text: snippet(text) });
      return;
    }
    const meta = r.metadata;
    // Another surface (a resource, a prompt, a completion): naming what was asked for or the parameter at fault is the hint.
    if (OTHER_SURFACES.has(SURFACE_OF[ex.probe])) {
      if (!namesRequest(ex, text) && findNextStep(text) === null && !hasActionableMetadata(meta)) report('noRequestHint', { label, name: snippet(ex.case.name, 80), text: snippet(text) });
      return;
    }
    // The same reading the repair agent makes: an answer that names an argument (in any spelling or language, with its
    // value), a tool, an expectation, or for a valid call what to do, gives an agent something; one that gives nothing fails.
    if (r.guidance !== undefined) return;
    if (ex.case.expect === 'invalid-input') report('noArgumentHint', { label, names: namesToMention(ex).join(', ') || '(none)', text: snippet(text) });
    else report('noNextStep', { label, text: snippet(text) });
  },
};
