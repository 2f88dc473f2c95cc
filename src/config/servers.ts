// Which server(s) a run lints: a command after --, a URL, our config file's "server", or the servers of an MCP client's
// config file; the one place where those are told apart, checked against each other, and given what they need.
import { readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { HttpTransportKind, ServerTarget } from '../target/target.js';
import { isHttpTarget } from '../target/target.js';
import { UsageError } from '../errors.js';
import { CONFIG_FILE, type LoadedConfig } from './load.js';
import { readClientConfig } from '../target/client-config.js';
import { parseHeader } from '../target/expand.js';
import { CommandLineSecrets, hidesSecret, shownText } from '../target/command-secrets.js';
import { credentialsFromEnv } from '../target/oauth.js';
import { urlProblem } from './settings.js';
import type { OAuthClientCredentials, ShownWord, SourceAnchor } from '../target/types.js';

/** The flags that say which server to lint and how to reach it. */
export interface ServerFlags {
  url?: string;
  transport?: Exclude<HttpTransportKind, 'auto'>;
  /** `Name: value`, repeatable; `$VAR`, `${VAR}` and `${env:VAR}` in the value are read from the environment. */
  header?: string[];
  /** `KEY=VALUE`, repeatable: the stdio server's environment. */
  env?: string[];
  mcpConfig?: string;
  server?: string;
  /** Servers reached by URL get an access token by the OAuth client_credentials grant (id and secret from the environment). */
  oauthClientCredentials?: boolean;
  /** The scope that token is asked for. */
  oauthScope?: string;
}

/** One server to lint, with what the report and replay commands need to name it. */
export interface ServerChoice {
  target: ServerTarget;
  /** Its name where it was declared (a client config file's key). */
  name?: string;
  /** The file and line that declared it: SARIF and annotations point there. */
  anchor?: SourceAnchor;
  /** Our own config file, when the server came from it (replay commands name the file). */
  configFile?: string;
  /** How a replay command names it, when not by its target alone (secrets as the variables they are read from). */
  replayServer?: ShownWord[];
  /** Its command and arguments, or its URL, as reports show them, when that hides a secret as $NAME. */
  shown?: ShownWord[];
  /** Credentials that must never be printed (header values, substituted variables, secret arguments): no-secrets finds them in answers. */
  secrets: string[];
  /** Regexes that find a credential too short to redact alone, in its context (`--token abc`). */
  secretContexts?: string[];
  /** The server's other environment values: never printed either, but no finding when an answer shows one. */
  privateValues?: string[];
  /** Why it is not linted (e.g. disabled in its file); it is still listed. */
  skipped?: string;
  /** The client credentials its access token is requested with (servers reached by URL only). */
  oauthClientCredentials?: OAuthClientCredentials;
}

export interface ServerContext {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
}

/** The server(s) to lint, from the command after --, --url, --mcp-config, or our config file's "server", in that order. */
export function chooseServers(command: string[], flags: ServerFlags, loaded: LoadedConfig | undefined, context: ServerContext): ServerChoice[] {
  const given = [command.length > 0 && 'a command after --', flags.url !== undefined && '--url', flags.mcpConfig !== undefined && '--mcp-config'].filter(Boolean);
  if (given.length > 1) throw new UsageError(`${given.join(' and ')} each name a server to lint: give only one`);
  if (flags.server !== undefined && flags.mcpConfig === undefined) throw new UsageError('--server picks a server of an --mcp-config file: give the file too');
  if (flags.transport !== undefined && flags.url === undefined) throw new UsageError('--transport applies to a server given with --url');
  const oauth = oauthRequest(flags, loaded);
  const choices = flags.mcpConfig !== undefined ? fromClientConfig(flags.mcpConfig, flags.server, context) : [single(command, flags, loaded)];
  return choices.map((choice) => withOAuth(withFlags(choice, flags, context), oauth, flags, context));
}

/** Whether the run asks for OAuth client credentials (a flag, else the config file), with which scope, and who asked. */
interface OAuthRequest {
  scope?: string;
  /** How the message of a misuse names the request. */
  by: string;
}

function oauthRequest(flags: ServerFlags, loaded: LoadedConfig | undefined): OAuthRequest | undefined {
  const fromFlag = flags.oauthClientCredentials !== undefined;
  const wanted = flags.oauthClientCredentials ?? loaded?.config.oauthClientCredentials ?? false;
  const scope = flags.oauthScope ?? loaded?.config.oauthScope;
  if (!wanted) {
    if (scope !== undefined) throw new UsageError('--oauth-scope is the scope of --oauth-client-credentials: give that too');
    return undefined;
  }
  return { ...(scope !== undefined ? { scope } : {}), by: fromFlag ? '--oauth-client-credentials' : `"oauthClientCredentials" in ${loaded!.file}` };
}

/**
 * OAuth client credentials (from the environment) for a server reached by URL; a server of a client config file
 * started on stdio is left as it is, a single one is a usage error, and so is a server that already sends an
 * Authorization header. The secret is one more value never printed.
 */
function withOAuth(choice: ServerChoice, oauth: OAuthRequest | undefined, flags: ServerFlags, context: ServerContext): ServerChoice {
  if (!oauth) return choice;
  const { target } = choice;
  if (!isHttpTarget(target)) {
    if (flags.mcpConfig !== undefined) return choice;
    throw new UsageError(`${oauth.by} applies to a server given with --url`);
  }
  if (Object.keys(target.headers ?? {}).some((name) => name.toLowerCase() === 'authorization')) {
    const whose = choice.name !== undefined ? `server '${choice.name}' already has one` : 'give no --header Authorization with it';
    throw new UsageError(`${oauth.by} sends the Authorization header itself: ${whose}`);
  }
  const credentials = credentialsFromEnv(context.env, oauth.scope);
  return { ...choice, oauthClientCredentials: credentials, secrets: [...choice.secrets, credentials.clientSecret] };
}

/** A command after --, a --url, or our config file's "server". */
function single(command: string[], flags: ServerFlags, loaded: LoadedConfig | undefined): ServerChoice {
  if (command.length > 0) return { target: { command: command[0], args: command.slice(1) }, secrets: [] };
  if (flags.url !== undefined) {
    const problem = urlProblem(flags.url);
    if (problem) throw new UsageError(problem);
    return { target: { url: new URL(flags.url).href, transport: flags.transport ?? 'auto' }, secrets: [] };
  }
  const server = loaded?.config.server;
  if (!server || !loaded) throw new UsageError(`no server to lint: give its command after --, e.g. mcp-errlint -- node server.js, a --url, an --mcp-config file, or a "server" in ${CONFIG_FILE}`);
  return {
    target: { command: server.command, args: server.args ?? [], env: server.env, cwd: resolve(loaded.dir, server.cwd ?? '.') },
    anchor: anchorAt(loaded.file, lineOf(loaded.file, /"server"\s*:/)),
    configFile: loaded.file,
    secrets: [],
  };
}

/** Every server of a client config file (or the one --server names), each anchored on its line. */
function fromClientConfig(file: string, only: string | undefined, context: ServerContext): ServerChoice[] {
  // --server: only that server is read, so a variable another one names may be unset (a file's servers need not share one environment).
  const picked = readClientConfig(file, { env: context.env, cwd: context.cwd, ...(only !== undefined ? { only } : {}) });
  if (picked.length === 0) throw new UsageError(`${file} declares no server`);
  return picked.map((server) => ({
    target: server.target,
    name: server.name,
    anchor: anchorAt(resolve(context.cwd, file), server.line),
    replayServer: ['--mcp-config', file, '--server', server.name],
    secrets: server.secrets,
    ...(server.skipped !== undefined ? { skipped: server.skipped } : {}),
  }));
}

/**
 * --header and -e applied to a chosen server (headers reach only HTTP servers, environment variables only stdio ones),
 * and the secrets of its command line, URL and environment found: what reports and replay commands show, what is scrubbed.
 */
function withFlags(choice: ServerChoice, flags: ServerFlags, context: ServerContext): ServerChoice {
  const { target } = choice;
  const hidden = new CommandLineSecrets();
  for (const value of choice.secrets) hidden.secret(value);
  const headers = (flags.header ?? []).map((spec) => parseHeader(spec, context.env));
  const env = (flags.env ?? []).map((pair) => {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(pair);
    if (!match) throw new UsageError(`-e expects KEY=VALUE, got '${shownText(new CommandLineSecrets().args([pair])[0])}'`);
    return [match[1], match[2]] as const;
  });
  for (const header of headers) for (const value of header.secrets) hidden.secret(value);
  if (isHttpTarget(target)) {
    if (env.length > 0 && flags.mcpConfig === undefined) throw new UsageError('-e sets the environment of a server started on stdio; a server at a URL is already running');
    const merged = { ...target.headers, ...Object.fromEntries(headers.map((h) => [h.name, h.value])) };
    for (const value of Object.values(target.headers ?? {})) hidden.secret(value);
    const url = hidden.url(target.url);
    // The replay names the headers as the user gave them (variables unexpanded), never their values.
    const headerWords = (flags.header ?? []).flatMap((spec) => ['--header', hidden.header(spec)]);
    const replayServer = choice.replayServer ? [...choice.replayServer, ...headerWords] : ['--url', url, ...(target.transport === 'sse' ? ['--transport', 'sse'] : []), ...headerWords];
    return found({ ...choice, target: { ...target, ...(Object.keys(merged).length > 0 ? { headers: merged } : {}) }, replayServer }, hidden, [url]);
  }
  if (headers.length > 0 && flags.mcpConfig === undefined) throw new UsageError('--header applies to a server given with --url');
  // -e first: a variable it names is the one an argument holding the same value reads too.
  const envWords = env.flatMap(([key, value]) => ['-e', hidden.env(key, value)]);
  for (const [key, value] of Object.entries(target.env ?? {})) hidden.env(key, value);
  const shown = [target.command, ...hidden.args(target.args ?? [])];
  const withEnv = { ...choice, target: { ...target, env: { ...target.env, ...Object.fromEntries(env) } } };
  // Our config file's server is named by the file (--config), so only the -e pairs go with it.
  const named = choice.configFile !== undefined ? [] : (choice.replayServer ?? ['--', ...shown]);
  // Without -e a replay names the server by its shown words (replay.ts), or as the client config file does.
  return found(env.length === 0 ? choice : { ...withEnv, replayServer: [...envWords, ...named] }, hidden, shown);
}

/** The choice with the secrets found in it, and how it is shown when that hides one. */
function found(choice: ServerChoice, hidden: CommandLineSecrets, shown: ShownWord[]): ServerChoice {
  return {
    ...choice,
    ...(shown.some(hidesSecret) ? { shown } : {}),
    secrets: hidden.secrets,
    ...(hidden.contexts.length > 0 ? { secretContexts: hidden.contexts } : {}),
    ...(hidden.private.length > 0 ? { privateValues: hidden.private } : {}),
  };
}

/** The first line of `file` that matches `pattern` (1 when none, or when the file cannot be read now). */
function lineOf(file: string, pattern: RegExp): number {
  try {
    const index = readFileSync(file, 'utf8').split('\n').findIndex((text) => pattern.test(text));
    return index >= 0 ? index + 1 : 1;
  } catch {
    return 1;
  }
}

/** SARIF and annotations point at a line of a file, repository-relative: GitHub resolves locations against the workspace root. */
function anchorAt(file: string, line: number): SourceAnchor {
  const root = process.env.GITHUB_WORKSPACE ?? process.cwd();
  return { uri: relative(root, resolve(file)).split(sep).join('/'), line };
}
