// Which server(s) a run lints: a command, --url or --mcp-config (one only), their flags checked against each other,
// headers for HTTP targets and -e for stdio ones, replay words, secrets, and the servers of client config files.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseServers, type ServerChoice, type ServerFlags } from '../../src/config/servers.js';
import type { LoadedConfig } from '../../src/config/load.js';
import { inputVariable } from '../../src/target/client-config.js';
import { UsageError } from '../../src/errors.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CONFIGS = join('fixtures', 'client-configs');
const COMMAND = ['node', 'server.js'];
const ENV = { TOKEN: 'tok-123456', ERRLINT_TEST_PORT: '45678', [inputVariable('orders-token')]: 'input-token-987' };

// Anchors are relative to the workspace root: pin it, so a CI runner's GITHUB_WORKSPACE does not change them.
beforeEach(() => {
  vi.stubEnv('GITHUB_WORKSPACE', ROOT);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

function choose(command: string[], flags: ServerFlags, env: Record<string, string> = ENV, loaded?: LoadedConfig): ServerChoice[] {
  return chooseServers(command, flags, loaded, { env, cwd: ROOT });
}

/** The only server chosen. */
function one(command: string[], flags: ServerFlags, env?: Record<string, string>): ServerChoice {
  const choices = choose(command, flags, env);
  expect(choices).toHaveLength(1);
  return choices[0];
}

/** The message of the UsageError `run` throws. */
function usage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError, got none');
}

describe('what names the server', () => {
  it('takes exactly one of a command, --url and --mcp-config', () => {
    expect(usage(() => choose(COMMAND, { url: 'http://127.0.0.1:1/mcp' }))).toBe('a command after -- and --url each name a server to lint: give only one');
    expect(usage(() => choose([], { url: 'http://127.0.0.1:1/mcp', mcpConfig: 'x.json' }))).toBe('--url and --mcp-config each name a server to lint: give only one');
    expect(usage(() => choose(COMMAND, { mcpConfig: 'x.json' }))).toBe('a command after -- and --mcp-config each name a server to lint: give only one');
    expect(usage(() => choose(COMMAND, { url: 'http://127.0.0.1:1/', mcpConfig: 'x.json' }))).toMatch(/^a command after -- and --url and --mcp-config each/);
  });

  it('refuses --server without --mcp-config, and --transport without --url', () => {
    expect(usage(() => choose(COMMAND, { server: 'users' }))).toBe('--server picks a server of an --mcp-config file: give the file too');
    expect(usage(() => choose([], { url: 'http://127.0.0.1:1/', server: 'users' }))).toMatch(/^--server picks/);
    expect(usage(() => choose(COMMAND, { transport: 'sse' }))).toBe('--transport applies to a server given with --url');
    expect(usage(() => choose([], { mcpConfig: join(CONFIGS, 'claude_desktop_config.json'), transport: 'http' }))).toMatch(/^--transport applies/);
  });

  it('needs some server', () => {
    expect(usage(() => choose([], {}))).toMatch(/^no server to lint/);
  });

  it('takes a command as it is given, with no secrets and no replay words of its own', () => {
    expect(one(['python', '-m', 'srv', '--flag'], {})).toEqual({ target: { command: 'python', args: ['-m', 'srv', '--flag'] }, secrets: [] });
  });

  it("takes our config file's server, anchored on its \"server\" line", () => {
    const dir = tempDir('errlint-servers-');
    const file = join(dir, 'mcp-errlint.config.json');
    writeFileSync(file, '{\n  "profile": "strict",\n  "server": { "command": "node", "args": ["a.js"], "cwd": "app" }\n}\n');
    vi.stubEnv('GITHUB_WORKSPACE', dir);
    const loaded: LoadedConfig = { file, dir, config: { server: { command: 'node', args: ['a.js'], cwd: 'app' } } };
    expect(choose([], {}, ENV, loaded)).toEqual([
      { target: { command: 'node', args: ['a.js'], env: undefined, cwd: join(dir, 'app') }, anchor: { uri: 'mcp-errlint.config.json', line: 3 }, configFile: file, secrets: [] },
    ]);
  });
});

describe('--url', () => {
  it.each([
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000/'],
    ['https://mcp.example.com/mcp?x=1', 'https://mcp.example.com/mcp?x=1'],
    ['HTTP://LOCALHOST:8080/a', 'http://localhost:8080/a'],
  ])('accepts %s (as %s), Streamable HTTP with fallback unless --transport says otherwise', (url, href) => {
    expect(one([], { url })).toEqual({ target: { url: href, transport: 'auto' }, replayServer: ['--url', href], secrets: [] });
  });

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'ws://127.0.0.1:1/', 'javascript:alert(1)', 'localhost:8080'])('refuses %s: not http or https', (url) => {
    expect(usage(() => choose([], { url }))).toMatch(/^--url expects an http:\/\/ or https:\/\/ URL, got a [a-z]+: one$/);
  });

  it.each(['not a url', '', 'http://', '//127.0.0.1/mcp'])('refuses %j: no URL at all', (url) => {
    expect(usage(() => choose([], { url }))).toBe(`--url expects an http:// or https:// URL, got '${url}'`);
  });

  it('carries --transport into the target and (for sse) into the replay', () => {
    expect(one([], { url: 'http://127.0.0.1:1/sse', transport: 'sse' })).toMatchObject({ target: { transport: 'sse' }, replayServer: ['--url', 'http://127.0.0.1:1/sse', '--transport', 'sse'] });
    expect(one([], { url: 'http://127.0.0.1:1/mcp', transport: 'http' })).toMatchObject({ target: { transport: 'http' }, replayServer: ['--url', 'http://127.0.0.1:1/mcp'] });
  });
});

