#!/usr/bin/env node
// The calibration corpus (issue 8, item 5): lint published MCP servers with a fixed seed and write a board.
//
//   npm run corpus                       install corpus/ (npm ci), build if needed, lint every server, write the board
//   npm run corpus -- memory filesystem  lint only these servers (the board is rebuilt from every report in corpus/out)
//   npm run corpus -- --board            only rebuild the boards and docs/calibration.md (board, verdict table,
//                                        false-positive counts) from corpus/out*/ and corpus/verdicts.json
//   npm run corpus -- --list             the servers and how each is started
//   npm run corpus -- --check            check every report in corpus/out*/ (no linting): its score.breakdown adds up to
//                                        its score and its causes partition its findings (src/report/invariants.ts);
//                                        every linting pass checks its own reports the same way and fails if one does not
//   npm run corpus -- --scoreboard       the same servers through `mcp-errlint scoreboard` (a list file of our own format,
//                                        each command wrapped as below, two at once): docs/corpus-scoreboard.md and
//                                        docs/corpus-scoreboard.html; reports in corpus/out-scoreboard
//   npm run corpus -- --sandboxed        a second pass with --allow-destructive --allow-writes: every tool gets every
//                                        probe (safe only because each server is confined to its temp dir, a closed
//                                        port or read-only mode); reports in corpus/out-sandboxed, board
//                                        docs/calibration-board-sandboxed.md. Servers that could write outside
//                                        their temp dir are left out of it.
//   npm run corpus -- --http             a third pass over HTTP: each server that can serve Streamable HTTP or legacy SSE
//                                        (the `http` starts in scripts/lib/corpus-servers.mjs) is started on a free port
//                                        of 127.0.0.1 and linted with --url, default options; reports in corpus/out-http,
//                                        board docs/calibration-board-http.md. Names select runs (everything-sse) or servers.
//
// Each server runs in a temp dir the script creates and deletes (also its HOME), inside a network namespace
// with only loopback up when `unshare -n` works here, so "offline" is enforced, not assumed. Over HTTP the linter
// shares that namespace with the server (scripts/lib/corpus-http-run.mjs starts, waits for, lints and stops it).
// Environment: CORPUS_SERVER_TIMEOUT (seconds per server, default 420), CORPUS_ARGS (extra linter flags, space-separated).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { detectNetns, readJson } from './lib/offline.mjs';
import { HTTP_RUNS, SERVERS, serverCommand, serverDir, serverEnv } from './lib/corpus-servers.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CORPUS = join(ROOT, 'corpus');
const MODULES = join(CORPUS, 'node_modules');
/** Three passes: the defaults, a sandboxed one that lets the linter call every tool with every probe, and the defaults over HTTP. */
const PASSES = {
  default: { out: join(CORPUS, 'out'), board: join(ROOT, 'docs', 'calibration-board.md'), args: [], command: 'npm run corpus', title: '# Calibration board' },
  sandboxed: { out: join(CORPUS, 'out-sandboxed'), board: join(ROOT, 'docs', 'calibration-board-sandboxed.md'), args: ['--allow-destructive', '--allow-writes'], command: 'npm run corpus -- --sandboxed', title: '# Calibration board: sandboxed pass (every tool, every probe)' },
  http: { out: join(CORPUS, 'out-http'), board: join(ROOT, 'docs', 'calibration-board-http.md'), args: [], command: 'npm run corpus -- --http', title: '# Calibration board: HTTP pass (the servers that serve Streamable HTTP or legacy SSE, linted with --url)' },
};
const SANDBOXED = process.argv.includes('--sandboxed');
const HTTP = process.argv.includes('--http');
if (SANDBOXED && HTTP) throw new Error('--sandboxed and --http are two passes: run one at a time');
const PASS = SANDBOXED ? 'sandboxed' : HTTP ? 'http' : 'default';
const HTTP_RUNNER = join(ROOT, 'scripts', 'lib', 'corpus-http-run.mjs');
const OUT = PASSES[PASS].out;
const PASS_ARGS = PASSES[PASS].args;
const CALIBRATION = join(ROOT, 'docs', 'calibration.md');
const RECOVERY = join(ROOT, 'docs', 'recovery.md');
const VERDICTS = join(CORPUS, 'verdicts.json');
const LINTER = join(ROOT, 'bin', 'mcp-errlint.js');
const SEED = 1;
const SERVER_TIMEOUT_S = Number(process.env.CORPUS_SERVER_TIMEOUT ?? 420);
const EXTRA_ARGS = (process.env.CORPUS_ARGS ?? '').split(/\s+/).filter(Boolean);
// ---------------------------------------------------------------------------------------------------------------
// Setup: install, build, network namespace

