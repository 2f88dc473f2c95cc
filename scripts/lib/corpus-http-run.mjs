#!/usr/bin/env node
// One server of the corpus's HTTP pass, run inside the pass's network namespace (so server and linter share its
// loopback): start the server on a free port of 127.0.0.1, wait until it listens, lint it with --url, stop it.
//
//   node scripts/lib/corpus-http-run.mjs '{"run":"everything","dir":"/tmp/errlint-corpus-…","linterArgs":[…]}'
//
// Started by scripts/corpus.mjs in the temp dir it made (and deletes). The exit code is the linter's; 2 when the
// server never listened. The server shares this process's group, so the caller's kill of the group reaches it and
// whatever it started; this script stops the server itself when the linter is done.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect, createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { httpStart } from './corpus-servers.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const LINTER = join(ROOT, 'bin', 'mcp-errlint.js');
/** How long a server may take to open its port (n8n loads its SQLite database first). */
const LISTEN_TIMEOUT_MS = 60_000;
/** How long a server gets to exit after SIGTERM before SIGKILL. */
const STOP_GRACE_MS = 3_000;

const log = (line) => process.stderr.write(`${line}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A port nothing listens on at 127.0.0.1 (in a fresh namespace any would do; without one, this machine's). */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/** Whether something accepts a TCP connection on 127.0.0.1:port. */
function accepts(port) {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

function exited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Poll the port until it accepts, the server exits, or the start-up time is spent. */
async function waitForListen(server, port) {
  const until = Date.now() + LISTEN_TIMEOUT_MS;
  while (Date.now() < until) {
    if (exited(server)) return `the server exited (${server.exitCode ?? server.signalCode}) before listening on port ${port}`;
    if (await accepts(port)) return '';
    await sleep(200);
  }
  return `the server did not listen on port ${port} within ${LISTEN_TIMEOUT_MS / 1000} s`;
}

async function stop(server) {
  if (exited(server)) return;
  const gone = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  if (await Promise.race([gone.then(() => true), sleep(STOP_GRACE_MS).then(() => false)])) return;
  server.kill('SIGKILL');
  await gone;
}

async function main() {
  const { run, dir, linterArgs } = JSON.parse(process.argv[2]);
  const port = await freePort();
  // A fresh secret per run for servers that require a bearer token: the server reads it from its variable, the
  // linter from its own environment through `--header 'Authorization: Bearer ${…}'`, never from its command line.
  const token = randomBytes(24).toString('hex');
  const start = httpStart(run, dir, port, token);
  let serverStderr = '';
  const server = spawn(start.command[0], start.command.slice(1), { cwd: dir, env: { ...process.env, ...start.env }, stdio: ['ignore', 'ignore', 'pipe'] });
  server.stderr.on('data', (chunk) => {
    serverStderr = (serverStderr + chunk).slice(-4000);
  });
  try {
    const notListening = await waitForListen(server, port);
    if (notListening) {
      const tail = serverStderr.trim().split('\n').slice(-3).join(' ');
      log(`corpus-http: ${notListening}${tail ? ` (server stderr: ${tail})` : ''}`);
      return 2;
    }
    const args = [LINTER, ...linterArgs, '--url', start.url, ...start.linterArgs];
    const linter = spawn(process.execPath, args, { cwd: dir, env: { ...process.env, ...start.linterEnv }, stdio: ['ignore', 'inherit', 'inherit'] });
    const [code, signal] = await new Promise((r) => linter.on('close', (c, s) => r([c, s])));
    if (code === 2 && exited(server)) log(`corpus-http: the server exited (${server.exitCode ?? server.signalCode}) during the run`);
    return code ?? (signal ? 128 : 2);
  } finally {
    await stop(server);
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    log(`corpus-http: ${error.message}`);
    process.exitCode = 2;
  },
);
