// Runs the built CLI as a user would (node bin/mcp-errlint.js ...) and captures exit code, stdout and stderr.
import type { Report } from '../../src/report/model.js';
import { expectReportAddsUp } from './invariants.js';
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = join(ROOT, 'bin', 'mcp-errlint.js');
/** Loaded into every CLI a test starts: it throws on any connection beyond loopback. */
export const NETWORK_GUARD = `--import=${pathToFileURL(join(ROOT, 'test', 'helpers', 'network-guard.mjs')).href}`;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], options: { env?: Record<string, string>; timeoutMs?: number; cwd?: string } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, NO_COLOR: '1', ...options.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${NETWORK_GUARD}`.trim() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`CLI did not finish within ${options.timeoutMs ?? 100_000} ms: ${args.join(' ')}\n${stderr}`));
    }, options.timeoutMs ?? 100_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      // Every JSON report any test reads from the CLI adds up (breakdown) and is partitioned by cause.
      if (stdout.startsWith('{') && args.includes('json')) {
        try {
          const report = JSON.parse(stdout) as Report;
          if (report.score && report.causes) expectReportAddsUp(report);
        } catch (error) {
          return reject(error);
        }
      }
      resolve({ code, stdout, stderr });
    });
  });
}

/** The words a replay command may start with: an installed bin, npx, or node and the path of a bin script. */
const REPLAY_PREFIX = /^(?:mcp-errlint|npx mcp-errlint|node (?:'[^']*mcp-errlint\.js'|\S*mcp-errlint\.js)) /;

/** The replay command of a finding, as arguments for this checkout's CLI (whichever way the command says to start it). */
export function replayArgs(replay: string): string[] {
  const prefix = REPLAY_PREFIX.exec(replay);
  if (!prefix) throw new Error(`unexpected replay command: ${replay}`);
  const rest = replay.slice(prefix[0].length);
  return [...rest.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) => (m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : m[2]));
}
