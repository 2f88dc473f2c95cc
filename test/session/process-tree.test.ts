// Process trees: close ends a server's group, its descendants and everything carrying its marker (a child in a
// session of its own, one that outlived the server, one that ignores SIGTERM), and leaves every other process alone.
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RecordingStdioTransport } from '../../src/transport/stdio.js';
import { killAllSync, terminateAll, terminateTree, track, trackedServers, TERMINATE_GRACE_MS } from '../../src/transport/process-tree.js';
import { isAlive, survivors } from '../helpers/hostile.js';

/**
 * A server (stdin read, nothing answered) that starts: a child in its group; a child in a session of its own that
 * ignores SIGTERM (writing a line to $ERRLINT_PID_FILE.signals for each one) and starts a grandchild in yet another
 * session. Every process appends its PID to $ERRLINT_PID_FILE (the variable the survivors check knows its processes by).
 */
const TREE = `
  const { spawn } = require('node:child_process');
  const record = () => require('node:fs').appendFileSync(process.env.ERRLINT_PID_FILE, process.pid + '\\n');
  record();
  const role = process.argv[1];
  const start = (next, detached) => spawn(process.execPath, ['-e', process.env.TREE, next], { stdio: 'ignore', detached }).unref();
  if (role === 'server') { start('worker', false); start('daemon', true); process.stdin.resume(); }
  if (role === 'daemon') { process.on('SIGTERM', () => require('node:fs').appendFileSync(process.env.ERRLINT_PID_FILE + '.signals', 'SIGTERM\\n')); start('grandchild', true); }
  setInterval(() => {}, 1 << 30);`;

const opened: RecordingStdioTransport[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()));
});

async function startTree(): Promise<{ transport: RecordingStdioTransport; pidFile: string }> {
  const pidFile = join(tempDir('errlint-tree-'), 'pids');
  const transport = new RecordingStdioTransport({ command: process.execPath, args: ['-e', TREE, 'server'], env: { ERRLINT_PID_FILE: pidFile, TREE } });
  opened.push(transport);
  await transport.start();
  await until(() => pidsIn(pidFile).length === 4);
  return { transport, pidFile };
}

const pidsIn = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number) : []);
/** The signals the daemon caught (and ignored). */
const signalsIn = (pidFile: string) => (existsSync(`${pidFile}.signals`) ? readFileSync(`${pidFile}.signals`, 'utf8').split('\n').filter(Boolean) : []);

async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The session ID of a live process (field 6 of /proc/<pid>/stat). */
const sessionOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);
};

describe.runIf(process.platform === 'linux')('process tree', () => {
  it('close ends the server, its group, and children in sessions of their own (one ignoring SIGTERM) within the grace', async () => {
    const { transport, pidFile } = await startTree();
    const [server, ...others] = pidsIn(pidFile);
    expect(server).toBe(transport.pid);
    expect(new Set(others.map(sessionOf)).size).toBe(3); // the worker in the server's session, two sessions of their own
    const started = Date.now();
    await transport.close();
    const elapsed = Date.now() - started;
    expect(await survivors(pidsIn(pidFile), 0)).toEqual([]);
    // The daemon ignores SIGTERM: it is killed once the grace is spent (that this costs one grace and no more is the
    // next test's, with a grace long enough to tell one from two on a loaded machine).
    expect(elapsed).toBeGreaterThanOrEqual(TERMINATE_GRACE_MS - 50);
    expect(trackedServers()).not.toContain(transport);
  });

  it('a process that ignores SIGTERM costs one grace, then SIGKILL, no more', async () => {
    const { transport, pidFile } = await startTree();
    const tree = trackedServers().find((server) => server.pid === transport.pid)!;
    const grace = 3000;
    const started = Date.now();
    await terminateTree(tree, grace);
    const elapsed = Date.now() - started;
    expect(await survivors(pidsIn(pidFile), 0)).toEqual([]);
    expect(signalsIn(pidFile)).toEqual(['SIGTERM']); // one SIGTERM, caught and ignored; then SIGKILL
    // The grace and the scans and signals around it (milliseconds, against 1.5 s of room); a second grace makes 6 s.
    expect(elapsed).toBeGreaterThanOrEqual(grace - 50);
    expect(elapsed).toBeLessThan(1.5 * grace);
  });

  it('close finds, by their marker, children left behind by a server that already exited', async () => {
    const { transport, pidFile } = await startTree();
    process.kill(transport.pid!, 'SIGKILL'); // the server dies first: its children are reparented
    await transport.whenExited();
    expect(pidsIn(pidFile).slice(1).every(isAlive)).toBe(true);
    await transport.close();
    expect(await survivors(pidsIn(pidFile), 0)).toEqual([]);
  });

  it('killAllSync ends every tracked tree at once, synchronously', async () => {
    const trees = [await startTree(), await startTree()];
    expect(trackedServers().map((server) => server.pid)).toEqual(expect.arrayContaining(trees.map((t) => t.transport.pid)));
    killAllSync();
    expect(trackedServers()).toEqual([]);
    // SIGKILL is delivered at once; the kernel may take a moment to reap.
    expect(await survivors(trees.flatMap((t) => pidsIn(t.pidFile)), 500)).toEqual([]);
  });

  it('terminateAll ends every tracked tree, and nothing else: not the linter, not a process it started itself', async () => {
    const bystander = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' });
    try {
      const trees = [await startTree(), await startTree()];
      await terminateAll();
      expect(trackedServers()).toEqual([]);
      expect(await survivors(trees.flatMap((t) => pidsIn(t.pidFile)), 0)).toEqual([]);
      expect(isAlive(bystander.pid!)).toBe(true);
      expect(isAlive(process.pid)).toBe(true);
    } finally {
      bystander.kill('SIGKILL');
    }
  });

  it('close is idempotent: concurrent calls share one ending', async () => {
    const { transport, pidFile } = await startTree();
    const [a, b] = [transport.close(), transport.close()];
    expect(a).toBe(b);
    await a;
    expect(await survivors(pidsIn(pidFile), 0)).toEqual([]);
  });

  it('never signals a PID that now belongs to another process: the server is known by its PID and start time', async () => {
    const sleep = () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore', detached: true, env: { ...process.env, ERRLINT_PID_FILE: '/dev/null' } });
    const [reused, same] = [sleep(), sleep()];
    try {
      await until(() => [reused, same].every((child) => isAlive(child.pid!)));
      // As if the server had exited and its PID been given to `reused`: the start time recorded is not this process's.
      const gone = track(reused.pid!, 'no-process-carries-this');
      gone.seen.set(reused.pid!, '1');
      await terminateTree(gone, 200);
      expect(isAlive(reused.pid!)).toBe(true);
      // The same process it was tracked as is ended, with its group.
      await terminateTree(track(same.pid!, 'no-process-carries-this'), 200);
      expect(await survivors([same.pid!], 500)).toEqual([]);
    } finally {
      reused.kill('SIGKILL');
      same.kill('SIGKILL');
    }
  });
});