function log(line) {
  process.stderr.write(`${line}\n`);
}

function newest(dir, skip = new Set(['node_modules', 'dist', 'out'])) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p, skip) : statSync(p).mtimeMs);
  }
  return t;
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status ?? r.signal}`);
}

function installCorpus() {
  const marker = join(MODULES, '.package-lock.json');
  const lock = join(CORPUS, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('corpus: npm ci --prefix corpus (the servers, exact versions)');
  // No install scripts: every server here runs without them (native add-ons are optional or unused).
  run('npm', ['ci', '--prefix', CORPUS, '--ignore-scripts', '--no-audit', '--no-fund']);
}

function buildLinter() {
  const built = join(ROOT, 'dist', 'src', 'cli', 'main.js');
  const sources = Math.max(...['src', 'rules', 'probes'].map((d) => newest(join(ROOT, d))), statSync(join(ROOT, 'tsconfig.json')).mtimeMs);
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  log('corpus: building the linter (tsc)');
  run('npx', ['tsc', '-p', 'tsconfig.json'], { cwd: ROOT });
}

// ---------------------------------------------------------------------------------------------------------------
// Lint one server

function packageVersion(pkg) {
  try {
    return JSON.parse(readFileSync(join(MODULES, pkg, 'package.json'), 'utf8')).version;
  } catch {
    return '?';
  }
}

/**
 * Lint one run of this pass: over stdio the linter starts the server (wrapped in the namespace); over HTTP the runner
 * starts both inside the namespace. `run` is a server of SERVERS, or one of HTTP_RUNS ({ name, server, start }).
 */
function lintServer(run, netns) {
  const server = run.server ?? run;
  const dir = serverDir(server);
  const reportFile = join(OUT, `${run.name}.json`);
  rmSync(reportFile, { force: true });
  const linterArgs = ['--seed', String(SEED), '--format', 'json', '-o', reportFile, ...PASS_ARGS, ...EXTRA_ARGS];
  const [command, ...args] = PASS === 'http'
    ? [...netns.prefix, process.execPath, HTTP_RUNNER, JSON.stringify({ run: run.name, dir, linterArgs })]
    : [process.execPath, LINTER, ...linterArgs, '--', ...serverCommand(server, dir, netns)];
  // Over HTTP the runner gives the server its own environment; the linter needs none of it.
  const env = PASS === 'http' ? process.env : { ...process.env, ...serverEnv(server, dir) };
  const started = Date.now();
  return new Promise((resolveRun) => {
    // The linter runs in the temp dir: the server inherits it as its working directory, and no config file is picked up.
    const child = spawn(command, args, { cwd: dir, env, stdio: ['ignore', EXTRA_ARGS.includes('--dry-run') ? 'inherit' : 'ignore', 'pipe'], detached: true });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-20000);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL'); // the linter's process group: the linter, unshare and the server
      } catch {}
    }, SERVER_TIMEOUT_S * 1000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      try {
        process.kill(-child.pid, 'SIGKILL'); // whatever of the group is left: a server's own children
      } catch {}
      const seconds = Math.round((Date.now() - started) / 100) / 10;
      rmSync(dir, { recursive: true, force: true });
      const scrub = (s) => s.split(dir).join('$TMP').split(ROOT).join('.');
      const cause = timedOut
        ? `killed after ${SERVER_TIMEOUT_S} s (the linter did not finish)`
        : code === 0 || code === 1
          ? ''
          : scrub(stderr.trim().split('\n').filter((l) => !/^Seed: /.test(l)).slice(-3).join(' ')) || `exit ${code ?? signal}`;
      const meta = { name: run.name, pkg: server.pkg, version: packageVersion(server.pkg), why: run.start ? `${server.why}; over HTTP: ${run.start.how}` : server.why, exitCode: timedOut ? null : code, timedOut, seconds, cause, network: netns.how, extraArgs: EXTRA_ARGS };
      writeFileSync(join(OUT, `${run.name}.run.json`), `${JSON.stringify(meta, null, 2)}\n`);
      resolveRun(meta);
    });
  });
}

/** Every report adds up and is partitioned by cause (src/report/invariants.ts): false, with each problem logged, when one is not. */
async function checkReports(files) {
  const { reportProblems } = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'report', 'invariants.js')).href);
  let broken = 0;
  for (const file of files) {
    const report = readJson(file);
    const problems = report.score?.breakdown && report.causes ? reportProblems(report) : ['written before score.breakdown and causes existed: lint it again'];
    for (const problem of problems) log(`corpus: ${relative(ROOT, file)}: ${problem}`);
    if (problems.length > 0) broken++;
  }
  log(`corpus: ${files.length - broken} of ${files.length} report(s) add up and are partitioned by cause`);
  return broken === 0;
}

// ---------------------------------------------------------------------------------------------------------------
// The board: one row per server, from the JSON reports. Tolerant of schema changes (coverage, grade).

function coverage(report) {
  const tools = Array.isArray(report.tools) ? report.tools : [];
  const c = report.coverage ?? {};
  const listed = c.toolsListed ?? c.tools?.listed ?? (Array.isArray(c.listed) ? c.listed.length : c.listed) ?? tools.length;
  const probed = c.toolsProbed ?? c.tools?.probed ?? (Array.isArray(c.probed) ? c.probed.length : c.probed) ?? tools.filter((t) => (t.exchanges ?? 0) > 0).length;
  return { listed, probed };
}

function gradeOf(report) {
  const g = report.score?.grade ?? report.grade;
  if (g == null) return '?';
  if (typeof g === 'string') return g;
  return g.letter ?? g.grade ?? g.label ?? g.status ?? JSON.stringify(g);
}

function scoreOf(report) {
  const s = report.score?.score ?? report.score?.value ?? (typeof report.score === 'number' ? report.score : null);
  return typeof s === 'number' ? (Math.round(s * 10) / 10).toString() : '–';
}

function counts(report) {
  const findings = Array.isArray(report.findings) ? report.findings : [];
  const by = (sev) => report.summary?.[sev] ?? findings.filter((f) => f.severity === sev).length;
  return { error: by('error'), warning: by('warning'), note: by('note') };
}

const cell = (s) => String(s ?? '').replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
/** Machine-specific bits of server text: the temp dirs and this checkout. */
const TEMP_DIRS = new RegExp(`${tmpdir().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/errlint-corpus-(?:${SERVERS.map((x) => x.name).join('|')})-[A-Za-z0-9]{6}`, 'g');
/** Where a run's rows go: the corpus order, a server's HTTP variants after it. */
const RUN_ORDER = new Map(SERVERS.flatMap((s) => [s.name, ...HTTP_RUNS.filter((r) => r.server === s && r.name !== s.name).map((r) => r.name)]).map((name, i) => [name, i]));
const scrub = (s) => String(s ?? '').replace(TEMP_DIRS, '$TMP').split(ROOT).join('.');

function passMetas(pass) {
  const dir = PASSES[pass].out;
  const metas = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.run.json')).map((f) => readJson(join(dir, f))).filter(Boolean) : [];
  return metas.sort((a, b) => (RUN_ORDER.get(a.name) ?? 99) - (RUN_ORDER.get(b.name) ?? 99) || a.name.localeCompare(b.name));
}

/** The board of one pass as markdown lines (a table and a total). */
function boardTable(pass) {
  const metas = passMetas(pass);
  const rows = [];
  let total = 0;
  for (const m of metas) {
    total += m.seconds ?? 0;
    const report = readJson(join(PASSES[pass].out, `${m.name}.json`));
    const exit = m.timedOut ? 'killed' : String(m.exitCode);
    if (!report) {
      rows.push(`| ${m.name} | ${m.pkg}@${m.version} | – | – | – | – | – | – | ${exit} | ${m.seconds} | ${cell(scrub(m.cause) || 'no report written')} |`);
      continue;
    }
    const { listed, probed } = coverage(report);
    const n = counts(report);
    const notes = [`protocol ${report.server?.protocolVersion ?? '?'}`];
    if (report.server?.transport && report.server.transport !== 'stdio') notes.push(`over ${report.server.transport === 'sse' ? 'legacy HTTP+SSE' : 'Streamable HTTP'}`);
    if (report.server?.restarts) notes.push(`${report.server.restarts} restart(s)`);
    if (probed === 0 && listed > 0) notes.push('no tool probed');
    if (report.score?.cappedBy?.length) notes.push(`capped by ${report.score.cappedBy.join(', ')}`);
    if (m.extraArgs?.length) notes.push(`run with ${m.extraArgs.join(' ')}`);
    if (m.cause) notes.push(scrub(m.cause));
    rows.push(`| ${m.name} | ${m.pkg}@${m.version} | ${listed} / ${probed} | ${gradeOf(report)} | ${scoreOf(report)} | ${n.error} | ${n.warning} | ${n.note} | ${exit} | ${m.seconds} | ${cell(notes.join('; '))} |`);
  }
  const network = [...new Set(metas.map((m) => m.network).filter(Boolean))].join('; ') || 'unknown';
  const args = PASSES[pass].args.length ? ` plus \`${PASSES[pass].args.join(' ')}\`` : '';
  return [
    `Generated by \`${PASSES[pass].command}\` (scripts/corpus.mjs) from ${relative(ROOT, PASSES[pass].out)}/*.json. Seed ${SEED}, default profile and options${args}. Network: ${network}.`,
    '',
    '| server | package | tools listed / probed | grade | score | errors | warnings | notes | exit | seconds | remarks |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `${metas.length} servers, ${Math.round(total)} s of linting in all.`,
  ];
}