describe('--header and -e', () => {
  const url = 'http://127.0.0.1:1/mcp';

  it('gives headers to a URL, expanded; the replay names them as given, a literal value as $NAME; every value is a secret', () => {
    const choice = one([], { url, header: ['Authorization: Bearer ${TOKEN}', 'X-Tenant: acme'] });
    expect(choice.target).toEqual({ url, transport: 'auto', headers: { Authorization: 'Bearer tok-123456', 'X-Tenant': 'acme' } });
    expect(choice.replayServer).toEqual(['--url', url, '--header', 'Authorization: Bearer ${TOKEN}', '--header', ['X-Tenant: ', { env: 'X_TENANT' }]]);
    expect(choice.replayServer!.join(' ')).not.toContain('tok-123456');
    expect(new Set(choice.secrets)).toEqual(new Set(['tok-123456', 'Bearer tok-123456', 'acme']));
  });

  it('lets the last of two headers with one name win', () => {
    expect(one([], { url, header: ['X-A: one', 'X-A: two'] }).target).toMatchObject({ headers: { 'X-A': 'two' } });
  });

  it('refuses --header for a command, and -e for a URL', () => {
    expect(usage(() => choose(COMMAND, { header: ['X-A: b'] }))).toBe('--header applies to a server given with --url');
    expect(usage(() => choose([], { url, env: ['A=b'] }))).toBe('-e sets the environment of a server started on stdio; a server at a URL is already running');
  });

  it('refuses a header that is malformed or names an unset variable, before anything runs', () => {
    expect(usage(() => choose([], { url, header: ['Bearer x'] }))).toMatch(/^--header expects "Name: value"/);
    expect(usage(() => choose([], { url, header: ['Authorization: ${NOPE}'] }, {}))).toBe('--header Authorization names the environment variable NOPE, which is not set');
  });

  it('gives -e pairs to a command; the replay carries them before the command, each value as $KEY; only secret-looking keys are secrets, the other values private', () => {
    const choice = one(COMMAND, { env: ['API_TOKEN=abc123def', 'LOG_LEVEL=debug', 'DB_PASSWORD=hunter2hunter2', 'EMPTY=', 'EQ=a=b'] });
    expect(choice.target).toEqual({ command: 'node', args: ['server.js'], env: { API_TOKEN: 'abc123def', LOG_LEVEL: 'debug', DB_PASSWORD: 'hunter2hunter2', EMPTY: '', EQ: 'a=b' } });
    const read = (key: string) => ['-e', [`${key}=`, { env: key }]];
    expect(choice.replayServer).toEqual([...read('API_TOKEN'), ...read('LOG_LEVEL'), ...read('DB_PASSWORD'), '-e', 'EMPTY=', ...read('EQ'), '--', 'node', 'server.js']);
    expect(choice.secrets).toEqual(['abc123def', 'hunter2hunter2']);
    expect(choice.privateValues).toEqual(['debug', 'a=b']);
  });

  it.each(['GITHUB_TOKEN', 'client_secret', 'PASSWD', 'OPENAI_API_KEY', 'AUTH_HEADER', 'GOOGLE_CREDENTIALS', 'COOKIE_JAR', 'SESSION_ID'])('takes the value of -e %s as a secret', (key) => {
    expect(one(COMMAND, { env: [`${key}=v-of-${key}`] }).secrets).toEqual([`v-of-${key}`]);
  });

  it.each(['LOG_LEVEL', 'NODE_ENV', 'PORT', 'HOME'])('does not take the value of -e %s as a secret', (key) => {
    expect(one(COMMAND, { env: [`${key}=plain`] }).secrets).toEqual([]);
  });

  it.each(['NOEQUALS', '=value', '1ABC=x', 'A-B=x', ' A=x'])('refuses -e %j', (pair) => {
    expect(usage(() => choose(COMMAND, { env: [pair] }))).toBe(`-e expects KEY=VALUE, got '${pair}'`);
  });

  it('keeps a line break in an -e value (the environment allows one)', () => {
    expect(one(COMMAND, { env: ['CERT=a\nb'] }).target).toMatchObject({ env: { CERT: 'a\nb' } });
  });
});

