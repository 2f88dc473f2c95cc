// Rule concurrent-calls: requests in flight together are each answered exactly once, with their own id and their own answer.
import type { Exchange } from '../src/exchange.js';
import type { Rule } from '../src/grade/rule.js';
import { escapeRegExp } from '../src/util/regex.js';
import { scanText, snippet } from '../src/matchers/surface.js';

function names(text: string, name: string): boolean {
  return new RegExp(`(?<![\\w-])${escapeRegExp(name)}(?![\\w-])`).test(text);
}

/** The tool names of the other requests of the burst (distinct names are what lets a crossed answer show). */
function otherMembers(ex: Exchange, own: string): string[] {
  const calls = ex.case.delivery?.kind === 'burst' ? ex.case.delivery.calls : [];
  return [...new Set(calls.map((c) => c.name))].filter((n) => n !== own && n.trim() !== '');
}

/**
 * Why a request of the burst that timed out counts as lost, or null when it only shows a slow server (timely-response's
 * business): lost when the server answered other requests of the burst, all of them within the first half of the
 * timeout, and then this one never. A server working through the burst one by one is still answering near the deadline.
 */
function lostAmongAnswered(ex: Exchange, timeoutMs: number): string | null {
  if ((ex.answers ?? 0) > 0) return null; // it came, after the deadline: late, not lost
  const { index, members } = ex.burst!;
  if (members === undefined) return null; // the burst's other answers are not recorded: a timeout alone proves nothing
  const answered = members.filter((m, i) => i !== index && (m.outcome === 'result' || m.outcome === 'error'));
  if (answered.length === 0) return null; // every answer was late: slow, not lost
  const lastMs = Math.max(...answered.map((m) => m.elapsedMs));
  if (lastMs > timeoutMs / 2) return null;
  return `no answer within ${timeoutMs} ms, while ${answered.length} other request(s) of the burst were answered within ${lastMs} ms`;
}

/** Everything the answer says, as text. */
function answerText(ex: Exchange): string {
  if (ex.outcome.kind === 'result') return scanText(ex.outcome.result);
  if (ex.outcome.kind === 'error') return scanText(ex.outcome.error);
  return '';
}

export const rule: Rule = {
  meta: {
    id: 'concurrent-calls',
    description: 'Tool calls in flight at the same time are each answered exactly once, with the right id and their own answer: no lost, duplicated or crossed answers.',
    severity: { recommended: 'error', strict: 'error' },
    tags: ['robustness', 'protocol'],
    serializesRun: true,
    fix: "Keep each request's state local to its handler, never in shared variables, and answer every request exactly once with its own id, even when calls overlap.",
    messages: {
      lost: 'Request {index} of {size} sent together ({name}) was never answered ({outcome}): concurrent calls lose answers.',
      duplicated: 'Request {index} of {size} sent together ({name}) was answered {answers} times; every request gets exactly one answer.',
      wrongId: 'Request {index} of {size} sent together ({name}) had id {sent}, but its answer carries id {received}.',
      crossed: "Request {index} of {size} sent together asked for '{name}', but its answer is about '{other}': answers of concurrent calls are crossed. Answer: \"{text}\"",
      strayAnswer: 'While {size} requests were in flight the server sent {count} answer(s) with no id (first: "{text}"): it lost track of which request it was answering.',
    },
  },

  appliesTo(r) {
    return r.exchange.burst !== undefined;
  },

  check(r, ctx) {
    const ex = r.exchange;
    const { index, size } = ex.burst!;
    const name = r.requestedTool;
    const position = () => ({ index: index + 1, size, name: snippet(name, 60) });

    // The burst shares one list of unmatched answers: report answers without an id once, on its first request.
    const stray = index === 0 ? (ex.unmatched ?? []).filter((m) => m.id === null || m.id === undefined) : [];
    if (stray.length > 0) ctx.report({ messageId: 'strayAnswer', data: { size, count: stray.length, text: snippet(JSON.stringify(stray[0]), 100) } });

    if (ex.outcome.kind === 'timeout') {
      const outcome = lostAmongAnswered(ex, ctx.session.timeoutMs);
      if (outcome !== null) ctx.report({ messageId: 'lost', data: { ...position(), outcome } });
      return;
    }
    if (ex.outcome.kind === 'closed' || ex.outcome.kind === 'silent') {
      ctx.report({ messageId: 'lost', data: { ...position(), outcome: ex.outcome.kind === 'closed' ? 'the server exited' : 'no answer' } });
      return;
    }
    if (ex.answers !== undefined && ex.answers > 1) ctx.report({ messageId: 'duplicated', data: { ...position(), answers: ex.answers } });
    const sent = Array.isArray(ex.request) ? undefined : ex.request.id;
    if (ex.response && ex.response.id !== sent) {
      ctx.report({ messageId: 'wrongId', data: { ...position(), sent: JSON.stringify(sent) ?? '(none)', received: JSON.stringify(ex.response.id) ?? '(none)' } });
      return;
    }
    const text = answerText(ex);
    if (names(text, name)) return;
    const other = otherMembers(ex, name).find((n) => names(text, n));
    if (other !== undefined) ctx.report({ messageId: 'crossed', data: { ...position(), other: snippet(other, 60), text: snippet(text) } });
  },
};
