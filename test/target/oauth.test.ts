// OAuth client credentials against a fake fetch: the order of discovery (the 401's resource_metadata, else the
// well-known URLs; RFC 8414, then OpenID, path-inserted), what the token request carries, and one-line failures that
// never show the secret. Nothing here opens a connection: the fake answers every request.
import { describe, expect, it } from 'vitest';
import { authorize, credentialsFromEnv, requestAccessToken, type AuthorizationIo } from '../../src/target/oauth.js';
import { AuthorizationError, UsageError } from '../../src/errors.js';
import { Interrupted } from '../../src/interrupt.js';
import type { HttpTarget, LintOptions, OAuthClientCredentials } from '../../src/target/types.js';

const SERVER = 'http://127.0.0.1:4001/mcp';
const ISSUER = 'http://127.0.0.1:4002/tenant';
const TOKEN_ENDPOINT = `${ISSUER}/token`;
const CREDENTIALS: OAuthClientCredentials = { clientId: 'ci-client', clientSecret: 'ci-secret-9d8c7b6a' };
const TOKEN = 'at-5f4e3d2c1b0a99887766';
const WWW_AUTH_METADATA = 'http://127.0.0.1:4001/meta/resource.json';

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: string;
}

type Answer = Response | (() => Response | Promise<Response>);

/** A fetch that answers `${method} ${url}` from `routes` (404 for anything else) and records every request. */
function fakeFetch(routes: Record<string, Answer>) {
  const seen: Seen[] = [];
  const fetch = async (url: string | URL, init: RequestInit = {}): Promise<Response> => {
    if (init.signal?.aborted) throw init.signal.reason; // as fetch does
    const method = init.method ?? 'GET';
    seen.push({ method, url: String(url), headers: new Headers(init.headers), body: init.body === undefined ? '' : String(init.body) });
    const answer = routes[`${method} ${String(url)}`];
    if (answer === undefined) return new Response('Not Found', { status: 404 });
    // A fresh response each time (a clone would share its body with the route's, and cancelling it would wait for both).
    return typeof answer === 'function' ? answer() : new Response(await answer.clone().text(), { status: answer.status, headers: answer.headers });
  };
  return { fetch, seen, requests: () => seen.map((s) => `${s.method} ${s.url}`) };
}

const json = (value: unknown, status = 200, headers: Record<string, string> = {}) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json', ...headers } });

const challenge = (params: string) => json({ error: 'invalid_token' }, 401, { 'www-authenticate': `Bearer error="invalid_token"${params}` });
const resourceMetadata = (extra: Record<string, unknown> = {}) => json({ resource: SERVER, authorization_servers: [ISSUER], scopes_supported: ['read', 'write'], ...extra });
const asMetadata = (extra: Record<string, unknown> = {}) =>
  json({
    issuer: ISSUER,
    authorization_endpoint: `${ISSUER}/authorize`,
    token_endpoint: TOKEN_ENDPOINT,
    response_types_supported: [],
    grant_types_supported: ['client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_basic'],
    ...extra,
  });
const tokenAnswer = (extra: Record<string, unknown> = {}) => json({ access_token: TOKEN, token_type: 'Bearer', expires_in: 3600, ...extra });

/** The routes of a protected server whose 401 names its metadata, and an authorization server with RFC 8414 metadata. */
function protectedServer(overrides: Record<string, Answer | undefined> = {}): Record<string, Answer> {
  const routes: Record<string, Answer | undefined> = {
    [`POST ${SERVER}`]: challenge(`, scope="read", resource_metadata="${WWW_AUTH_METADATA}"`),
    [`GET ${WWW_AUTH_METADATA}`]: resourceMetadata(),
    [`GET http://127.0.0.1:4002/.well-known/oauth-authorization-server/tenant`]: asMetadata(),
    [`POST ${TOKEN_ENDPOINT}`]: tokenAnswer(),
    ...overrides,
  };
  return Object.fromEntries(Object.entries(routes).filter((entry): entry is [string, Answer] => entry[1] !== undefined));
}

const TARGET: HttpTarget = { url: SERVER, transport: 'auto' };
const io = (fetch: AuthorizationIo['fetch'], extra: Partial<AuthorizationIo> = {}): AuthorizationIo => ({ timeoutMs: 5000, fetch, ...extra });

