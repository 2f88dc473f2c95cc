// The corpus's servers and how each is started offline, over stdio and over HTTP: shared by scripts/corpus.mjs,
// scripts/lib/corpus-http-run.mjs and scripts/recovery-calibration.mjs.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const MODULES = join(ROOT, 'corpus', 'node_modules');
/** A TCP port on 127.0.0.1 where nothing listens: database clients fail locally with ECONNREFUSED (a transient error). */
export const CLOSED_PORT = 1;

/**
 * The corpus. `entry` is relative to the package's directory; `args`/`env` get the server's temp dir;
 * `setup` fills it. Chosen for: no network, no credentials, tools that work locally (see docs/calibration.md).
 *
 * `http` lists how a server that can serve over HTTP is started for the HTTP pass (`npm run corpus -- --http`), one
 * run each: `variant` names a second run (`everything-sse`); `entry` replaces the stdio one; `args(dir, port)` and
 * `env(dir, port, token)` (on top of `env`) make it listen on 127.0.0.1:port; `path` is the MCP endpoint; `bearer`
 * gives the server a fresh token in `env` and the linter the same as `Authorization: Bearer ${…}` from its environment;
 * `everyInterface` marks a server that cannot be told to listen on 127.0.0.1 only (run only inside the namespace);
 * `how` says in one line how it was started.
 */
