// Rule prompt-contract: prompts/get of an unknown name, or without a required argument, or with arguments that are not
// strings, is refused with -32602 (every version: "Invalid prompt name: -32602", "Missing required arguments: -32602").
import type { Rule } from '../src/grade/rule.js';
import { gradeRefusal } from '../src/grade/refusal.js';
import { snippet } from '../src/matchers/surface.js';

export const rule: Rule = {
  meta: {
    id: 'prompt-contract',
    description: 'prompts/get of an unknown prompt, or without a required argument, is refused with JSON-RPC -32602, not served.',
    severity: { recommended: 'warning', strict: 'error' },
    tags: ['layer', 'protocol', 'prompts'],
    fix: 'Check prompts/get against your prompts (a known name, every required argument, string values) and refuse a mismatch with JSON-RPC -32602 naming what is wrong.',
    messages: {
      unknownAccepted: { text: "prompts/get of the unknown prompt '{name}' was answered with a prompt: the agent uses a prompt that does not exist; refuse it with -32602.", severity: 'error' },
      missingAccepted: "prompts/get {label} was answered with a prompt: a required argument was left out and nothing said so; refuse it with -32602 naming the argument.",
      typeAccepted: { text: 'prompts/get {label} was answered with a prompt, although prompt arguments are strings; refuse it with -32602.', severity: { recommended: 'note', strict: 'warning' } },
      wrongCode: 'prompts/get {label} was refused with {codeAsSent}; the spec asks for -32602 (Invalid params){internal}.',
      toolError: "prompts/get {label} was answered with an isError result, a tool's failure shape; prompts are refused with JSON-RPC -32602.",
      httpAnswer: 'prompts/get {label} was answered with {http} and no JSON-RPC message; refuse it with JSON-RPC -32602.',
    },
  },

  // The prompts probe's must-refuse cases (an undeclared extra argument may be ignored: expect 'any').
  appliesTo(r) {
    const ex = r.exchange;
    return ex.probe === 'prompts' && ex.case.expect === 'refused' && r.method === 'prompts/get' && (r.answered || r.kind === 'http');
  },

  check(r, ctx) {
    const c = r.exchange.case;
    const data = { name: snippet(c.name, 80), label: c.label };
    gradeRefusal(r, ctx, [c.expectCode], data, {
      http: 'httpAnswer',
      toolError: 'toolError',
      served: () => {
        const params = (r.exchange.request.params ?? {}) as { arguments?: unknown };
        return c.breaks !== undefined ? 'typeAccepted' : params.arguments === undefined ? 'unknownAccepted' : 'missingAccepted';
      },
      wrongCode: 'wrongCode',
      withInternalNote: true,
    });
  },
};
