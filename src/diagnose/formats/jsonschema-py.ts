// Python jsonschema: "'x' is a required property", "'five' is not of type 'number'", and str(e)'s "On instance['x']:" (the Python SDK's low-level server).
import type { CallView, Culprit, Problem } from '../diagnosis.js';
import type { FormatReader } from '../culprit.js';
import { culprit, readTexts } from '../culprit.js';
import type { Expected } from '../expected.js';
import { typeWord } from '../expected.js';
import { byValue } from '../locate.js';
import { resolveNearest, resolvePath } from '../names.js';

/** A Python repr read as a value: 'a', "a", 5, 1.5, True, None, [], ['a', 1], {}; undefined when it is none of these. */
export function pyLiteral(text: string): unknown {
  const t = text.trim();
  let m: RegExpExecArray | null;
  if ((m = /^'((?:[^'\\]|\\.)*)'$/s.exec(t)) || (m = /^"((?:[^"\\]|\\.)*)"$/s.exec(t))) return m[1].replace(/\\(.)/g, '$1');
  if (/^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(t)) return Number(t);
  if (t === 'True' || t === 'False') return t === 'True';
  if (t === 'None') return null;
  if (/^\[.*\]$/s.test(t)) {
    const inner = t.slice(1, -1).trim();
    if (inner === '') return [];
    const items = [...inner.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(-?\d+(?:\.\d+)?|True|False|None)/g)].map((i) => (i[3] !== undefined ? pyLiteral(i[3]) : (i[1] ?? i[2]).replace(/\\(.)/g, '$1')));
    return items;
  }
  if (t === '{}') return {};
  return undefined;
}

/** The message's instance: the Python repr before `at` that parses, after any prefix ("Input validation error: "). */
function instanceBefore(line: string, at: number): { value: unknown; repr: string } | undefined {
  const starts = [0, ...[...line.slice(0, at).matchAll(/: /g)].map((m) => m.index! + 2)];
  for (const start of starts) {
    const repr = line.slice(start, at);
    const value = pyLiteral(repr);
    if (value !== undefined) return { value, repr };
  }
  return undefined;
}

/** Items of "instance['a'][0]" (str(e)'s "On instance[…]:" line). */
function instanceItems(text: string): string[] | undefined {
  const m = /^On instance((?:\[[^\]\n]+\])*):$/m.exec(text);
  if (!m) return undefined;
  return [...m[1].matchAll(/\[(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(\d+))\]/g)].map((i) => i[1] ?? i[2] ?? i[3]);
}

interface Said {
  problem: Problem;
  expected: Expected;
  names?: string[];
}

/** jsonschema's messages after the instance (see jsonschema/_keywords.py). */
const TAILS: [RegExp, (m: RegExpExecArray) => Said][] = [
  [/ is not of type ((?:'[^']+'(?:, )?)+)/, (m) => ({ problem: 'type', expected: { type: typeWord(/'([^']+)'/.exec(m[1])![1]) } })],
  [/ is not one of (\[.*\])/, (m) => ({ problem: 'enum', expected: { values: pyLiteral(m[1]) as unknown[] } })],
  [/ was expected/, () => ({ problem: 'enum', expected: {} })],
  [/ is less than (?:or equal to )?the minimum of (-?[\d.]+)/, (m) => ({ problem: 'range', expected: { min: Number(m[1]) } })],
  [/ is greater than (?:or equal to )?the maximum of (-?[\d.]+)/, (m) => ({ problem: 'range', expected: { max: Number(m[1]) } })],
  [/ is not a multiple of /, () => ({ problem: 'range', expected: {} })],
  [/ (?:is too short|should be non-empty)/, () => ({ problem: 'length', expected: {} })],
  [/ (?:is too long|is expected to be empty)/, () => ({ problem: 'length', expected: {} })],
  [/ does not match '(.*)'$/, (m) => ({ problem: 'pattern', expected: { pattern: m[1] } })],
  [/ is not a '([^']+)'/, (m) => ({ problem: 'format', expected: { format: m[1] } })],
];

/** The culprits one jsonschema message (first line of a text) names. */
function readMessage(text: string, call: CallView): { culprits: Culprit[]; recognised: boolean } {
  const line = text.split('\n')[0];
  const items = instanceItems(text) ?? [];
  const required = /'((?:[^'\\]|\\.)*)' is a required property/.exec(line);
  if (required) {
    const path = resolvePath([...items, required[1]], call);
    return { culprits: path ? [culprit(call, 'jsonschema-py', path, 'missing', required[0])] : [], recognised: true };
  }
  const extra = /Additional properties are not allowed \((.+) (?:was|were) unexpected\)/.exec(line);
  if (extra) {
    const names = (pyLiteral(`[${extra[1]}]`) as unknown[] | undefined) ?? [];
    const culprits = names.flatMap((n) => {
      const path = resolvePath([...items, String(n)], call);
      return path ? [culprit(call, 'jsonschema-py', path, 'unexpected', extra[0])] : [];
    });
    return { culprits, recognised: true };
  }
  for (const [tail, said] of TAILS) {
    const m = tail.exec(line);
    if (!m) continue;
    const instance = instanceBefore(line, m.index);
    if (!instance) continue;
    const { problem, expected } = said(m);
    const evidence = `${instance.repr}${m[0]}`;
    // str(e) says where ("On instance['quantity']"); e.message alone only quotes the value.
    const at = items.length > 0 ? resolveNearest(items, call) : undefined;
    if (at) return { culprits: [at.exact ? culprit(call, 'jsonschema-py', at.path, problem, evidence, expected) : culprit(call, 'jsonschema-py', at.path, 'invalid', evidence)], recognised: true };
    const path = byValue(call, instance.value);
    return { culprits: path ? [culprit(call, 'jsonschema-py', path, problem, evidence, expected)] : [], recognised: true };
  }
  return { culprits: [], recognised: /^Failed validating '/m.test(text) };
}

export const jsonschemaPyReader: FormatReader = {
  format: 'jsonschema-py',
  read(answer, call) {
    return readTexts(answer.texts, (text) => {
      const read = readMessage(text, call);
      return read.recognised ? read.culprits : undefined;
    });
  },
};
