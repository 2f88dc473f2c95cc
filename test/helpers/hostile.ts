// Lints a hostile fixture with the built CLI and returns what a test needs to prove a bounded, clean end:
// the exit code and output, the linter's peak RSS, and the PIDs its server (and the server's children) recorded.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, type CliResult } from './cli.js';
import { tempDir } from './temp.js';

const MEASURE = join(ROOT, 'test', 'helpers', 'measure.mjs');

export interface HostileResult extends CliResult {
  /** Wall time of the whole CLI run. */
  elapsedMs: number;
  /** When the CLI ended (Date.now()). */
  endedAt: number;
  /** When the last PID was recorded (Date.now() clock; the PID file's mtime), if any was: a server's start. */
  pidRecordedAt?: number;
  /** Peak resident set size of the linter process, in MB (not its server's). */
  peakRssMb: number;
  /** Every PID the fixture and its children recorded (fixtures/lib/pids.mjs). */
  pids: number[];
  /** Folder for this run's files (reports, the PID file). */
  dir: string;
}

/** Run `mcp-errlint <args>` (args include `-- node fixtures/...`), killing it after `timeoutMs`. */
export function lintHostile(args: string[], options: { env?: Record<string, string>; timeoutMs?: number; signalAfterMs?: { signal: NodeJS.Signals; ms: number } } = {}): Promise<HostileResult> {
  const dir = tempDir('errlint-hostile-');
  const pidFile = join(dir, 'pids');
  const rssFile = join(dir, 'rss');
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MEASURE, rssFile, ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', ERRLINT_PID_FILE: pidFile, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timeoutMs = options.timeoutMs ?? 100_000;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`CLI did not finish within ${timeoutMs} ms: ${args.join(' ')}\n${stderr.slice(-2000)}`));
    }, timeoutMs);
    // The signal goes `ms` after the server recorded its PID: by then the linter's handlers are in place, however slow start-up was.
    let signaller: NodeJS.Timeout | undefined;
    const watch = (): void => {
      const started = existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '';
      signaller = started ? setTimeout(() => child.kill(options.signalAfterMs!.signal), options.signalAfterMs!.ms) : setTimeout(watch, 50);
    };
    if (options.signalAfterMs) watch();
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (signaller) clearTimeout(signaller);
      const rss = existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) : NaN;
      const pids = existsSync(pidFile) ? readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number) : [];
      const endedAt = Date.now();
      const pidRecordedAt = existsSync(pidFile) ? statSync(pidFile).mtimeMs : undefined;
      resolve({ code: code ?? (signal ? 128 : null), stdout, stderr, elapsedMs: endedAt - started, endedAt, pidRecordedAt, peakRssMb: rss / 1024, pids, dir });
    });
  });
}

/** Is this PID a live process (a zombie is not)? */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

/**
 * Is this PID still a process a hostile run started (alive, and carrying ERRLINT_PID_FILE)? PIDs wrap (at 32768 here)
 * and a busy machine reuses one within seconds: a recorded PID may now be anyone's, which must be neither counted nor killed.
 */
function isRecordedProcess(pid: number): boolean {
  if (!isAlive(pid)) return false;
  if (process.platform !== 'linux') return true;
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1').includes('ERRLINT_PID_FILE=');
  } catch {
    return false; // gone, or another user's
  }
}

/** PIDs still alive after a short grace (a process may be mid-exit when the CLI returns); kills them so a failing test leaks nothing. */
export async function survivors(pids: number[], graceMs = 500): Promise<number[]> {
  const deadline = Date.now() + graceMs;
  let alive = pids.filter(isRecordedProcess);
  while (alive.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    alive = alive.filter(isRecordedProcess);
  }
  for (const pid of alive) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  return alive;
}