function writeBoard(pass) {
  if (!existsSync(PASSES[pass].out)) return;
  writeFileSync(PASSES[pass].board, [PASSES[pass].title, '', 'Do not edit by hand. See [calibration.md](calibration.md) for how the corpus is chosen and what each finding means.', '', ...boardTable(pass), ''].join('\n'));
  log(`corpus: wrote ${relative(ROOT, PASSES[pass].board)}`);
}

// Verdicts: one per (pass, server, rule, tool, probe) warning/error finding, kept by hand in corpus/verdicts.json.

const verdictKey = (v) => [v.pass, v.server, v.rule, v.tool, v.probe].join('\u0000');

/**
 * The severity of each row of the verdict table as the document shows it: corpus/verdicts.json records none, so the
 * rows of a pass that was not run here keep the severity its last run gave them.
 */
function shownSeverities(doc) {
  const severities = new Map();
  for (const line of doc.split('\n')) {
    const cells = line.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim().replace(/\\\|/g, '|'));
    if (cells.length !== 8 || !(cells[0] in PASSES)) continue;
    const [pass, server, rule, tool, probe, severity] = cells;
    severities.set(verdictKey({ pass, server, rule, tool, probe }), severity);
  }
  return severities;
}

/** Current warning/error findings of every pass that has reports, joined with the recorded verdicts. */
function verdictRows(doc) {
  const recorded = readJson(VERDICTS) ?? [];
  const byKey = new Map(recorded.map((v) => [verdictKey(v), v]));
  const severities = shownSeverities(doc);
  const rows = [];
  const seen = new Set();
  for (const pass of Object.keys(PASSES)) {
    const metas = passMetas(pass);
    if (!metas.length) {
      // This pass was not run here: keep what was recorded, at the severity the table showed.
      rows.push(...recorded.filter((v) => v.pass === pass).map((v) => ({ ...v, severity: v.severity ?? severities.get(verdictKey(v)) ?? '?' })));
      continue;
    }
    for (const m of metas) {
      const report = readJson(join(PASSES[pass].out, `${m.name}.json`));
      for (const f of report?.findings ?? []) {
        if (f.severity !== 'error' && f.severity !== 'warning') continue;
        const row = { pass, server: m.name, rule: f.ruleId, tool: f.tool, probe: f.probe, severity: f.severity };
        const v = byKey.get(verdictKey(row));
        seen.add(verdictKey(row));
        rows.push({ ...row, verdict: v?.verdict ?? '?', reason: v?.reason ?? `to judge: ${scrub(f.answer).slice(0, 160)}` });
      }
    }
  }
  const stale = recorded.filter((v) => passMetas(v.pass).length && !seen.has(verdictKey(v)));
  return { rows, stale };
}

