// scoreboard --registry without linting: the three formats and the list API's cursor (a registry this test serves on
// 127.0.0.1), the schema's required fields, the argv per package type, the classes decided before a server starts,
// the filters and deduplication, the values given per server.
import { createServer, type Server } from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { entriesOf, pageUrl, readRegistry } from '../../src/board/registry/read.js';
import { validateServer, type Package } from '../../src/board/registry/validate.js';
import { launchPackage, launchRemote } from '../../src/board/registry/launch.js';
import { parseEnvFlag, readEnvFile, valuesFor } from '../../src/board/registry/values.js';
import { onPath, registryServers } from '../../src/board/registry/servers.js';
import { BOARD_CLASSES, classOf } from '../../src/board/classes.js';

const server = (name: string, extra: Record<string, unknown> = {}) => ({ name, description: `${name}, a test server`, version: '1.0.0', ...extra });
const npm = (identifier: string, extra: Partial<Package> = {}): Package => ({ registryType: 'npm', identifier, version: '1.2.3', transport: { type: 'stdio' }, ...extra });

function writeJson(value: unknown): string {
  const file = join(tempDir('errlint-registry-'), 'registry.json');
  writeFileSync(file, JSON.stringify(value));
  return file;
}

describe('reading a registry', () => {
  it('reads the list format (with _meta), an array of server.json, and one server.json', async () => {
    const a = server('io.github.acme/a');
    const b = server('io.github.acme/b');
    const list = { servers: [{ server: a, _meta: { 'io.modelcontextprotocol.registry/official': { isLatest: true } } }, { server: b }], metadata: { count: 2 } };
    expect(await readRegistry(writeJson(list))).toEqual([{ server: a, meta: list.servers[0]._meta }, { server: b }]);
    expect(await readRegistry(writeJson([a, b]))).toEqual([{ server: a }, { server: b }]);
    expect(await readRegistry(writeJson(a))).toEqual([{ server: a }]);
    expect(entriesOf({ servers: [], metadata: { nextCursor: 'c2' } }, 'x').nextCursor).toBe('c2');
  });

  it('names the line and column of a file that is not JSON, and a file that is not there', async () => {
    const dir = tempDir('errlint-registry-');
    writeFileSync(join(dir, 'bad.json'), '{\n  "servers": [,]\n}');
    await expect(readRegistry(join(dir, 'bad.json'))).rejects.toThrow(/bad\.json:2:\d+: /);
    await expect(readRegistry(join(dir, 'none.json'))).rejects.toThrow(/none\.json: no such file/);
  });

  it('asks the list API for the latest versions, page after page, by nextCursor', () => {
    expect(pageUrl('https://registry.example/')).toBe('https://registry.example/v0.1/servers?version=latest');
    expect(pageUrl('https://registry.example/v0.1/servers', 'a b')).toBe('https://registry.example/v0.1/servers?version=latest&cursor=a+b');
  });

  describe('from a registry served on 127.0.0.1', () => {
    let http: Server;
    let base: string;
    const asked: string[] = [];
    const pages: Record<string, unknown> = {
      '': { servers: [{ server: server('io.github.acme/one') }], metadata: { nextCursor: 'page-2', count: 1 } },
      'page-2': { servers: [{ server: server('io.github.acme/two') }, { server: server('io.github.acme/three') }], metadata: { nextCursor: 'page-3', count: 2 } },
      'page-3': { servers: [{ server: server('io.github.acme/four') }], metadata: { count: 1 } },
    };
    beforeAll(async () => {
      http = createServer((req, res) => {
        const url = new URL(req.url!, 'http://127.0.0.1');
        asked.push(`${url.pathname}?${url.searchParams.toString()}`);
        const page = pages[url.searchParams.get('cursor') ?? ''];
        res.writeHead(page && url.pathname === '/v0.1/servers' ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(page ?? { error: 'no such page' }));
      });
      await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
      base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((done) => http.close(() => done())));

    it('follows nextCursor to the last page', async () => {
      const entries = await readRegistry(base);
      expect(entries.map((e) => (e.server as { name: string }).name)).toEqual(['io.github.acme/one', 'io.github.acme/two', 'io.github.acme/three', 'io.github.acme/four']);
      expect(asked.slice(-3)).toEqual(['/v0.1/servers?version=latest', '/v0.1/servers?version=latest&cursor=page-2', '/v0.1/servers?version=latest&cursor=page-3']);
    });

    it('says which page failed', async () => {
      await expect(readRegistry(`${base}/elsewhere`)).rejects.toThrow(/elsewhere\/v0\.1\/servers\?version=latest: the registry answered HTTP 404/);
    });
  });
});

describe("the schema's required fields", () => {
  it('accepts a complete entry', () => {
    expect(validateServer(server('io.github.acme/ok', { packages: [npm('ok')], remotes: [{ type: 'sse', url: 'https://acme.example/sse' }] })).ok).toBe(true);
  });

  it.each([
    [{ description: 'd', version: '1' }, 'name: required'],
    [{ name: 'io.github.acme/x', version: '1' }, 'description: required'],
    [{ name: 'io.github.acme/x', description: 'd' }, 'version: required'],
    [{ name: 'no-slash', description: 'd', version: '1' }, 'name: must be "namespace/name" (reverse DNS, one slash)'],
    [server('io.github.acme/x', { packages: [{ identifier: 'x', version: '1', transport: { type: 'stdio' } }] }), 'packages[0].registryType: required'],
    [server('io.github.acme/x', { packages: [{ registryType: 'npm', version: '1', transport: { type: 'stdio' } }] }), 'packages[0].identifier: required'],
    [server('io.github.acme/x', { packages: [{ registryType: 'pypi', identifier: 'x', transport: { type: 'stdio' } }] }), 'packages[0].version: required'],
    [server('io.github.acme/x', { packages: [npm('x', { version: 'latest' })] }), 'packages[0].version: must be a specific version, not "latest"'],
    [server('io.github.acme/x', { packages: [{ registryType: 'npm', identifier: 'x', version: '1' }] }), 'packages[0].transport: required'],
    [server('io.github.acme/x', { packages: [npm('x', { transport: { type: 'streamable-http' } })] }), 'packages[0].transport.url: required'],
    [server('io.github.acme/x', { packages: [npm('x', { packageArguments: [{ type: 'named' } as never] })] }), 'packages[0].packageArguments[0].name: required'],
    [server('io.github.acme/x', { packages: [npm('x', { runtimeArguments: [{ type: 'positional' }] })] }), 'packages[0].runtimeArguments[0]: a positional argument needs "value" or "valueHint"'],
    [server('io.github.acme/x', { packages: [npm('x', { environmentVariables: [{ isRequired: true } as never] })] }), 'packages[0].environmentVariables[0].name: required'],
    [server('io.github.acme/x', { remotes: [{ type: 'streamable-http' }] }), 'remotes[0].url: required'],
    [server('io.github.acme/x', { remotes: [{ type: 'websocket', url: 'wss://x' }] }), 'remotes[0].type: must be "stdio", "streamable-http" or "sse"'],
  ])('%j: %s', (entry, problem) => {
    const checked = validateServer(entry);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? [] : checked.problems).toContain(problem);
  });
});

