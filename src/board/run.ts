// `mcp-errlint scoreboard <file>`: lint every server of a list (ours, or any MCP client config file), each in a process
// of its own with its own time budget, a few at once, and rank them on one board.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, existsSync, rmSync } from 'node:fs';
import { makeDirs } from '../util/files.js';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Report } from '../report/model.js';
import { UsageError } from '../errors.js';
import { parseJson } from '../util/json.js';
import { readClientConfig } from '../target/client-config.js';
import { isHttpTarget, type HttpTarget, type ServerTarget } from '../target/target.js';
import { CommandLineSecrets } from '../target/command-secrets.js';
import { boardOf, inShard, rowOf, type Board, type BoardRow } from './board.js';
import { classOf, countsLine, countsOf, type BoardClass } from './classes.js';
import type { BoardDetail } from './html.js';

/** One server of the list and the words that lint it (after the CLI's own path). */
export interface ListedServer {
  name: string;
  /** The linter's arguments that name this server (its target, its own flags). */
  args: string[];
  /** Environment the lint needs (header values are passed this way, never on a command line). */
  env: Record<string, string>;
  cwd?: string;
  /** Regexes of its secrets and private values (arguments, URL, environment, headers): the board redacts them as each lint does. */
  redact: string[];
  /** Set when the server is not to be started at all (a required value missing, no launcher, a wrong entry): its row's class and reason. */
  class?: { class: BoardClass; reason: string };
  /** The command that installs and starts it (npx, uvx, dnx, docker): what its install failures look like. */
  launcher?: string;
}

/**
 * The servers of a list file: our own format, `{"servers": [{"name", "command", "args", "env", "cwd"} | {"name", "url",
 * "headers", "transport"}, optionally "flags": [...]]}`, or any client config file the linter reads (`mcpServers`,
 * VS Code's `servers` object).
 */
export function readServerList(file: string, env: NodeJS.ProcessEnv = process.env): ListedServer[] {
  if (!existsSync(file)) throw new UsageError(`${file}: no such file`);
  const parsed = parseJson(readFileSync(file, 'utf8'));
  const value = parsed.ok ? (parsed.value as { servers?: unknown }) : undefined;
  if (value && Array.isArray(value.servers)) return value.servers.map((entry, i) => ownEntry(entry, i, file));
  return readClientConfig(file, { env, cwd: process.cwd() }).map((server) => ({
    name: server.name,
    args: ['--mcp-config', resolve(file), '--server', server.name],
    env: {},
    redact: secretsOf(server.target, server.secrets),
  }));
}

/** What the board must redact of a server: the secrets its lint finds on its command line, in its URL and environment. */
export function secretsOf(target: ServerTarget, known: readonly string[] = []): string[] {
  const hidden = new CommandLineSecrets();
  for (const value of known) hidden.secret(value);
  if (isHttpTarget(target)) {
    hidden.url(target.url);
    for (const value of Object.values(target.headers ?? {})) hidden.secret(value);
  } else {
    for (const [key, value] of Object.entries(target.env ?? {})) hidden.env(key, value);
    hidden.args(target.args ?? []);
  }
  return hidden.patterns();
}

function ownEntry(entry: unknown, i: number, file: string): ListedServer {
  const bad = (why: string) => new UsageError(`${file}: /servers/${i}: ${why}`);
  if (typeof entry !== 'object' || entry === null) throw bad('expected an object');
  const e = entry as Record<string, unknown>;
  if (typeof e.name !== 'string' || e.name === '') throw bad('"name" must be a non-empty string');
  const strings = (v: unknown, what: string): string[] => {
    if (v === undefined) return [];
    if (!Array.isArray(v) || !v.every((s) => typeof s === 'string')) throw bad(`"${what}" must be an array of strings`);
    return v;
  };
  const record = (v: unknown, what: string): Record<string, string> => {
    if (v === undefined) return {};
    if (typeof v !== 'object' || v === null || !Object.values(v).every((s) => typeof s === 'string')) throw bad(`"${what}" must be an object of strings`);
    return v as Record<string, string>;
  };
  const flags = strings(e.flags, 'flags');
  let target: ServerTarget;
  if (typeof e.url === 'string') target = { url: e.url, headers: record(e.headers, 'headers'), ...(e.transport === 'http' || e.transport === 'sse' ? { transport: e.transport } : {}) };
  else if (typeof e.command === 'string' && e.command !== '') target = { command: e.command, args: strings(e.args, 'args'), env: record(e.env, 'env') };
  else throw bad('needs a "command" or a "url"');
  if (isHttpTarget(target)) return { name: e.name, ...urlArgs(target, flags), redact: secretsOf(target) };
  const env: Record<string, string> = {};
  const serverEnv = Object.entries(target.env ?? {}).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
  return { name: e.name, args: [...flags, ...serverEnv, '--', target.command, ...(target.args ?? [])], env, redact: secretsOf(target), ...(typeof e.cwd === 'string' ? { cwd: resolve(file, '..', e.cwd) } : {}) };
}

