// A JSON-RPC message as the text of one frame. Long strings (a probe's 1 MB payload, sent to tool after tool) are encoded
// once and their bytes reused: a frame that holds one is written as parts, not stringified and encoded again each time.

/** Strings at least this long are encoded once. */
const LONG = 16 * 1024;
/** How much of a message is searched for long strings (the probes put theirs near the top). */
const MAX_DEPTH = 4;
const MAX_NODES = 2_000;
/** Encoded long strings kept; the probes share a handful. */
const MAX_CACHED = 16;

/** A frame in parts: text, and the bytes of each long string's JSON literal. */
export class EncodedFrame {
  constructor(readonly parts: readonly (string | Buffer)[]) {}

  /** Its length in UTF-16 units at most (a Buffer counts its bytes): for write caps. */
  get length(): number {
    return this.parts.reduce((sum, part) => sum + part.length, 0);
  }

  /** The whole frame as text (for a transport that needs it, or a recording). */
  text(): string {
    return this.parts.map((part) => (typeof part === 'string' ? part : part.toString('utf8'))).join('');
  }
}

/** A frame as a transport takes it. */
export type Frame = string | EncodedFrame;

export function frameText(frame: Frame): string {
  return typeof frame === 'string' ? frame : frame.text();
}

const literals = new Map<string, Buffer>();

function literalOf(value: string): Buffer {
  let bytes = literals.get(value);
  if (bytes === undefined) {
    if (literals.size >= MAX_CACHED) literals.clear();
    bytes = Buffer.from(JSON.stringify(value), 'utf8');
    literals.set(value, bytes);
  }
  return bytes;
}

/** The long strings in the top of a value. */
function longStrings(value: unknown): Set<string> {
  const found = new Set<string>();
  let nodes = 0;
  const walk = (node: unknown, depth: number): void => {
    if (++nodes > MAX_NODES) return;
    if (typeof node === 'string') {
      if (node.length >= LONG) found.add(node);
      return;
    }
    if (node === null || typeof node !== 'object' || depth >= MAX_DEPTH) return;
    for (const child of Array.isArray(node) ? node : Object.values(node)) walk(child, depth + 1);
  };
  walk(value, 0);
  return found;
}

/** A mark no real value holds (a NUL is escaped in JSON text), with the index of the long string it stands for. */
const MARK = '\u0000errlint-long:';
const MARKED = /"\\u0000errlint-long:(\d+)"/g;

/** The frame of a message: its JSON text, or, when it holds long strings, that text in parts with their bytes reused. */
export function encodeFrame(message: unknown): Frame {
  const long = longStrings(message);
  if (long.size === 0) return JSON.stringify(message);
  const marked: string[] = [];
  const text = JSON.stringify(message, (_key, value: unknown) => (typeof value === 'string' && long.has(value) ? `${MARK}${marked.push(value) - 1}` : value));
  const parts: (string | Buffer)[] = [];
  let from = 0;
  for (const match of text.matchAll(MARKED)) {
    parts.push(text.slice(from, match.index), literalOf(marked[Number(match[1])]));
    from = match.index + match[0].length;
  }
  parts.push(text.slice(from));
  return new EncodedFrame(parts);
}
