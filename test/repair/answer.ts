// Test helper: the AnswerView and CallView the repair agent builds, from a raw tools/call answer frame and a tool.
import type { JsonSchema } from '../../src/types.js';
import type { AnswerView, CallView } from '../../src/diagnose/diagnosis.js';
import { extractMetadata } from '../../src/matchers/metadata.js';
import { isRecord } from '../../src/util/guards.js';
import { exchange } from '../helpers/exchange.js';

/** A tools/call answer as it came over the wire: a result, or a JSON-RPC error. */
export type Frame = { result: Record<string, unknown> } | { error: { code: number; message: string; data?: unknown } };

/** What a client hands a model: texts in reading order, structured parts, §5 metadata. */
export function answerOf(frame: Frame, retryAfterHeader?: string): AnswerView {
  const texts: string[] = [];
  const structured: unknown[] = [];
  if ('result' in frame) {
    const { content, structuredContent, _meta } = frame.result as { content?: unknown[]; structuredContent?: unknown; _meta?: unknown };
    for (const item of content ?? []) {
      if (!isRecord(item) || item.type !== 'text' || typeof item.text !== 'string') continue;
      texts.push(item.text);
      try {
        const whole: unknown = JSON.parse(item.text);
        if (whole !== null && typeof whole === 'object') structured.push(whole);
      } catch {
        // prose
      }
    }
    if (structuredContent !== undefined) structured.push(structuredContent);
    if (_meta !== undefined) structured.push(_meta);
  } else {
    texts.push(frame.error.message);
    if (typeof frame.error.data === 'string') texts.push(frame.error.data);
    else if (frame.error.data !== undefined) structured.push(frame.error.data);
  }
  const ex = 'result' in frame ? exchange({ result: frame.result }) : exchange({ error: frame.error });
  return { texts, structured, metadata: extractMetadata(ex), ...(retryAfterHeader !== undefined ? { retryAfterHeader } : {}) };
}

/** An isError result with these texts. */
export function toolError(...texts: string[]): Frame {
  return { result: { content: texts.map((text) => ({ type: 'text', text })), isError: true } };
}

/** The call the agent made. */
export function callOf(name: string, inputSchema: JsonSchema, args: Record<string, unknown>, opts: { toolNames?: string[]; requestedTool?: string; description?: string } = {}): CallView {
  return {
    tool: { name, inputSchema, ...(opts.description ? { description: opts.description } : {}) },
    arguments: args,
    requestedTool: opts.requestedTool ?? name,
    toolNames: opts.toolNames ?? [name],
  };
}
