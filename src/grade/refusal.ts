// The one grading of a request the server must refuse: a JSON-RPC error with a right code passes, and every other
// answer (an HTTP answer, a result, an isError result, another code, no answer) is the finding its rule names.
import type { Reading } from './reading.js';
import type { RuleContext } from './rule.js';
import { errorCodeData, internalCodeNote } from '../matchers/surface.js';
import { INTERNAL_ERROR } from '../jsonrpc-codes.js';

/** The message ids a rule reports each wrong answer to a must-refuse request with. */
export interface RefusalMessages {
  /** An HTTP answer with no JSON-RPC message; the data gains {http}. */
  http: string;
  /** A result, as if the request were fine; also an isError result unless toolError is named. */
  served: string | (() => string);
  /** An isError result, a tool's failure shape. */
  toolError?: string;
  /** A JSON-RPC error with another code; the data gains {code, codeAsSent}, and {internal} when withInternalNote. */
  wrongCode: string;
  /** A JSON-RPC error with -32603, when the rule says so apart from wrongCode. */
  internalCode?: string;
  withInternalNote?: boolean;
  /** A timeout or silence; the data gains {outcome}. Unnamed, no answer is left to other rules. */
  noAnswer?: string;
}

/**
 * Grade an answer to a request the server must refuse with one of codes, reporting what was wrong through ctx with
 * data. True when it was refused with a right code (a rule may go on to read the error's message).
 */
export function gradeRefusal(
  r: Reading,
  ctx: RuleContext<unknown>,
  codes: readonly (number | undefined)[],
  data: Record<string, string | number>,
  messages: RefusalMessages,
): boolean {
  switch (r.kind) {
    case 'http':
      ctx.report({ messageId: messages.http, data: { ...data, http: r.httpAnswer } });
      return false;
    case 'timeout':
    case 'silent':
      if (messages.noAnswer !== undefined) ctx.report({ messageId: messages.noAnswer, data: { ...data, outcome: r.kind === 'timeout' ? 'timed out' : 'silence' } });
      return false;
    case 'tool-error':
      if (messages.toolError !== undefined) {
        ctx.report({ messageId: messages.toolError, data });
        return false;
      }
      ctx.report({ messageId: typeof messages.served === 'string' ? messages.served : messages.served(), data });
      return false;
    case 'success':
      ctx.report({ messageId: typeof messages.served === 'string' ? messages.served : messages.served(), data });
      return false;
    case 'protocol-error': {
      if (codes.includes(r.code)) return true;
      const messageId = r.code === INTERNAL_ERROR && messages.internalCode !== undefined ? messages.internalCode : messages.wrongCode;
      ctx.report({ messageId, data: { ...data, ...errorCodeData(r.exchange), ...(messages.withInternalNote ? { internal: internalCodeNote(r.code) } : {}) } });
      return false;
    }
    default:
      return false;
  }
}