export const SERVERS = [
  {
    name: 'everything',
    pkg: '@modelcontextprotocol/server-everything',
    entry: 'dist/index.js',
    args: () => ['stdio'],
    http: [
      { args: () => ['streamableHttp'], env: (dir, port) => ({ PORT: String(port) }), path: '/mcp', everyInterface: true, how: 'Streamable HTTP: `dist/index.js streamableHttp`, PORT' },
      { variant: 'sse', args: () => ['sse'], env: (dir, port) => ({ PORT: String(port) }), path: '/sse', everyInterface: true, how: 'legacy HTTP+SSE: `dist/index.js sse`, PORT' },
    ],
    why: 'official reference server, SDK 1.x McpServer, exercises every protocol feature',
  },
  {
    name: 'memory',
    pkg: '@modelcontextprotocol/server-memory',
    entry: 'dist/index.js',
    env: (dir) => ({ MEMORY_FILE_PATH: join(dir, 'memory.jsonl') }),
    why: 'official, SDK 1.x McpServer, knowledge graph in a JSONL file',
  },
  {
    name: 'filesystem',
    pkg: '@modelcontextprotocol/server-filesystem',
    entry: 'dist/index.js',
    args: (dir) => [join(dir, 'root')],
    setup: (dir) => {
      mkdirSync(join(dir, 'root', 'sub'), { recursive: true });
      writeFileSync(join(dir, 'root', 'notes.txt'), 'hello\nworld\n');
      writeFileSync(join(dir, 'root', 'sub', 'data.json'), '{"a":1}\n');
    },
    why: 'official, SDK 1.x McpServer with annotations, path validation against allowed roots',
  },
  {
    name: 'sequential-thinking',
    pkg: '@modelcontextprotocol/server-sequential-thinking',
    entry: 'dist/index.js',
    env: () => ({ DISABLE_THOUGHT_LOGGING: 'true' }),
    why: 'official, SDK 1.x McpServer, one stateful tool with numeric constraints',
  },
  {
    name: 'postgres',
    pkg: '@modelcontextprotocol/server-postgres',
    entry: 'dist/index.js',
    args: () => [`postgresql://corpus@127.0.0.1:${CLOSED_PORT}/corpus`],
    why: 'official (archived), SDK 1.0 low-level Server; database on a closed local port: a transient failure',
  },
  {
    name: 'redis',
    pkg: '@modelcontextprotocol/server-redis',
    entry: 'dist/index.js',
    args: () => [`redis://127.0.0.1:${CLOSED_PORT}`],
    why: 'official (archived), SDK 1.x low-level Server; connects before serving, so a closed port is a start failure',
  },
  {
    name: 'system-monitor',
    pkg: '@modelcontextprotocol/server-system-monitor',
    entry: 'dist/index.js',
    args: () => ['--stdio'],
    http: [{ env: (dir, port) => ({ PORT: String(port) }), path: '/mcp', everyInterface: true, how: 'Streamable HTTP, stateless (its default without --stdio), PORT' }],
    why: 'official MCP App example on SDK 2.x (@modelcontextprotocol/server), reads local system stats',
  },
  {
    name: 'mongodb',
    pkg: 'mongodb-mcp-server',
    entry: 'dist/esm/index.js',
    args: (dir) => mongodbArgs(dir),
    http: [{
      args: (dir, port) => [...mongodbArgs(dir), '--transport', 'http', '--httpHost', '127.0.0.1', '--httpPort', String(port)],
      path: '/mcp',
      how: 'Streamable HTTP: `--transport http --httpHost 127.0.0.1 --httpPort`, the stdio flags otherwise',
    }],
    env: () => ({ MDB_MCP_DISABLED_TOOLS: 'search-knowledge,list-knowledge-sources' }),
    why: 'MongoDB\'s own server, SDK 2.x, annotated tools; database on a closed local port (transient failures); read-only mode',
  },
  {
    name: 'hello-world',
    pkg: 'mcp-hello-world',
    entry: 'build/stdio.js',
    http: [{ entry: 'build/http.js', env: (dir, port) => ({ PORT: String(port) }), path: '/sse', everyInterface: true, how: 'legacy HTTP+SSE only: `build/http.js`, PORT' }],
    why: 'minimal SDK 1.x McpServer example, widely installed as a test server',
  },
  {
    name: 'eslint',
    pkg: '@eslint/mcp',
    entry: 'src/mcp-cli.js',
    setup: (dir) => {
      writeFileSync(join(dir, 'eslint.config.js'), 'export default [{ rules: { "no-unused-vars": "error", semi: "error" } }];\n');
      writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
      writeFileSync(join(dir, 'example.js'), 'const unused = 1\n');
    },
    why: 'ESLint\'s official server, SDK 1.x McpServer, lints files in its working directory',
  },
  {
    name: 'time',
    pkg: 'time-mcp',
    entry: 'dist/index.js',
    why: 'SDK 1.x McpServer with zod 4, date/time tools with formats and time zones',
  },
  {
    name: 'calc',
    pkg: '@coo-quack/calc-mcp',
    entry: 'dist/index.js',
    why: 'SDK 1.x McpServer, 21 deterministic tools (math, dates, encodings, hashes) with enums and constraints',
  },
  {
    name: 'n8n',
    pkg: 'n8n-mcp',
    entry: 'dist/mcp/stdio-wrapper.js',
    env: () => ({ N8N_MCP_TELEMETRY_DISABLED: 'true', MCP_MODE: 'stdio', LOG_LEVEL: 'error' }),
    http: [{
      entry: 'dist/mcp/index.js',
      // Its limiter (meant for failed logins) counts every answer of 400 and above, 20 per 15 minutes: the probes' refused
      // frames would end the run throttled (Retry-After 900 s) before a tool is called. Raised, as for any test client.
      env: (dir, port, token) => ({ MCP_MODE: 'http', HOST: '127.0.0.1', PORT: String(port), AUTH_TOKEN: token, AUTH_RATE_LIMIT_MAX: '100000' }),
      bearer: true,
      path: '/mcp',
      how: 'Streamable HTTP (single-session server): `dist/mcp/index.js` with MCP_MODE=http, HOST, PORT, AUTH_TOKEN as a bearer token, AUTH_RATE_LIMIT_MAX=100000',
    }],
    why: 'widely used, SDK 1.x low-level Server, documentation tools over a bundled SQLite database (no n8n API configured)',
  },
  {
    name: 'shrimp-task-manager',
    pkg: 'mcp-shrimp-task-manager',
    entry: 'dist/index.js',
    env: (dir) => ({ DATA_DIR: join(dir, 'data'), TEMPLATES_USE: 'en', ENABLE_GUI: 'false' }),
    why: 'SDK 1.x low-level Server with zod-to-json-schema, task store in a data dir',
  },
  {
    name: 'taskmanager',
    pkg: '@kazuph/mcp-taskmanager',
    entry: 'dist/index.js',
    env: (dir) => ({ TASK_MANAGER_FILE_PATH: join(dir, 'tasks.json') }),
    why: 'SDK 1.x low-level Server, hand-written schemas, task queue in a JSON file',
  },
  {
    name: 'knowledge-graph',
    pkg: '@itseasy21/mcp-knowledge-graph',
    entry: 'dist/index.js',
    args: (dir) => ['--memory-path', join(dir, 'memory.jsonl')],
    why: 'community fork of server-memory on SDK 1.0.1 low-level Server: the same tools before McpServer',
  },
  {
    name: 'excel',
    pkg: '@negokaz/excel-mcp-server',
    entry: 'dist/excel-mcp-server_linux_amd64_v1/excel-mcp-server',
    runtime: null,
    // Its write tools take any absolute path: never let the linter call them (left out of --sandboxed).
    writesOutsideSandbox: true,
    env: () => ({ EXCEL_MCP_PAGING_CELLS_LIMIT: '4000' }),
    setup: (dir) => writeFileSync(join(dir, 'not-a-workbook.xlsx'), 'plain text, not a zip\n'),
    why: 'Go server (mcp-go) shipped as a binary in the npm package: a non-TypeScript SDK',
  },
];

