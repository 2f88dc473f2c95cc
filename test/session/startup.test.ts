// Start-up failures: what stdout showed, the telling stderr lines (real Node crashes, other runtimes), the cause
// sentence, and the session's handshake: one timeout in all, a legacy retry only for a server that exited during the era probe.
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startupFailure, stdoutSighting, telltaleStderr } from '../../src/transport/startup.js';
import { Session, SessionStartError } from '../../src/session/session.js';

/** The stderr of this Node running a file with `source` (it crashes). */
function nodeCrash(name: string, source: string): string {
  const dir = tempDir('errlint-crash-');
  writeFileSync(join(dir, name), source);
  const run = spawnSync(process.execPath, [join(dir, name)], { encoding: 'utf8' });
  expect(run.status).not.toBe(0);
  expect(run.stderr).toMatch(/Node\.js v\d+/); // the banner is really there, last
  return run.stderr;
}

describe('telltaleStderr: the lines that say why', () => {
  it.each([
    // Two absolute paths in the temp folder: the line ends cut at 160 characters when the temp folder's path is long.
    ['a missing ES module', 'server.mjs', "import './config.mjs';\n", /^Error \[ERR_MODULE_NOT_FOUND\]: Cannot find module '.*config\.mjs' imported from (?:.*server\.mjs|.*…)$/],
    ['a missing CommonJS module', 'server.cjs', "require('/nowhere/missing.js');\n", /^Error: Cannot find module '\/nowhere\/missing\.js'$/],
    ['a syntax error, with where', 'server.mjs', 'const port = ;\n', /^SyntaxError: Unexpected token ';' \(at file:\/\/\/.*server\.mjs:1\)$/],
    ['an Error thrown at load, with where', 'server.mjs', "throw new Error('DB_URL is not set');\n", /^Error: DB_URL is not set \(at file:\/\/\/.*server\.mjs:1\)$/],
    ['a thrown string', 'server.mjs', "throw 'no config';\n", /^no config$/],
  ])('a Node crash: %s', (_label, name, source, expected) => {
    const lines = telltaleStderr(nodeCrash(name, source));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(expected);
  });

  it.each([
    ['a Python traceback: the exception, not the frames', 'Traceback (most recent call last):\n  File "server.py", line 3, in <module>\n    import acme\nModuleNotFoundError: No module named \'acme\'\n', ["ModuleNotFoundError: No module named 'acme'"]],
    ['log lines around the failure: first and last failure lines', '[info] starting\n[error] config invalid: port must be a number\n[info] retrying\nfatal: giving up\n', ['[error] config invalid: port must be a number', 'fatal: giving up']],
    ['nothing that reads as a failure: the last line', 'starting acme\nbye\n', ['bye']],
    ['only the runtime banner: nothing', '\nNode.js v20.19.0\n', []],
    ['npm: the error, not the log pointer', 'npm error code E404\nnpm error 404 Not Found - GET https://registry.npmjs.org/acme-mcp\nnpm error A complete log of this run can be found in: /root/.npm/_logs/x.log\n', ['npm error code E404', 'npm error 404 Not Found - GET https://registry.npmjs.org/acme-mcp']],
    ['empty', '', []],
  ])('%s', (_label, stderr, expected) => {
    expect(telltaleStderr(stderr)).toEqual(expected);
  });

  it('keeps quoted lines short', () => {
    const [line] = telltaleStderr(`Error: ${'x'.repeat(5000)}\n`);
    expect(line.length).toBeLessThanOrEqual(160);
    expect(line.endsWith('…')).toBe(true);
  });
});

describe('stdoutSighting and startupFailure', () => {
  it.each([
    ['', { kind: 'nothing' }],
    ['\n \n', { kind: 'nothing' }],
    ['Acme server v2 ready\n', { kind: 'banner', line: 'Acme server v2 ready' }],
    ['Type a command> ', { kind: 'banner', line: 'Type a command>' }], // a prompt without a newline
    ['{"level":30,"msg":"listening"}\n', { kind: 'banner', line: '{"level":30,"msg":"listening"}' }], // a JSON log line is no JSON-RPC
    ['{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"nope"}}\n', { kind: 'json-rpc' }],
  ])('stdout %j', (head, expected) => {
    expect(stdoutSighting(head)).toEqual(expected);
  });

  it('says what was seen for each way a start-up ends', () => {
    expect(startupFailure({ kind: 'timeout', ms: 10_000 }, '', '')).toBe('no MCP handshake within 10s: the server wrote nothing on stdout (is it an MCP stdio server?)');
    expect(startupFailure({ kind: 'timeout', ms: 10_000 }, 'Welcome!\n', '')).toMatch(/^no MCP handshake within 10s: the server wrote a line that is not JSON-RPC on stdout, "Welcome!",/);
    expect(startupFailure({ kind: 'exit', exit: { exitCode: 3, signal: null } }, '', 'fatal: no token\n\nNode.js v20.1.0\n')).toBe('the server exited with code 3 before the MCP handshake, having written nothing on stdout (server stderr: "fatal: no token")');
    expect(startupFailure({ kind: 'exit', exit: { exitCode: null, signal: 'SIGSEGV' } }, 'v1.0 booting\n', '')).toBe('the server was ended by SIGSEGV before the MCP handshake, having written "v1.0 booting" on stdout');
    expect(startupFailure({ kind: 'error', message: "Server's protocol version is not supported: 1999-01-01" }, '{"jsonrpc":"2.0","id":1,"result":{}}\n', '')).toBe("the MCP handshake failed: Server's protocol version is not supported: 1999-01-01");
  });
});

