// MCP client config files: every client's format, substitution forms, inputs, JSONC, line numbers, disabled servers, and one exact line per problem.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { tempDir } from '../helpers/temp.js';
import { describe, expect, it } from 'vitest';
import { inputVariable, parseClientConfig, readClientConfig, workspaceFolderOf, type ClientConfigContext, type DeclaredServer } from '../../src/target/client-config.js';
import { ConfigError } from '../../src/config/load.js';
import { UsageError } from '../../src/errors.js';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURES = join(ROOT, 'fixtures', 'client-configs');
const HOME = join(tmpdir(), 'errlint-home');
const WORK = join(tmpdir(), 'errlint-project');

/** The context of a lint run from WORK with exactly `env` set. */
function context(env: Record<string, string> = {}): ClientConfigContext {
  return { env, cwd: WORK, home: HOME };
}

/** The servers declared in `config` (a JS value, or raw text), read as the file `file`. */
function servers(config: unknown, env: Record<string, string> = {}, file = 'mcp.json'): DeclaredServer[] {
  return parseClientConfig(typeof config === 'string' ? config : JSON.stringify(config, null, 2), file, context(env));
}

/** The problem lines for `config`; none when it reads. */
function problems(config: unknown, env: Record<string, string> = {}, file = 'mcp.json'): string[] {
  try {
    servers(config, env, file);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

/** The one server of `{mcpServers: {s: entry}}`. */
function one(entry: unknown, env: Record<string, string> = {}): DeclaredServer {
  const [server, ...rest] = servers({ mcpServers: { s: entry } }, env);
  expect(rest).toEqual([]);
  return server;
}

/** 1-based line of the first line of `text` that contains `needle`, found by plain search (independent of the parser). */
function lineOf(text: string, needle: string): number {
  const index = text.split('\n').findIndex((line) => line.includes(needle));
  expect(index, `${needle} in the fixture`).not.toBe(-1);
  return index + 1;
}

function fixture(name: string, env: Record<string, string>): { servers: DeclaredServer[]; text: string; file: string } {
  const file = join('fixtures', 'client-configs', name);
  const text = readFileSync(join(ROOT, file), 'utf8');
  return { servers: readClientConfig(file, { env, cwd: ROOT, home: HOME }), text, file };
}

describe('the fixture of each client', () => {
  it('Claude Desktop: exactly three stdio servers, each a fixture server of this repo, other top-level keys ignored', () => {
    const { servers: declared, text, file } = fixture('claude_desktop_config.json', {});
    expect(declared).toEqual([
      { name: 'well-behaved', file, line: lineOf(text, '"well-behaved": {'), target: { command: 'node', args: ['fixtures/well-behaved.mjs'] }, secrets: [] },
      {
        name: 'generic-error',
        file,
        line: lineOf(text, '"generic-error": {'),
        target: { command: 'node', args: ['fixtures/generic-error.mjs'], env: { NODE_ENV: 'production' } },
        secrets: [],
      },
      { name: 'stack-trace', file, line: lineOf(text, '"stack-trace": {'), target: { command: 'node', args: ['fixtures/stack-trace.mjs'] }, secrets: [] },
    ]);
    expect(declared.map((s) => s.line)).toEqual([4, 8, 15]);
    for (const { target } of declared) expect(existsSync(join(ROOT, (target as { args: string[] }).args[0]))).toBe(true);
  });

  it('Claude Code .mcp.json: ${VAR:-default} with and without the variable, an http server with a ${TOKEN} header', () => {
    const { servers: declared, text, file } = fixture('.mcp.json', { TOKEN: 'tok-123' });
    expect(declared).toEqual([
      { name: 'users', file, line: lineOf(text, '"users"'), target: { command: 'node', args: ['fixtures/well-behaved.mjs'], env: { LOG_LEVEL: 'warn' } }, secrets: [] },
      {
        name: 'orders',
        file,
        line: lineOf(text, '"orders"'),
        target: { url: 'http://127.0.0.1:8931/mcp', headers: { Authorization: 'Bearer tok-123' }, transport: 'http' },
        secrets: ['tok-123', 'Bearer tok-123'],
      },
    ]);
    const set = fixture('.mcp.json', { TOKEN: 'tok-123', ERRLINT_TEST_PORT: '40123', ERRLINT_TEST_LOG_LEVEL: 'debug' }).servers;
    expect(set[0].target).toMatchObject({ env: { LOG_LEVEL: 'debug' } });
    expect(set[1].target).toMatchObject({ url: 'http://127.0.0.1:40123/mcp' });
    expect(set[1].secrets).toEqual(['40123', 'tok-123', 'Bearer tok-123']);
  });

  it('Claude Code .mcp.json without TOKEN: one line naming the variable, the server and the line of the header', () => {
    expect(() => fixture('.mcp.json', {})).toThrow(ConfigError);
    const text = readFileSync(join(FIXTURES, '.mcp.json'), 'utf8');
    try {
      fixture('.mcp.json', {});
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        `fixtures/client-configs/.mcp.json:${lineOf(text, '"Authorization"')}: server 'orders': environment variable TOKEN is not set (used in headers.Authorization) (or give a default: \${TOKEN:-default})`,
      ]);
    }
  });

  it('Cursor: ${env:NAME}, ${workspaceFolder} (the file’s folder here), a url without type is auto, a disabled server is kept and marked', () => {
    const env = { ERRLINT_TEST_API_KEY: 'key-abc', ERRLINT_TEST_PORT: '40124', ERRLINT_TEST_TOKEN: 'tok-xyz' };
    const { servers: declared, text, file } = fixture('cursor-mcp.json', env);
    expect(declared).toEqual([
      {
        name: 'users',
        file,
        line: lineOf(text, '"users"'),
        target: { command: 'node', args: [`${FIXTURES}/../well-behaved.mjs`], env: { USERS_API_KEY: 'key-abc' } },
        secrets: ['key-abc'],
      },
      {
        name: 'orders',
        file,
        line: lineOf(text, '"orders"'),
        target: { url: 'http://127.0.0.1:40124/mcp', headers: { Authorization: 'Bearer tok-xyz' }, transport: 'auto' },
        secrets: ['40124', 'tok-xyz', 'Bearer tok-xyz'],
      },
      {
        name: 'legacy-search',
        file,
        line: lineOf(text, '"legacy-search"'),
        target: { command: 'node', args: ['fixtures/stack-trace.mjs'] },
        secrets: [],
        skipped: 'disabled in the file ("disabled": true)',
      },
    ]);
    expect(existsSync((declared[0].target as { args: string[] }).args[0])).toBe(true);
  });

  it('VS Code: JSONC (comments, trailing commas), "servers", an input read from MCP_ERRLINT_INPUT_ORDERS_TOKEN, ${env:ERRLINT_TEST_PORT}', () => {
    const env = { MCP_ERRLINT_INPUT_ORDERS_TOKEN: 's3cret', ERRLINT_TEST_PORT: '40125' };
    const { servers: declared, text, file } = fixture('vscode-mcp.json', env);
    expect(declared).toEqual([
      {
        name: 'users',
        file,
        line: lineOf(text, '"users"'),
        target: { command: 'node', args: ['fixtures/well-behaved.mjs'], env: { ORDERS_TOKEN: 's3cret' } },
        secrets: ['s3cret'],
      },
      {
        name: 'orders',
        file,
        line: lineOf(text, '"orders"'),
        target: { url: 'http://127.0.0.1:40125/mcp', headers: { Authorization: 'Bearer s3cret' }, transport: 'http' },
        secrets: ['40125', 's3cret', 'Bearer s3cret'],
      },
    ]);
    expect(declared.map((s) => s.line)).toEqual([13, 22]);
  });

  it('VS Code without the input or the port: a line for each, naming the input and its variable, never a value', () => {
    const text = readFileSync(join(FIXTURES, 'vscode-mcp.json'), 'utf8');
    let thrown: unknown;
    try {
      fixture('vscode-mcp.json', { UNRELATED: 'x' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const file = 'fixtures/client-configs/vscode-mcp.json';
    expect((thrown as ConfigError).problems).toEqual([
      `${file}:${lineOf(text, '"ORDERS_TOKEN"')}: server 'users': input 'orders-token' has no value (used in env.ORDERS_TOKEN): mcp-errlint cannot prompt, so set the environment variable MCP_ERRLINT_INPUT_ORDERS_TOKEN`,
      `${file}:${lineOf(text, '"url"')}: server 'orders': environment variable ERRLINT_TEST_PORT is not set (used in url)`,
      `${file}:${lineOf(text, '"Authorization"')}: server 'orders': input 'orders-token' has no value (used in headers.Authorization): mcp-errlint cannot prompt, so set the environment variable MCP_ERRLINT_INPUT_ORDERS_TOKEN`,
    ]);
  });

  it('Windsurf: serverUrl, ${env:VAR}, "disabled": false is linted and "disabled": true is skipped', () => {
    const env = { ERRLINT_TEST_API_KEY: 'key-w', ERRLINT_TEST_PORT: '40126', ERRLINT_TEST_TOKEN: 'tok-w' };
    const { servers: declared, text, file } = fixture('windsurf_mcp_config.json', env);
    expect(declared).toEqual([
      { name: 'users', file, line: lineOf(text, '"users"'), target: { command: 'node', args: ['fixtures/well-behaved.mjs'], env: { USERS_API_KEY: 'key-w' } }, secrets: ['key-w'] },
      {
        name: 'orders',
        file,
        line: lineOf(text, '"orders"'),
        target: { url: 'http://127.0.0.1:40126/mcp', headers: { Authorization: 'Bearer tok-w' }, transport: 'auto' },
        secrets: ['40126', 'tok-w', 'Bearer tok-w'],
      },
      { name: 'stack-trace', file, line: lineOf(text, '"stack-trace"'), target: { command: 'node', args: ['fixtures/stack-trace.mjs'] }, secrets: [], skipped: 'disabled in the file ("disabled": true)' },
    ]);
  });

  it('every URL in the fixtures is on 127.0.0.1', () => {
    for (const name of ['.mcp.json', 'cursor-mcp.json', 'vscode-mcp.json', 'windsurf_mcp_config.json', 'claude_desktop_config.json']) {
      const urls = readFileSync(join(FIXTURES, name), 'utf8').match(/https?:\/\/[^/"]+/g) ?? [];
      for (const url of urls) expect(url, name).toMatch(/^http:\/\/127\.0\.0\.1(?::|$)/);
    }
  });
});

describe('substitution', () => {
  it.each<[string, string, Record<string, string>, string, string[]]>([
    ['${VAR}', 'a-${V}-b', { V: 'x' }, 'a-x-b', ['x']],
    ['${env:VAR}', '${env:V}', { V: 'x' }, 'x', ['x']],
    ['two in one string', '${A}:${env:B}', { A: '1', B: '2' }, '1:2', ['1', '2']],
    ['${VAR:-default}, VAR unset', '${V:-dflt}', {}, 'dflt', []],
    ['${VAR:-default}, VAR empty (as in a shell)', '${V:-dflt}', { V: '' }, 'dflt', []],
    ['${VAR:-default}, VAR set', '${V:-dflt}', { V: 'x' }, 'x', ['x']],
    ['${VAR:-} (an empty default)', '[${V:-}]', {}, '[]', []],
    ['a default with spaces and colons', '${V:-a b:c}', {}, 'a b:c', []],
    ['${VAR} set to the empty string', '[${V}]', { V: '' }, '[]', []],
    ['${userHome}', '${userHome}/x', {}, `${HOME}/x`, []],
    ['${workspaceFolder}', '${workspaceFolder}', {}, WORK, []],
    ['${workspaceFolderBasename}', '${workspaceFolderBasename}', {}, 'errlint-project', []],
    ['${pathSeparator} and ${/}', 'a${pathSeparator}b${/}c', {}, `a${sep}b${sep}c`, []],
    ['$VAR (never expanded)', '$V', { V: 'x' }, '$V', []],
    ['shell expansions that are no placeholder', '${V%.txt}', { V: 'x' }, '${V%.txt}', []],
    ['a lone ${ without }', 'a${V', { V: 'x' }, 'a${V', []],
  ])('mcpServers: %s', (_, written, env, expected, secrets) => {
    const server = one({ command: 'node', args: [written] }, env);
    expect(server.target).toEqual({ command: 'node', args: [expected] });
    expect(server.secrets).toEqual(secrets);
  });

  it('substitutes in command, args, env, cwd, url and headers alike', () => {
    const env = { BIN: 'node', ARG: 'a', E: 'e', DIR: 'sub', PORT: '1234', TOK: 't' };
    expect(one({ command: '${BIN}', args: ['${ARG}'], env: { K: '${E}' }, cwd: '${DIR}' }, env).target).toEqual({ command: 'node', args: ['a'], env: { K: 'e' }, cwd: join(WORK, 'sub') });
    expect(one({ url: 'http://127.0.0.1:${PORT}/mcp', headers: { 'X-Key': '${TOK}' } }, env).target).toEqual({ url: 'http://127.0.0.1:1234/mcp', headers: { 'X-Key': 't' }, transport: 'auto' });
  });

  it('secrets: substituted values and every header value, never literal args or defaults', () => {
    const server = one({ url: 'http://127.0.0.1:9/mcp', headers: { 'X-Static': 'literal-key', 'X-Dyn': '${D:-fallback}' } });
    expect(server.secrets).toEqual(['literal-key', 'fallback']);
    expect(one({ command: 'node', args: ['--token', 'literal'], env: { A: 'plain' } }).secrets).toEqual([]);
    expect(one({ command: 'node', args: ['${T}', '${T}'] }, { T: 'same' }).secrets).toEqual(['same']);
  });

  it('VS Code has no ${VAR} or ${VAR:-default}: they are passed on as written; ${env:VAR} is substituted', () => {
    const [server] = servers({ servers: { s: { command: 'node', args: ['${V}', '${V:-d}', '${env:V}'] } } }, { V: 'x' });
    expect(server.target).toEqual({ command: 'node', args: ['${V}', '${V:-d}', 'x'] });
  });

  it('an unset variable: one line per variable and server, at the line of its first use, naming where it is used', () => {
    const text = `{
  "mcpServers": {
    "a": {
      "command": "\${BIN}",
      "args": ["\${MISSING}", "\${MISSING}"],
      "env": { "X": "\${env:ALSO_MISSING}" }
    },
    "b": { "command": "node", "args": ["\${MISSING}"] }
  }
}`;
    expect(problems(text)).toEqual([
      "mcp.json:4: server 'a': environment variable BIN is not set (used in command) (or give a default: ${BIN:-default})",
      "mcp.json:5: server 'a': environment variable MISSING is not set (used in args[0]) (or give a default: ${MISSING:-default})",
      "mcp.json:6: server 'a': environment variable ALSO_MISSING is not set (used in env.X)",
      "mcp.json:8: server 'b': environment variable MISSING is not set (used in args[0]) (or give a default: ${MISSING:-default})",
    ]);
  });

  it('a problem never quotes a substituted value', () => {
    const lines = problems({ mcpServers: { s: { url: '${U}', headers: { A: '${MISSING}' } } } }, { U: 'not-a-url-SECRET' });
    expect(lines).toEqual([`mcp.json:4: server 's': "url" must be an http:// or https:// URL`, expect.stringContaining('MISSING is not set')]);
    expect(lines.join('\n')).not.toContain('SECRET');
  });

  it('a default that nests a placeholder, an empty ${env:}, and VS Code ${command:…} are problems', () => {
    expect(problems({ mcpServers: { s: { command: 'node', args: ['${A:-${B}}', '${env:}'] } } })).toEqual([
      "mcp.json:6: server 's': ${A:-${B} nests a placeholder in its default: not supported (used in args[0])",
      "mcp.json:7: server 's': ${env:} names no variable (used in args[1])",
    ]);
    expect(problems({ servers: { s: { command: '${command:python.interpreterPath}' } } })).toEqual([
      "mcp.json:4: server 's': ${command:python.interpreterPath} is resolved by VS Code itself: mcp-errlint cannot (used in command)",
    ]);
  });
});

describe('VS Code inputs', () => {
  it.each([
    ['api-key', 'MCP_ERRLINT_INPUT_API_KEY'],
    ['apiKey', 'MCP_ERRLINT_INPUT_APIKEY'],
    ['my.token/2', 'MCP_ERRLINT_INPUT_MY_TOKEN_2'],
    ['clé', 'MCP_ERRLINT_INPUT_CL_'],
  ])('input %s is read from %s', (id, variable) => {
    expect(inputVariable(id)).toBe(variable);
    const config = { inputs: [{ type: 'promptString', id, description: 'd', password: true }], servers: { s: { command: 'node', env: { K: `\${input:${id}}` } } } };
    expect(servers(config, { [variable]: 'v' })[0]).toMatchObject({ target: { env: { K: 'v' } }, secrets: ['v'] });
  });

  it("an input's default stands in for the answer; the variable wins over it", () => {
    const config = { inputs: [{ type: 'promptString', id: 'region', default: 'eu-1' }], servers: { s: { command: 'node', args: ['${input:region}'] } } };
    expect(servers(config)[0].target).toEqual({ command: 'node', args: ['eu-1'] });
    expect(servers(config, { MCP_ERRLINT_INPUT_REGION: 'us-2' })[0].target).toEqual({ command: 'node', args: ['us-2'] });
  });

  it('an undeclared input and malformed inputs are problems', () => {
    expect(problems({ servers: { s: { command: 'node', args: ['${input:nope}'] } } }, { MCP_ERRLINT_INPUT_NOPE: 'v' })).toEqual([
      `mcp.json:6: server 's': input 'nope' is not declared in "inputs" (used in args[0])`,
    ]);
    expect(problems({ inputs: {}, servers: {} })).toEqual(['mcp.json:2: "inputs" must be an array, not an object']);
    expect(problems({ inputs: [{ type: 'promptString' }, 'x', { id: 'a', default: 1 }], servers: {} })).toEqual([
      'mcp.json:3: inputs[0] needs an "id" string',
      'mcp.json:6: inputs[1] must be an object, not a string',
      'mcp.json:9: inputs[2].default must be a string, not a number',
    ]);
  });

  it('${input:…} means nothing in an mcpServers file: it is passed on as written', () => {
    expect(one({ command: 'node', args: ['${input:x}'] }).target).toEqual({ command: 'node', args: ['${input:x}'] });
  });
});

describe('workspace folder and cwd', () => {
  it('${workspaceFolder} is the folder that holds .vscode or .cursor, else the file’s folder', () => {
    expect(workspaceFolderOf(join(WORK, '.vscode', 'mcp.json'))).toBe(WORK);
    expect(workspaceFolderOf(join(WORK, '.cursor', 'mcp.json'))).toBe(WORK);
    expect(workspaceFolderOf(join(WORK, '.mcp.json'))).toBe(WORK);
    expect(workspaceFolderOf(join(WORK, 'config', 'mcp.json'))).toBe(join(WORK, 'config'));
    const config = { servers: { s: { command: 'node', args: ['${workspaceFolder}/server.js'], cwd: 'tools' } } };
    expect(servers(config, {}, '.vscode/mcp.json')[0].target).toEqual({ command: 'node', args: [`${WORK}/server.js`], cwd: join(WORK, 'tools') });
  });

  it('a relative cwd resolves against the workspace folder, an absolute one stays; no cwd stays absent', () => {
    expect(one({ command: 'node', cwd: '.' }).target).toEqual({ command: 'node', args: [], cwd: WORK });
    expect(one({ command: 'node', cwd: '${workspaceFolder}/a' }).target).toEqual({ command: 'node', args: [], cwd: join(WORK, 'a') });
    expect(servers({ mcpServers: { s: { command: 'node', cwd: '/srv/x' } } }, {}, 'conf/mcp.json')[0].target).toEqual({ command: 'node', args: [], cwd: '/srv/x' });
    expect(one({ command: 'node' }).target).toEqual({ command: 'node', args: [] });
  });
});

describe('transports', () => {
  it.each<[string, Record<string, unknown>, unknown]>([
    ['command only: stdio', { command: 'node', args: ['s.js'] }, { command: 'node', args: ['s.js'] }],
    ['"type": "stdio"', { type: 'stdio', command: 'node' }, { command: 'node', args: [] }],
    ['url without type: auto', { url: 'http://127.0.0.1:1/mcp' }, { url: 'http://127.0.0.1:1/mcp', transport: 'auto' }],
    ['"type": "http"', { type: 'http', url: 'http://127.0.0.1:1/mcp' }, { url: 'http://127.0.0.1:1/mcp', transport: 'http' }],
    ['"type": "streamable-http"', { type: 'streamable-http', url: 'http://127.0.0.1:1/mcp' }, { url: 'http://127.0.0.1:1/mcp', transport: 'http' }],
    ['"type": "streamableHttp"', { type: 'streamableHttp', url: 'http://127.0.0.1:1/mcp' }, { url: 'http://127.0.0.1:1/mcp', transport: 'http' }],
    ['"type": "sse"', { type: 'sse', url: 'http://127.0.0.1:1/sse' }, { url: 'http://127.0.0.1:1/sse', transport: 'sse' }],
    ['serverUrl (Windsurf)', { serverUrl: 'https://127.0.0.1/mcp' }, { url: 'https://127.0.0.1/mcp', transport: 'auto' }],
    ['serverUrl wins over url', { serverUrl: 'http://127.0.0.1:2/mcp', url: 'http://127.0.0.1:3/mcp' }, { url: 'http://127.0.0.1:2/mcp', transport: 'auto' }],
    ['url wins over command without type', { command: 'node', url: 'http://127.0.0.1:1/mcp' }, { url: 'http://127.0.0.1:1/mcp', transport: 'auto' }],
    ['extra client keys are ignored', { command: 'node', autoApprove: [], timeout: 30, alwaysAllow: ['x'], disabled: false }, { command: 'node', args: [] }],
  ])('%s', (_, entry, target) => {
    expect(one(entry).target).toEqual(target);
  });
});

describe('envFile', () => {
  it('loads NAME=value lines (comments, export, quotes); env wins over it; every value is a secret', () => {
    const dir = tempDir('errlint-envfile-');
    mkdirSync(join(dir, '.vscode'));
    writeFileSync(join(dir, '.env'), '# comment\nexport A=1\nB="two words\\n"\nC=\'$raw\'\nD=d # trailing\nOVER=file\n');
    const config = JSON.stringify({ servers: { s: { command: 'node', envFile: '${workspaceFolder}/.env', env: { OVER: 'env' } } } });
    const [server] = parseClientConfig(config, '.vscode/mcp.json', { env: {}, cwd: dir, home: HOME });
    expect(server.target).toEqual({ command: 'node', args: [], env: { A: '1', B: 'two words\n', C: '$raw', D: 'd', OVER: 'env' } });
    expect(server.secrets).toEqual(['1', 'two words\n', '$raw', 'd', 'file']);
  });

  it('a missing envFile and a malformed line are problems that quote the path as written', () => {
    const dir = tempDir('errlint-envfile-');
    writeFileSync(join(dir, 'bad.env'), 'A=1\nnot a line\n');
    const read = (envFile: string) => {
      try {
        parseClientConfig(JSON.stringify({ servers: { s: { command: 'node', envFile } } }), 'mcp.json', { env: {}, cwd: dir, home: HOME });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(read('missing.env')).toEqual(["mcp.json:1: server 's': envFile 'missing.env' cannot be read: no such file"]);
    expect(read('bad.env')).toEqual(["mcp.json:1: server 's': envFile 'bad.env' line 2: expected NAME=value"]);
    expect(read('${env:NO_SUCH_DIR}/.env')).toEqual(["mcp.json:1: server 's': environment variable NO_SUCH_DIR is not set (used in envFile)"]);
  });
});

describe('disabled servers', () => {
  it('are returned with a reason, still read, and a variable they lack is no problem', () => {
    const server = one({ command: 'node', args: ['${MISSING}', '${SET}'], disabled: true }, { SET: 'v' });
    expect(server).toMatchObject({ target: { command: 'node', args: ['${MISSING}', 'v'] }, skipped: 'disabled in the file ("disabled": true)' });
  });

  it('still need a shape: neither command nor url is a problem, and disabled must be a boolean', () => {
    expect(problems({ mcpServers: { s: { disabled: true } } })).toEqual([`mcp.json:3: server 's': has neither "command" (a server to start) nor "url" (a server to reach)`]);
    expect(problems({ mcpServers: { s: { command: 'node', disabled: 'yes' } } })).toEqual([`mcp.json:5: server 's': "disabled" must be true or false`]);
  });
});

describe('JSONC and line numbers', () => {
  it('comments and trailing commas are read in any file; the line is that of the server key', () => {
    const text = `/* header */
{
  // line comment
  "mcpServers": {

    "first": { "command": "node", }, // trailing comma


    "second":
      { "url": "http://127.0.0.1:1/mcp" },
  },
}
`;
    expect(servers(text).map((s) => [s.name, s.line])).toEqual([
      ['first', 6],
      ['second', 9],
    ]);
  });

  it('counts CRLF and CR line ends, and a byte order mark is no character', () => {
    const text = '\uFEFF{\r\n"mcpServers": {\r\n\r\n"a": {"command": "node"},\r"b": {"command": "node"}}}';
    expect(servers(text).map((s) => s.line)).toEqual([4, 5]);
  });

  it.each([
    ['a missing comma', '{\n  "mcpServers": {\n    "a": {"command": "node"}\n    "b": {}\n  }\n}', `mcp.json:4:5: invalid JSON: expected ',', found "\\""`],
    ['an unclosed object', '{\n  "mcpServers": {', "mcp.json:2:18: invalid JSON: expected ',' or '}' at the end of the file"],
    ['an empty file', '', 'mcp.json:1:1: invalid JSON: expected a value at the end of the file'],
    ['a single-quoted key', "{'mcpServers': {}}", 'mcp.json:1:2: invalid JSON: unexpected character, found "\'"'],
    ['an unterminated comment', '{"mcpServers": {}} /* x', 'mcp.json:1:20: invalid JSON: unterminated comment, found "/"'],
  ])('invalid JSON, %s: file:line:col and one line', (_, text, line) => {
    expect(problems(text)).toEqual([line]);
  });
});

describe('problems: one line each, "file:line: …"', () => {
  it.each<[string, unknown, string[]]>([
    ['neither mcpServers nor servers', { globalShortcut: 'x' }, ['mcp.json:1: not an MCP client config: no "mcpServers" object (Claude Desktop, Claude Code, Cursor, Windsurf) and no "servers" object (VS Code)']],
    ['a top level that is an array', [], ['mcp.json:1: not an MCP client config: the top level is an array, not an object']],
    ['both keys', { mcpServers: {}, servers: {} }, ['mcp.json:3: both "mcpServers" and "servers": cannot tell which client this file is for']],
    ['mcpServers that is an array', { mcpServers: [] }, ['mcp.json:2: "mcpServers" must be an object that maps server names to servers, not an array']],
    ['servers that is a string', { servers: 'x' }, ['mcp.json:2: "servers" must be an object that maps server names to servers, not a string']],
    ['a server that is not an object', { mcpServers: { s: 'node x.js' } }, [`mcp.json:3: server 's': must be an object, not a string`]],
    ['neither command nor url', { mcpServers: { s: { args: ['x.js'] } } }, [`mcp.json:3: server 's': has neither "command" (a server to start) nor "url" (a server to reach)`]],
    ['an empty command', { mcpServers: { s: { command: ' ' } } }, [`mcp.json:4: server 's': "command" must be a non-empty string`]],
    ['args not an array', { mcpServers: { s: { command: 'node', args: 'x.js' } } }, [`mcp.json:5: server 's': "args" must be an array of strings`]],
    ['args with a number (one line for the array)', { mcpServers: { s: { command: 'node', args: ['x.js', 1, 2] } } }, [`mcp.json:5: server 's': "args" must be an array of strings`]],
    [
      'env values that are not strings (one line each)',
      { mcpServers: { s: { command: 'node', env: { PORT: 1, DEBUG: true, OK: 'x' } } } },
      [`mcp.json:6: server 's': env.PORT must be a string, not a number`, `mcp.json:7: server 's': env.DEBUG must be a string, not true`],
    ],
    ['env that is an array', { mcpServers: { s: { command: 'node', env: ['A=1'] } } }, [`mcp.json:5: server 's': "env" must be an object of strings, not an array`]],
    ['a header that is not a string', { mcpServers: { s: { url: 'http://127.0.0.1/mcp', headers: { 'X-N': 1 } } } }, [`mcp.json:6: server 's': headers.X-N must be a string, not a number`]],
    ['cwd not a string', { mcpServers: { s: { command: 'node', cwd: 1 } } }, [`mcp.json:5: server 's': "cwd" must be a string, not a number`]],
    ['url not a string', { mcpServers: { s: { url: 8080 } } }, [`mcp.json:4: server 's': "url" must be a string, not a number`]],
    ['a url that is not http(s)', { mcpServers: { s: { url: 'ws://127.0.0.1/mcp' } } }, [`mcp.json:4: server 's': "url" must be an http:// or https:// URL`]],
    ['a serverUrl that is no URL', { mcpServers: { s: { serverUrl: '127.0.0.1:8080' } } }, [`mcp.json:4: server 's': "serverUrl" must be an http:// or https:// URL`]],
    ['an unknown type', { mcpServers: { s: { type: 'ssse', url: 'http://127.0.0.1/sse' } } }, [`mcp.json:4: server 's': unknown "type" 'ssse' (did you mean 'sse'?) (expected stdio, http, sse, streamable-http, streamableHttp)`]],
    ['a type of the wrong kind', { mcpServers: { s: { type: 1, command: 'node' } } }, [`mcp.json:4: server 's': unknown "type" a number (expected stdio, http, sse, streamable-http, streamableHttp)`]],
    ['type stdio without command', { mcpServers: { s: { type: 'stdio', url: 'http://127.0.0.1/mcp' } } }, [`mcp.json:4: server 's': "type": "stdio" needs "command"`]],
    ['type http without url', { mcpServers: { s: { type: 'http', command: 'node' } } }, [`mcp.json:4: server 's': "type": "http" needs "url"`]],
    [
      'several servers, several problems, in file order',
      { mcpServers: { a: { command: 'node', args: 'x' }, b: {}, c: { command: 'node' } } },
      [`mcp.json:5: server 'a': "args" must be an array of strings`, `mcp.json:7: server 'b': has neither "command" (a server to start) nor "url" (a server to reach)`],
    ],
  ])('%s', (_, config, expected) => {
    expect(problems(config)).toEqual(expected);
  });

  it('a server declared twice', () => {
    expect(problems('{"mcpServers": {\n"a": {"command": "node"},\n"a": {"command": "node"}}}')).toEqual([
      "mcp.json:3: server 'a' is declared again (first at line 2); a client keeps only the last one",
    ]);
  });

  it('an empty mcpServers declares no server', () => {
    expect(servers({ mcpServers: {} })).toEqual([]);
  });

  it('control characters in names are shown escaped, terminal escapes dropped', () => {
    expect(problems({ mcpServers: { 'bell\u0007\u001b[31m': {} } })).toEqual([`mcp.json:3: server 'bell\\u0007': has neither "command" (a server to start) nor "url" (a server to reach)`]);
  });
});

describe('readClientConfig', () => {
  it('reads a file relative to cwd and names it as given', () => {
    const dir = tempDir('errlint-client-');
    writeFileSync(join(dir, 'claude.json'), JSON.stringify({ mcpServers: { s: { command: 'node' } } }));
    expect(readClientConfig('claude.json', { env: {}, cwd: dir })).toEqual([{ name: 's', file: 'claude.json', line: 1, target: { command: 'node', args: [] }, secrets: [] }]);
  });

  it('a file that cannot be read: "<file>: cannot read: …"', () => {
    const dir = tempDir('errlint-client-');
    expect(() => readClientConfig('nope.json', { env: {}, cwd: dir })).toThrow('nope.json: cannot read: no such file');
    expect(() => readClientConfig('.', { env: {}, cwd: dir })).toThrow('.: cannot read: is a directory');
  });

  it('`only` reads that server alone: another one may name an unset variable, or be malformed (issue 28)', () => {
    const config = JSON.stringify({ mcpServers: { a: { command: 'node', args: ['${A_ARG}'] }, b: { url: 'http://h/${UNSET_B}/mcp' }, c: { type: 'websocket' } } }, null, 2);
    const read = (only: string | undefined, env: Record<string, string>) => parseClientConfig(config, 'mcp.json', { ...context(env), ...(only !== undefined ? { only } : {}) });
    expect(() => read(undefined, { A_ARG: 'x' })).toThrow(ConfigError);
    expect(read('a', { A_ARG: 'x' })).toEqual([{ name: 'a', file: 'mcp.json', line: 3, target: { command: 'node', args: ['x'] }, secrets: ['x'] }]);
    // The chosen server still needs its own variables.
    expect(() => read('a', {})).toThrow(new ConfigError(["mcp.json:6: server 'a': environment variable A_ARG is not set (used in args[0]) (or give a default: ${A_ARG:-default})"]));
    expect(() => read('d', {})).toThrow(new UsageError("mcp.json declares no server named 'd' (it declares: a, b, c)"));
  });

  it('${userHome} defaults to HOME from the given env', () => {
    const dir = tempDir('errlint-client-');
    writeFileSync(join(dir, 'm.json'), JSON.stringify({ mcpServers: { s: { command: '${userHome}/bin/server' } } }));
    expect(readClientConfig('m.json', { env: { HOME: '/home/ada' }, cwd: dir })[0].target).toEqual({ command: '/home/ada/bin/server', args: [] });
  });
});
