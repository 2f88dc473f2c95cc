#!/usr/bin/env node
// The benchmark (issue 11, item 4): the linter's speed next to a bare client, where its time and memory go, and how they grow. A script, never a timed test.
//
//   npm run bench                                 every section, 5 repetitions (the 1,000-tool row alone takes minutes)
//   npm run bench -- --quick                      3 repetitions and no 1,000-tool row
//   npm run bench -- --reps 7                     repetitions of every measurement (with --quick too, instead of its 3)
//   npm run bench -- --only throughput,growth     sections: throughput (ratio, CPU, time split, RSS), published, growth
//   npm run bench -- --concurrency 8              what the concurrency column passes to the linter (default 4), when it has --concurrency
//   npm run bench -- --json bench.json            also write every raw number
//
// Every lint uses the built CLI (built first when dist is missing or older than src/, rules/, probes/), --seed 1, and
// --format json: its report gives `exchanges` and `timing` {startupMs, probingMs, tailMs}. The linter runs under
// scripts/bench/measure-linter.mjs, which records the linter process's own peak RSS and CPU (not its server's).
// The fast server (fixtures/bench/fast-server.mjs) records its own events and CPU in a file. Measurements that are
// compared are interleaved within each repetition (linter, then the bare client for as many calls as the linter had
// exchanges; every configuration of a table once per repetition), so the machine's drift hits all of them alike.
// Results are medians with min–max. Tables go to stdout, progress to stderr.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { detectNetns, readJson } from './lib/offline.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LINTER = join(ROOT, 'bin', 'mcp-errlint.js');
const MEASURE = join(ROOT, 'scripts', 'bench', 'measure-linter.mjs');
const CLIENT = join(ROOT, 'scripts', 'bench', 'client.mjs');
const FAST_SERVER = join(ROOT, 'fixtures', 'bench', 'fast-server.mjs');
const MODULES = join(ROOT, 'node_modules');
const SEED = 1;
/** A run that takes longer than this is killed (the 1,000-tool lint took about 2 minutes before issue 11). */
const RUN_TIMEOUT_MS = 30 * 60_000;
/** Every process the benchmark starts carries this in its environment (so do the servers the linter starts), so none can be left behind unseen. */
const MARKER_KEY = 'ERRLINT_BENCH_RUN';
const MARKER = `${process.pid}-${Date.now()}`;
const SECTIONS = ['throughput', 'published', 'growth'];
const ALIASES = { ratio: 'throughput', cpu: 'throughput', split: 'throughput', rss: 'throughput' };

function log(line) {
  process.stderr.write(`${line}\n`);
}

// ---------------------------------------------------------------------------------------------------------------
// Options

