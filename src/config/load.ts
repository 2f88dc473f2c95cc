// The config file: found in the working directory or given with --config, checked against the shipped JSON Schema and the rule and probe registries.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { PROBE_KINDS, type JsonSchema, type ProfileName, type ProtocolVersion, type RuleLevel, type Rule, type Severity } from '../types.js';
import { RULES } from '../../rules/index.js';
import { terminalSafe } from '../util/text.js';
import { parseJson } from './json.js';
import { didYouMean } from './suggest.js';
import { interop } from '../util/interop.js';
import { isRecord } from '../util/guards.js';

export const CONFIG_FILE = 'mcp-errlint.config.json';

export type RuleEntry = RuleLevel | [RuleLevel] | [RuleLevel, Record<string, unknown>];

export interface Config {
  server?: { command: string; args?: string[]; env?: Record<string, string>; cwd?: string };
  profile?: ProfileName;
  rules?: Record<string, RuleEntry>;
  tools?: { include?: string[]; exclude?: string[] };
  probes?: Record<string, boolean>;
  runs?: number;
  timeout?: number;
  deadline?: string;
  toolBudget?: string;
  concurrency?: number;
  seed?: number;
  failOn?: Severity | 'never';
  minScore?: number;
  allowWrites?: boolean;
  allowDestructive?: boolean;
  readOnly?: boolean;
  minCoverage?: number;
  protocolVersion?: ProtocolVersion;
}

export interface LoadedConfig {
  /** The file as the user named it: the --config value, or CONFIG_FILE when found in the working directory. */
  file: string;
  /** Its directory: `server.cwd` resolves against it. */
  dir: string;
  config: Config;
}

/** A config that cannot be used: one line per problem, each starting with the file name. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** The config in force: `explicit` (from --config), else CONFIG_FILE in `cwd` if there is one. */
export function loadConfig(explicit: string | undefined, cwd: string): LoadedConfig | undefined {
  const file = explicit ?? CONFIG_FILE;
  const path = resolve(cwd, file);
  if (explicit === undefined && !existsSync(path)) return undefined;
  return { file, dir: dirname(path), config: parseConfig(readConfigText(path, file), file) };
}

/** The text of a config file at `path`, or a ConfigError "<file>: cannot read: …" (`file` names it as the user did). */
export function readConfigText(path: string, file: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError([terminalSafe(`${file}: cannot read: ${whyUnreadable(error)}`)]);
  }
}

/** Why a file could not be read, in a few words ("no such file", "is a directory", else the system's message). */
export function whyUnreadable(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  return code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : message;
}

/** The config in `text`, or a ConfigError listing every problem (`file` only names it in the messages). */
export function parseConfig(text: string, file: string): Config {
  const parsed = parseJson(text);
  if (!parsed.ok) throw new ConfigError([terminalSafe(`${file}:${parsed.line}:${parsed.column}: invalid JSON: ${parsed.message}`)]);
  const problems = configProblems(parsed.value);
  if (problems.length > 0) throw new ConfigError(problems.map((problem) => terminalSafe(`${file}: ${problem}`)));
  return parsed.value as Config;
}

/** Every problem in a parsed config, each as "<JSON path>: <what was expected>". */
export function configProblems(value: unknown): string[] {
  const validate = configValidator();
  const problems = validate(value) ? [] : describeErrors(validate.errors ?? [], '');
  if (isRecord(value) && isRecord(value.rules)) {
    for (const [id, entry] of Object.entries(value.rules)) {
      const rule = RULES.find((r) => r.meta.id === id);
      if (!rule) problems.push(`/rules/${pointer(id)}: unknown rule id '${id}'${didYouMean(id, RULES.map((r) => r.meta.id))}`);
      else if (Array.isArray(entry) && isRecord(entry[1])) problems.push(...optionProblems(rule, entry[1], `/rules/${pointer(id)}/1`));
    }
  }
  if (isRecord(value) && isRecord(value.probes)) {
    for (const kind of Object.keys(value.probes)) {
      if (!(PROBE_KINDS as readonly string[]).includes(kind)) problems.push(`/probes/${pointer(kind)}: unknown probe kind '${kind}'${didYouMean(kind, PROBE_KINDS)}`);
    }
  }
  return [...new Set(problems)];
}

/** A rule's options checked against its `meta.optionsSchema`; a rule without one takes no options. */
function optionProblems(rule: Rule, options: Record<string, unknown>, at: string): string[] {
  const schema: JsonSchema | undefined = rule.meta.optionsSchema;
  if (schema === undefined) return Object.keys(options).length > 0 ? [`${at}: rule '${rule.meta.id}' takes no options`] : [];
  const validate = ajv().compile(schema);
  return validate(options) ? [] : describeErrors(validate.errors ?? [], at);
}

/** ajv's errors as one line each, in the user's terms: the key that is wrong, and what it should be. */
function describeErrors(errors: ErrorObject[], base: string): string[] {
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

function pointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

type Ajv = InstanceType<typeof Ajv2020>;
const Ajv2020 = interop(Ajv2020Module);
const addFormats = interop(addFormatsModule);
let sharedAjv: Ajv | undefined;
let sharedValidator: ValidateFunction | undefined;


// strict: false: `errorMessage` (also read by VS Code) is no ajv keyword, and a rule's options schema must not fail on strict-mode nits.
function ajv(): Ajv {
  if (!sharedAjv) {
    sharedAjv = new Ajv2020({ allErrors: true, verbose: true, strict: false });
    addFormats(sharedAjv as Parameters<typeof addFormats>[0]);
  }
  return sharedAjv;
}

function configValidator(): ValidateFunction {
  sharedValidator ??= ajv().compile(JSON.parse(readFileSync(configSchemaPath(), 'utf8')));
  return sharedValidator;
}

/** The JSON Schema this package ships for its config file (from src/ when tested, from dist/src/ when installed). */
export function configSchemaPath(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'schema', 'mcp-errlint.config.schema.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error('mcp-errlint.config.schema.json is missing from the package');
  }
}
