// Rule stdout-clean: a stdio server writes nothing but JSON-RPC messages to stdout (logs go to stderr).
import type { Rule } from '../src/grade/rule.js';
import { snippet } from '../src/matchers/surface.js';

export const rule: Rule = {
  meta: {
    id: 'stdout-clean',
    description: 'A stdio server writes nothing but JSON-RPC messages to stdout: a stray log line can break the client\'s framing and end the session.',
    severity: { recommended: 'error', strict: 'error' },
    tags: ['protocol', 'robustness'],
    fix: 'Send logs, banners and debug output to stderr (console.error, logging to sys.stderr) so that stdout carries only JSON-RPC messages.',
    messages: {
      noise: 'The server wrote {count} non-JSON-RPC line(s) to stdout {when}; first: "{line}". Log to stderr: stdout is the protocol channel.',
    },
  },

  // Every exchange of a stdio session; noise is attributed to the exchange during which it appeared.
  appliesTo(_r, session) {
    return session.transport === 'stdio';
  },

  check(r, ctx) {
    const ex = r.exchange;
    const noise = ex.noise ?? [];
    if (noise.length === 0) return;
    // Handshake noise is attributed to the first exchange of the run.
    const when = ex.seq === 1 ? 'before or during this first call' : 'during this call';
    ctx.report({ messageId: 'noise', data: { count: noise.length, when, line: snippet(noise[0], 100) } });
  },
};