/** Replace the text between `<!-- name -->` and `<!-- /name -->` in a document. */
function replaceSection(doc, name, lines) {
  const open = `<!-- ${name} -->`;
  const close = `<!-- /${name} -->`;
  const a = doc.indexOf(open);
  const b = doc.indexOf(close);
  if (a < 0 || b < a) return doc;
  return `${doc.slice(0, a + open.length)}\n${lines.join('\n')}\n${doc.slice(b)}`;
}

/** The recovery table of one pass: per server, the repair agent's counts from its report, then its undetermined decisions by cause (docs/recovery.md). */
function recoveryTable(pass) {
  const pct = (rate) => (rate === null || rate === undefined ? '–' : `${Math.round(rate * 100)}%`);
  const category = (r, name) => {
    const c = r.byCategory?.[name];
    return c ? `${c.recovered}/${c.attempted}` : '–';
  };
  const rows = [];
  const causes = new Map();
  const totals = { attempted: 0, undetermined: 0, outOfRate: 0 };
  for (const m of passMetas(pass)) {
    const r = readJson(join(PASSES[pass].out, `${m.name}.json`))?.recovery;
    if (!r) {
      rows.push(`| ${m.name} | ${m.pkg}@${m.version} | – | – | – | – | – | – | – | – | – | – | – | – | – |`);
      continue;
    }
    const out = r.outOfRate.unknownTool + r.outOfRate.upstream;
    totals.attempted += r.attempted;
    totals.undetermined += r.undetermined;
    totals.outOfRate += out;
    for (const [cause, n] of Object.entries(r.undeterminedCauses)) causes.set(cause, (causes.get(cause) ?? 0) + n);
    rows.push(`| ${m.name} | ${m.pkg}@${m.version} | ${r.attempted} | ${r.recovered} | ${r.confirmed} | ${r.notRecoverable} | ${r.undetermined} | ${r.outOfRate.unknownTool} / ${r.outOfRate.upstream} | **${pct(r.rate)}** | ${pct(r.rateAtFirst)} | ${category(r, 'validation')} | ${category(r, 'unknown-tool')} | ${category(r, 'transient')} | ${category(r, 'business')} | ${r.blind} / ${r.wasted} |`);
  }
  const share = totals.attempted === 0 ? '–' : `${Math.round((totals.undetermined / totals.attempted) * 1000) / 10}%`;
  return [
    `Generated by \`${PASSES[pass].command}\` (scripts/corpus.mjs) from ${relative(ROOT, PASSES[pass].out)}/*.json, seed ${SEED}.`,
    '',
    '| server | package | refused calls taken | recovered | confirmed | not recoverable | undetermined | out of the rate (unknown tool / upstream) | rate (Repair@3) | Repair@1 | validation | unknown tool | transient | business | blind / wasted retries |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Undetermined: **${totals.undetermined} of ${totals.attempted} decisions (${share})**; ${totals.outOfRate} more were left out of the rate. By cause:`,
    '',
    '| cause | decisions |',
    '|---|---|',
    ...[...causes].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([cause, n]) => `| ${cause} | ${n} |`),
  ];
}

