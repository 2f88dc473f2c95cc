// OAuth 2.0 client_credentials for a server reached by URL: its authorization server found as MCP Authorization
// (2025-06-18 and later) has clients find it, an access token requested before the session opens, sent as a bearer token.
import {
  ClientCredentialsProvider,
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  extractWWWAuthenticateParams,
  fetchToken,
  OAuthError,
  selectClientAuthMethod,
  selectResourceURL,
  type FetchLike,
} from '@modelcontextprotocol/client';
import { AuthorizationError, UsageError } from '../errors.js';
import { withLiteralSecrets } from '../matchers/secrets.js';
import type { HttpTarget, LintOptions, OAuthClientCredentials } from './types.js';
import { isHttpTarget } from './target.js';

/** Where --oauth-client-credentials reads the client's id and secret: the environment, never the command line. */
export const CLIENT_ID_ENV = 'MCP_ERRLINT_CLIENT_ID';
export const CLIENT_SECRET_ENV = 'MCP_ERRLINT_CLIENT_SECRET';

/** The client's credentials from the environment; an unset or empty variable is a usage error naming it. */
export function credentialsFromEnv(env: Readonly<Record<string, string | undefined>>, scope?: string): OAuthClientCredentials {
  const missing = [CLIENT_ID_ENV, CLIENT_SECRET_ENV].filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new UsageError(`--oauth-client-credentials reads the client's id and secret from ${CLIENT_ID_ENV} and ${CLIENT_SECRET_ENV}: ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} empty or not set`);
  }
  return { clientId: env[CLIENT_ID_ENV]!, clientSecret: env[CLIENT_SECRET_ENV]!, ...(scope ? { scope } : {}) };
}

/** How the requests of the authorization are made: each bounded by `timeoutMs`, all by `signal` (a stop or the deadline). */
export interface AuthorizationIo {
  timeoutMs: number;
  signal?: AbortSignal;
  /** The fetch to use (default: the global one); tests pass a fake. */
  fetch?: FetchLike;
}

/** An access token, and what was found on the way to it (never printed: only the token is secret, and it is kept out). */
export interface Authorization {
  accessToken: string;
  /** The protected-resource metadata's URL: the 401's `resource_metadata`, or the well-known URL that answered. */
  resourceMetadataUrl: string;
  /** `authorization_servers[0]` of that metadata: the issuer. */
  authorizationServer: string;
  tokenEndpoint: string;
  /** The RFC 8707 `resource` the token was asked for. */
  resource: string;
  scope?: string;
  clientAuthentication: string;
}

/** A request made during the authorization, for messages: what was tried and what it answered. */
interface Step {
  method: string;
  url: string;
  status?: number;
}

/** What a request without a token gets first: a body a server may parse before it checks the token (it has no effect). */
const PING = { jsonrpc: '2.0', id: 'mcp-errlint-oauth', method: 'ping' };

/**
 * Discovers the server's authorization server and asks it for an access token with the client_credentials grant:
 * the protected-resource metadata (RFC 9728) named by the `resource_metadata` of the server's 401 challenge, else at its
 * well-known URL (path-suffixed, then root); its first authorization server's metadata (RFC 8414, then OpenID, with the
 * path-insertion rules); a token request to its token endpoint with the RFC 8707 `resource`, the scope, and the client
 * authenticated as the metadata allows (client_secret_basic, else client_secret_post). Anything that fails is an
 * AuthorizationError of one line that says what was tried; the secret and the token are in no message.
 */
export async function requestAccessToken(target: HttpTarget, credentials: OAuthClientCredentials, io: AuthorizationIo): Promise<Authorization> {
  const trail: Step[] = [];
  const fetchFn = traced(io.fetch ?? fetch, trail, io);
  const fail = (what: string) => (error: unknown): never => {
    if (io.signal?.aborted) throw io.signal.reason;
    if (error instanceof AuthorizationError) throw error;
    throw new AuthorizationError(`${what}: ${oneLine(error)} (${tried(trail)})`);
  };
  const serverUrl = new URL(target.url);
  const challenge = await challengeOf(target, fetchFn);

  const fromPrm = trail.length;
  const resourceMetadata = await discoverOAuthProtectedResourceMetadata(serverUrl, challenge.resourceMetadataUrl ? { resourceMetadataUrl: challenge.resourceMetadataUrl } : undefined, fetchFn).catch(
    fail(`${target.url} names no protected-resource metadata (RFC 9728)`),
  );
  const resourceMetadataUrl = trail.slice(fromPrm).at(-1)!.url;
  const issuer = resourceMetadata.authorization_servers?.[0];
  if (!issuer) throw new AuthorizationError(`the protected-resource metadata at ${resourceMetadataUrl} lists no authorization server (authorization_servers)`);
  // The issuer pins where the secret may go: fetchToken refuses metadata of any other authorization server.
  const provider = new ClientCredentialsProvider({ clientId: credentials.clientId, clientSecret: credentials.clientSecret, clientName: 'mcp-errlint', expectedIssuer: issuer });
  const resource = (await selectResourceURL(serverUrl, provider, resourceMetadata).catch(fail(`the protected-resource metadata at ${resourceMetadataUrl} is for another resource`)))!;

  const metadata = await discoverAuthorizationServerMetadata(issuer, { fetchFn }).catch(fail(`the authorization server ${issuer} has no usable metadata`));
  if (!metadata) throw new AuthorizationError(`the authorization server ${issuer} publishes no metadata, neither RFC 8414 nor OpenID (${tried(trail)})`);
  const grants = metadata.grant_types_supported;
  if (grants && !grants.includes('client_credentials')) {
    throw new AuthorizationError(`the authorization server ${issuer} does not offer the client_credentials grant (grant_types_supported: ${grants.join(', ') || 'none'})`);
  }
  const methods = metadata.token_endpoint_auth_methods_supported ?? [];
  if (methods.length > 0 && !methods.includes('client_secret_basic') && !methods.includes('client_secret_post')) {
    throw new AuthorizationError(`the authorization server ${issuer} takes a client secret neither as client_secret_basic nor as client_secret_post (token_endpoint_auth_methods_supported: ${methods.join(', ')})`);
  }
  const scope = credentials.scope ?? challenge.scope ?? (resourceMetadata.scopes_supported?.join(' ') || undefined);
  const tokens = await fetchToken(provider, issuer, { metadata, resource, scope, fetchFn }).catch(fail(`the authorization server refused the token request to ${metadata.token_endpoint}`));
  if (tokens.token_type.toLowerCase() !== 'bearer') {
    throw new AuthorizationError(`the authorization server issued a token of type '${oneLine(tokens.token_type)}': only Bearer tokens can be sent`);
  }
  return {
    accessToken: tokens.access_token,
    resourceMetadataUrl,
    authorizationServer: issuer,
    tokenEndpoint: metadata.token_endpoint,
    resource: resource.href,
    ...(scope ? { scope } : {}),
    clientAuthentication: selectClientAuthMethod(provider.clientInformation(), methods),
  };
}

