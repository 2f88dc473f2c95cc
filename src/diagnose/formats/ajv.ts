// Ajv: error objects ({instancePath, keyword, params, message}) and errorsText ("data/quantity must be <= 50, data must have required property 'x'").
import { isRecord } from '../../util/guards.js';
import type { CallView, Culprit, Problem } from '../diagnosis.js';
import type { FormatReader } from '../culprit.js';
import { culprit } from '../culprit.js';
import type { Expected } from '../expected.js';
import { typeWord } from '../expected.js';
import { byUndeclared } from '../locate.js';
import { dottedSegments, pointerSegments, resolveNearest, resolvePath } from '../names.js';

/** Where ajv says an error is: a JSON pointer (v8 instancePath) or a dotted path (v6 dataPath). */
function segmentsOf(where: string): string[] {
  return where.startsWith('/') ? pointerSegments(where) : dottedSegments(where);
}

/** A keyword with its params or message, as a problem and what it expects. */
function keywordReading(keyword: string, params: Record<string, unknown>, message: string): { problem: Problem; expected: Expected; child?: string } {
  const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(?:\.\d+)?$/.test(v) ? Number(v) : undefined);
  const limit = num(params.limit) ?? num(/(-?\d+(?:\.\d+)?)/.exec(message)?.[1]);
  switch (keyword) {
    case 'required': {
      const name = typeof params.missingProperty === 'string' ? params.missingProperty : /required property '([^']+)'/.exec(message)?.[1];
      return { problem: 'missing', expected: {}, child: name?.replace(/^\./, '') };
    }
    case 'additionalProperties': {
      const name = typeof params.additionalProperty === 'string' ? params.additionalProperty : undefined;
      return { problem: 'unexpected', expected: {}, child: name };
    }
    case 'type': {
      const types = String(params.type ?? /must be (\S+)/.exec(message)?.[1] ?? '').split(',');
      return { problem: 'type', expected: { type: typeWord(types[0]) } };
    }
    case 'enum':
    case 'const':
      return { problem: 'enum', expected: { values: Array.isArray(params.allowedValues) ? params.allowedValues : 'allowedValue' in params ? [params.allowedValue] : undefined } };
    case 'minimum':
    case 'exclusiveMinimum':
      return { problem: 'range', expected: { min: limit } };
    case 'maximum':
    case 'exclusiveMaximum':
      return { problem: 'range', expected: { max: limit } };
    case 'minLength':
    case 'minItems':
    case 'minProperties':
      return { problem: 'length', expected: { min: limit } };
    case 'maxLength':
    case 'maxItems':
    case 'maxProperties':
      return { problem: 'length', expected: { max: limit } };
    case 'pattern':
      return { problem: 'pattern', expected: { pattern: typeof params.pattern === 'string' ? params.pattern : /pattern "(.*)"$/.exec(message)?.[1] } };
    case 'format':
      return { problem: 'format', expected: { format: typeof params.format === 'string' ? params.format : /format "(.*)"$/.exec(message)?.[1] } };
    case 'multipleOf':
      return { problem: 'range', expected: {} };
    default:
      return { problem: 'invalid', expected: {} };
  }
}

/** The keyword an errorsText message comes from. */
function keywordOfMessage(message: string): string {
  const rules: [RegExp, string][] = [
    [/^(?:must|should) have required property/, 'required'],
    [/^(?:must|should) NOT have additional properties/, 'additionalProperties'],
    [/^(?:must|should) be equal to one of the allowed values/, 'enum'],
    [/^(?:must|should) be equal to constant/, 'const'],
    [/^(?:must|should) be >= /, 'minimum'],
    [/^(?:must|should) be > /, 'exclusiveMinimum'],
    [/^(?:must|should) be <= /, 'maximum'],
    [/^(?:must|should) be < /, 'exclusiveMaximum'],
    [/^(?:must|should) NOT (?:have fewer|be shorter) than \d+ characters/, 'minLength'],
    [/^(?:must|should) NOT (?:have more|be longer) than \d+ characters/, 'maxLength'],
    [/^(?:must|should) NOT have fewer than \d+ (?:items|properties)/, 'minItems'],
    [/^(?:must|should) NOT have more than \d+ (?:items|properties)/, 'maxItems'],
    [/^(?:must|should) match pattern/, 'pattern'],
    [/^(?:must|should) match format/, 'format'],
    [/^(?:must|should) be multiple of/, 'multipleOf'],
    [/^(?:must|should) be [a-z]+(?:,[a-z]+)*$/, 'type'],
  ];
  return rules.find(([re]) => re.test(message))?.[1] ?? '';
}