function parseOptions(argv) {
  const options = { reps: 5, quick: false, only: SECTIONS, concurrency: 4, json: undefined };
  let reps;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${flag} needs a value`);
      return argv[++i];
    };
    if (flag === '--quick') options.quick = true;
    else if (flag === '--reps') reps = Number(value());
    else if (flag === '--concurrency') options.concurrency = Number(value());
    else if (flag === '--json') options.json = resolve(value());
    else if (flag === '--only') {
      options.only = value().split(',').map((s) => ALIASES[s.trim()] ?? s.trim());
      const unknown = options.only.filter((s) => !SECTIONS.includes(s));
      if (unknown.length) throw new Error(`unknown section(s): ${unknown.join(', ')}; known: ${SECTIONS.join(', ')} (ratio, cpu, split and rss are all in throughput)`);
    } else if (flag === '--help' || flag === '-h') {
      process.stdout.write(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(1, 9).map((l) => l.replace(/^\/\/ ?/, '')).join('\n') + '\n');
      process.exit(0);
    } else throw new Error(`unknown option ${flag} (see --help)`);
  }
  options.reps = reps ?? (options.quick ? 3 : 5);
  if (!Number.isInteger(options.reps) || options.reps < 1) throw new Error('--reps needs a positive integer');
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1) throw new Error('--concurrency needs a positive integer');
  return options;
}

// ---------------------------------------------------------------------------------------------------------------
// Setup: build, machine, network namespace

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function buildLinter() {
  const built = join(ROOT, 'dist', 'src', 'cli', 'main.js');
  const sources = Math.max(...['src', 'rules', 'probes'].map((d) => newest(join(ROOT, d))), statSync(join(ROOT, 'tsconfig.json')).mtimeMs);
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  log('bench: building the linter (npm run build)');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', process.stderr, process.stderr] });
  if (r.status !== 0) throw new Error(`npm run build exited ${r.status ?? r.signal}`);
}

function git(...args) {
  const r = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '';
}

function machine() {
  const list = cpus();
  return {
    node: process.version,
    platform: `${process.platform} ${release()} ${process.arch}`,
    cpus: list.length,
    cpuModel: list[0]?.model ?? '?',
    memoryGB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    loadAtStart: loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

function linterVersion() {
  const help = spawnSync(process.execPath, [LINTER, '--help'], { encoding: 'utf8' }).stdout ?? '';
  const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
  const commit = git('rev-parse', '--short', 'HEAD');
  const dirty = git('status', '--porcelain', '--', 'src', 'rules', 'probes') !== '';
  return { version, commit: `${commit}${dirty ? ' (src, rules or probes modified)' : ''}`, concurrencyFlag: /--concurrency\b/.test(help) };
}

// ---------------------------------------------------------------------------------------------------------------
// Processes and temp dirs: nothing may outlive its section

const tempDirs = new Set();
let running = null;

function tempDir(section) {
  const dir = mkdtempSync(join(tmpdir(), `errlint-bench-${section}-`));
  tempDirs.add(dir);
  return dir;
}

function removeTempDir(dir) {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** Live processes that carry this benchmark's marker (a zombie has an empty environ, so it does not count). */
function markedProcesses() {
  const needle = `\0${MARKER_KEY}=${MARKER}\0`;
  const found = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (`\0${readFileSync(`/proc/${name}/environ`, 'latin1')}`.includes(needle)) found.push(Number(name));
    } catch {}
  }
  return found;
}

/** SIGKILL whatever a finished run left behind; returns how many there were. */
function reapLeftovers(label) {
  const left = markedProcesses();
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
  if (left.length) log(`bench: ${label} left ${left.length} process(es) behind (${left.join(', ')}); killed`);
  return left.length;
}

function cleanUpAll() {
  if (running) {
    try {
      process.kill(-running.pid, 'SIGKILL');
    } catch {}
  }
  reapLeftovers('the interrupted run');
  for (const dir of tempDirs) removeTempDir(dir);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    log(`bench: ${signal}, cleaning up`);
    cleanUpAll();
    process.exit(130);
  });
}

/** Spawns a node process in its own group and resolves when it has closed: {code, signal, stdout, stderr, wallMs, spawnedAt}. */
function runProcess(args, { cwd, env, label }) {
  const spawnedAt = Date.now();
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, NO_COLOR: '1', ...env, [MARKER_KEY]: MARKER }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running = child;
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr = (stderr + chunk).slice(-20000)));
  const timer = setTimeout(() => {
    log(`bench: ${label} still running after ${RUN_TIMEOUT_MS / 60000} min; killed`);
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
  }, RUN_TIMEOUT_MS);
  return new Promise((resolveRun) => {
    child.on('close', (code, signal) => {
      const wallMs = performance.now() - started;
      clearTimeout(timer);
      running = null;
      resolveRun({ code, signal, stdout, stderr, wallMs, spawnedAt, leftovers: reapLeftovers(label) });
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// One lint, one bare-client run

const shown = (args) => args.map((a) => (/[\s"'*?&;|()<>]/.test(a) ? `'${a}'` : a)).join(' ');
/** A command as a reader can type it: paths relative to the checkout, temp dirs as $TMP. */
const display = (args, dir) => shown(args.map((a) => a.split(dir).join('$TMP').split(`${ROOT}/`).join('').replace(process.execPath, 'node')));

function readEvents(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
}

/** What the fast server recorded in one run: its start, handshake, first tools/call, and CPU (summed over restarts). */
function serverFacts(events) {
  const start = events.find((e) => e.event === 'start');
  const list = events.find((e) => e.event === 'tools/list');
  const first = events.filter((e) => e.event === 'first-call').sort((a, b) => a.atMs - b.atMs)[0];
  const exits = events.filter((e) => e.event === 'exit');
  const starts = events.filter((e) => e.event === 'start').length;
  return {
    starts,
    spawnedAtMs: start && start.atMs - start.sinceStartMs, // the server process's own time origin
    toolsListAtMs: list?.atMs,
    firstCallAtMs: first?.atMs,
    firstCallSinceStartMs: first?.sinceStartMs,
    // CPU from the first line read to exit: serving, without node's own start-up. Unknown if a process was killed before it could say.
    servingCpuUs: exits.length === starts && starts > 0 ? exits.reduce((sum, e) => sum + e.servingCpuUs, 0) : undefined,
    cpuUs: exits.length === starts && starts > 0 ? exits.reduce((sum, e) => sum + e.cpuUs, 0) : undefined,
    calls: exits.reduce((sum, e) => sum + e.calls, 0),
    // Waiting for the client after tools/list (summed over restarts; the longest single wait across them).
    idleMs: exits.reduce((sum, e) => sum + e.gaps.idleMs, 0),
    maxGapMs: Math.max(0, ...exits.map((e) => e.gaps.maxMs)),
    gapsOver40Ms: exits.reduce((sum, e) => sum + e.gaps.over40Ms, 0),
  };
}

let runCount = 0;
const commands = new Map(); // section → Set of commands, as run

/**
 * Lint `server` (a command) once with the built CLI: --seed 1 --format json, plus `args`. Returns the report's numbers,
 * the linter's own peak RSS and CPU, and the fast server's facts when it was that server.
 */
async function lint({ section, dir, rep, what, server, args = [], env = {} }) {
  const label = `${rep}: ${what}`;
  const n = ++runCount;
  const report = join(dir, `run-${n}.report.json`);
  const usage = join(dir, `run-${n}.usage.json`);
  const events = join(dir, `run-${n}.events.jsonl`);
  const cli = ['--seed', String(SEED), '--format', 'json', '-o', report, ...args, '--', ...server];
  if (!commands.has(section)) commands.set(section, new Set());
  commands.get(section).add(`${what}: ${display([process.execPath, LINTER, ...cli], dir).replace(/run-\d+\./, 'run-N.')}`);
  log(`bench: ${section}: ${label} …`);
  const run = await runProcess([MEASURE, usage, ...cli], { cwd: dir, env: { ...env, BENCH_FAST_EVENTS: events }, label });
  const r = readJson(report);
  const u = readJson(usage);
  if (!r || (run.code !== 0 && run.code !== 1)) {
    const tail = run.stderr.trim().split('\n').filter((l) => !/^Seed: /.test(l)).slice(-3).join(' ');
    throw new Error(`${label}: the linter exited ${run.code ?? run.signal}${r ? '' : ' without a report'}${tail ? `: ${tail}` : ''}`);
  }
  const startedAt = Date.parse(r.startedAt);
  const facts = serverFacts(readEvents(events));
  const result = {
    label,
    exitCode: run.code,
    wallMs: run.wallMs,
    exchanges: r.exchanges,
    durationMs: r.durationMs,
    timing: r.timing,
    restarts: r.server?.restarts ?? 0,
    grade: r.score?.grade,
    findings: r.findings?.length ?? 0,
    exchangesPerSec: r.timing ? r.exchanges / (r.timing.probingMs / 1000) : undefined,
    // The linter process's own start before lint() (node, imports), and what follows it (closing the server, writing the report, exit).
    bootMs: startedAt - run.spawnedAt,
    afterMs: run.wallMs - (startedAt - run.spawnedAt) - r.durationMs,
    linterCpuUs: u ? u.userUs + u.systemUs : undefined,
    linterStartCpuUs: u?.beforeFirstSpawnUs, // node's start-up and the imports, up to the server's spawn
    linterMaxRssKB: u?.maxRssKB,
    leftovers: run.leftovers,
  };
  if (facts.starts > 0) {
    result.server = {
      starts: facts.starts,
      cpuUs: facts.cpuUs,
      servingCpuUs: facts.servingCpuUs,
      calls: facts.calls,
      firstCallSinceLinterSpawnMs: facts.firstCallAtMs !== undefined ? facts.firstCallAtMs - run.spawnedAt : undefined,
      firstCallSinceServerStartMs: facts.firstCallSinceStartMs,
      serverSpawnSinceLinterSpawnMs: facts.spawnedAtMs !== undefined ? facts.spawnedAtMs - run.spawnedAt : undefined,
      firstCallAfterToolsListMs: facts.firstCallAtMs !== undefined && facts.toolsListAtMs !== undefined ? facts.firstCallAtMs - facts.toolsListAtMs : undefined,
      idleMs: facts.idleMs,
      maxGapMs: facts.maxGapMs,
      gapsOver40Ms: facts.gapsOver40Ms,
    };
  }
  log(`bench: ${section}: ${label}: ${(run.wallMs / 1000).toFixed(1)} s, ${r.exchanges} exchanges, exit ${run.code}`);
  return result;
}

/** The bare client against the fast server: `calls` tools/call requests, one at a time. */
async function bareClient({ section, dir, tools, calls }) {
  const n = ++runCount;
  const events = join(dir, `run-${n}.events.jsonl`);
  const args = [CLIENT, String(tools), String(calls)];
  if (!commands.has(section)) commands.set(section, new Set());
  commands.get(section).add(`bare client: ${display([process.execPath, ...args], dir).replace(/ \d+$/, ' <the linter\'s exchanges in that repetition>')}`);
  const label = `bare client, ${tools} tools, ${calls} calls`;
  log(`bench: ${section}: ${label} …`);
  const run = await runProcess(args, { cwd: dir, env: { BENCH_FAST_EVENTS: events }, label });
  if (run.code !== 0) throw new Error(`${label}: exited ${run.code ?? run.signal}: ${run.stderr.trim().slice(-500)}`);
  const result = JSON.parse(run.stdout.trim().split('\n').pop());
  if (result.mismatches) log(`bench: ${label}: ${result.mismatches} answers were not what the client expected (isError on invalid arguments only)`);
  const facts = serverFacts(readEvents(events));
  return { ...result, server: { servingCpuUs: facts.servingCpuUs, cpuUs: facts.cpuUs }, leftovers: run.leftovers };
}

const fastServer = (tools) => [process.execPath, FAST_SERVER, '--tools', String(tools)];

// ---------------------------------------------------------------------------------------------------------------
// Statistics and tables

function stat(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = Math.floor(v.length / 2);
  const median = v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
  return { median, min: v[0], max: v[v.length - 1], n: v.length };
}

function num(x, digits = 0) {
  if (x === undefined || x === null || !Number.isFinite(x)) return '–';
  return x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** "median (min–max)", or the value alone when there was one run. */
function cell(s, digits = 0, scale = 1) {
  if (!s) return '–';
  const m = num(s.median * scale, digits);
  return s.n === 1 || s.min === s.max ? m : `${m} (${num(s.min * scale, digits)}–${num(s.max * scale, digits)})`;
}

function table(head, rows) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ').trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const out = [];
function print(text = '') {
  out.push(text);
  process.stdout.write(`${text}\n`);
}

const of = (runs, pick) => stat(runs.map(pick));
const MB = 1 / 1024; // kB → MB

// ---------------------------------------------------------------------------------------------------------------
// Sections

/** Throughput ratio, CPU per exchange, time split and the linter's RSS: linter and bare client alternating against the fast server. */
async function throughput(options, linter) {
  const dir = tempDir('throughput');
  const sizes = [4, 100];
  const raw = { sizes, reps: [] };
  try {
    for (let rep = 1; rep <= options.reps; rep++) {
      const r = {};
      for (const tools of sizes) {
        // C=1 both: the linter one tool at a time (its default is more), as the bare client sends one request at a time.
        const one = linter.concurrencyFlag ? ['--concurrency', '1'] : [];
        const lintRun = await lint({ section: 'throughput', dir, rep: `rep ${rep}/${options.reps}`, what: `linter${one.length ? ' --concurrency 1' : ''}, fast server, ${tools} tools`, server: fastServer(tools), args: one });
        const bare = await bareClient({ section: 'throughput', dir, tools, calls: lintRun.exchanges });
        const concurrent = linter.concurrencyFlag
          ? await lint({ section: 'throughput', dir, rep: `rep ${rep}/${options.reps}`, what: `linter --concurrency ${options.concurrency}, fast server, ${tools} tools`, server: fastServer(tools), args: ['--concurrency', String(options.concurrency)] })
          : undefined;
        r[tools] = { lint: lintRun, bare, concurrent };
      }
      raw.reps.push(r);
    }
  } finally {
    removeTempDir(dir);
  }
  const runsAt = (tools, key) => raw.reps.map((r) => r[tools][key]).filter(Boolean);

  print('## Throughput: linter vs a bare raw client, fast server (C=1 both)');
  print();
  const conc = linter.concurrencyFlag ? `--concurrency ${options.concurrency}` : '--concurrency';
  print(table(
    ['tools', 'linter exchanges/s', 'bare client calls/s', 'ratio', `linter ${conc} exchanges/s`, `ratio ${conc}`],
    sizes.map((tools) => {
      const reps = raw.reps.map((r) => r[tools]);
      const ratio = stat(reps.map((x) => x.lint.exchangesPerSec / x.bare.callsPerSec));
      const concRatio = linter.concurrencyFlag ? stat(reps.map((x) => x.concurrent.exchangesPerSec / x.bare.callsPerSec)) : null;
      return [
        tools,
        cell(of(runsAt(tools, 'lint'), (x) => x.exchangesPerSec)),
        cell(of(runsAt(tools, 'bare'), (x) => x.callsPerSec)),
        cell(ratio, 3),
        linter.concurrencyFlag ? cell(of(runsAt(tools, 'concurrent'), (x) => x.exchangesPerSec)) : 'n/a',
        linter.concurrencyFlag ? cell(concRatio, 3) : 'n/a',
      ];
    }),
  ));
  print();
  print('linter exchanges/s = report.exchanges ÷ report.timing.probingMs; bare client calls/s = its calls ÷ its loop time (after the');
  print('handshake), for as many tools/call requests as the linter had exchanges in the same repetition; ratio per repetition.');
  if (!linter.concurrencyFlag) print('n/a: this linter has no --concurrency flag (not in --help).');
  print();

  print('## CPU per exchange, fast server (µs)');
  print();
  print(table(
    ['tools', 'linter / exchange', 'linter / exchange, after its start', 'server / exchange (linter)', 'bare client / call', 'server / call (bare client)'],
    sizes.map((tools) => [
      tools,
      cell(of(runsAt(tools, 'lint'), (x) => x.linterCpuUs / x.exchanges)),
      cell(of(runsAt(tools, 'lint'), (x) => (x.linterCpuUs - x.linterStartCpuUs) / x.exchanges)),
      cell(of(runsAt(tools, 'lint'), (x) => x.server?.servingCpuUs / x.exchanges)),
      cell(of(runsAt(tools, 'bare'), (x) => x.cpuUsPerCall)),
      cell(of(runsAt(tools, 'bare'), (x) => x.server?.servingCpuUs / x.calls)),
    ]),
  ));
  print();
  print('linter: the whole process (user+sys, process.resourceUsage at exit: node start-up, planning, grading and report');
  print('included); "after its start" leaves out the CPU spent before it spawned the server (node, imports). Server: its CPU');
  print('from the first line it read to its exit. Bare client: its CPU during the call loop only.');
  print(`Linter CPU before it spawned the server: ${cell(of(raw.reps.map((r) => r[4].lint), (x) => x.linterStartCpuUs / 1000))} ms (4 tools).`);
  print();

  const four = runsAt(4, 'lint');
  print('## Time split, default lint of the fast server (4 tools), ms');
  print();
  print(table(['phase', 'ms'], [
    ['linter spawn → lint() starts (node, imports)', cell(of(four, (x) => x.bootMs))],
    ['start-up (timing.startupMs: spawn, handshake, tools/list)', cell(of(four, (x) => x.timing?.startupMs))],
    ['probing (timing.probingMs)', cell(of(four, (x) => x.timing?.probingMs))],
    ['tail (timing.tailMs: grading, scoring, report)', cell(of(four, (x) => x.timing?.tailMs))],
    ['after lint() (server closed, report written, exit)', cell(of(four, (x) => x.afterMs))],
    ['wall', cell(of(four, (x) => x.wallMs))],
    ['first tools/call, from the linter\'s spawn', cell(of(four, (x) => x.server?.firstCallSinceLinterSpawnMs))],
    ['first tools/call, from the server\'s own start', cell(of(four, (x) => x.server?.firstCallSinceServerStartMs))],
    ['first tools/call, after tools/list was answered', cell(of(four, (x) => x.server?.firstCallAfterToolsListMs))],
    ['server spawned, from the linter\'s spawn', cell(of(four, (x) => x.server?.serverSpawnSinceLinterSpawnMs))],
    ['server idle during probing: waiting for the linter, in all', cell(of(four, (x) => x.server?.idleMs))],
    ['server idle: the longest single wait', cell(of(four, (x) => x.server?.maxGapMs))],
    ['server idle: waits of 40 ms or more (count)', cell(of(four, (x) => x.server?.gapsOver40Ms))],
  ]));
  print();
  print('Times of the first tools/call come from the fast server\'s own clock (BENCH_FAST_EVENTS), on the same wall clock as the');
  print('linter\'s spawn; "after tools/list" is the linter\'s own delay before its first probe. Idle: the time between the');
  print('server\'s last answer (or line read) and the next line, from tools/list on: fixed waits and stalls in the linter.');
  print();

  print('## Peak RSS of the linter alone, fast server (MB)');
  print();
  print(table(['tools', 'linter peak RSS', 'exchanges', 'bare client peak RSS (for scale)'], sizes.map((tools) => [
    tools,
    cell(of(runsAt(tools, 'lint'), (x) => x.linterMaxRssKB), 1, MB),
    cell(of(runsAt(tools, 'lint'), (x) => x.exchanges)),
    cell(of(runsAt(tools, 'bare'), (x) => x.maxRssKB), 1, MB),
  ])));
  print();
  print('maxRSS of the linter process itself (RUSAGE_SELF), never of the server it spawned.');
  print();
  return raw;
}

/** Default lints of two published servers: wall time and the linter's peak RSS. */
async function published(options) {
  const netns = detectNetns();
  const servers = [
    { name: 'server-everything', entry: join(MODULES, '@modelcontextprotocol', 'server-everything', 'dist', 'index.js'), args: ['stdio'] },
    { name: 'server-memory', entry: join(MODULES, '@modelcontextprotocol', 'server-memory', 'dist', 'index.js'), args: [], memoryFile: true },
  ].filter((s) => {
    if (existsSync(s.entry)) return true;
    log(`bench: published: ${s.name} is not installed (npm ci); left out`);
    return false;
  });
  const dir = tempDir('published');
  const raw = { network: netns.how, servers: Object.fromEntries(servers.map((s) => [s.name, []])) };
  try {
    for (let rep = 1; rep <= options.reps; rep++) {
      for (const s of servers) {
        // A fresh HOME and memory file per run, so every repetition lints the same empty server.
        const home = join(dir, `home-${rep}-${s.name}`);
        mkdirSync(home, { recursive: true });
        const env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_CACHE_HOME: join(home, '.cache'), XDG_DATA_HOME: join(home, '.local', 'share') };
        if (s.memoryFile) env.MEMORY_FILE_PATH = join(home, 'memory.jsonl');
        const server = [...netns.prefix, process.execPath, s.entry, ...s.args];
        raw.servers[s.name].push(await lint({ section: 'published', dir, rep: `rep ${rep}/${options.reps}`, what: s.name, server, env }));
      }
    }
  } finally {
    removeTempDir(dir);
  }
  const version = (name) => readJson(join(MODULES, '@modelcontextprotocol', name, 'package.json'))?.version ?? '?';
  print('## Default lints of published servers (--seed 1)');
  print();
  print(table(
    ['server', 'wall s', 'linter peak RSS MB', 'exchanges', 'start-up ms', 'probing ms', 'tail ms', 'linter CPU s', 'exit'],
    servers.map((s) => {
      const runs = raw.servers[s.name];
      return [
        `${s.name}@${version(s.name)}`,
        cell(of(runs, (x) => x.wallMs / 1000), 1),
        cell(of(runs, (x) => x.linterMaxRssKB), 1, MB),
        cell(of(runs, (x) => x.exchanges)),
        cell(of(runs, (x) => x.timing?.startupMs)),
        cell(of(runs, (x) => x.timing?.probingMs)),
        cell(of(runs, (x) => x.timing?.tailMs)),
        cell(of(runs, (x) => x.linterCpuUs / 1e6), 1),
        [...new Set(runs.map((x) => x.exitCode))].join('/'),
      ];
    }),
  ));
  print();
  print(`Servers run in a temp dir (HOME too; server-memory's MEMORY_FILE_PATH inside it, fresh each run); network: ${netns.how}.`);
  print();
  return raw;
}

/** How wall time, exchanges and the linter's RSS grow with tools and with --runs. */
async function growth(options) {
  const sizes = options.quick ? [10, 100] : [10, 100, 1000];
  const runCounts = [100]; // --runs 25 is the default: the 10-tool row
  const dir = tempDir('growth');
  const raw = { tools: Object.fromEntries(sizes.map((n) => [n, []])), runs: Object.fromEntries(runCounts.map((n) => [n, []])) };
  try {
    for (let rep = 1; rep <= options.reps; rep++) {
      for (const tools of sizes) raw.tools[tools].push(await lint({ section: 'growth', dir, rep: `rep ${rep}/${options.reps}`, what: `fast server, ${tools} tools`, server: fastServer(tools) }));
      for (const runs of runCounts) raw.runs[runs].push(await lint({ section: 'growth', dir, rep: `rep ${rep}/${options.reps}`, what: `fast server, 10 tools, --runs ${runs}`, server: fastServer(10), args: ['--runs', String(runs)] }));
    }
  } finally {
    removeTempDir(dir);
  }
  const medians = (runs) => ({
    wall: of(runs, (x) => x.wallMs / 1000),
    exchanges: of(runs, (x) => x.exchanges),
    rss: of(runs, (x) => x.linterMaxRssKB * MB),
    cpu: of(runs, (x) => x.linterCpuUs / 1e6),
    tail: of(runs, (x) => x.timing?.tailMs),
  });
  const rows = (points, unit) => points.map(([n, runs], i) => {
    const m = medians(runs);
    const prev = i > 0 ? medians(points[i - 1][1]) : null;
    const step = i > 0 ? n - points[i - 1][0] : 0;
    const delta = (key, scale, digits) => (prev && m[key] && prev[key] ? num(((m[key].median - prev[key].median) / step) * scale, digits) : '');
    return [
      `${n}${unit}`,
      cell(m.wall, 1),
      cell(m.exchanges),
      cell(m.rss, 0),
      cell(m.cpu, 1),
      cell(m.tail),
      delta('wall', 1000, 0),
      delta('exchanges', 1, 1),
      delta('rss', 1, 2),
      delta('cpu', 1000, 0),
      delta('tail', 1, 1),
    ];
  });
  print('## Growth, fast server, default settings (--seed 1)');
  print();
  const head = (per) => ['', 'wall s', 'exchanges', 'linter peak RSS MB', 'linter CPU s', 'tail ms', `Δ wall ms/${per}`, `Δ exchanges/${per}`, `Δ RSS MB/${per}`, `Δ CPU ms/${per}`, `Δ tail ms/${per}`];
  print(table(head('tool'), rows(sizes.map((n) => [n, raw.tools[n]]), ' tools')));
  print();
  print(table(head('run'), rows([[25, raw.tools[10]], ...runCounts.map((n) => [n, raw.runs[n]])], ' runs, 10 tools')));
  print();
  print('Δ columns: the change of the medians from the row above, divided by the tools (or runs) added; equal Δs down a column');
  print(`mean linear growth. --runs 25 is the default, so its row is the 10-tool row above.${options.quick ? ' --quick: no 1,000-tool row.' : ''}`);
  print();
  return raw;
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const argv = process.argv.slice(2);
  const options = parseOptions(argv);
  buildLinter();
  const linter = linterVersion();
  const m = machine();
  const started = Date.now();
  const command = process.env.npm_lifecycle_event === 'bench' ? `npm run bench${argv.length ? ` -- ${shown(argv)}` : ''}` : `node scripts/bench.mjs${argv.length ? ` ${shown(argv)}` : ''}`;
  print('# mcp-errlint benchmark');
  print();
  print(`command:  ${command}`);
  print(`machine:  node ${m.node}, ${m.platform}, ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGB} GB; load average ${m.loadAtStart.join(' ')} at start`);
  print(`linter:   mcp-errlint ${linter.version} at ${linter.commit}; --concurrency ${linter.concurrencyFlag ? 'accepted' : 'not accepted (column n/a)'}`);
  print(`method:   ${options.reps} repetitions, medians (min–max), seed ${SEED}, sections ${options.only.join(', ')}; started ${new Date(started).toISOString()}`);
  print();
  const results = {};
  let failed = 0;
  for (const [name, section] of [['throughput', () => throughput(options, linter)], ['published', () => published(options)], ['growth', () => growth(options)]]) {
    if (!options.only.includes(name)) continue;
    try {
      results[name] = await section();
    } catch (error) {
      failed++;
      print(`## ${name}: failed: ${error.message}`);
      print();
    }
    if (commands.has(name)) {
      print(`Commands (${name}), each under node scripts/bench/measure-linter.mjs <usage-file> (peak RSS and CPU of the linter alone):`);
      for (const c of commands.get(name)) print(`  ${c}`);
      print();
    }
  }
  const leftovers = Object.values(results).flatMap(function all(x) {
    return x && typeof x === 'object' ? (Array.isArray(x) ? x.flatMap(all) : 'leftovers' in x ? [x.leftovers] : Object.values(x).flatMap(all)) : [];
  }).reduce((a, b) => a + b, 0);
  const seconds = Math.round((Date.now() - started) / 1000);
  print(`done in ${seconds} s; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at the end; processes left behind by runs: ${leftovers}`);
  if (options.json) {
    mkdirSync(dirname(options.json), { recursive: true });
    writeFileSync(options.json, `${JSON.stringify({ command, machine: { ...m, loadAtEnd: loadavg() }, linter, options, startedAt: new Date(started).toISOString(), seconds, results, text: out.join('\n') }, null, 2)}\n`);
    log(`bench: wrote ${options.json}`);
  }
  if (failed) process.exitCode = 1;
}

main()
  .catch((error) => {
    log(`bench: ${error.message}`);
    process.exitCode = 2;
  })
  .finally(() => {
    for (const dir of tempDirs) removeTempDir(dir);
  });
