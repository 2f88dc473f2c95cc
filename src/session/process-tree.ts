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

/** One process as the system lists it; `start` tells a process from a later one that reused its PID (Linux only). */
interface ProcessEntry {
  pid: number;
  ppid: number;
  zombie: boolean;
  start?: string;
}

/** A spawned server whose process tree is ended at close. */
export interface TrackedServer {
  readonly pid: number;
  readonly marker: string;
  /** Processes seen in its tree so far, PID → start time (to never signal a PID that was reused). */
  readonly seen: Map<number, string | undefined>;
}

const live = new Set<TrackedServer>();
let exitHookInstalled = false;

/** A fresh marker value for one server process. */
export function newMarker(): string {
  return `${process.pid}-${randomUUID()}`;
}

/** Track a spawned server (and so its tree) until `untrack`; the first one installs a SIGKILL-everything hook on exit. */
export function track(pid: number, marker: string): TrackedServer {
  const server: TrackedServer = { pid, marker, seen: new Map() };
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
  signalAll(server.pid, tree, 'SIGTERM');
  await waitGone(tree, graceMs);
  // Rescanned: children started while we waited (or that outlived their parent) are found by their marker.
  tree = await scan(server);
  signalAll(server.pid, tree, 'SIGKILL'); // the group too: members no scan saw (another user's, a hidden /proc)
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
  for (const server of live) {
    signalAll(server.pid, scanSync(server), 'SIGKILL');
  }
  live.clear();
}

/**
 * The live processes of a server's tree: its own PID, every process carrying its marker, every process seen in it
 * before (unless its PID now belongs to a later process), and all their descendants.
 */
function treeOf(server: TrackedServer, table: ProcessEntry[], marked: ReadonlySet<number>): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of table) {
    const siblings = children.get(entry.ppid);
    if (siblings) siblings.push(entry);
    else children.set(entry.ppid, [entry]);
  }
  const sameProcess = (entry: ProcessEntry) => !server.seen.has(entry.pid) || server.seen.get(entry.pid) === entry.start;
  const found = new Map<number, ProcessEntry>();
  const add = (entry: ProcessEntry) => {
    if (found.has(entry.pid) || entry.pid === process.pid) return;
    found.set(entry.pid, entry);
    server.seen.set(entry.pid, entry.start);
    for (const child of children.get(entry.pid) ?? []) add(child);
  };
  for (const entry of table) {
    if (marked.has(entry.pid) || ((entry.pid === server.pid || server.seen.has(entry.pid)) && sameProcess(entry))) add(entry);
  }
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
  const ppid = Number(fields[1]);
  if (!Number.isInteger(ppid)) return undefined;
  return { pid: Number(pid), ppid, zombie: fields[0] === 'Z' || fields[0] === 'X', start: fields[19] };
}

function environHas(pid: number, needle: string): boolean {
  try {
    // Variables are NUL-separated; the marker is matched as a whole variable, not a prefix of a longer value.
    return `\0${readFileSync(`/proc/${pid}/environ`, 'latin1')}`.includes(`\0${needle}\0`);
  } catch {
    return false; // gone, or another user's
  }
}

const PS_ARGS = ['-A', '-o', 'pid=,ppid=,stat='];

function parsePs(text: string): ProcessEntry[] {
  const table: ProcessEntry[] = [];
  for (const line of text.split('\n')) {
    const [pid, ppid, stat] = line.trim().split(/\s+/);
    if (/^\d+$/.test(pid ?? '') && /^\d+$/.test(ppid ?? '')) table.push({ pid: Number(pid), ppid: Number(ppid), zombie: (stat ?? '').startsWith('Z') });
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

/** Signal the server's process group and every process of its tree. */
function signalAll(groupPid: number, tree: ProcessEntry[], signal: NodeJS.Signals): void {
  signalGroup(groupPid, signal);
  for (const { pid } of tree) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/** The server runs in a process group of its own (spawned detached): a wrapper's children (sh -c, npx) are in it. */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // no such group any more
  }
}
