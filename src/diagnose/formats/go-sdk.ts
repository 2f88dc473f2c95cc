// Go servers: the official Go SDK's "validating \"arguments\": …" (google/jsonschema-go), mcp-go's helpers and schema check, encoding/json, and zog's "Invalid argument: field: …".
import type { CallView, Culprit, Problem } from '../diagnosis.js';
import type { FormatReader } from '../culprit.js';
import { culprit, readTexts } from '../culprit.js';
import type { Expected } from '../expected.js';
import { expectedIn, typeWord } from '../expected.js';
import { byValue } from '../locate.js';
import { pointerSegments, resolveMention, resolveNearest, resolvePath } from '../names.js';

interface Hit {
  segments: string[];
  problem: Problem;
  expected?: Expected;
  evidence: string;
  /** Names a list reports (missing or additional properties), under `segments`. */
  names?: string[];
  /** A value quoted where no path is given. */
  value?: unknown;
}

/** A Go %q list ("[\"a\" \"b\"]") or %v list ("[a b]"). */
function goList(text: string): string[] {
  const inner = text.trim().replace(/^\[|\]$/g, '');
  const quoted = [...inner.matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1] ?? m[2]);
  return quoted.length > 0 ? quoted : inner.split(/[\s,]+/).filter(Boolean);
}

/** The argument path of a jsonschema-go schema path ("/properties/filter/properties/status" → filter, status; items cut there). */
function schemaPathSegments(path: string): string[] {
  if (path === 'root') return [];
  const segs = pointerSegments(path);
  const out: string[] = [];
  for (let i = 0; i < segs.length; i += 2) {
    if (segs[i] !== 'properties') break;
    out.push(segs[i + 1]);
  }
  return out;
}

/** The official Go SDK: the innermost "validating <schema path>:" and the keyword message after it. */
function goSdk(text: string): Hit[] {
  if (!/validating "arguments": /.test(text)) return [];
  const chain = [...text.matchAll(/validating (root|\/[^\s:]*):/g)];
  const where = chain.length > 0 ? schemaPathSegments(chain[chain.length - 1][1]) : [];
  const rest = chain.length > 0 ? text.slice(chain[chain.length - 1].index! + chain[chain.length - 1][0].length).trim() : text;
  let m: RegExpExecArray | null;
  if ((m = /^required: missing properties: (\[.*\])/.exec(rest))) return [{ segments: where, problem: 'missing', names: goList(m[1]), evidence: m[0] }];
  if ((m = /^unexpected additional properties (\[.*\])/.exec(rest))) return [{ segments: where, problem: 'unexpected', names: goList(m[1]), evidence: m[0] }];
  if ((m = /^type: .* has type "\w+", want (?:one of )?"?\[?"?(\w+)/.exec(rest))) return [{ segments: where, problem: 'type', expected: { type: typeWord(m[1]) }, evidence: m[0] }];
  if ((m = /^enum: .* does not equal any of: (\[.*\])/.exec(rest))) return [{ segments: where, problem: 'enum', expected: { values: goList(m[1]) }, evidence: m[0] }];
  if ((m = /^(minimum|exclusiveMinimum): .* than (-?[\d.]+)/.exec(rest))) return [{ segments: where, problem: 'range', expected: { min: Number(m[2]) }, evidence: m[0] }];
  if ((m = /^(maximum|exclusiveMaximum): .* than (-?[\d.]+)/.exec(rest))) return [{ segments: where, problem: 'range', expected: { max: Number(m[2]) }, evidence: m[0] }];
  if ((m = /^(minLength|minItems): .*(?:fewer|less) than (\d+)/.exec(rest))) return [{ segments: where, problem: 'length', expected: { min: Number(m[2]) }, evidence: m[0] }];
  if ((m = /^(maxLength|maxItems): .*(?:more|greater) than (\d+)/.exec(rest))) return [{ segments: where, problem: 'length', expected: { max: Number(m[2]) }, evidence: m[0] }];
  if ((m = /^pattern: .* does not match regular expression "(.*)"/.exec(rest))) return [{ segments: where, problem: 'pattern', expected: { pattern: m[1] }, evidence: m[0] }];
  return where.length > 0 ? [{ segments: where, problem: 'invalid', evidence: rest.slice(0, 200) }] : [];
}