describe('launched as clients launch', () => {
  const args = {
    runtimeArguments: [{ type: 'named' as const, name: '--quiet', value: 'true' }],
    packageArguments: [
      { type: 'positional' as const, valueHint: 'root', default: '/srv' },
      { type: 'named' as const, name: '--port', value: '{port}', variables: { port: { default: '8080' } } },
      { type: 'named' as const, name: '--mode', valueHint: 'mode' },
    ],
  };

  it('npm: npx -y, runtime arguments before the package, package arguments after', () => {
    expect(launchPackage(npm('@acme/server', args), {})).toMatchObject({ kind: 'stdio', command: 'npx', args: ['-y', '--quiet', 'true', '@acme/server@1.2.3', '/srv', '--port', '8080'] });
  });

  it('pypi: uvx <package>==<version>', () => {
    expect(launchPackage({ ...npm('acme-server', args), registryType: 'pypi' }, { root: '/data', '--mode': 'fast' })).toMatchObject({
      command: 'uvx',
      args: ['--quiet', 'true', 'acme-server==1.2.3', '/data', '--port', '8080', '--mode', 'fast'],
    });
  });

  it('nuget: dnx <package>@<version> --, the package arguments after --', () => {
    expect(launchPackage({ ...npm('Acme.Server', args), registryType: 'nuget' }, { port: '9000' })).toMatchObject({ command: 'dnx', args: ['--quiet', 'true', 'Acme.Server@1.2.3', '--', '/srv', '--port', '9000'] });
  });

  it('oci: docker run -i --rm, the variables by name (their values through the environment), then the image', () => {
    const pkg: Package = { registryType: 'oci', identifier: 'ghcr.io/acme/server:1.2.3', transport: { type: 'stdio' }, environmentVariables: [{ name: 'ACME_TOKEN', isRequired: true, isSecret: true }, { name: 'ACME_REGION', default: 'eu' }, { name: 'ACME_UNSET' }], ...args };
    const launch = launchPackage(pkg, { ACME_TOKEN: 'tok-0123456789' });
    expect(launch).toEqual({
      kind: 'stdio',
      command: 'docker',
      args: ['run', '-i', '--rm', '-e', 'ACME_TOKEN', '-e', 'ACME_REGION', '--quiet', 'true', 'ghcr.io/acme/server:1.2.3', '/srv', '--port', '8080'],
      env: { ACME_TOKEN: 'tok-0123456789', ACME_REGION: 'eu' },
      secrets: ['tok-0123456789'],
    });
  });

  it('needs-config: a required variable or argument with no value, no default and nothing given; the environment gives one too', () => {
    const pkg = npm('x', { environmentVariables: [{ name: 'ACME_KEY', isRequired: true }], packageArguments: [{ type: 'positional', valueHint: 'workspace', isRequired: true }] });
    expect(launchPackage(pkg, {})).toEqual({ kind: 'not-started', class: 'needs-config', reason: expect.stringMatching(/^no value for packageArguments\[0\] workspace, environment variable ACME_KEY /) });
    expect(launchPackage(pkg, { workspace: '/w' }, { ACME_KEY: 'from-env' })).toMatchObject({ kind: 'stdio', args: ['-y', 'x@1.2.3', '/w'], env: { ACME_KEY: 'from-env' } });
  });

  it('unsupported-runtime: an mcpb download, and a package that serves HTTP once started', () => {
    expect(launchPackage({ registryType: 'mcpb', identifier: 'https://x/s.mcpb', transport: { type: 'stdio' } }, {})).toMatchObject({ class: 'unsupported-runtime' });
    expect(launchPackage(npm('x', { transport: { type: 'streamable-http', url: 'http://localhost:3000/mcp' } }), {})).toMatchObject({ class: 'unsupported-runtime', reason: expect.stringMatching(/serves streamable-http/) });
  });

  it('remotes: the URL with its variables substituted, the transport by type, headers from given values', () => {
    const remote = { type: 'sse', url: 'https://{tenant}.acme.example/sse', variables: { tenant: { isRequired: true } }, headers: [{ name: 'Authorization', value: 'Bearer {token}', variables: { token: { isRequired: true, isSecret: true } } }, { name: 'X-Optional' }] };
    expect(launchRemote(remote, { tenant: 't1', token: 'secret-token-123' })).toEqual({ kind: 'remote', url: 'https://t1.acme.example/sse', transport: 'sse', headers: { Authorization: 'Bearer secret-token-123' }, secrets: ['secret-token-123', 'Bearer secret-token-123'] });
    expect(launchRemote(remote, { tenant: 't1' })).toMatchObject({ class: 'needs-config', reason: expect.stringContaining('header Authorization variable {token}') });
    expect(launchRemote({ type: 'streamable-http', url: 'https://acme.example/mcp' }, {})).toMatchObject({ url: 'https://acme.example/mcp', transport: 'http' });
  });
});