/** The culprit one ajv error describes, from where it is and what it says. */
function errorCulprit(where: string, keyword: string, params: Record<string, unknown>, message: string, evidence: string, call: CallView): Culprit | undefined {
  const read = keywordReading(keyword, params, message);
  const at = segmentsOf(where);
  if (read.child !== undefined) {
    const path = resolvePath([...at, read.child], call);
    return path ? culprit(call, 'ajv', path, read.problem, evidence) : undefined;
  }
  if (read.problem === 'unexpected') {
    // errorsText drops the property's name: the one undeclared argument sent there is meant, if there is only one.
    const parent = at.length === 0 ? [] : resolvePath(at, call);
    const path = parent === undefined ? undefined : byUndeclared(call, parent);
    return path ? culprit(call, 'ajv', path, 'unexpected', evidence) : undefined;
  }
  if (at.length === 0) return undefined;
  const found = resolveNearest(at, call);
  if (!found) return undefined;
  return found.exact ? culprit(call, 'ajv', found.path, read.problem, evidence, read.expected) : culprit(call, 'ajv', found.path, 'invalid', evidence);
}

/** An ajv error object (v8 instancePath or v6 dataPath, with a keyword). */
function isAjvError(v: unknown): v is Record<string, unknown> {
  return isRecord(v) && typeof v.keyword === 'string' && (typeof v.instancePath === 'string' || typeof v.dataPath === 'string');
}

function* ajvErrors(value: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 4) return;
  if (isAjvError(value)) yield value;
  else if (Array.isArray(value)) for (const v of value.slice(0, 100)) yield* ajvErrors(v, depth + 1);
  else if (isRecord(value)) for (const v of Object.values(value)) yield* ajvErrors(v, depth + 1);
}

/** One errorsText entry: the data variable and path, then "must …" (v8) or "should …" (v6). */
const ENTRY = /(?:^|[\s:,(])((?:data|args|arguments|input|params)((?:\/[^\s,/]*)*|(?:\.[\w$-]+|\[[^\]\s]+\])*)) ((?:must|should) .+?)(?=, (?:data|args|arguments|input|params)[/.[ ]|$|\n)/gm;

export const ajvReader: FormatReader = {
  format: 'ajv',
  read(answer, call) {
    const culprits: Culprit[] = [];
    const claimed: number[] = [];
    for (const root of answer.structured) {
      for (const e of ajvErrors(root)) {
        const where = String(e.instancePath ?? e.dataPath ?? '');
        const found = errorCulprit(where, e.keyword as string, isRecord(e.params) ? e.params : {}, String(e.message ?? ''), JSON.stringify(e), call);
        if (found) culprits.push(found);
      }
    }
    answer.texts.forEach((text, i) => {
      ENTRY.lastIndex = 0;
      let saw = false;
      for (let m = ENTRY.exec(text); m !== null; m = ENTRY.exec(text)) {
        const keyword = keywordOfMessage(m[3]);
        if (keyword === '') continue;
        saw = true;
        const found = errorCulprit(m[2], keyword, {}, m[3], `${m[1]} ${m[3]}`, call);
        if (found) culprits.push(found);
      }
      if (saw) claimed.push(i);
    });
    return { culprits, claimed };
  },
};