/**
 * The lint's options with an access token for their HTTP target in its `Authorization` header (and among the values
 * never printed), when they carry client credentials; else the options as they are.
 */
export async function authorize(options: LintOptions, io: AuthorizationIo): Promise<LintOptions> {
  const credentials = options.oauthClientCredentials;
  if (!credentials) return options;
  const { target } = options;
  if (!isHttpTarget(target)) throw new UsageError('OAuth client credentials are for a server reached by URL (--url), not one started on stdio');
  if (Object.keys(target.headers ?? {}).some((name) => name.toLowerCase() === 'authorization')) {
    throw new UsageError('with OAuth client credentials mcp-errlint sends the Authorization header itself: give no Authorization header too');
  }
  const { accessToken } = await requestAccessToken(target, credentials, io);
  options.onSecret?.(accessToken);
  return {
    ...options,
    target: { ...target, headers: { ...target.headers, Authorization: `Bearer ${accessToken}` } },
    ruleOptions: withLiteralSecrets(options.ruleOptions ?? {}, [accessToken, credentials.clientSecret]),
  };
}

/** What the server answers a request without a token: a 401's `WWW-Authenticate: Bearer` names its metadata and scope. */
async function challengeOf(target: HttpTarget, fetchFn: FetchLike): Promise<{ resourceMetadataUrl?: URL; scope?: string }> {
  const headers = { ...target.headers };
  // A legacy HTTP+SSE server is first reached by a GET of its event stream; a Streamable HTTP one by a POST.
  const init: RequestInit =
    target.transport === 'sse'
      ? { method: 'GET', headers: { ...headers, accept: 'text/event-stream' }, redirect: 'manual' }
      : { method: 'POST', headers: { ...headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(PING), redirect: 'manual' };
  const response = await fetchFn(target.url, init);
  void response.body?.cancel().catch(() => {}); // only the status and headers count
  if (response.status !== 401) return {};
  const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(response);
  return { ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}), ...(scope ? { scope } : {}) };
}

/** `base`, each request bounded by the timeout and the run's signal, and written down in `trail` with its status. */
function traced(base: FetchLike, trail: Step[], io: AuthorizationIo): FetchLike {
  return async (url, init = {}) => {
    const step: Step = { method: init.method ?? 'GET', url: String(url) };
    trail.push(step);
    const timeout = AbortSignal.timeout(io.timeoutMs);
    try {
      const response = await base(url, { ...init, signal: io.signal ? AbortSignal.any([io.signal, timeout]) : timeout });
      step.status = response.status;
      return response;
    } catch (error) {
      if (io.signal?.aborted) throw io.signal.reason;
      if (timeout.aborted) throw new AuthorizationError(`${step.method} ${step.url} got no answer within ${io.timeoutMs} ms (--timeout)`);
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new AuthorizationError(`${step.method} ${step.url} failed: ${oneLine(cause?.code ?? cause?.message ?? error)}`);
    }
  };
}

/** The requests made so far, as "tried POST <url> → 401, GET <url> → 404". */
function tried(trail: readonly Step[]): string {
  return `tried ${trail.map((step) => `${step.method} ${step.url} → ${step.status ?? 'no answer'}`).join(', ')}`;
}

const MAX_DETAIL_CHARS = 300;

/** An error (or text) from elsewhere as one short line: a schema's issues by path, an OAuth error by its code. */
function oneLine(error: unknown): string {
  const issues = (error as { issues?: Array<{ path: PropertyKey[]; message: string }> })?.issues;
  const text = Array.isArray(issues)
    ? issues.map((issue) => `${issue.path.map(String).join('.') || '(document)'}: ${issue.message}`).join('; ')
    : error instanceof OAuthError
      ? `${error.code}${error.message ? `: ${error.message}` : ''}`
      : error instanceof Error
        ? error.message
        : String(error);
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_DETAIL_CHARS ? `${line.slice(0, MAX_DETAIL_CHARS)}…` : line;
}