describe('values per server', () => {
  it('--env <server>:NAME=VALUE and --env-file by server name or glob, later wins; $VAR and ${VAR} read from the environment', () => {
    expect(parseEnvFlag('io.github.acme/x:KEY=a=b')).toEqual({ server: 'io.github.acme/x', values: { KEY: 'a=b' } });
    expect(parseEnvFlag('io.github.acme/*:Authorization=Bearer ${TOKEN}', { TOKEN: 'from-env' })).toEqual({ server: 'io.github.acme/*', values: { Authorization: 'Bearer from-env' } });
    expect(() => parseEnvFlag('io.github.acme/x:KEY=$UNSET_ONE', {})).toThrow(/--env io\.github\.acme\/x:KEY names the environment variable UNSET_ONE, which is not set/);
    expect(() => parseEnvFlag('KEY=VALUE')).toThrow(/expects <server>:NAME=VALUE/);
    expect(() => parseEnvFlag('io.github.acme/x:KEY')).toThrow(/expects <server>:NAME=VALUE/);
    const file = writeJson({ 'io.github.acme/*': { REGION: 'eu', KEY: '${env:ACME_KEY}' }, 'io.github.acme/x': { KEY: 'x-file' } });
    const given = [...readEnvFile(file, { ACME_KEY: 'key-from-env' }), parseEnvFlag('io.github.acme/x:REGION=us')];
    expect(valuesFor('io.github.acme/x', given)).toEqual({ REGION: 'us', KEY: 'x-file' });
    expect(valuesFor('io.github.acme/y', given)).toEqual({ REGION: 'eu', KEY: 'key-from-env' });
    expect(valuesFor('io.github.other/z', given)).toEqual({});
    expect(() => readEnvFile(writeJson({ 'io.github.acme/x': { KEY: 1 } }))).toThrow(/"io\.github\.acme\/x": expected an object of string values/);
  });
});