function updateRecoveryDoc() {
  if (!existsSync(RECOVERY)) return;
  let doc = readFileSync(RECOVERY, 'utf8');
  for (const pass of Object.keys(PASSES)) if (passMetas(pass).length) doc = replaceSection(doc, `recovery:${pass}`, recoveryTable(pass));
  writeFileSync(RECOVERY, doc);
  log(`corpus: updated ${relative(ROOT, RECOVERY)}`);
}

function updateCalibrationDoc() {
  if (!existsSync(CALIBRATION)) return;
  let doc = readFileSync(CALIBRATION, 'utf8');
  for (const pass of Object.keys(PASSES)) if (passMetas(pass).length) doc = replaceSection(doc, `board:${pass}`, boardTable(pass));
  const { rows, stale } = verdictRows(doc);
  rows.sort((a, b) => a.pass.localeCompare(b.pass) || (RUN_ORDER.get(a.server) ?? 99) - (RUN_ORDER.get(b.server) ?? 99) || a.rule.localeCompare(b.rule) || a.tool.localeCompare(b.tool) || a.probe.localeCompare(b.probe));
  const table = [
    '| pass | server | rule | tool | probe | severity | verdict | reason (quoting the answer) |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.pass} | ${r.server} | ${r.rule} | ${cell(r.tool)} | ${r.probe} | ${r.severity} | ${r.verdict} | ${cell(r.reason)} |`),
  ];
  if (stale.length) table.push('', 'Recorded verdicts whose finding is gone (delete them from corpus/verdicts.json once confirmed):', '', ...stale.map((v) => `- ${v.pass} / ${v.server} / ${v.rule} / ${v.tool} / ${v.probe}: was ${v.verdict}`));
  doc = replaceSection(doc, 'verdicts', table);
  const rules = [...new Set(rows.map((r) => r.rule))].sort();
  const count = (rule, pass, verdict) => rows.filter((r) => r.rule === rule && r.pass === pass && r.verdict === verdict).length;
  const passes = Object.keys(PASSES);
  const summary = [
    `| rule | ${passes.map((p) => `${p}: TP | ${p}: FP`).join(' | ')} | to judge |`,
    `|---|${passes.map(() => '---|---').join('|')}|---|`,
    ...rules.map((rule) => `| ${rule} | ${passes.map((p) => `${count(rule, p, 'TP')} | ${count(rule, p, 'FP')}`).join(' | ')} | ${rows.filter((r) => r.rule === rule && r.verdict === '?').length} |`),
    `| **all** | ${passes.map((p) => `${rows.filter((r) => r.pass === p && r.verdict === 'TP').length} | ${rows.filter((r) => r.pass === p && r.verdict === 'FP').length}`).join(' | ')} | ${rows.filter((r) => r.verdict === '?').length} |`,
  ];
  doc = replaceSection(doc, 'fp-summary', summary);
  writeFileSync(CALIBRATION, doc);
  const unjudged = rows.filter((r) => r.verdict === '?').length;
  log(`corpus: updated ${relative(ROOT, CALIBRATION)} (${rows.length} warning/error findings, ${unjudged} to judge, ${stale.length} stale verdicts)`);
}

