// The TypeScript SDK's wrapper: "MCP error -32602: Input validation error: Invalid arguments for tool x: <msg> at <path>\n…" (1.x) and "…: <path>: <msg>, <path>: <msg>" (2.x).
import type { AnswerFormat, CallView, Culprit } from '../diagnosis.js';
import type { FormatReader } from '../culprit.js';
import { culprit, readTexts } from '../culprit.js';
import { dottedSegments, resolveNearest, resolvePath } from '../names.js';
import { readZodMessage, ZOD_MESSAGE_START } from './zod-issues.js';
import { unlocated } from './zod-v3.js';

/** One zod message about a path (or the root when `where` is undefined), as culprits. */
export function messageCulprits(message: string, where: string | undefined, call: CallView, format: AnswerFormat, evidence: string): Culprit[] {
  const read = readZodMessage(message);
  const base = where === undefined ? [] : dottedSegments(where);
  if (read.problem === 'unexpected') {
    return (read.keys ?? []).flatMap((key) => {
      const path = resolvePath([...base, key], call);
      return path ? [culprit(call, format, path, 'unexpected', evidence)] : [];
    });
  }
  if (base.length === 0) return unlocated(read, call, format, evidence);
  const at = resolveNearest(base, call);
  if (!at) return [];
  return [at.exact ? culprit(call, format, at.path, read.problem, evidence, read.expected) : culprit(call, format, at.path, 'invalid', evidence)];
}

/**
 * "path: message, path: message" (SDK 2.x, FastMCP): entries start where a ", " is followed by a path and ": ", or by a
 * zod message of the root; zod's own messages hold ", " ("expected string, received number") and are not cut there.
 */
export function pathMessageList(body: string, call: CallView, format: AnswerFormat): Culprit[] {
  const starts = [0];
  for (let at = body.indexOf(', '); at >= 0; at = body.indexOf(', ', at + 2)) {
    const rest = body.slice(at + 2);
    const named = /^([\w$.[\]-]+): /.exec(rest);
    if ((named && (named[1] === 'root' || resolvePath(dottedSegments(named[1]), call) !== undefined)) || ZOD_MESSAGE_START.test(rest)) starts.push(at + 2);
  }
  const entries = starts.map((s, i) => body.slice(s, starts[i + 1] === undefined ? undefined : starts[i + 1] - 2));
  return entries.flatMap((entry) => {
    const m = /^([\w$.[\]-]+): (.*)$/s.exec(entry);
    if (m && !ZOD_MESSAGE_START.test(entry)) return messageCulprits(m[2], m[1] === 'root' ? undefined : m[1], call, format, entry);
    return messageCulprits(entry, undefined, call, format, entry);
  });
}

/** "<msg> at <path>" lines (SDK 1.x getParseErrorMessage); a line without " at " is about the root. */
function atLines(body: string, call: CallView): Culprit[] {
  return body.split('\n').flatMap((line) => {
    const m = /^(.*) at ([^\s]+)$/.exec(line.trim());
    if (m && m[2] !== 'object' && !/ at object root$/.test(line)) return messageCulprits(m[1], m[2], call, 'ts-sdk', line);
    return messageCulprits(line.replace(/ at object root$/, ''), undefined, call, 'ts-sdk', line);
  });
}

const WRAPPER = /(?:MCP error -?\d+: )*(?:Input validation error: )?Invalid arguments for tool [^:\n]+: ([\s\S]*)$/;

export const tsSdkReader: FormatReader = {
  format: 'ts-sdk',
  read(answer, call) {
    return readTexts(answer.texts, (text) => {
      const m = WRAPPER.exec(text);
      if (!m) return undefined;
      const body = m[1].trim();
      // An issue array (older SDKs) is zod's own text: the zod readers read it.
      if (body.startsWith('[') || body.startsWith('{')) return [];
      const lines = body.split('\n');
      const atStyle = lines.some((l) => / at [\w$.[\]-]+$/.test(l.trim())) || (lines.length > 1 && lines.every((l) => ZOD_MESSAGE_START.test(l.trim())));
      return atStyle ? atLines(body, call) : pathMessageList(body, call, 'ts-sdk');
    });
  },
};
