// The one home of ajv: validators for the schemas servers declare (any draft, patterns run by re2js), and the checking
// of our own schemas (the config file, rule options) with errors in the user's words.
import AjvModule from 'ajv';
import Ajv2019Module from 'ajv/dist/2019.js';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema } from '../types.js';
import { ajvRegExp } from '../util/safe-regex.js';
import { interop } from '../util/interop.js';
import { isRecord } from '../util/guards.js';
import { didYouMean } from '../util/suggest.js';
const Ajv07 = interop(AjvModule);
const Ajv2019 = interop(Ajv2019Module);
const Ajv2020 = interop(Ajv2020Module);
const addFormats = interop(addFormatsModule);

type Draft = '07' | '2019' | '2020';
type AjvInstance = InstanceType<typeof Ajv2020>;
type Validate = (value: unknown) => boolean;

function newAjv(draft: Draft, unicodeRegExp: boolean): AjvInstance {
  // Patterns come from the server: matched by re2js in linear time, never by the backtracking engine.
  const options = { strict: false, validateSchema: false, logger: false as const, allErrors: false, unicodeRegExp, multipleOfPrecision: 9, code: { regExp: ajvRegExp } };
  const ajv = draft === '07' ? new Ajv07(options) : draft === '2019' ? new Ajv2019(options) : new Ajv2020(options);
  addFormats(ajv as Parameters<typeof addFormats>[0]);
  return ajv as AjvInstance;
}

const sharedAjv = new Map<Draft, AjvInstance>();
let validators = new WeakMap<object, Validate | null>();
/** Why ajv could not compile a schema (the last dialect's error), for skip reasons. */
let compileProblems = new WeakMap<object, string>();
type Compiled = ReturnType<AjvInstance['compile']>;
/** The ajv function behind each cached validator, for its error report. */
let compiledFor = new WeakMap<object, Compiled>();

/** Forget every compiled validator (see releaseSchemaCaches). */
export function releaseValidators(): void {
  validators = new WeakMap();
  compileProblems = new WeakMap();
  compiledFor = new WeakMap();
  // An ajv instance keeps every function it compiled in its scope, removeSchema or not; a new one costs about a
  // millisecond: one instance serves this many tools, so memory stays bounded and the cost is shared.
  if (++released % TOOLS_PER_AJV === 0) sharedAjv.clear();
}

const TOOLS_PER_AJV = 25;
let released = 0;

/** Which ajv dialect a schema asks for: draft-07 (and older), 2019-09, or 2020-12 (the default). */
export function draftOf(schema: JsonSchema): Draft {
  const declared = isRecord(schema) && typeof schema.$schema === 'string' ? schema.$schema : '';
  if (/draft-0[3-7]/.test(declared)) return '07';
  if (declared.includes('2019-09')) return '2019';
  return '2020';
}

/**
 * A cached ajv validator for the schema, or null when ajv cannot compile it in any dialect
 * (unresolvable `$ref`, broken pattern, ...).
 */
export function validatorFor(schema: JsonSchema): Validate | null {
  if (typeof schema === 'boolean') return () => schema;
  if (!isRecord(schema)) return null;
  if (validators.has(schema)) return validators.get(schema) ?? null;
  const draft = draftOf(schema);
  const { $schema: _, ...body } = schema;
  const shared = sharedAjv.get(draft) ?? newAjv(draft, true);
  sharedAjv.set(draft, shared);
  const attempts: (() => AjvInstance)[] = [
    () => shared,
    // a fresh instance sidesteps "$id already exists" between tools; non-unicode mode accepts legacy patterns like [\w-.]
    () => newAjv(draft, true),
    () => newAjv(draft, false),
    () => newAjv(draft === '07' ? '2020' : '07', false),
  ];
  let validate: Validate | null = null;
  for (const attempt of attempts) {
    try {
      const ajv = attempt();
      const compiled = ajv.compile(body);
      ajv.removeSchema(body); // keep the shared instance from holding every schema (and its $id) forever
      compiledFor.set(schema, compiled);
      validate = (value) => {
        try {
          return compiled(value) === true;
        } catch {
          return false;
        }
      };
      break;
    } catch (error) {
      // try the next dialect
      compileProblems.set(schema, error instanceof Error ? error.message : String(error));
    }
  }
  validators.set(schema, validate);
  if (validate) compileProblems.delete(schema);
  return validate;
}

/**
 * ajv's verdict on a value: 'unknown' when the schema cannot be compiled, or when the value is rejected only because
 * of how string length is counted: JSON Schema counts code points, but zod and most validators count UTF-16 units,
 * so a string of astral characters can be too short for one and long enough for the other.
 */
/** Why no validator could be built for the schema (e.g. a pattern that needs backtracking), or undefined. */
export function schemaProblem(schema: JsonSchema): string | undefined {
  if (!isRecord(schema) || validatorFor(schema) !== null) return undefined;
  const problem = compileProblems.get(schema);
  return problem && problem.length > 200 ? `${problem.slice(0, 200)}…` : problem;
}

