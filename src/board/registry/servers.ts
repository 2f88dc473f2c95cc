// `scoreboard --registry`: the registry's entries as the board's list. Latest versions only, filtered by name and
// package type, each name once and each remote (host and path) once; every entry launched as clients launch it, or a
// row with the class that says why it is not started.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { matchesAny } from '../../util/glob.js';
import { secretsOf, urlArgs, type ListedServer } from '../run.js';
import { launchPackage, launchRemote, type Launch } from './launch.js';
import { readRegistry, type RegistryEntry } from './read.js';
import { validateServer, type Package, type ServerJson, type Transport } from './validate.js';
import { valuesFor, type GivenValues } from './values.js';

export const PACKAGE_TYPES = ['npm', 'pypi', 'nuget', 'oci', 'remote'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

export interface RegistryOptions {
  /** Name globs: only servers whose name matches one. */
  names?: string[];
  packageType?: PackageType;
  given?: GivenValues;
  /** The scoreboard's environment: PATH to find launchers, variables the servers inherit. */
  env?: NodeJS.ProcessEnv;
}

/** The board's list from a registry, and one line per wrong entry (its index, its name, the fields it gets wrong). */
export interface RegistryList {
  servers: ListedServer[];
  problems: string[];
}

const OFFICIAL = 'io.modelcontextprotocol.registry/official';

/** Whether the registry says this is not the latest version of its server (no word on it: it counts as latest). */
function notLatest(entry: RegistryEntry): boolean {
  const official = entry.meta?.[OFFICIAL] as { isLatest?: unknown } | undefined;
  return official?.isLatest === false;
}

/** What the entry is launched from: the first package of the type asked for (or the first package), else the first remote. */
function pick(server: ServerJson, type: PackageType | undefined): { pkg: Package } | { remote: Transport } | undefined {
  const pkg = type === 'remote' ? undefined : (server.packages ?? []).find((p) => type === undefined || p.registryType === type);
  if (pkg) return { pkg };
  const remote = type === undefined || type === 'remote' ? server.remotes?.[0] : undefined;
  return remote ? { remote } : undefined;
}

/** Whether `command` is an executable file in a folder of PATH. */
export function onPath(command: string, path = ''): boolean {
  return path.split(delimiter).some((dir) => {
    if (dir === '') return false;
    try {
      accessSync(join(dir, command), constants.X_OK);
      return statSync(join(dir, command)).isFile();
    } catch {
      return false;
    }
  });
}

/** A remote's identity: the same host and path is one server, whatever the scheme, query or trailing slash. */
function remoteKey(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`.toLowerCase();
  } catch {
    return url;
  }
}

function listed(name: string, launch: Launch, env: NodeJS.ProcessEnv): ListedServer {
  if (launch.kind === 'not-started') return { name, args: [], env: {}, redact: [], class: { class: launch.class, reason: launch.reason } };
  if (launch.kind === 'remote') {
    const target = { url: launch.url, transport: launch.transport, headers: launch.headers };
    return { name, ...urlArgs(target), redact: secretsOf(target, launch.secrets) };
  }
  const redact = secretsOf({ command: launch.command, args: launch.args, env: launch.env }, launch.secrets);
  if (!onPath(launch.command, env.PATH)) return { name, args: [], env: {}, redact, class: { class: 'unsupported-runtime', reason: `'${launch.command}' is not on PATH` } };
  // The server's variables go to its lint as -e, as for a list's own servers: its report redacts them, its replays read $NAME.
  const serverEnv = Object.entries(launch.env).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
  return { name, args: [...serverEnv, '--', launch.command, ...launch.args], env: {}, redact, launcher: launch.command };
}

/** The servers of a registry file or URL, as the board lints them. */
export async function registryServers(source: string, options: RegistryOptions = {}): Promise<RegistryList> {
  const env = options.env ?? process.env;
  const servers: ListedServer[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  const entries = await readRegistry(source);
  entries.forEach((entry, i) => {
    if (notLatest(entry)) return;
    const raw = entry.server as { name?: unknown } | null;
    const rawName = typeof raw?.name === 'string' && raw.name !== '' ? raw.name : undefined;
    if (options.names && !(rawName !== undefined && matchesAny(rawName, options.names))) return;
    const checked = validateServer(entry.server);
    if (!checked.ok) {
      const name = rawName ?? `entry ${i}`;
      const reason = `entry ${i}${rawName ? ` (${rawName})` : ''}: ${checked.problems.join('; ')}`;
      problems.push(`${source}: ${reason}`);
      servers.push({ name, args: [], env: {}, redact: [], class: { class: 'invalid-entry', reason } });
      return;
    }
    const { server } = checked;
    const from = pick(server, options.packageType);
    if (!from && options.packageType) return;
    if (seen.has(`name ${server.name}`)) return;
    seen.add(`name ${server.name}`);
    if (!from) return void servers.push({ name: server.name, args: [], env: {}, redact: [], class: { class: 'could-not-start', reason: 'nothing to launch: no packages and no remotes' } });
    const given = valuesFor(server.name, options.given ?? []);
    const launch = 'pkg' in from ? launchPackage(from.pkg, given, env) : launchRemote(from.remote, given);
    // A remote listed under two names is one server: its host and path (its URL variables substituted) say which.
    if ('remote' in from) {
      const key = remoteKey(launch.kind === 'remote' ? launch.url : from.remote.url!);
      if (seen.has(`remote ${key}`)) return;
      seen.add(`remote ${key}`);
    }
    servers.push(listed(server.name, launch, env));
  });
  return { servers, problems };
}