// ---------------------------------------------------------------------------------------------------------------
// The real-world scoreboard (issue 12): the corpus through `mcp-errlint scoreboard`, as anyone would run a list of servers

const SCOREBOARD_OUT = join(CORPUS, 'out-scoreboard');
const SCOREBOARD_DOCS = { markdown: join(ROOT, 'docs', 'corpus-scoreboard.md'), html: join(ROOT, 'docs', 'corpus-scoreboard.html') };

/**
 * Write the corpus as a list file of our own format (each command wrapped in the network namespace as above, its temp dir
 * as its cwd, HOME and variables in its env), lint it with one `scoreboard` run (two servers at once) that writes the
 * HTML board and every report, then the markdown board from its board.json with `merge`. The temp dirs are removed after.
 */
async function scoreboard() {
  installCorpus();
  buildLinter();
  const netns = detectNetns();
  rmSync(SCOREBOARD_OUT, { recursive: true, force: true });
  mkdirSync(SCOREBOARD_OUT, { recursive: true });
  const dirs = [];
  try {
    const servers = SERVERS.map((server) => {
      const dir = serverDir(server);
      dirs.push(dir);
      const [command, ...args] = serverCommand(server, dir, netns);
      return { name: server.name, command, args, env: serverEnv(server, dir), cwd: dir };
    });
    // Inside the checkout, named relatively: the board's "source" is then the same on every machine.
    const list = relative(ROOT, join(SCOREBOARD_OUT, 'servers.json'));
    writeFileSync(join(ROOT, list), `${JSON.stringify({ servers }, null, 2)}\n`);
    log(`corpus: network ${netns.how}; ${servers.length} servers through mcp-errlint scoreboard (${list}), at most ${SERVER_TIMEOUT_S} s each`);
    const started = Date.now();
    const reports = relative(ROOT, join(SCOREBOARD_OUT, 'reports'));
    const board = (args) => spawnSync(process.execPath, [LINTER, ...args], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NO_COLOR: '1' } });
    const lintArgs = [...EXTRA_ARGS];
    const run = board(['scoreboard', list, '--seed', String(SEED), '--jobs', '2', '--deadline', `${SERVER_TIMEOUT_S}s`, '--out-dir', reports, '-f', 'html', '-o', SCOREBOARD_DOCS.html, ...(lintArgs.length ? ['--', ...lintArgs] : [])]);
    if (run.status !== 0) throw new Error(`mcp-errlint scoreboard exited ${run.status ?? run.signal}`);
    const merged = board(['merge', join(reports, 'board.json'), '-f', 'markdown', '-o', SCOREBOARD_DOCS.markdown]);
    if (merged.status !== 0) throw new Error(`mcp-errlint merge exited ${merged.status ?? merged.signal}`);
    log(`corpus: ${servers.length} servers in ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  // Machine-specific bits of server text (temp dirs, this checkout) out of the committed boards, as for the calibration board.
  const preamble = [
    '# Corpus scoreboard',
    '',
    `Do not edit by hand. Generated by \`npm run corpus -- --scoreboard\` (scripts/corpus.mjs): the servers of [calibration.md](calibration.md), linted offline (network: ${netns.how}) by \`mcp-errlint scoreboard\` with seed ${SEED}, default profile and options, two at once; the page with every server's findings: [corpus-scoreboard.html](corpus-scoreboard.html). How to read it: [scoreboard.md](scoreboard.md).`,
    '',
    '',
  ].join('\n');
  for (const [format, file] of Object.entries(SCOREBOARD_DOCS)) {
    writeFileSync(file, (format === 'markdown' ? preamble : '') + scrub(readFileSync(file, 'utf8')));
    log(`corpus: wrote ${relative(ROOT, file)}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const argv = process.argv.slice(2);
  if (argv.includes('--list')) {
    const netns = detectNetns();
    for (const s of SERVERS) console.log(`${s.name}\t${s.pkg}\t${serverCommand(s, '$TMP', netns).map((a) => a.split(MODULES).join('corpus/node_modules')).join(' ')}\t${s.why}`);
    console.log('\nOver HTTP (--http), on a free port of 127.0.0.1 in the same namespace as the linter:');
    for (const r of HTTP_RUNS) console.log(`${r.name}\t${r.server.pkg}\t${r.start.how}; lint --url http://127.0.0.1:PORT${r.start.path}`);
    return;
  }
  if (argv.includes('--scoreboard')) {
    await scoreboard();
    return;
  }
  if (argv.includes('--check')) {
    buildLinter();
    const dirs = Object.values(PASSES).map((p) => p.out).filter(existsSync);
    const files = dirs.flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.run.json')).map((f) => join(dir, f)));
    if (!(await checkReports(files))) process.exitCode = 1;
    return;
  }
  if (argv.includes('--board')) {
    for (const pass of Object.keys(PASSES)) writeBoard(pass);
    updateCalibrationDoc();
    updateRecoveryDoc();
    return;
  }
  const names = argv.filter((a) => a !== '--sandboxed' && a !== '--http');
  // A pass's runs: the servers over stdio, or their HTTP starts (a server's name selects all of its runs).
  const runs = HTTP ? HTTP_RUNS : SERVERS;
  const selects = (r, name) => r.name === name || r.server?.name === name;
  const unknown = names.filter((a) => !runs.some((r) => selects(r, a)));
  if (unknown.length) throw new Error(`unknown ${HTTP ? 'HTTP run' : 'server'}(s): ${unknown.join(', ')}; known: ${runs.map((r) => r.name).join(', ')}`);
  const chosen = (names.length ? runs.filter((r) => names.some((a) => selects(r, a))) : runs).filter((s) => !(SANDBOXED && s.writesOutsideSandbox));
  installCorpus();
  buildLinter();
  mkdirSync(OUT, { recursive: true });
  const netns = detectNetns();
  log(`corpus: network ${netns.how}; ${chosen.length} server(s), at most ${SERVER_TIMEOUT_S} s each`);
  const started = Date.now();
  for (const run of chosen) {
    if (run.start?.everyInterface && !netns.prefix.length) {
      log(`corpus: ${run.name} skipped: it listens on every interface, and without a network namespace that is this machine's`);
      for (const file of [`${run.name}.json`, `${run.name}.run.json`]) rmSync(join(OUT, file), { force: true });
      continue;
    }
    const m = await lintServer(run, netns);
    log(`corpus: ${run.name} exit ${m.timedOut ? 'killed' : m.exitCode} in ${m.seconds} s${m.cause ? ` (${m.cause})` : ''}`);
  }
  log(`corpus: ${chosen.length} server(s) in ${Math.round((Date.now() - started) / 1000)} s`);
  const written = chosen.map((r) => join(OUT, `${r.name}.json`)).filter(existsSync);
  if (!(await checkReports(written))) process.exitCode = 1;
  writeBoard(PASS);
  updateCalibrationDoc();
  updateRecoveryDoc();
}

main().catch((error) => {
  log(`corpus: ${error.message}`);
  process.exitCode = 2;
});
