// What a client hands a model of a refused call: the answer's texts and structured parts, with its metadata, and the
// call as the agent made it. The agent reads nothing else.
import type { JsonSchema } from '../types.js';
import type { Exchange } from '../exchange.js';
import type { ToolInfo } from '../session/types.js';
import { extractMetadata, type MetadataOptions } from '../matchers/metadata.js';
import { answerKind, textItems } from '../matchers/surface.js';
import { isRecord } from '../util/guards.js';
import type { AnswerView, CallView } from './diagnosis.js';

/** An answer that refuses the call: a tool error, a JSON-RPC error, or an HTTP error status without a JSON-RPC message. */
export function isRefusal(exchange: Exchange): boolean {
  const kind = answerKind(exchange);
  return kind === 'tool-error' || kind === 'protocol-error' || (exchange.outcome.kind === 'http' && exchange.outcome.status >= 400);
}

/** The answer of an exchange as the agent reads it. */
export function answerView(exchange: Exchange, metadata: MetadataOptions | undefined): AnswerView {
  const texts: string[] = [];
  const structured: unknown[] = [];
  const { outcome } = exchange;
  if (outcome.kind === 'error') {
    const { message, data } = outcome.error;
    if (typeof message === 'string') texts.push(message);
    if (typeof data === 'string') texts.push(data);
    else if (data !== undefined && data !== null) structured.push(data);
  } else if (outcome.kind === 'result') {
    for (const { text } of textItems(exchange)) {
      texts.push(text);
      const whole = wholeJson(text);
      if (whole !== undefined) structured.push(whole);
    }
    const { structuredContent, _meta } = outcome.result;
    if (structuredContent !== undefined && structuredContent !== null) structured.push(structuredContent);
    if (_meta !== undefined && _meta !== null) structured.push(_meta);
  } else if (outcome.kind === 'http' && outcome.body.trim() !== '') {
    texts.push(outcome.body);
  }
  const retryAfterHeader = exchange.http?.headers?.['retry-after'];
  const status = exchange.http?.status || undefined;
  return { texts, structured, metadata: extractMetadata(exchange, metadata), ...(retryAfterHeader !== undefined ? { retryAfterHeader } : {}), ...(status !== undefined ? { status } : {}) };
}

/** A text that is one JSON object or array as a whole (a server's structured error as text), parsed; else undefined. */
function wholeJson(text: string): unknown {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed) || trimmed.length > 200_000) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

/** The call the agent made: the tool it meant (or the unknown name it asked for), its arguments, and the tools it knows. */
export function callView(tool: ToolInfo | undefined, requestedTool: string, args: unknown, toolNames: readonly string[]): CallView {
  const inputSchema: JsonSchema = tool?.inputSchema ?? {};
  return {
    tool: { name: tool?.name ?? requestedTool, ...(tool?.description !== undefined ? { description: tool.description } : {}), inputSchema },
    arguments: isRecord(args) ? args : {},
    requestedTool,
    toolNames,
  };
}
