// Every process a server started, found and ended: a marker in its environment (inherited by its children), its descendants, its process group.
import { execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * The environment variable that marks a server and everything it starts, as Jenkins' ProcessTreeKiller marks builds: a
 * child that left the server's process group (setsid, `detached: true`) or outlived the server still carries it.
 */
export const RUN_MARKER = 'MCP_ERRLINT_RUN';

/** How long ended processes get between SIGTERM and SIGKILL: a server that ignores SIGTERM costs no more than this. */
export const TERMINATE_GRACE_MS = 1000;
const POLL_MS = 25;

/**
 * One process as the system lists it. On Linux `start` (its start time in clock ticks since boot) tells a process from
 * a later one that reused its PID: PIDs wrap (often at 32768), and a busy machine reuses one within seconds.
 */
interface ProcessEntry {
  pid: number;
  ppid: number;
  pgrp: number;
  zombie: boolean;
  start?: string;
}

/** A spawned server whose process tree is ended at close. */
export interface TrackedServer {
  readonly pid: number;
  readonly marker: string;
  /** Processes seen in its tree (the server first), PID → start time: a PID is only signalled while it is the same process. */
  readonly seen: Map<number, string | undefined>;
}

const live = new Set<TrackedServer>();
let exitHookInstalled = false;

/** A fresh marker value for one server process. */
export function newMarker(): string {
  return `${process.pid}-${randomUUID()}`;
}

/** Track a server just spawned (and so its tree) until its tree is ended; the first one installs a SIGKILL-everything hook on exit. */
export function track(pid: number, marker: string): TrackedServer {
  // Read at once: the child exists (at worst as a zombie not yet reaped), so its start time is its own.
  const server: TrackedServer = { pid, marker, seen: new Map([[pid, process.platform === 'linux' ? parseStat(String(pid))?.start : undefined]]) };
  live.add(server);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // Last resort: however the linter ends (process.exit, an uncaught error), no server outlives it.
    process.on('exit', killAllSync);
  }
  return server;
}

/** The servers whose trees are not ended yet. */
export function trackedServers(): readonly TrackedServer[] {
  return [...live];
}

/**
 * End a server's whole tree: SIGTERM to its group and to every process found (marker, descendants), then SIGKILL to
 * whatever is still alive after `graceMs`, or was started meanwhile. Resolves once nothing of it is left alive
 * (a zombie counts as gone: it holds no resources but its PID).
 */
export async function terminateTree(server: TrackedServer, graceMs = TERMINATE_GRACE_MS): Promise<void> {
  if (process.platform === 'win32') {
    live.delete(server);
    return;
  }
  let tree = await scan(server);
  signalAll(server, tree, 'SIGTERM');
  await waitGone(tree, graceMs);
  // Rescanned: children started while we waited (or that outlived their parent) are found by their marker.
  tree = await scan(server);
  signalAll(server, tree, 'SIGKILL');
  await waitGone(tree, graceMs); // SIGKILL cannot be ignored; this only lets the kernel finish
  live.delete(server);
}

/** End every tracked server's tree, gracefully (for a signal handler that can still wait). */
export async function terminateAll(graceMs = TERMINATE_GRACE_MS): Promise<void> {
  await Promise.all([...live].map((server) => terminateTree(server, graceMs)));
}

/** SIGKILL every tracked server's tree at once, synchronously (usable in `process.on('exit')`). */
export function killAllSync(): void {
  if (process.platform === 'win32') return;
  for (const server of live) signalAll(server, scanSync(server), 'SIGKILL');
  live.clear();
}

/**
 * The live processes of a server's tree: the server while it is the process we spawned, every process carrying its
 * marker, every process seen in it before (while its PID is still that process's), all their descendants, and the
 * other members of its process group once one of these is in it.
 */
function treeOf(server: TrackedServer, table: ProcessEntry[], marked: ReadonlySet<number>): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of table) {
    const siblings = children.get(entry.ppid);
    if (siblings) siblings.push(entry);
    else children.set(entry.ppid, [entry]);
  }
  const found = new Map<number, ProcessEntry>();
  const add = (entry: ProcessEntry) => {
    if (found.has(entry.pid) || entry.pid === process.pid) return;
    found.set(entry.pid, entry);
    for (const child of children.get(entry.pid) ?? []) add(child);
  };
  const sameAsSeen = (entry: ProcessEntry) => server.seen.has(entry.pid) && server.seen.get(entry.pid) === entry.start;
  for (const entry of table) if (marked.has(entry.pid) || sameAsSeen(entry)) add(entry);
  // A group whose ID is the server's PID and that holds one of ours is the server's group (an ID in use is not reused).
  if ([...found.values()].some((entry) => entry.pgrp === server.pid)) {
    for (const entry of table) if (entry.pgrp === server.pid) add(entry);
  }
  for (const entry of found.values()) server.seen.set(entry.pid, entry.start);
  return [...found.values()].filter((entry) => !entry.zombie);
}

