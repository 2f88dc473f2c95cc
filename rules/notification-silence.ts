// Rule notification-silence: a notification (a message without an id, known or unknown method) is never answered.
import type { Rule } from '../src/grade/rule.js';
import { snippet } from '../src/matchers/surface.js';

/** One answer frame in a few words: `error -32601 "Method not found"` or `a result`. */
function describe(frame: Record<string, unknown>): string {
  const error = frame.error;
  if (error !== null && typeof error === 'object') {
    const { code, message } = error as Record<string, unknown>;
    return `error ${String(code)} "${snippet(String(message ?? ''), 60)}"`;
  }
  return 'result' in frame ? 'a result' : snippet(JSON.stringify(frame), 60);
}

export const rule: Rule = {
  meta: {
    id: 'notification-silence',
    description: 'Notifications, known or unknown, are never answered: a response to a message without an id is a protocol violation clients may choke on.',
    severity: { recommended: 'error', strict: 'error' },
    tags: ['protocol'],
    fix: 'Never answer a message without an id, not even with an error: drop an unknown or unexpected notification silently.',
    messages: {
      answered: 'The notification {method} ({label}) was answered with {answer}{more}; a notification gets no response, not even an error.',
      notAccepted: {
        text: 'The notification {method} ({label}) was answered with HTTP {status}{type}; Streamable HTTP requires 202 Accepted with no body for a notification it accepts.',
        severity: 'warning',
        fix: 'Answer a notification you accept over Streamable HTTP with 202 Accepted and an empty body.',
      },
    },
  },

  // A hang or crash after the notification is timely-response's and server-survives'.
  appliesTo(r) {
    const ex = r.exchange;
    return (ex.probe === 'notification' || ex.case.expect === 'no-answer') && ['result', 'error', 'silent', 'http'].includes(ex.outcome.kind);
  },

  check(r, ctx) {
    const ex = r.exchange;
    // Every request of ours has an id 'errlint-N': a frame with such an id answers one of them, late; any other
    // frame (id null, none, or an id we never used, like 0) answers the notification.
    const frames = [...(ex.response ? [ex.response] : []), ...(ex.unmatched ?? [])].filter((f) => !(typeof f.id === 'string' && f.id.startsWith('errlint-')));
    const method = Array.isArray(ex.request) ? '(batch)' : String(ex.request.method ?? '(none)');
    // Over HTTP a notification the server cannot accept gets an HTTP error status, and MAY carry an id-less JSON-RPC error.
    if (ex.http && ex.http.status >= 400) return;
    if (frames.length === 0) {
      if (ex.http && ctx.session.transport === 'http' && ex.http.status !== 202) {
        const type = ex.http.contentType?.split(';')[0].trim();
        ctx.report({ messageId: 'notAccepted', data: { method, label: ex.case.label, status: ex.http.status, type: type ? ` (${type})` : '' } });
      }
      return;
    }
    const answer = describe(frames[0]);
    const more = frames.length > 1 ? ` and ${frames.length - 1} more frame(s)` : '';
    ctx.report({ messageId: 'answered', data: { method, label: ex.case.label, answer, more } });
  },
};