describe('secrets of the command line, the URL and the environment', () => {
  const read = (env: string) => ({ env });

  it('shows a secret argument as $NAME in the replay and the report, keeps its value, and a short one in its context', () => {
    const choice = one(['node', 'server.js', '--token', 'tok-abcdef', '--password=pw9', '--tokenizer', 'gpt2'], {});
    expect(choice.target).toEqual({ command: 'node', args: ['server.js', '--token', 'tok-abcdef', '--password=pw9', '--tokenizer', 'gpt2'] });
    const shown = ['node', 'server.js', '--token', [read('TOKEN')], ['--password=', read('PASSWORD')], '--tokenizer', 'gpt2'];
    expect(choice.shown).toEqual(shown);
    // A replay names the server by its shown words (report/replay.ts).
    expect(choice).not.toHaveProperty('replayServer');
    expect(choice.secrets).toEqual(['tok-abcdef', 'pw9']);
    expect(choice.secretContexts).toEqual([`--password[=\\s,:'"]{1,6}(?<secret>pw9)`]);
  });

  it('reads an -e value and an argument of the same value from one variable', () => {
    const choice = one(['node', 'server.js', '--api-key', 'k-123456789'], { env: ['API_KEY=k-123456789'] });
    expect(choice.replayServer).toEqual(['-e', ['API_KEY=', read('API_KEY')], '--', 'node', 'server.js', '--api-key', [read('API_KEY')]]);
  });

  it("takes our config file's server environment as private, a secret-looking key's value as a secret", () => {
    const loaded: LoadedConfig = { file: join(ROOT, 'mcp-errlint.config.json'), dir: ROOT, config: { server: { command: 'node', args: ['a.js', '--auth', 'user:pass1'], env: { REGION: 'eu-west-1', SERVICE_TOKEN: 'svc-tok-1' } } } };
    const [choice] = choose([], {}, ENV, loaded);
    expect(choice.secrets).toEqual(['svc-tok-1', 'user:pass1']);
    expect(choice.privateValues).toEqual(['eu-west-1']);
    expect(choice.shown).toEqual(['node', 'a.js', '--auth', [read('AUTH')]]);
    // The file names the server in a replay: no command words.
    expect(choice).not.toHaveProperty('replayServer');
  });

  it('shows a --url with user-info and key parameters as variables, and never quotes the value of a --url it refuses', () => {
    const choice = one([], { url: 'https://me:pa55w0rd@mcp.example.test/mcp?api_key=k-123456&page=2' });
    const url = ['https://', read('URL_USER'), ':', read('URL_PASSWORD'), '@mcp.example.test/mcp?api_key=', read('API_KEY'), '&page=2'];
    expect(choice.replayServer).toEqual(['--url', url]);
    expect(choice.shown).toEqual([url]);
    expect(choice.secrets).toEqual(['pa55w0rd', 'k-123456']);
    expect(usage(() => choose([], { url: 'no-scheme?token=tok-abcdef' }))).toBe("--url expects an http:// or https:// URL, got 'no-scheme?token=$TOKEN'");
    expect(usage(() => choose(COMMAND, { env: ['MY-TOKEN=tok-abcdef'] }))).toBe("-e expects KEY=VALUE, got 'MY-TOKEN=$MY_TOKEN'");
  });

  it('shows a literal --header value as $NAME in the replay', () => {
    const choice = one([], { url: 'http://127.0.0.1:1/mcp', header: ['Authorization: Bearer literal-tok-1'] });
    expect(choice.replayServer).toEqual(['--url', 'http://127.0.0.1:1/mcp', '--header', ['Authorization: Bearer ', read('AUTHORIZATION')]]);
  });
});

