// Rule no-stack-trace: no error surface carries a stack trace (JS, Python, Java, Go, Rust, .NET, Ruby, PHP frames).
import type { Rule } from '../src/grade/rule.js';
import { snippet } from '../src/matchers/surface.js';
import { findStackFrame } from '../src/matchers/stack-frames.js';

export const rule: Rule = {
  meta: {
    id: 'no-stack-trace',
    description: 'Error answers carry no stack traces: they leak internals, waste tokens and give the model no recovery path.',
    severity: { recommended: 'error', strict: 'error' },
    tags: ['security'],
    securitySeverity: '4.3',
    fix: 'Catch errors at the tool boundary, log the stack on the server, and return only a message that says what went wrong and what to send instead.',
    messages: {
      stackTrace: 'The error answer carries a {language} stack trace in {where}: "{frame}". Log it server-side; return a clean message.',
    },
  },

  // Only error answers: a success may legitimately return code or logs that contain frames.
  appliesTo(r) {
    return r.leaksCanShow;
  },

  check(r, ctx) {
    for (const surface of r.surfaces) {
      const frame = findStackFrame(surface.text);
      if (frame === null) continue;
      ctx.report({ messageId: 'stackTrace', data: { language: frame.language, where: surface.where, frame: snippet(frame.frame) } });
      return;
    }
  },
};
