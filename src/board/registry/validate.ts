// A registry entry checked against the required fields of server.json (schema 2025-12-11): each problem names the
// field, so a wrong entry is one row with its reason and the rest of the registry is still linted.

/** An input (argument, variable, header, environment variable) as server.json gives it. */
export interface Input {
  value?: string;
  default?: string;
  isRequired?: boolean;
  isSecret?: boolean;
  variables?: Record<string, Input>;
}

export interface Argument extends Input {
  type: 'positional' | 'named';
  /** A named argument's flag, dashes included. */
  name?: string;
  /** A positional argument's label: the key its value is given by. */
  valueHint?: string;
}

export interface KeyValue extends Input {
  name: string;
}

export interface Transport {
  type: string;
  url?: string;
  headers?: KeyValue[];
  variables?: Record<string, Input>;
}

export interface Package {
  registryType: string;
  identifier: string;
  version?: string;
  transport: Transport;
  runtimeArguments?: Argument[];
  packageArguments?: Argument[];
  environmentVariables?: KeyValue[];
}

export interface ServerJson {
  name: string;
  description: string;
  version: string;
  packages?: Package[];
  remotes?: Transport[];
}

/** The package types a client launches (mcpb, a download, has no launcher here). */
export const REGISTRY_PACKAGES = ['npm', 'pypi', 'nuget'] as const;

type Check = (value: unknown, at: string, problems: string[]) => void;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function requireString(o: Record<string, unknown>, key: string, at: string, problems: string[]): void {
  if (typeof o[key] !== 'string') problems.push(`${at}${key}: ${o[key] === undefined ? 'required' : 'must be a string'}`);
  else if (o[key] === '') problems.push(`${at}${key}: must not be empty`);
}

function eachOf(o: Record<string, unknown>, key: string, at: string, problems: string[], check: Check): void {
  const list = o[key];
  if (list === undefined) return;
  if (!Array.isArray(list)) return void problems.push(`${at}${key}: must be an array`);
  list.forEach((item, i) => check(item, `${at}${key}[${i}]`, problems));
}

const keyValue: Check = (v, at, problems) => {
  if (!isObject(v)) return void problems.push(`${at}: must be an object`);
  requireString(v, 'name', `${at}.`, problems);
};

const argument: Check = (v, at, problems) => {
  if (!isObject(v)) return void problems.push(`${at}: must be an object`);
  if (v.type === 'named') requireString(v, 'name', `${at}.`, problems);
  else if (v.type === 'positional') {
    if (typeof v.value !== 'string' && typeof v.valueHint !== 'string') problems.push(`${at}: a positional argument needs "value" or "valueHint"`);
  } else problems.push(`${at}.type: ${v.type === undefined ? 'required' : 'must be "positional" or "named"'}`);
};

const transport: Check = (v, at, problems) => {
  if (!isObject(v)) return void problems.push(`${at}: ${v === undefined ? 'required' : 'must be an object'}`);
  if (v.type !== 'stdio' && v.type !== 'streamable-http' && v.type !== 'sse') problems.push(`${at}.type: ${v.type === undefined ? 'required' : 'must be "stdio", "streamable-http" or "sse"'}`);
  else if (v.type !== 'stdio') requireString(v, 'url', `${at}.`, problems);
  eachOf(v, 'headers', `${at}.`, problems, keyValue);
};

const pkg: Check = (v, at, problems) => {
  if (!isObject(v)) return void problems.push(`${at}: must be an object`);
  requireString(v, 'registryType', `${at}.`, problems);
  requireString(v, 'identifier', `${at}.`, problems);
  // RegistryPackage: a package of a registry is named by identifier and version (OCI's version is in its reference).
  if ((REGISTRY_PACKAGES as readonly unknown[]).includes(v.registryType)) requireString(v, 'version', `${at}.`, problems);
  if (v.version === 'latest') problems.push(`${at}.version: must be a specific version, not "latest"`);
  transport(v.transport, `${at}.transport`, problems);
  eachOf(v, 'runtimeArguments', `${at}.`, problems, argument);
  eachOf(v, 'packageArguments', `${at}.`, problems, argument);
  eachOf(v, 'environmentVariables', `${at}.`, problems, keyValue);
};

/** The entry as a server.json, or the fields it gets wrong (`packages[0].identifier: required`). */
export function validateServer(value: unknown): { ok: true; server: ServerJson } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  if (!isObject(value)) return { ok: false, problems: ['the entry: must be a server.json object'] };
  for (const key of ['name', 'description', 'version']) requireString(value, key, '', problems);
  if (typeof value.name === 'string' && value.name !== '' && !/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/.test(value.name)) problems.push('name: must be "namespace/name" (reverse DNS, one slash)');
  eachOf(value, 'packages', '', problems, pkg);
  eachOf(value, 'remotes', '', problems, transport);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, server: value as unknown as ServerJson };
}