describe('--mcp-config', () => {
  const claude = join(CONFIGS, 'claude_desktop_config.json');
  const vscode = join(CONFIGS, 'vscode-mcp.json');
  const cursor = join(CONFIGS, 'cursor-mcp.json');
  const claudeUri = 'fixtures/client-configs/claude_desktop_config.json';

  it('chooses every server of the file, in file order, each anchored on its line and replayed by name', () => {
    expect(choose([], { mcpConfig: claude }, {})).toEqual([
      { target: { command: 'node', args: ['fixtures/well-behaved.mjs'] }, name: 'well-behaved', anchor: { uri: claudeUri, line: 4 }, replayServer: ['--mcp-config', claude, '--server', 'well-behaved'], secrets: [] },
      {
        target: { command: 'node', args: ['fixtures/generic-error.mjs'], env: { NODE_ENV: 'production' } },
        name: 'generic-error',
        anchor: { uri: claudeUri, line: 8 },
        replayServer: ['--mcp-config', claude, '--server', 'generic-error'],
        secrets: [],
        privateValues: ['production'],
      },
      { target: { command: 'node', args: ['fixtures/stack-trace.mjs'] }, name: 'stack-trace', anchor: { uri: claudeUri, line: 15 }, replayServer: ['--mcp-config', claude, '--server', 'stack-trace'], secrets: [] },
    ]);
  });

  it('picks the one --server names', () => {
    const [choice, ...rest] = choose([], { mcpConfig: claude, server: 'stack-trace' }, {});
    expect(rest).toEqual([]);
    expect(choice).toMatchObject({ name: 'stack-trace', anchor: { uri: claudeUri, line: 15 }, target: { args: ['fixtures/stack-trace.mjs'] } });
  });

  it('lists the names the file declares when --server names none of them', () => {
    expect(usage(() => choose([], { mcpConfig: claude, server: 'stack_trace' }, {}))).toBe(`${claude} declares no server named 'stack_trace' (it declares: well-behaved, generic-error, stack-trace)`);
  });

  it('reads VS Code JSONC with an environment variable and an input, both secrets, anchored on each key', () => {
    const uri = 'fixtures/client-configs/vscode-mcp.json';
    const [users, orders] = choose([], { mcpConfig: vscode });
    expect(users).toEqual({
      target: { command: 'node', args: ['fixtures/well-behaved.mjs'], env: { ORDERS_TOKEN: 'input-token-987' } },
      name: 'users',
      anchor: { uri, line: 13 },
      replayServer: ['--mcp-config', vscode, '--server', 'users'],
      secrets: ['input-token-987'],
    });
    expect(orders).toMatchObject({
      target: { url: 'http://127.0.0.1:45678/mcp', transport: 'http', headers: { Authorization: 'Bearer input-token-987' } },
      name: 'orders',
      anchor: { uri, line: 22 },
      replayServer: ['--mcp-config', vscode, '--server', 'orders'],
    });
    expect(orders.secrets).toEqual(expect.arrayContaining(['45678', 'input-token-987', 'Bearer input-token-987']));
  });

  it('fails on the file when a variable or an input it needs is not set', () => {
    expect(() => choose([], { mcpConfig: vscode }, { ERRLINT_TEST_PORT: '1' })).toThrow(/MCP_ERRLINT_INPUT_ORDERS_TOKEN/);
    expect(() => choose([], { mcpConfig: vscode }, { [inputVariable('orders-token')]: 'x' })).toThrow(/ERRLINT_TEST_PORT/);
  });

  it('with --server, reads only that server: a variable another one needs may be unset (issue 28)', () => {
    // orders needs ERRLINT_TEST_PORT and ERRLINT_TEST_TOKEN, users only ERRLINT_TEST_API_KEY.
    const env = { ERRLINT_TEST_API_KEY: 'key-24680' };
    expect(() => choose([], { mcpConfig: cursor }, env)).toThrow(/ERRLINT_TEST_PORT/);
    const users = one([], { mcpConfig: cursor, server: 'users' }, env);
    expect(users).toMatchObject({ name: 'users', target: { command: 'node', env: { USERS_API_KEY: 'key-24680' } }, secrets: ['key-24680'] });
    expect(() => choose([], { mcpConfig: cursor, server: 'orders' }, env)).toThrow(/ERRLINT_TEST_PORT/);
    // VS Code: users needs an input only; orders, a variable too.
    expect(one([], { mcpConfig: vscode, server: 'users' }, { [inputVariable('orders-token')]: 'x' }).name).toBe('users');
  });

  it('lists a disabled server as skipped, with its anchor', () => {
    const choices = choose([], { mcpConfig: cursor }, { ERRLINT_TEST_PORT: '1', ERRLINT_TEST_API_KEY: 'k', ERRLINT_TEST_TOKEN: 't' });
    expect(choices.map((c) => [c.name, c.anchor?.line, c.skipped])).toEqual([
      ['users', 3, undefined],
      ['orders', 10, undefined],
      ['legacy-search', 16, 'disabled in the file ("disabled": true)'],
    ]);
    expect(choices.filter((c) => 'skipped' in c).map((c) => c.name)).toEqual(['legacy-search']);
  });

  it('gives --header to the HTTP servers of the file and -e to its stdio ones, and the replay carries each', () => {
    const [users, orders] = choose([], { mcpConfig: vscode, header: ['X-Trace: ${TOKEN}'], env: ['DEBUG_TOKEN=zzz-999-zzz'] });
    expect(users.target).toEqual({ command: 'node', args: ['fixtures/well-behaved.mjs'], env: { ORDERS_TOKEN: 'input-token-987', DEBUG_TOKEN: 'zzz-999-zzz' } });
    expect(users.replayServer).toEqual(['-e', ['DEBUG_TOKEN=', { env: 'DEBUG_TOKEN' }], '--mcp-config', vscode, '--server', 'users']);
    expect(users.secrets).toEqual(expect.arrayContaining(['input-token-987', 'zzz-999-zzz']));
    expect(users.target).not.toHaveProperty('headers');
    expect(orders.target).toEqual({ url: 'http://127.0.0.1:45678/mcp', transport: 'http', headers: { Authorization: 'Bearer input-token-987', 'X-Trace': 'tok-123456' } });
    expect(orders.secrets).toEqual(expect.arrayContaining(['tok-123456']));
    expect(orders.secrets).not.toContain('zzz-999-zzz');
    // A replay without the header would not reach the server the way this run did.
    expect(orders.replayServer).toEqual(['--mcp-config', vscode, '--server', 'orders', '--header', 'X-Trace: ${TOKEN}']);
  });

  it('anchors on the file found from the context’s working directory, whatever the process’s is', () => {
    const [first] = chooseServers([], { mcpConfig: join('client-configs', 'claude_desktop_config.json'), server: 'well-behaved' }, undefined, { env: {}, cwd: join(ROOT, 'fixtures') });
    expect(first.anchor).toEqual({ uri: claudeUri, line: 4 });
  });
});