describe('the board list from a registry', () => {
  const bin = tempDir('errlint-registry-bin-');
  for (const launcher of ['npx', 'docker']) writeFileSync(join(bin, launcher), '#!/bin/sh\n', { mode: 0o755 });
  mkdirSync(join(bin, 'empty'));
  const env = { PATH: bin };
  const entries = {
    servers: [
      { server: server('io.github.acme/old', { version: '0.1.0', packages: [npm('old')] }), _meta: { 'io.modelcontextprotocol.registry/official': { isLatest: false } } },
      { server: server('io.github.acme/npm', { packages: [npm('@acme/npm', { environmentVariables: [{ name: 'ACME_REGION', default: 'eu' }] })] }) },
      { server: server('io.github.acme/npm', { version: '0.9.0', packages: [npm('@acme/npm', { version: '0.9.0' })] }) },
      { server: server('io.github.acme/python', { packages: [{ registryType: 'pypi', identifier: 'acme', version: '1', transport: { type: 'stdio' } }] }) },
      { server: server('io.github.acme/image', { packages: [{ registryType: 'oci', identifier: 'acme/image:1', transport: { type: 'stdio' } }], remotes: [{ type: 'streamable-http', url: 'https://acme.example/image' }] }) },
      { server: server('io.github.acme/remote', { remotes: [{ type: 'streamable-http', url: 'https://acme.example/mcp' }] }) },
      { server: server('io.github.other/remote-again', { remotes: [{ type: 'streamable-http', url: 'http://ACME.example/mcp/?x=1' }] }) },
      { server: { name: 'io.github.acme/broken', version: '1', packages: [npm('b', { version: undefined })] } },
      { server: server('io.github.acme/nothing') },
    ],
  };
  const file = writeJson(entries);
  const rows = (list: Awaited<ReturnType<typeof registryServers>>) => list.servers.map((s) => [s.name, s.class?.class ?? s.args.join(' ')]);

  it('latest versions only, each name once, each remote host and path once; a wrong entry is a row naming its index, name and fields', async () => {
    const list = await registryServers(file, { env });
    expect(rows(list)).toEqual([
      ['io.github.acme/npm', '-e ACME_REGION=eu -- npx -y @acme/npm@1.2.3'],
      ['io.github.acme/python', 'unsupported-runtime'],
      ['io.github.acme/image', '-- docker run -i --rm acme/image:1'],
      ['io.github.acme/remote', '--url https://acme.example/mcp --transport http'],
      ['io.github.acme/broken', 'invalid-entry'],
      ['io.github.acme/nothing', 'could-not-start'],
    ]);
    expect(list.problems).toEqual([`${file}: entry 7 (io.github.acme/broken): description: required; packages[0].version: required`]);
    expect(list.servers.find((s) => s.name === 'io.github.acme/python')?.class?.reason).toBe("'uvx' is not on PATH");
    expect(list.servers[0].launcher).toBe('npx');
  });

  it('--name globs and --package-type choose the entries, and the package or remote each is launched from', async () => {
    expect(rows(await registryServers(file, { env, names: ['io.github.acme/r*', '*/npm'] }))).toEqual([['io.github.acme/npm', '-e ACME_REGION=eu -- npx -y @acme/npm@1.2.3'], ['io.github.acme/remote', '--url https://acme.example/mcp --transport http']]);
    expect(rows(await registryServers(file, { env, packageType: 'remote' })).map(([name]) => name)).toEqual(['io.github.acme/image', 'io.github.acme/remote', 'io.github.acme/broken']);
    expect(rows(await registryServers(file, { env, packageType: 'oci' }))).toEqual([['io.github.acme/image', '-- docker run -i --rm acme/image:1'], ['io.github.acme/broken', 'invalid-entry']]);
  });

  it('finds a launcher on PATH only as an executable file', () => {
    expect(onPath('npx', bin)).toBe(true);
    expect(onPath('uvx', bin)).toBe(false);
    expect(onPath('empty', bin)).toBe(false);
  });
});