/**
 * A node -e server that appends its PID to `file`, runs `onFirst` on its first message (`msg`), refuses
 * server/discover and answers initialize (unless `onInitialize` ends it first).
 */
function legacyServer(file: string, { onFirst = '', onInitialize = '' }: { onFirst?: string; onInitialize?: string }): string[] {
  return ['-e', `
    require('node:fs').appendFileSync(${JSON.stringify(file)}, process.pid + '\\n');
    const send = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
    let first = true;
    require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
      const msg = JSON.parse(line);
      if (first) { first = false; ${onFirst} }
      if (msg.method === 'initialize') { ${onInitialize} }
      if (msg.method === 'initialize') send({ jsonrpc: '2.0', id: msg.id, result: { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'legacy', version: '1' } } });
      if (msg.method === 'server/discover') send({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } });
    });`];
}

describe('Session handshake', () => {
  const pidFile = () => join(tempDir('errlint-start-'), 'pids');
  const spawns = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
  /** A node -e server that appends its PID to `file` and runs `onMessage` for each message (`msg`, `send`). */
  const scripted = (file: string, onMessage: string) => ['-e', `
    require('node:fs').appendFileSync(${JSON.stringify(file)}, process.pid + '\\n');
    const send = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
    const legacy = (msg) => send({ jsonrpc: '2.0', id: msg.id, result: { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'slow', version: '1' } } });
    require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => { const msg = JSON.parse(line); ${onMessage} });
    setInterval(() => {}, 1 << 30);`];
  /** Refuses the era probe after `delayMs`; with `heardFile`, first writes there when (Date.now()) it refused. */
  const refuse = (delayMs: number, heardFile?: string) =>
    `if (msg.method === 'server/discover') setTimeout(() => { ${heardFile ? `require('node:fs').writeFileSync(${JSON.stringify(heardFile)}, String(Date.now()));` : ''} send({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } }); }, ${delayMs});`;

  it('gives a silent server one handshake timeout in all, and one spawn', async () => {
    const file = pidFile();
    const started = performance.now();
    const error = await Session.open({ target: { command: process.execPath, args: scripted(file, '') }, timeoutMs: 500, handshakeTimeoutMs: 2000 }).catch((e) => e);
    expect(error).toBeInstanceOf(SessionStartError);
    expect(error.message).toBe('no MCP handshake within 2s: the server wrote nothing on stdout (is it an MCP stdio server?)');
    // Two timeouts would be 4 s. The spawn is inside the timeout, so all that can come on top of its 2 s is the timer
    // firing late and the error being built: milliseconds, against 1.8 s of room.
    expect(performance.now() - started).toBeLessThan(3800);
    expect(spawns(file)).toBe(1);
  });

  it("restarts the handshake timeout once at the server's first JSON-RPC message: a slow server still connects", async () => {
    const file = pidFile();
    // A 5 s timeout; the era probe is refused after 1.5 s (room: 3.5 s for Node to start), initialize answered 3.6 s
    // after that (room: 1.4 s for the round trip). 5.1 s in all: more than one timeout, so only the restart lets it connect.
    const onMessage = `${refuse(1500)} if (msg.method === 'initialize') setTimeout(() => legacy(msg), 3600);`;
    const session = await Session.open({ target: { command: process.execPath, args: scripted(file, onMessage) }, timeoutMs: 2000, handshakeTimeoutMs: 5000 });
    try {
      expect(session.facts.era).toBe('legacy');
      expect(spawns(file)).toBe(1);
    } finally {
      await session.close();
    }
  });

  it('gives a server that answered but never completes the handshake that second timeout, no more', async () => {
    const file = pidFile();
    const heard = `${file}.heard`;
    const error = await Session.open({ target: { command: process.execPath, args: scripted(file, refuse(300, heard)) }, timeoutMs: 2000, handshakeTimeoutMs: 2000 }).catch((e) => e);
    const endedAt = Date.now();
    expect(error.message).toBe('no MCP handshake within 2s: the server answered on stdout but did not complete the handshake');
    // Counted from the server's answer (so Node's start-up, slow on a loaded machine, is not in it): the restarted 2 s
    // and a few milliseconds; a further timeout would make it 4 s.
    expect(endedAt - Number(readFileSync(heard, 'utf8'))).toBeLessThan(3000);
    expect(spawns(file)).toBe(1);
  });

  it('retries once as legacy a server that exits at the server/discover probe, and then connects', async () => {
    const file = pidFile();
    const session = await Session.open({ target: { command: process.execPath, args: legacyServer(file, { onFirst: "if (msg.method === 'server/discover') process.exit(1);" }) }, timeoutMs: 2000 });
    try {
      expect(session.facts.era).toBe('legacy');
      expect(spawns(file)).toBe(2);
    } finally {
      await session.close();
    }
  });

  it('does not retry a server whose legacy handshake failed: one spawn, and the cause names the exit', async () => {
    const file = pidFile();
    const error = await Session.open({ target: { command: process.execPath, args: legacyServer(file, { onInitialize: "console.error('Error: initialize is not supported by acme'); process.exit(4);" }) }, timeoutMs: 2000 }).catch((e) => e);
    expect(error).toBeInstanceOf(SessionStartError);
    expect(error.message).toBe('the server exited with code 4 before the MCP handshake, after answering on stdout (server stderr: "Error: initialize is not supported by acme")');
    expect(spawns(file)).toBe(1);
  });
});