async function scan(server: TrackedServer): Promise<ProcessEntry[]> {
  if (process.platform === 'linux') return scanSync(server);
  return treeOf(server, await psTable(), new Set());
}

function scanSync(server: TrackedServer): ProcessEntry[] {
  if (process.platform === 'linux') {
    const needle = `${RUN_MARKER}=${server.marker}`;
    const table = procTable();
    return treeOf(server, table, new Set(table.filter((entry) => environHas(entry.pid, needle)).map((entry) => entry.pid)));
  }
  return treeOf(server, psTableSync(), new Set());
}

/** Every process in /proc, read defensively: processes vanish mid-scan, and some are not ours to read. */
function procTable(): ProcessEntry[] {
  const table: ProcessEntry[] = [];
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return table;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const entry = parseStat(name);
    if (entry) table.push(entry);
  }
  return table;
}

function parseStat(pid: string): ProcessEntry | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) may hold spaces and parentheses: the fields after it start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [ppid, pgrp] = [Number(fields[1]), Number(fields[2])];
  if (!Number.isInteger(ppid) || !Number.isInteger(pgrp)) return undefined;
  return { pid: Number(pid), ppid, pgrp, zombie: fields[0] === 'Z' || fields[0] === 'X', start: fields[19] };
}

function environHas(pid: number, needle: string): boolean {
  try {
    // Variables are NUL-separated; the marker is matched as a whole variable, not a prefix of a longer value.
    return `\0${readFileSync(`/proc/${pid}/environ`, 'latin1')}`.includes(`\0${needle}\0`);
  } catch {
    return false; // gone, or another user's
  }
}

const PS_ARGS = ['-A', '-o', 'pid=,ppid=,pgid=,stat='];

function parsePs(text: string): ProcessEntry[] {
  const table: ProcessEntry[] = [];
  for (const line of text.split('\n')) {
    const [pid, ppid, pgrp, stat] = line.trim().split(/\s+/);
    if ([pid, ppid, pgrp].every((n) => /^\d+$/.test(n ?? ''))) table.push({ pid: Number(pid), ppid: Number(ppid), pgrp: Number(pgrp), zombie: (stat ?? '').startsWith('Z') });
  }
  return table;
}

function psTable(): Promise<ProcessEntry[]> {
  return new Promise((resolve) => execFile('ps', PS_ARGS, { timeout: 5000 }, (error, stdout) => resolve(error ? [] : parsePs(stdout))));
}

function psTableSync(): ProcessEntry[] {
  try {
    return parsePs(execFileSync('ps', PS_ARGS, { encoding: 'utf8', timeout: 5000, stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    return [];
  }
}

/** Wait until none of `tree` is alive (or a zombie), for at most `ms`. */
async function waitGone(tree: ProcessEntry[], ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  let waiting = tree;
  while (waiting.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    waiting = waiting.filter(isRunning);
  }
}

/** Is this process still running (not gone, not a zombie, and not a later process that reused its PID)? */
function isRunning(entry: ProcessEntry): boolean {
  if (process.platform === 'linux') {
    const now = parseStat(String(entry.pid));
    return now !== undefined && !now.zombie && now.start === entry.start;
  }
  try {
    process.kill(entry.pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Signal every process of a server's tree, and its process group (atomic, so a member forking meanwhile is reached
 * too) while the group is known to be the server's: one of the tree is in it. Elsewhere than Linux, where start times
 * are not read, the group is signalled as it always was.
 */
function signalAll(server: TrackedServer, tree: ProcessEntry[], signal: NodeJS.Signals): void {
  if (process.platform !== 'linux' || tree.some((entry) => entry.pgrp === server.pid)) {
    try {
      process.kill(-server.pid, signal);
    } catch {
      // no such group any more
    }
  }
  for (const { pid } of tree) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}