export function ajvVerdict(schema: JsonSchema, value: unknown): 'valid' | 'invalid' | 'unknown' {
  const validate = validatorFor(schema);
  if (!validate) return 'unknown';
  if (validate(value)) return 'valid';
  const counted = asUtf16Units(value);
  return counted !== value && validate(counted) ? 'unknown' : 'invalid';
}

const ASTRAL = /[\u{10000}-\u{10FFFF}]/u;

/** The value with every astral character in its strings replaced by two BMP ones (its length in UTF-16 units); the value itself when it has none. */
function asUtf16Units(value: unknown): unknown {
  if (!hasAstral(value, 0)) return value; // the common case, without serialising a megabyte probe value
  return JSON.parse(JSON.stringify(value).replace(/[\u{10000}-\u{10FFFF}]/gu, 'xx'));
}

/** Does any string (or key) in the value hold an astral character? Long strings are looked at once (probes share them). */
function hasAstral(value: unknown, depth: number): boolean {
  if (typeof value === 'string') {
    if (value.length < LONG_STRING) return ASTRAL.test(value);
    let known = astralInLong.get(value);
    if (known === undefined) {
      known = ASTRAL.test(value);
      if (astralInLong.size >= 64) astralInLong.clear();
      astralInLong.set(value, known);
    }
    return known;
  }
  if (typeof value !== 'object' || value === null || depth > 200) return false;
  if (Array.isArray(value)) return value.some((item) => hasAstral(item, depth + 1));
  return Object.entries(value).some(([key, item]) => ASTRAL.test(key) || hasAstral(item, depth + 1));
}

/** Strings this long are shared across probes (a 1 MB payload): whether they hold an astral character is remembered. */
const LONG_STRING = 4096;
const astralInLong = new Map<string, boolean>();

/** Why ajv rejects the value, as "<instance path> <message>" (e.g. "/count must be integer"), or null when it accepts it or cannot tell. */
export function ajvFirstError(schema: JsonSchema, value: unknown): string | null {
  if (!isRecord(schema) || validatorFor(schema) === null) return null;
  const compiled = compiledFor.get(schema);
  if (!compiled) return null;
  try {
    if (compiled(value) === true) return null;
    const error = compiled.errors?.[0];
    return error ? `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}` : null;
  } catch {
    return null;
  }
}

/** Does ajv accept the value? False when it rejects it or cannot compile the schema. */
export function validatesAgainst(schema: JsonSchema, value: unknown): boolean {
  return ajvVerdict(schema, value) === 'valid';
}

// ---------------------------------------------------------------------------------------------
// Our own schemas: the config file and rule options, with every error in the user's words
// ---------------------------------------------------------------------------------------------

type Checker = ReturnType<AjvInstance['compile']>;
let ownAjv: AjvInstance | undefined;
const ownCheckers = new WeakMap<object, Checker>();

// allErrors: every problem at once; strict: false: `errorMessage` (also read by VS Code) is no ajv keyword, and a
// rule's options schema must not fail on strict-mode nits.
function checkerFor(schema: Record<string, unknown>): Checker {
  let checker = ownCheckers.get(schema);
  if (!checker) {
    if (!ownAjv) {
      ownAjv = new Ajv2020({ allErrors: true, verbose: true, strict: false });
      addFormats(ownAjv as Parameters<typeof addFormats>[0]);
    }
    checker = ownAjv.compile(schema);
    ownCheckers.set(schema, checker);
  }
  return checker;
}

/** Every way `value` breaks one of our own schemas, one line each: "<at><JSON path>: <what was expected>". */
export function schemaErrors(schema: JsonSchema, value: unknown, at: string): string[] {
  if (typeof schema === 'boolean') return schema ? [] : [`${at || '/'}: no value is allowed`];
  const check = checkerFor(schema);
  return check(value) ? [] : describeErrors(check.errors ?? [], at);
}

/** ajv's errors as one line each, in the user's terms: the key that is wrong, and what it should be. */
function describeErrors(errors: NonNullable<Checker['errors']>, base: string): string[] {
  return errors.flatMap((error) => {
    const at = base + error.instancePath;
    const parent = error.parentSchema as { errorMessage?: unknown; properties?: Record<string, unknown> } | undefined;
    if (error.keyword === 'if') return []; // always accompanies the then/else error that says what is wrong
    if (typeof parent?.errorMessage === 'string') return [`${at || '/'}: ${parent.errorMessage}`];
    if (error.keyword === 'additionalProperties') {
      const key = String(error.params.additionalProperty);
      const known = Object.keys(parent?.properties ?? {});
      return [`${at}/${pointer(key)}: unknown key '${key}'${didYouMean(key, known) || ` (known: ${known.join(', ')})`}`];
    }
    if (error.keyword === 'enum') return [`${at || '/'}: must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`];
    return [`${at || '/'}: ${error.message}`];
  });
}

/** A key as a JSON Pointer segment. */
export function pointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