/** The AuthorizationError a request for a token fails with (asserting it is one line and shows no secret). */
async function failure(routes: Record<string, Answer>): Promise<{ message: string; requests: string[] }> {
  const fake = fakeFetch(routes);
  const error = await requestAccessToken(TARGET, CREDENTIALS, io(fake.fetch)).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthorizationError);
  const { message } = error as Error;
  expect(message).not.toMatch(/[\r\n]/);
  expect(message).not.toContain(CREDENTIALS.clientSecret);
  expect(message).not.toContain(TOKEN);
  return { message, requests: fake.requests() };
}

describe('discovery', () => {
  it("follows the 401's resource_metadata, then the issuer's RFC 8414 metadata (path inserted), then asks for a token", async () => {
    const fake = fakeFetch(protectedServer());
    const authorization = await requestAccessToken(TARGET, CREDENTIALS, io(fake.fetch));
    expect(fake.requests()).toEqual([
      `POST ${SERVER}`,
      `GET ${WWW_AUTH_METADATA}`, // not the well-known URLs: the challenge named the metadata
      'GET http://127.0.0.1:4002/.well-known/oauth-authorization-server/tenant',
      `POST ${TOKEN_ENDPOINT}`,
    ]);
    expect(authorization).toEqual({
      accessToken: TOKEN,
      resourceMetadataUrl: WWW_AUTH_METADATA,
      authorizationServer: ISSUER,
      tokenEndpoint: TOKEN_ENDPOINT,
      resource: SERVER,
      scope: 'read',
      clientAuthentication: 'client_secret_basic',
    });
  });

  it('sends the first request without a token, as a harmless ping with the target’s other headers', async () => {
    const fake = fakeFetch(protectedServer());
    await requestAccessToken({ ...TARGET, headers: { 'X-Tenant': 'acme' } }, CREDENTIALS, io(fake.fetch));
    const [first] = fake.seen;
    expect(first.headers.get('authorization')).toBeNull();
    expect(first.headers.get('x-tenant')).toBe('acme');
    expect(JSON.parse(first.body)).toMatchObject({ jsonrpc: '2.0', method: 'ping' });
    // The other headers are the server's: the metadata and token requests do not carry them.
    expect(fake.seen.slice(1).map((s) => s.headers.get('x-tenant'))).toEqual([null, null, null]);
  });

  it('opens a legacy HTTP+SSE server’s stream with a GET instead', async () => {
    const fake = fakeFetch(protectedServer({ [`POST ${SERVER}`]: undefined, [`GET ${SERVER}`]: challenge(`, resource_metadata="${WWW_AUTH_METADATA}"`) }));
    await requestAccessToken({ url: SERVER, transport: 'sse' }, CREDENTIALS, io(fake.fetch));
    expect(fake.requests()[0]).toBe(`GET ${SERVER}`);
    expect(fake.seen[0].headers.get('accept')).toBe('text/event-stream');
  });

  it('without resource_metadata, tries the path-suffixed well-known URL first, then the root one', async () => {
    const fake = fakeFetch(
      protectedServer({
        [`POST ${SERVER}`]: challenge(''),
        [`GET ${WWW_AUTH_METADATA}`]: undefined,
        'GET http://127.0.0.1:4001/.well-known/oauth-protected-resource': resourceMetadata(),
      }),
    );
    const authorization = await requestAccessToken(TARGET, CREDENTIALS, io(fake.fetch));
    expect(fake.requests().slice(0, 3)).toEqual([
      `POST ${SERVER}`,
      'GET http://127.0.0.1:4001/.well-known/oauth-protected-resource/mcp',
      'GET http://127.0.0.1:4001/.well-known/oauth-protected-resource',
    ]);
    expect(authorization.resourceMetadataUrl).toBe('http://127.0.0.1:4001/.well-known/oauth-protected-resource');
    // No scope in the challenge: every scope the metadata lists.
    expect(authorization.scope).toBe('read write');
  });

  it('looks for the metadata at the well-known URLs also when the server does not answer 401', async () => {
    const fake = fakeFetch(protectedServer({ [`POST ${SERVER}`]: json({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Bad Request' } }, 400), [`GET ${WWW_AUTH_METADATA}`]: undefined, 'GET http://127.0.0.1:4001/.well-known/oauth-protected-resource/mcp': resourceMetadata() }));
    await requestAccessToken(TARGET, CREDENTIALS, io(fake.fetch));
    expect(fake.requests()[1]).toBe('GET http://127.0.0.1:4001/.well-known/oauth-protected-resource/mcp');
  });

  it('falls back from RFC 8414 to OpenID metadata: path inserted, then path appended', async () => {
    const fake = fakeFetch(
      protectedServer({
        'GET http://127.0.0.1:4002/.well-known/oauth-authorization-server/tenant': undefined,
        'GET http://127.0.0.1:4002/tenant/.well-known/openid-configuration': asMetadata({ jwks_uri: `${ISSUER}/jwks`, subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['RS256'] }),
      }),
    );
    await requestAccessToken(TARGET, CREDENTIALS, io(fake.fetch));
    expect(fake.requests().slice(2)).toEqual([
      'GET http://127.0.0.1:4002/.well-known/oauth-authorization-server/tenant',
      'GET http://127.0.0.1:4002/.well-known/openid-configuration/tenant',
      'GET http://127.0.0.1:4002/tenant/.well-known/openid-configuration',
      `POST ${TOKEN_ENDPOINT}`,
    ]);
  });

  it('reads the metadata of an issuer without a path at the root well-known URLs', async () => {
    const root = 'http://127.0.0.1:4003';
    const fake = fakeFetch(
      protectedServer({
        [`GET ${WWW_AUTH_METADATA}`]: resourceMetadata({ authorization_servers: [root] }),
        [`GET ${root}/.well-known/openid-configuration`]: asMetadata({ issuer: root, token_endpoint: `${root}/token`, jwks_uri: `${root}/jwks`, subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['RS256'] }),
        [`POST ${root}/token`]: tokenAnswer(),
      }),
    );
    await requestAccessToken(TARGET, CREDENTIALS, io(fake.fetch));
    expect(fake.requests().slice(2)).toEqual([`GET ${root}/.well-known/oauth-authorization-server`, `GET ${root}/.well-known/openid-configuration`, `POST ${root}/token`]);
  });
});

describe('the token request', () => {
  const tokenRequest = async (routes: Record<string, Answer>, credentials = CREDENTIALS) => {
    const fake = fakeFetch(routes);
    await requestAccessToken(TARGET, credentials, io(fake.fetch));
    const last = fake.seen.at(-1)!;
    expect(`${last.method} ${last.url}`).toBe(`POST ${TOKEN_ENDPOINT}`);
    return { params: new URLSearchParams(last.body), authorization: last.headers.get('authorization') };
  };

  it('asks for client_credentials for the server (RFC 8707 resource), authenticated by HTTP Basic when the server takes it', async () => {
    const { params, authorization } = await tokenRequest(protectedServer());
    expect(Object.fromEntries(params)).toEqual({ grant_type: 'client_credentials', scope: 'read', resource: SERVER });
    expect(authorization).toBe(`Basic ${Buffer.from(`${CREDENTIALS.clientId}:${CREDENTIALS.clientSecret}`).toString('base64')}`);
  });

  it('puts the credentials in the body when the server takes only client_secret_post', async () => {
    const { params, authorization } = await tokenRequest(protectedServer({ 'GET http://127.0.0.1:4002/.well-known/oauth-authorization-server/tenant': asMetadata({ token_endpoint_auth_methods_supported: ['client_secret_post'] }) }));
    expect(authorization).toBeNull();
    expect(params.get('client_id')).toBe(CREDENTIALS.clientId);
    expect(params.get('client_secret')).toBe(CREDENTIALS.clientSecret);
  });

  it('asks for the scope it is given over the one the server names', async () => {
    const { params } = await tokenRequest(protectedServer(), { ...CREDENTIALS, scope: 'write' });
    expect(params.get('scope')).toBe('write');
  });

  it('asks for no scope when neither the challenge nor the metadata names one', async () => {
    const { params } = await tokenRequest(protectedServer({ [`POST ${SERVER}`]: challenge(`, resource_metadata="${WWW_AUTH_METADATA}"`), [`GET ${WWW_AUTH_METADATA}`]: resourceMetadata({ scopes_supported: undefined }) }));
    expect(params.has('scope')).toBe(false);
  });
});

describe('what stops it: one line that says what was tried, and never the secret', () => {
  it('no protected-resource metadata anywhere', async () => {
    const { message, requests } = await failure(protectedServer({ [`POST ${SERVER}`]: challenge(''), [`GET ${WWW_AUTH_METADATA}`]: undefined }));
    expect(message).toMatch(/^http:\/\/127\.0\.0\.1:4001\/mcp names no protected-resource metadata \(RFC 9728\)/);
    expect(message).toContain('GET http://127.0.0.1:4001/.well-known/oauth-protected-resource/mcp → 404, GET http://127.0.0.1:4001/.well-known/oauth-protected-resource → 404');
    expect(requests).toHaveLength(3);
  });

  it('metadata that names no authorization server, or another resource', async () => {
    expect((await failure(protectedServer({ [`GET ${WWW_AUTH_METADATA}`]: resourceMetadata({ authorization_servers: [] }) }))).message).toMatch(/lists no authorization server/);
    expect((await failure(protectedServer({ [`GET ${WWW_AUTH_METADATA}`]: resourceMetadata({ resource: 'http://127.0.0.1:4009/mcp' }) }))).message).toMatch(/is for another resource: Protected resource http:\/\/127\.0\.0\.1:4009\/mcp does not match/);
  });

  it('an authorization server without metadata, or whose metadata names another issuer: the secret is never sent', async () => {
    const none = await failure(protectedServer({ 'GET http://127.0.0.1:4002/.well-known/oauth-authorization-server/tenant': undefined }));
    expect(none.message).toMatch(/^the authorization server http:\/\/127\.0\.0\.1:4002\/tenant publishes no metadata/);
    expect(none.requests).not.toContain(`POST ${TOKEN_ENDPOINT}`);
    const other = await failure(protectedServer({ 'GET http://127.0.0.1:4002/.well-known/oauth-authorization-server/tenant': asMetadata({ issuer: 'http://127.0.0.1:4666' }) }));
    expect(other.message).toMatch(/has no usable metadata/);
    expect(other.requests).not.toContain(`POST ${TOKEN_ENDPOINT}`);
  });

  it('metadata that is not metadata: the missing field by name', async () => {
    const { message } = await failure(protectedServer({ 'GET http://127.0.0.1:4002/.well-known/oauth-authorization-server/tenant': json({ issuer: ISSUER, response_types_supported: [] }) }));
    expect(message).toMatch(/has no usable metadata: .*token_endpoint/);
  });

  it('an authorization server without the grant, or that takes no client secret', async () => {
    const noGrant = await failure(protectedServer({ 'GET http://127.0.0.1:4002/.well-known/oauth-authorization-server/tenant': asMetadata({ grant_types_supported: ['authorization_code'] }) }));
    expect(noGrant.message).toBe('the authorization server http://127.0.0.1:4002/tenant does not offer the client_credentials grant (grant_types_supported: authorization_code)');
    const noSecret = await failure(protectedServer({ 'GET http://127.0.0.1:4002/.well-known/oauth-authorization-server/tenant': asMetadata({ token_endpoint_auth_methods_supported: ['private_key_jwt'] }) }));
    expect(noSecret.message).toMatch(/takes a client secret neither as client_secret_basic nor as client_secret_post/);
    expect(noSecret.requests).not.toContain(`POST ${TOKEN_ENDPOINT}`);
  });

  it('a refused token request: the OAuth error code and description', async () => {
    const { message } = await failure(protectedServer({ [`POST ${TOKEN_ENDPOINT}`]: json({ error: 'invalid_client', error_description: 'Invalid client:\nclient is invalid' }, 401) }));
    expect(message).toMatch(/^the authorization server refused the token request to http:\/\/127\.0\.0\.1:4002\/tenant\/token: invalid_client: Invalid client: client is invalid \(tried .* POST http:\/\/127\.0\.0\.1:4002\/tenant\/token → 401\)$/);
  });

  it('a token that is not a bearer token', async () => {
    const { message } = await failure(protectedServer({ [`POST ${TOKEN_ENDPOINT}`]: tokenAnswer({ token_type: 'DPoP' }) }));
    expect(message).toBe("the authorization server issued a token of type 'DPoP': only Bearer tokens can be sent");
  });

  it('an unreachable server, and one that does not answer in time', async () => {
    const refused = async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4001'), { code: 'ECONNREFUSED' }) });
    };
    expect((await failure({ [`POST ${SERVER}`]: refused })).message).toBe(`POST ${SERVER} failed: ECONNREFUSED`);
    const silent = fakeFetch({});
    const never = (url: string | URL, init: RequestInit = {}) => {
      void silent.fetch(url, init);
      return new Promise<Response>((_, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)));
    };
    await expect(requestAccessToken(TARGET, CREDENTIALS, io(never, { timeoutMs: 50 }))).rejects.toThrow(new AuthorizationError(`POST ${SERVER} got no answer within 50 ms (--timeout)`));
  });

  it('a stop: the stop’s own reason, not an authorization failure', async () => {
    const stop = new AbortController();
    const stopped = new Interrupted('SIGINT', 'interrupted by SIGINT');
    const fake = fakeFetch(protectedServer({ [`GET ${WWW_AUTH_METADATA}`]: () => (stop.abort(stopped), resourceMetadata()) }));
    // The stop lands while the metadata is read; the next request sees it.
    await expect(requestAccessToken(TARGET, CREDENTIALS, io(fake.fetch, { signal: stop.signal }))).rejects.toBe(stopped);
  });
});

describe('authorize', () => {
  const OPTIONS: LintOptions = { target: { url: SERVER, transport: 'http', headers: { 'X-Tenant': 'acme' } }, oauthClientCredentials: CREDENTIALS, ruleOptions: { 'no-secrets': { extraPatterns: ['corp_[a-z]+'] } } };

  it('puts the token in the target’s Authorization header, among the values never printed, and says so first', async () => {
    const told: string[] = [];
    const options = await authorize({ ...OPTIONS, onSecret: (value) => told.push(value) }, io(fakeFetch(protectedServer()).fetch));
    expect(options.target).toEqual({ url: SERVER, transport: 'http', headers: { 'X-Tenant': 'acme', Authorization: `Bearer ${TOKEN}` } });
    expect(told).toEqual([TOKEN]);
    expect(options.ruleOptions?.['no-secrets']).toEqual({ extraPatterns: ['corp_[a-z]+', TOKEN, 'ci-secret-9d8c7b6a'] });
    // The credentials stay: a replay command says to use them again.
    expect(options.oauthClientCredentials).toBe(CREDENTIALS);
  });

  it('leaves options without credentials as they are, and asks nothing', async () => {
    const fake = fakeFetch({});
    const options: LintOptions = { target: { url: SERVER } };
    expect(await authorize(options, io(fake.fetch))).toBe(options);
    expect(fake.seen).toEqual([]);
  });

  it('refuses a stdio target, and a target that already sends an Authorization header', async () => {
    const fake = fakeFetch(protectedServer());
    await expect(authorize({ target: { command: 'node' }, oauthClientCredentials: CREDENTIALS }, io(fake.fetch))).rejects.toThrow(UsageError);
    await expect(authorize({ ...OPTIONS, target: { url: SERVER, headers: { authorization: 'Bearer mine-123456' } } }, io(fake.fetch))).rejects.toThrow(/sends the Authorization header itself/);
    expect(fake.seen).toEqual([]);
  });
});

describe('credentials from the environment', () => {
  it('reads the id and secret, and takes the scope given', () => {
    expect(credentialsFromEnv({ MCP_ERRLINT_CLIENT_ID: 'id', MCP_ERRLINT_CLIENT_SECRET: 'secret' }, 'read')).toEqual({ clientId: 'id', clientSecret: 'secret', scope: 'read' });
  });

  it('names the variables that are unset or empty', () => {
    expect(() => credentialsFromEnv({})).toThrow(new UsageError("--oauth-client-credentials reads the client's id and secret from MCP_ERRLINT_CLIENT_ID and MCP_ERRLINT_CLIENT_SECRET: MCP_ERRLINT_CLIENT_ID and MCP_ERRLINT_CLIENT_SECRET are empty or not set"));
    expect(() => credentialsFromEnv({ MCP_ERRLINT_CLIENT_ID: 'id', MCP_ERRLINT_CLIENT_SECRET: '' })).toThrow(/: MCP_ERRLINT_CLIENT_SECRET is empty or not set$/);
  });
});
