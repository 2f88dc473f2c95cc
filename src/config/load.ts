// The config file: found in the working directory or given with --config, checked against the shipped JSON Schema and the rule and probe registries.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROBE_KINDS, type JsonSchema, type ProfileName, type ProtocolVersion, type RuleLevel, type Severity } from '../types.js';
import type { MetadataOptions } from '../matchers/metadata.js';
import { RULES } from '../../rules/index.js';
import { ruleOptionProblems } from '../grade/grade.js';
import { pointer, schemaErrors } from '../schema/validate.js';
import { terminalSafe } from '../util/text.js';
import { parseJson } from '../util/json.js';
import { ConfigError } from '../errors.js';
import { readConfigText } from '../util/files.js';
export { ConfigError };
import { didYouMean } from '../util/suggest.js';
import { isRecord } from '../util/guards.js';

export const CONFIG_FILE = 'mcp-errlint.config.json';

export type RuleEntry = RuleLevel | [RuleLevel] | [RuleLevel, Record<string, unknown>];

export interface Config {
  server?: { command: string; args?: string[]; env?: Record<string, string>; cwd?: string };
  profile?: ProfileName;
  rules?: Record<string, RuleEntry>;
  metadata?: MetadataOptions;
  tools?: { include?: string[]; exclude?: string[] };
  probes?: Record<string, boolean>;
  runs?: number;
  timeout?: number;
  deadline?: string;
  toolBudget?: string;
  concurrency?: number;
  repairAttempts?: number;
  seed?: number;
  failOn?: Severity | 'never';
  minScore?: number;
  allowWrites?: boolean;
  allowDestructive?: boolean;
  readOnly?: boolean;
  minCoverage?: number;
  maxWarnings?: number;
  protocolVersion?: ProtocolVersion;
  oauthClientCredentials?: boolean;
  oauthScope?: string;
}

export interface LoadedConfig {
  /** The file as the user named it: the --config value, or CONFIG_FILE when found in the working directory. */
  file: string;
  /** Its directory: `server.cwd` resolves against it. */
  dir: string;
  config: Config;
}

/** The config in force: `explicit` (from --config), else CONFIG_FILE in `cwd` if there is one. */
export function loadConfig(explicit: string | undefined, cwd: string): LoadedConfig | undefined {
  const file = explicit ?? CONFIG_FILE;
  const path = resolve(cwd, file);
  if (explicit === undefined && !existsSync(path)) return undefined;
  return { file, dir: dirname(path), config: parseConfig(readConfigText(path, file), file) };
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
  const problems = schemaErrors(configSchema(), value, '');
  if (isRecord(value) && isRecord(value.rules)) {
    for (const [id, entry] of Object.entries(value.rules)) {
      const rule = RULES.find((r) => r.meta.id === id);
      if (!rule) problems.push(`/rules/${pointer(id)}: unknown rule id '${id}'${didYouMean(id, RULES.map((r) => r.meta.id))}`);
      else if (Array.isArray(entry) && isRecord(entry[1])) problems.push(...ruleOptionProblems(rule, entry[1], `/rules/${pointer(id)}/1`).map((p) => p + movedHint(entry[1] as Record<string, unknown>)));
    }
  }
  if (isRecord(value) && isRecord(value.probes)) {
    for (const kind of Object.keys(value.probes)) {
      if (!(PROBE_KINDS as readonly string[]).includes(kind)) problems.push(`/probes/${pointer(kind)}: unknown probe kind '${kind}'${didYouMean(kind, PROBE_KINDS)}`);
    }
  }
  return [...new Set(problems)];
}

/** Metadata field names given as a rule's options (where they once were): say where they go now. */
function movedHint(options: Record<string, unknown>): string {
  const keys = Object.keys(options);
  return keys.length > 0 && keys.every((key) => METADATA_KEYS.includes(key)) ? ' (metadata field names are the top-level "metadata" key)' : '';
}

const METADATA_KEYS = ['categoryFields', 'retryableFields', 'delayFields', 'userMessageFields'];

let shippedSchema: JsonSchema | undefined;

/** The config file's JSON Schema, read once. */
function configSchema(): JsonSchema {
  return (shippedSchema ??= JSON.parse(readFileSync(configSchemaPath(), 'utf8')) as JsonSchema);
}

/** The JSON Schema this package ships for its config file (from src/ when tested, from dist/src/ when installed). */
export function configSchemaPath(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'schema', 'mcp-errlint.config.schema.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error('mcp-errlint.config.schema.json is missing from the package');
  }
}