/** The lint's words for a server at a URL: header values go through the environment, referenced by name, never on a command line a process list shows. */
export function urlArgs(target: HttpTarget, flags: readonly string[] = []): { args: string[]; env: Record<string, string> } {
  const env: Record<string, string> = {};
  const headers = Object.entries(target.headers ?? {}).flatMap(([name, value], h) => {
    env[`MCP_ERRLINT_BOARD_HEADER_${h}`] = value;
    return ['--header', `${name}: \${MCP_ERRLINT_BOARD_HEADER_${h}}`];
  });
  return { args: [...flags, '--url', target.url, ...(target.transport ? ['--transport', target.transport] : []), ...headers], env };
}

export interface BoardOptions {
  /** The list file (the board's source) and its servers (readServerList). */
  file: string;
  servers: readonly ListedServer[];
  /** The linter's entry script (bin/mcp-errlint.js): each server is linted by a process of its own. */
  bin: string;
  seed: number;
  jobs: number;
  shard?: { index: number; count: number };
  outDir?: string;
  /** Reuse the reports already in outDir: a server whose report is there is not linted again. */
  resume?: boolean;
  /** Flags every lint gets (after the scoreboard's own), e.g. --runs 5 --read-only. */
  lintArgs: string[];
  /** One server's whole time budget; its process is killed a minute past it. */
  deadlineMs: number;
  onProgress?: (line: string) => void;
}

/** Lint the list (or a shard of it), `jobs` servers at once, and rank them; `details` keeps each report but its checks. */
export async function runBoard(options: BoardOptions, details?: Map<number, BoardDetail>): Promise<Board> {
  const { servers } = options;
  const mine = servers.map((server, index) => ({ server, index })).filter(({ index }) => inShard(index, options.shard));
  if (options.outDir) makeDirs(options.outDir);
  // Without --out-dir the reports are read from a temp dir, removed at the end.
  const dir = options.outDir ?? mkdtempSync(join(tmpdir(), 'mcp-errlint-board-'));
  const rows: BoardRow[] = [];
  let next = 0;
  const worker = async () => {
    while (next < mine.length) {
      const { server, index } = mine[next++];
      if (!server.class) options.onProgress?.(`linting ${server.name} (${index + 1} of ${servers.length})`);
      const row = await lintOne(server, index, options, dir, details);
      rows.push(row);
      options.onProgress?.(`${server.name}: ${row.grade ?? `${row.class}: ${row.cause}`} [${rows.length}/${mine.length} done · ${countsLine(countsOf(rows))}]`);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.jobs, mine.length)) }, worker));
  } finally {
    if (!options.outDir) rmSync(dir, { recursive: true, force: true });
  }
  return boardOf({ source: options.file, seed: options.seed, shard: options.shard, servers: servers.length }, rows);
}

/** A name safe as a file name. */
function fileName(name: string, index: number): string {
  return `${String(index + 1).padStart(3, '0')}-${safeName(name)}.json`;
}

const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 80);

/** The report a previous run wrote for this server in `dir`, found by name (a registry that changed since moves positions). */
function previousReport(dir: string, name: string): { file: string; report: Report } | undefined {
  const file = readdirSync(dir).find((f) => /^\d{3,}-/.test(f) && f.slice(f.indexOf('-') + 1) === `${safeName(name)}.json`);
  const report = file === undefined ? undefined : readReport(join(dir, file));
  return file !== undefined && report ? { file, report } : undefined;
}

