// A registry server launched as MCP clients launch it, with no shell: its package through its registry's launcher
// (npx, uvx, dnx, docker) with runtimeArguments before the package and packageArguments after, or its remote by URL.
// A required value nobody gave means the server is not started (needs-config).
import { isSecretName } from '../../target/command-secrets.js';
import type { HttpTransportKind } from '../../target/target.js';
import type { Argument, Input, KeyValue, Package, Transport } from './validate.js';

export type Launch =
  | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string>; secrets: string[] }
  | { kind: 'remote'; url: string; transport: HttpTransportKind; headers: Record<string, string>; secrets: string[] }
  | { kind: 'not-started'; class: 'needs-config' | 'unsupported-runtime'; reason: string };

/** The launcher of each package type, and where the package's words go among its own. */
const LAUNCHERS: Record<string, (pkg: Package, runtime: string[], rest: string[], env: string[]) => [string, string[]]> = {
  npm: (pkg, runtime, rest) => ['npx', ['-y', ...runtime, `${pkg.identifier}@${pkg.version}`, ...rest]],
  pypi: (pkg, runtime, rest) => ['uvx', [...runtime, `${pkg.identifier}==${pkg.version}`, ...rest]],
  nuget: (pkg, runtime, rest) => ['dnx', [...runtime, `${pkg.identifier}@${pkg.version}`, '--', ...rest]],
  // The container gets the server's variables by name (`-e NAME`): docker reads their values from its own environment.
  oci: (pkg, runtime, rest, env) => ['docker', ['run', '-i', '--rm', ...env.flatMap((name) => ['-e', name]), ...runtime, pkg.identifier, ...rest]],
};

/** Resolves inputs against the values given for one server, collecting what is required and missing, and the secrets. */
class Inputs {
  readonly missing: string[] = [];
  readonly secrets: string[] = [];
  constructor(private readonly given: Readonly<Record<string, string>>) {}

  /** An input's value: its own fixed `value`, else the one given under `key`, else its `default`; `{name}` substituted from its variables. */
  value(input: Input, key: string | undefined, label: string): string | undefined {
    const raw = input.value ?? (key !== undefined ? this.given[key] : undefined) ?? input.default;
    if (raw === undefined) {
      if (input.isRequired) this.missing.push(label);
      return undefined;
    }
    const text = this.substitute(raw, input.variables ?? {}, label);
    if (input.isSecret || (key !== undefined && isSecretName(key))) this.secrets.push(text);
    return text;
  }

  /** `{name}` replaced by the variable's value; an unknown name stays as written (the schema says so). */
  substitute(text: string, variables: Record<string, Input>, label: string): string {
    return text.replace(/\{([^{}]+)\}/g, (whole, name: string) => (Object.hasOwn(variables, name) ? (this.value(variables[name], name, `${label} variable {${name}}`) ?? whole) : whole));
  }

  arguments(args: readonly Argument[] = [], where: string): string[] {
    return args.flatMap((arg, i) => {
      const label = `${where}[${i}] ${arg.type === 'named' ? arg.name : (arg.valueHint ?? 'positional')}`;
      const value = this.value(arg, arg.type === 'named' ? arg.name : arg.valueHint, label);
      if (value === undefined) return [];
      // A named argument is two words, `--flag value`: every argument parser reads that (not all read `-f=value`).
      return arg.type === 'named' ? [arg.name!, value] : [value];
    });
  }

  pairs(list: readonly KeyValue[] = [], what: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const item of list) {
      const value = this.value(item, item.name, `${what} ${item.name}`);
      if (value !== undefined) out[item.name] = value;
    }
    return out;
  }
}

function needsConfig(missing: readonly string[]): Launch | undefined {
  if (missing.length === 0) return undefined;
  return { kind: 'not-started', class: 'needs-config', reason: `no value for ${missing.join(', ')} (give one with --env <server>:NAME=VALUE or --env-file)` };
}

/**
 * How a package is started: its launcher's argv, the server's environment. `env` is the scoreboard's environment,
 * which the server inherits: a required variable set there is given.
 */
export function launchPackage(pkg: Package, given: Readonly<Record<string, string>>, env: NodeJS.ProcessEnv = {}): Launch {
  const launcher = LAUNCHERS[pkg.registryType];
  if (!launcher) return { kind: 'not-started', class: 'unsupported-runtime', reason: `${pkg.registryType} packages have no launcher here (npm, pypi, nuget and oci do)` };
  if (pkg.transport.type !== 'stdio') {
    return { kind: 'not-started', class: 'unsupported-runtime', reason: `the package serves ${pkg.transport.type} once started; the linter starts stdio servers, and reaches running servers by URL` };
  }
  const inputs = new Inputs(given);
  const runtime = inputs.arguments(pkg.runtimeArguments, 'runtimeArguments');
  const rest = inputs.arguments(pkg.packageArguments, 'packageArguments');
  const fromEnv = Object.fromEntries((pkg.environmentVariables ?? []).flatMap((v) => (env[v.name] !== undefined ? [[v.name, env[v.name]!]] : [])));
  const variables = new Inputs({ ...fromEnv, ...given });
  const serverEnv = variables.pairs(pkg.environmentVariables, 'environment variable');
  const unset = needsConfig([...inputs.missing, ...variables.missing]);
  if (unset) return unset;
  const [command, args] = launcher(pkg, runtime, rest, Object.keys(serverEnv));
  return { kind: 'stdio', command, args, env: serverEnv, secrets: [...inputs.secrets, ...variables.secrets] };
}

/** How a remote is reached: its URL (variables substituted), its transport, its headers. */
export function launchRemote(remote: Transport, given: Readonly<Record<string, string>>): Launch {
  const inputs = new Inputs(given);
  const url = inputs.substitute(remote.url!, remote.variables ?? {}, 'url');
  const headers = inputs.pairs(remote.headers, 'header');
  const unset = needsConfig(inputs.missing);
  if (unset) return unset;
  return { kind: 'remote', url, transport: remote.type === 'sse' ? 'sse' : 'http', headers, secrets: [...new Set([...inputs.secrets, ...Object.values(headers)])] };
}