describe('--oauth-client-credentials', () => {
  const url = 'http://127.0.0.1:1/mcp';
  const CLIENT_ENV = { MCP_ERRLINT_CLIENT_ID: 'ci-client', MCP_ERRLINT_CLIENT_SECRET: 'ci-secret-123456' };
  const config = (oauth: Record<string, unknown>): LoadedConfig => ({ file: 'mcp-errlint.config.json', dir: ROOT, config: oauth });

  it('gives a URL the client credentials of the environment, the secret among the values never printed, and no header yet', () => {
    const choice = one([], { url, oauthClientCredentials: true, oauthScope: 'mcp:tools' }, CLIENT_ENV);
    expect(choice.oauthClientCredentials).toEqual({ clientId: 'ci-client', clientSecret: 'ci-secret-123456', scope: 'mcp:tools' });
    expect(choice.secrets).toEqual(['ci-secret-123456']);
    expect(choice.target).toEqual({ url, transport: 'auto' });
    // The replay names the flag (replay.ts, from the lint's options), never a value: the server words stay as given.
    expect(choice.replayServer).toEqual(['--url', url]);
  });

  it('takes the flag and the scope from the config file too; a flag wins', () => {
    expect(choose([], { url }, CLIENT_ENV, config({ oauthClientCredentials: true, oauthScope: 'read' }))[0].oauthClientCredentials).toMatchObject({ scope: 'read' });
    expect(choose([], { url, oauthScope: 'write' }, CLIENT_ENV, config({ oauthClientCredentials: true, oauthScope: 'read' }))[0].oauthClientCredentials).toMatchObject({ scope: 'write' });
    expect(choose([], { url }, CLIENT_ENV, config({ oauthClientCredentials: false }))[0]).not.toHaveProperty('oauthClientCredentials');
  });

  it('refuses a command, a missing variable, an Authorization header of its own, and a scope alone, before anything runs', () => {
    expect(usage(() => choose(COMMAND, { oauthClientCredentials: true }, CLIENT_ENV))).toBe('--oauth-client-credentials applies to a server given with --url');
    expect(usage(() => choose(COMMAND, {}, CLIENT_ENV, config({ oauthClientCredentials: true })))).toBe('"oauthClientCredentials" in mcp-errlint.config.json applies to a server given with --url');
    expect(usage(() => choose([], { url, oauthClientCredentials: true }, { MCP_ERRLINT_CLIENT_ID: 'ci-client' }))).toMatch(/: MCP_ERRLINT_CLIENT_SECRET is empty or not set$/);
    expect(usage(() => choose([], { url, oauthClientCredentials: true, header: ['authorization: Bearer ${TOKEN}'] }, { ...ENV, ...CLIENT_ENV }))).toBe(
      '--oauth-client-credentials sends the Authorization header itself: give no --header Authorization with it',
    );
    expect(usage(() => choose([], { url, oauthScope: 'read' }, CLIENT_ENV))).toBe('--oauth-scope is the scope of --oauth-client-credentials: give that too');
  });

  it('goes to the HTTP servers of a client config file only; one with an Authorization header of its own is refused by name', () => {
    const dir = tempDir('errlint-oauth-');
    const file = join(dir, 'mcp.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { local: { command: 'node', args: ['s.js'] }, remote: { url: 'http://127.0.0.1:2/mcp' } } }));
    const [local, remote] = choose([], { mcpConfig: file, oauthClientCredentials: true }, CLIENT_ENV);
    expect(local).not.toHaveProperty('oauthClientCredentials');
    expect(local.secrets).toEqual([]);
    expect(remote.oauthClientCredentials).toEqual({ clientId: 'ci-client', clientSecret: 'ci-secret-123456' });
    const vscode = join(CONFIGS, 'vscode-mcp.json');
    expect(usage(() => choose([], { mcpConfig: vscode, oauthClientCredentials: true }, { ...ENV, ...CLIENT_ENV }))).toBe("--oauth-client-credentials sends the Authorization header itself: server 'orders' already has one");
  });
});
