// Rule server-survives: no probe kills the server or leaves it unable to answer.
import type { Rule } from '../src/grade/rule.js';

export const rule: Rule = {
  meta: {
    id: 'server-survives',
    description: 'After every probe the server still answers and its process has not exited: a crash ends the agent\'s whole session.',
    severity: { recommended: 'error', strict: 'error' },
    tags: ['robustness'],
    capsGrade: 'D',
    fix: 'Catch every exception in request handlers and bound what an input may cost (size, depth, time), so no call can crash, stall or disconnect the server.',
    messages: {
      exited: 'The server closed the connection while handling this call (exit code {exitCode}, signal {signal}).',
      dropped: 'The server dropped the HTTP connection while handling this call ({error}): the client gets a network error, not an answer.',
      unresponsive: 'The server stopped answering after this call: the liveness check that followed it got no answer.',
      lostSession: {
        text: 'The server forgot the session it issued while handling this call, or right after it: HTTP 404 for its Mcp-Session-Id. A client must start over with initialize, and loses everything the session held.',
        fix: 'Keep each issued Mcp-Session-Id valid until the client ends it or it expires, storing sessions where a failed request or a restart cannot drop them.',
      },
      // Only a failure that happens again caps the grade: one that does not is a note.
      flaky: {
        text: 'The server {what} after this call, but not when the same input was sent again alone: a flaky failure (a loaded machine, a busy process), not a crash this input causes.',
        severity: 'note',
        fix: 'Keep the server answering under load: move long blocking work (a big query, a parse) off the thread that reads requests.',
      },
    },
  },

  appliesTo() {
    return true;
  },

  check(r, ctx) {
    const ex = r.exchange;
    const failed = ex.outcome.kind === 'closed' || ex.alive === false;
    const lost = (ex.outcome.kind === 'closed' && ex.outcome.lostSession === true) || ex.lostSession === true;
    if (failed && ex.recheck?.reproduced === false) {
      ctx.report({ messageId: 'flaky', data: { what: lost ? 'lost the session it issued' : ex.outcome.kind === 'closed' ? 'exited' : 'stopped answering' } });
      return;
    }
    if (lost) {
      ctx.report({ messageId: 'lostSession', data: {} });
      return;
    }
    if (ex.outcome.kind === 'closed' && ex.outcome.error !== undefined) {
      ctx.report({ messageId: 'dropped', data: { error: ex.outcome.error } });
      return;
    }
    if (ex.outcome.kind === 'closed') {
      ctx.report({ messageId: 'exited', data: { exitCode: ex.outcome.exitCode ?? 'none', signal: ex.outcome.signal ?? 'none' } });
      return;
    }
    if (ex.alive === false) ctx.report({ messageId: 'unresponsive', data: { outcome: ex.outcome.kind } });
  },
};