/** mcp-go's schema check: "input schema validation failed: /quantity: …; <root>: …" (santhosh-tekuri/jsonschema kinds, printed with %+v). */
function mcpGoSchema(text: string): Hit[] {
  const m = /input schema validation failed: (.+)$/s.exec(text);
  if (!m) return [];
  return m[1].split(/; (?=<root>|\/)/).flatMap((part): Hit[] => {
    const p = /^(<root>|\/\S*): (.*)$/s.exec(part.trim());
    if (!p) return [];
    const where = p[1] === '<root>' ? [] : pointerSegments(p[1]);
    const said = p[2];
    let k: RegExpExecArray | null;
    if ((k = /Missing:\[([^\]]*)\]/.exec(said)) || (k = /missing propert(?:y|ies) (.+)$/.exec(said))) return [{ segments: where, problem: 'missing', names: goList(k[1]), evidence: part }];
    if ((k = /Properties:\[([^\]]*)\]/.exec(said)) || (k = /additional properties (.+) not allowed/.exec(said))) return [{ segments: where, problem: 'unexpected', names: goList(k[1]), evidence: part }];
    if ((k = /Got:(\w+) Want:\[(\w+)/.exec(said)) || (k = /got (\w+), want (\w+)/.exec(said))) return [{ segments: where, problem: 'type', expected: { type: typeWord(k[2]) }, evidence: part }];
    if ((k = /value must be one of (.+)$/.exec(said))) return [{ segments: where, problem: 'enum', expected: { values: k[1].split(/,\s*/).map((v) => v.replace(/^'|'$/g, '').replace(/^"|"$/g, '')) }, evidence: part }];
    return [{ segments: where, problem: 'invalid', expected: expectedIn(said), evidence: part }];
  });
}

/** mcp-go's argument helpers and encoding/json's unmarshal errors. */
function helpers(text: string): Hit[] {
  const hits: Hit[] = [];
  for (const m of text.matchAll(/required argument "([^"]+)" not found/g)) hits.push({ segments: [m[1]], problem: 'missing', evidence: m[0] });
  for (const m of text.matchAll(/argument "([^"]+)" (?:is not an? |cannot be converted to )(\w+)/g)) hits.push({ segments: [m[1]], problem: 'type', expected: { type: typeWord(m[2]) }, evidence: m[0] });
  for (const m of text.matchAll(/json: cannot unmarshal (\w+) into Go (?:struct field ([\w.]+)|value) of type ([\w.[\]*]+)/g)) {
    const field = m[2]?.split('.').slice(1) ?? [];
    hits.push({ segments: field, problem: 'type', expected: { type: typeWord(m[3].replace(/^\*/, '').replace(/^\[\]\w+$/, 'slice')) }, evidence: m[0] });
  }
  for (const m of text.matchAll(/json: unknown field "([^"]+)"/g)) hits.push({ segments: [], problem: 'unexpected', names: [m[1]], evidence: m[0] });
  return hits;
}

/** zog (Go's zod) as servers print it: one "Invalid argument: field: message" per item. */
function zog(text: string): Hit[] {
  const m = /^Invalid argument: ([^:\s]+): (.*)$/s.exec(text.trim());
  if (!m) return [];
  const problem: Problem = /^is required\b/.test(m[2]) ? 'missing' : 'invalid';
  const quoted = /'([^']*)'|"([^"]*)"/.exec(m[2]);
  return [{ segments: [m[1]], problem, expected: problem === 'invalid' ? expectedIn(m[2]) : undefined, evidence: m[0], value: quoted ? (quoted[1] ?? quoted[2]) : undefined }];
}

function toCulprits(hit: Hit, call: CallView): Culprit[] {
  if (hit.names) {
    return hit.names.flatMap((name) => {
      const path = resolvePath([...hit.segments, name], call);
      return path ? [culprit(call, 'go-sdk', path, hit.problem, hit.evidence)] : [];
    });
  }
  if (hit.segments.length === 0) return [];
  const at = resolveNearest(hit.segments, call) ?? (hit.segments.length === 1 ? mention(hit.segments[0], call) : undefined);
  if (!at) return [];
  return [at.exact ? culprit(call, 'go-sdk', at.path, hit.problem, hit.evidence, hit.expected) : culprit(call, 'go-sdk', at.path, 'invalid', hit.evidence)];
}

function mention(name: string, call: CallView): { path: string[]; exact: boolean } | undefined {
  const path = resolveMention(name, call);
  return path ? { path, exact: true } : undefined;
}

export const goSdkReader: FormatReader = {
  format: 'go-sdk',
  read(answer, call) {
    return readTexts(answer.texts, (text) => {
      const hits = [...goSdk(text), ...mcpGoSchema(text), ...helpers(text), ...zog(text)];
      if (hits.length === 0) return undefined;
      return hits.flatMap((hit) => {
        const found = toCulprits(hit, call);
        // zog names a field the schema may not know ("$first"): then only a value it quotes can locate one.
        if (found.length > 0 || hit.value === undefined) return found;
        const path = byValue(call, hit.value);
        return path ? [culprit(call, 'go-sdk', path, hit.problem, hit.evidence, hit.expected)] : [];
      });
    });
  },
};