/** A report already written, or undefined. */
function readReport(path: string): Report | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Report;
  } catch {
    return undefined;
  }
}

/** A row from a lint's report: a server that answered 401 is needs-auth (its report kept), not a grade. */
function reportRow(server: ListedServer, index: number, exitCode: number, durationMs: number, report: Report, reportPath?: string): BoardRow {
  const row = rowOf(server.name, index, exitCode, durationMs, report, undefined, reportPath);
  const blocked = report.coverage.blocked;
  return blocked?.kind === 'needs-auth' ? { ...row, grade: null, score: null, class: 'needs-auth', cause: `answered HTTP 401: ${blocked.reason}` } : row;
}

/** One server, linted by a process of its own; whatever happens to it is its row, never the board's end. */
async function lintOne(server: ListedServer, index: number, options: BoardOptions, dir: string, details?: Map<number, BoardDetail>): Promise<BoardRow> {
  if (server.class) return { ...rowOf(server.name, index, 2, 0, undefined, server.class.reason), class: server.class.class };
  const resumed = options.resume ? previousReport(dir, server.name) : undefined;
  if (resumed) {
    const { checks: _, ...detail } = resumed.report;
    details?.set(index, detail);
    return reportRow(server, index, resumed.report.gate.passed ? 0 : 1, resumed.report.durationMs, resumed.report, resumed.file);
  }
  return spawnLint(server, index, options, join(dir, fileName(server.name, index)), details);
}

function spawnLint(server: ListedServer, index: number, options: BoardOptions, reportPath: string, details?: Map<number, BoardDetail>): Promise<BoardRow> {
  const args = [options.bin, '--seed', String(options.seed), '--deadline', `${Math.ceil(options.deadlineMs / 1000)}s`, '-f', 'json', '-o', resolve(reportPath), ...options.lintArgs, ...server.args];
  const started = Date.now();
  // A temp folder of its own, removed when its lint ends: what a server leaves there (a browser's profile, the artifacts
  // of a launch that failed) never piles up in the user's. A list's own TMPDIR for a server still wins.
  const temp = mkdtempSync(join(tmpdir(), 'errlint-server-'));
  return new Promise((done) => {
    const env = { ...process.env, TMPDIR: temp, TMP: temp, TEMP: temp, ...server.env };
    const child = spawn(process.execPath, args, { cwd: server.cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-8192)));
    const killer = setTimeout(() => child.kill('SIGKILL'), options.deadlineMs + 60_000);
    const finish = (exitCode: number, spawnError?: string) => {
      clearTimeout(killer);
      rmSync(temp, { recursive: true, force: true });
      const report = readReport(reportPath);
      const durationMs = Date.now() - started;
      if (report) {
        const { checks: _, ...detail } = report;
        details?.set(index, detail);
        return done(reportRow(server, index, exitCode, durationMs, report, options.outDir ? fileName(server.name, index) : undefined));
      }
      const cause = spawnError ?? lastCause(stderr) ?? `the linter exited with code ${exitCode}`;
      done({ ...rowOf(server.name, index, exitCode, durationMs, undefined, cause), class: classOf(cause, exitCode, server.launcher) });
    };
    child.on('error', (error) => finish(2, error.message));
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 2)));
  });
}

/** The reason a lint gave for exiting 2 (its last "could not lint" line), without the prefix. */
function lastCause(stderr: string): string | undefined {
  const lines = stderr.split('\n').map((line) => line.trim()).filter(Boolean);
  const telling = lines.filter((line) => line.startsWith('mcp-errlint:')).at(-1);
  return telling?.replace(/^mcp-errlint: (could not lint: )?/, '');
}

/** The reports of the boards' servers, where each sits beside its board (board.json in a shard's --out-dir): the drill-downs of the page. */
export function reportsBeside(files: readonly string[], boards: readonly Board[]): Map<number, BoardDetail> {
  const details = new Map<number, BoardDetail>();
  boards.forEach((board, i) => {
    for (const row of board.rows) {
      if (!row.report) continue;
      try {
        const { checks: _, ...detail } = JSON.parse(readFileSync(join(dirname(files[i]), row.report), 'utf8')) as Report;
        details.set(row.index, detail);
      } catch {
        // Not beside this board: the page says so for that server.
      }
    }
  });
  return details;
}