function mongodbArgs(dir) {
  return ['--readOnly', '--telemetry', 'disabled', '--logPath', join(dir, 'logs'), '--exportsPath', join(dir, 'exports'),
    '--connectionString', `mongodb://127.0.0.1:${CLOSED_PORT}/corpus?serverSelectionTimeoutMS=2000&connectTimeoutMS=2000`];
}

/** The HTTP pass's runs: one per `http` start of a server, named after it (and its variant). */
export const HTTP_RUNS = SERVERS.flatMap((server) => (server.http ?? []).map((start) => ({ name: start.variant ? `${server.name}-${start.variant}` : server.name, server, start })));

/** The variable the linter reads a server's bearer token from (the header names it; its value is never on a command line). */
const BEARER_VARIABLE = 'CORPUS_BEARER_TOKEN';

/**
 * How to start one HTTP run on 127.0.0.1:port (inside the namespace the caller is already in) and lint it: the server's
 * command and environment, the URL, and the linter's extra flags and environment.
 */
export function httpStart(name, dir, port, token) {
  const run = HTTP_RUNS.find((r) => r.name === name);
  if (!run) throw new Error(`no HTTP run named ${name}`);
  const { server, start } = run;
  const entry = join(MODULES, server.pkg, start.entry ?? server.entry);
  const runtime = server.runtime === null ? [] : [process.execPath];
  return {
    command: [...runtime, entry, ...(start.args?.(dir, port) ?? [])],
    env: { ...serverEnv(server, dir), ...(start.env?.(dir, port, token) ?? {}) },
    url: `http://127.0.0.1:${port}${start.path}`,
    linterArgs: start.bearer ? ['--header', `Authorization: Bearer \${${BEARER_VARIABLE}}`] : [],
    linterEnv: start.bearer ? { [BEARER_VARIABLE]: token } : {},
  };
}

export function serverCommand(server, dir, netns) {
  const entry = join(MODULES, server.pkg, server.entry);
  const runtime = server.runtime === null ? [] : [process.execPath];
  return [...netns.prefix, ...runtime, entry, ...(server.args?.(dir) ?? [])];
}

/** A server's temp dir (its working directory, with a HOME inside), filled by its setup; the caller removes it. */
export function serverDir(server) {
  const dir = mkdtempSync(join(tmpdir(), `errlint-corpus-${server.name}-`));
  mkdirSync(join(dir, 'home'));
  server.setup?.(dir);
  return dir;
}

/** What a server's environment gets on top of ours: a HOME (and XDG dirs) in its temp dir, and its own variables. */
export function serverEnv(server, dir) {
  const home = join(dir, 'home');
  return { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_CACHE_HOME: join(home, '.cache'), XDG_DATA_HOME: join(home, '.local', 'share'), NO_COLOR: '1', ...(server.env?.(dir) ?? {}) };
}

