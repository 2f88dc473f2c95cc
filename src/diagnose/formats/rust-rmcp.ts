// Rust servers: rmcp's "failed to deserialize parameters: …" around serde's messages ("missing field `x`", "invalid type: string \"a\", expected u32").
import type { JsonType } from '../../schema/read.js';
import type { CallView, Culprit, Problem } from '../diagnosis.js';
import type { FormatReader } from '../culprit.js';
import { culprit, readTexts } from '../culprit.js';
import type { Expected } from '../expected.js';
import { typeWord } from '../expected.js';
import { byTypeMismatch, byValue } from '../locate.js';
import { dottedSegments, resolveMention, resolvePath } from '../names.js';

/** serde's Unexpected as printed: `string "a"`, `integer \`5\``, `floating point \`1.5\``, `boolean \`true\``, `map`, `sequence`, `null`, `unit value`. */
function unexpected(text: string): { type?: JsonType; value?: unknown } {
  let m: RegExpExecArray | null;
  if ((m = /^string "((?:[^"\\]|\\.)*)"$/.exec(text))) return { type: 'string', value: m[1].replace(/\\(.)/g, '$1') };
  if ((m = /^integer `(-?\d+)`$/.exec(text))) return { type: 'integer', value: Number(m[1]) };
  if ((m = /^floating point `(-?[\d.e+-]+)`$/.exec(text))) return { type: 'number', value: Number(m[1]) };
  if ((m = /^boolean `(true|false)`$/.exec(text))) return { type: 'boolean', value: m[1] === 'true' };
  if (/^(?:map|struct)$/.test(text)) return { type: 'object' };
  if (/^sequence$/.test(text)) return { type: 'array' };
  if (/^(?:null|unit value)$/.test(text)) return { type: 'null', value: null };
  return {};
}

/** serde's "expected …" as a JSON type: "u32", "a string", "a sequence", "struct Filter", "i64", "a boolean". */
function expectedWord(text: string): JsonType | undefined {
  const w = text.trim().replace(/^(?:a|an)\s+/, '').replace(/^struct \w+$/, 'object').replace(/^(?:a )?map$/, 'object').replace(/^sequence$/, 'array');
  return typeWord(w) ?? typeWord(w.split(/\s/)[0]);
}

/** serde's backticked list ("`a`, `b`"). */
function ticks(text: string): string[] {
  return [...text.matchAll(/`([^`]*)`/g)].map((m) => m[1]);
}

interface Said {
  problem: Problem;
  expected: Expected;
  name?: string;
  value?: unknown;
  received?: JsonType;
}

function serde(message: string): Said | undefined {
  let m: RegExpExecArray | null;
  if ((m = /^missing field `([^`]+)`/.exec(message))) return { problem: 'missing', expected: {}, name: m[1] };
  if ((m = /^unknown field `([^`]+)`/.exec(message))) return { problem: 'unexpected', expected: {}, name: m[1] };
  if ((m = /^unknown variant `([^`]*)`, expected (?:one of )?(.+)$/.exec(message))) return { problem: 'enum', expected: { values: ticks(m[2]) }, value: m[1] };
  if ((m = /^invalid type: (.+?), expected (.+)$/.exec(message))) {
    const u = unexpected(m[1]);
    return { problem: 'type', expected: { type: expectedWord(m[2]) }, value: u.value, received: u.type };
  }
  if ((m = /^invalid value: (.+?), expected (.+)$/.exec(message))) return { problem: 'invalid', expected: { type: expectedWord(m[2]) }, value: unexpected(m[1]).value };
  if ((m = /^invalid length (\d+), expected (.+)$/.exec(message))) return { problem: 'length', expected: {} };
  return undefined;
}

/** A serde message, maybe after serde_path_to_error's "a.b: " and before " at line 1 column 5". */
const SERDE = /(?:^|: )(?:([\w.[\]]+): )?((?:missing field|unknown field|unknown variant|invalid type:|invalid value:|invalid length) [^\n]+?)(?: at line \d+ column \d+)?$/m;

function located(said: Said, where: string | undefined, call: CallView, evidence: string): Culprit[] {
  const base = where ? dottedSegments(where) : [];
  if (said.name !== undefined) {
    const path = resolvePath([...base, said.name], call) ?? (base.length === 0 ? resolveMention(said.name, call) : undefined);
    return path ? [culprit(call, 'rust-rmcp', path, said.problem, evidence, said.expected)] : [];
  }
  const path =
    (base.length > 0 ? resolvePath(base, call) : undefined) ??
    (said.value !== undefined ? byValue(call, said.value) : undefined) ??
    (said.problem === 'type' ? byTypeMismatch(call, { expected: said.expected.type, received: said.received }) : undefined);
  return path ? [culprit(call, 'rust-rmcp', path, said.problem, evidence, said.expected)] : [];
}

export const rustRmcpReader: FormatReader = {
  format: 'rust-rmcp',
  read(answer, call) {
    return readTexts(answer.texts, (text) => {
      const m = SERDE.exec(text);
      const said = m ? serde(m[2]) : undefined;
      return m && said ? located(said, m[1], call, m[0].replace(/^: /, '')) : undefined;
    });
  },
};