describe('classes', () => {
  it('a lint with no report: timed out, unreachable, an install that failed (by launcher), else could not start', () => {
    expect(classOf("the run's deadline of 4s (--deadline) was reached before the server was ready; nothing was probed", 2)).toBe('timed-out');
    expect(classOf('no MCP handshake within 10s: the server wrote nothing on stdout', 2)).toBe('timed-out');
    expect(classOf('the linter exited with code 128', 128)).toBe('timed-out');
    expect(classOf('could not reach http://127.0.0.1:9/mcp: ECONNREFUSED', 2)).toBe('unreachable');
    const npm404 = 'the server exited with code 1 before the MCP handshake, having written nothing on stdout (server stderr: "npm error code E404")';
    expect(classOf(npm404, 2, 'npx')).toBe('install-failed');
    expect(classOf(npm404, 2, 'uvx')).toBe('could-not-start');
    expect(classOf('the server exited with code 1 … (server stderr: "Unable to find image \'acme:1\' locally")', 2, 'docker')).toBe('install-failed');
    expect(classOf("could not start 'x': spawn x ENOENT", 2)).toBe('could-not-start');
  });

  it('the board schema knows every class', () => {
    const schema = JSON.parse(readFileSync('schema/board.schema.json', 'utf8'));
    expect(schema.properties.rows.items.properties.class.enum).toEqual([...BOARD_CLASSES]);
    expect(schema.properties.counts.properties.classes.required).toEqual([...BOARD_CLASSES]);
  });
});
