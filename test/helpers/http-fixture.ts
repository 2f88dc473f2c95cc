// Starts a fixture server over HTTP (`node <file> --transport …`), waits for its `listening on` line, and ends it again: a test's handle on a live 127.0.0.1 server.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll } from 'vitest';
import { isAbsolute, join } from 'node:path';
import { ROOT } from './cli.js';

/** How long a fixture may take to print its `listening on` line (a loaded 2-core machine starts node slowly). */
export const START_TIMEOUT_MS = 20_000;
const KILL_GRACE_MS = 5_000;
const LISTENING = /^listening on (http:\/\/127\.0\.0\.1:\d+\/\S*)$/;

export interface HttpFixtureExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface HttpFixture {
  /** The endpoint from the `listening on` line: `http://127.0.0.1:<port>/mcp` (or `/sse`). */
  url: string;
  pid: number;
  /** Ends the fixture (SIGTERM, then SIGKILL) and waits for its exit; a no-op once it has exited. */
  close(): Promise<void>;
  /** Settles when the process exits, by itself or by close(). */
  exited: Promise<HttpFixtureExit>;
  /** What it wrote to stderr so far. */
  stderr(): string;
}

export interface HttpFixtureOptions {
  /** Time for the `listening on` line (default START_TIMEOUT_MS). */
  startTimeoutMs?: number;
  env?: Record<string, string>;
}

/**
 * Spawns `node <file> ...args` (args carry the `--transport`; `file` is absolute or relative to the checkout) with
 * stdin on a pipe that stays open: when this process dies, the fixture sees EOF and ends too.
 */
export function startHttpFixture(file: string, args: string[] = [], opts: HttpFixtureOptions = {}): Promise<HttpFixture> {
  const child = spawn(process.execPath, [isAbsolute(file) ? file : join(ROOT, file), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...opts.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.on('error', () => {}); // EPIPE once the fixture is gone
  const exited = new Promise<HttpFixtureExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let ended = false;
  void exited.then(() => (ended = true));

  const close = async (): Promise<void> => {
    if (ended) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
    await exited;
    clearTimeout(killer);
  };

  return new Promise<HttpFixture>((resolve, reject) => {
    const timeoutMs = opts.startTimeoutMs ?? START_TIMEOUT_MS;
    const timer = setTimeout(() => {
      void close();
      reject(new Error(`${file} ${args.join(' ')} printed no 'listening on' line within ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, timeoutMs);
    let listening = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (listening) return;
      stdout += chunk;
      const match = stdout
        .split('\n')
        .slice(0, -1)
        .map((line) => LISTENING.exec(line.trim()))
        .find(Boolean);
      if (!match) return;
      listening = true;
      clearTimeout(timer);
      resolve({ url: match[1], pid: child.pid!, close, exited, stderr: () => stderr });
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`${file} ${args.join(' ')} exited (code ${code}, signal ${signal}) before listening\nstderr: ${stderr}`));
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/**
 * The fixtures of `starts` (each `[file, ...args]`) for a test file: started together before its tests (a loaded machine
 * starts node slowly, and in parallel it is paid once), each under its key once started, and ended after them.
 */
export function httpFixturesFor<K extends string>(starts: Record<K, readonly string[]>): Record<K, HttpFixture> {
  const servers = {} as Record<K, HttpFixture>;
  beforeAll(async () => {
    Object.assign(servers, await startHttpFixtures(starts));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(Object.values<HttpFixture>(servers).map((server) => server.close()));
  });
  return servers;
}

/** Fixtures started at once: each start is timed on its own, and a dozen node processes importing the SDKs together on 2 busy cores miss it. */
const STARTS_AT_ONCE = 4;

/** Starts the fixtures of `starts`, a few at a time; when one fails, the others are ended and its error thrown. */
async function startHttpFixtures<K extends string>(starts: Record<K, readonly string[]>): Promise<Record<K, HttpFixture>> {
  const entries = Object.entries(starts) as Array<[K, readonly string[]]>;
  const started: PromiseSettledResult<readonly [K, HttpFixture]>[] = [];
  for (let i = 0; i < entries.length; i += STARTS_AT_ONCE) {
    started.push(...(await Promise.allSettled(entries.slice(i, i + STARTS_AT_ONCE).map(async ([key, [file, ...args]]) => [key, await startHttpFixture(file, args)] as const))));
    if (started.some((result) => result.status === 'rejected')) break;
  }
  const servers = {} as Record<K, HttpFixture>;
  for (const result of started) if (result.status === 'fulfilled') servers[result.value[0]] = result.value[1];
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await Promise.all(Object.values<HttpFixture>(servers).map((server) => server.close()));
    throw failed.reason;
  }
  return servers;
}
