#!/usr/bin/env node
// Same verdicts before and after a change: lint every fixture with a pinned seed into a folder, and compare two such
// folders (or two corpus output folders) field by field, with what varies from run to run (times, temp dirs) left out.
//
//   node scripts/verdicts.mjs snapshot <dir>          lint the fixtures (both profiles, and the hostile ones) into <dir>
//   node scripts/verdicts.mjs compare <dirA> <dirB>   every report in both, normalised; prints each difference, exit 1 if any
//
// A refactoring that changes no verdict leaves `compare` silent on the fixtures' snapshot and on corpus/out*/
// (npm run corpus writes those) taken before and after it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LINTER = join(ROOT, 'bin', 'mcp-errlint.js');
const COMMON = ['--seed', '1', '--timeout', '2000', '--deadline', '120s', '--format', 'json'];
const JOBS = 2;

function fixtureRuns() {
  const runs = [];
  for (const file of readdirSync(join(ROOT, 'fixtures')).filter((f) => f.endsWith('.mjs')).sort()) {
    const name = basename(file, '.mjs');
    for (const profile of ['recommended', 'strict']) runs.push({ out: `${name}.${profile}.json`, args: ['--profile', profile, '--', 'node', `fixtures/${file}`] });
  }
  for (const file of readdirSync(join(ROOT, 'fixtures', 'hostile')).filter((f) => f.endsWith('.mjs')).sort()) {
    runs.push({ out: `hostile-${basename(file, '.mjs')}.json`, args: ['--', 'node', `fixtures/hostile/${file}`] });
  }
  // The same reports with tools probed side by side: --concurrency must not change a verdict either.
  for (const name of ['well-behaved', 'generic-error', 'stack-trace', 'concurrency-mixup']) {
    runs.push({ out: `${name}.concurrency-4.json`, args: ['--concurrency', '4', '--', 'node', `fixtures/${name}.mjs`] });
  }
  return runs;
}

function lintInto(dir, run) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [LINTER, ...COMMON, '-o', join(dir, run.out), ...run.args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
    child.on('close', (code) => {
      process.stderr.write(`verdicts: ${run.out} exit ${code}\n`);
      if (code === 2) process.stderr.write(`  ${stderr.trim().split('\n').slice(-2).join('\n  ')}\n`);
      done();
    });
  });
}

async function snapshot(dir) {
  mkdirSync(dir, { recursive: true });
  const queue = fixtureRuns();
  await Promise.all(Array.from({ length: JOBS }, async () => {
    for (let run = queue.shift(); run !== undefined; run = queue.shift()) await lintInto(dir, run);
  }));
}

/** What differs between two runs of the same lint: clocks, durations, elapsed times in texts, temp paths, stderr. */
const VOLATILE_KEYS = new Set(['startedAt', 'durationMs', 'timing', 'stderrTail', 'elapsedMs', 'recheckMs']);
const TEMP = new RegExp(`${tmpdir().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[A-Za-z0-9._-]+`, 'g');

function normalise(value) {
  if (typeof value === 'string') {
    return value
      .replace(TEMP, '$TMP')
      .replace(/[^\s'"]*\/(bin\/mcp-errlint\.js|corpus\/node_modules\/)/g, '$$ROOT/$1') // the checkout each report came from
      .replace(/\b\d+(?:\.\d+)? ?(?:ms|s)\b/g, '#t')
      .replace(/"elapsedMs":\s*\d+/g, '"elapsedMs":#')
      .replace(/errlint-\d+/g, 'errlint-#') // our request ids: their order differs when tools run side by side
      .replace(/\b[0-9a-f]{32}\b/g, '#hex'); // random names a server makes (a temp file's)
  }
  if (Array.isArray(value)) return value.map(normalise);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !VOLATILE_KEYS.has(k)).map(([k, v]) => [k, normalise(v)]));
}

function differences(a, b, path = '', out = []) {
  if (out.length >= 20) return out;
  if (JSON.stringify(a) === JSON.stringify(b)) return out;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) differences(a[key], b[key], `${path}${Array.isArray(a) ? `[${key}]` : `.${key}`}`, out);
    return out;
  }
  const show = (v) => (v === undefined ? '(absent)' : JSON.stringify(v).slice(0, 300));
  out.push(`${path || '.'}: ${show(a)} → ${show(b)}`);
  return out;
}

function compare(dirA, dirB) {
  const reports = (dir) => readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.run.json'));
  const names = [...new Set([...reports(dirA), ...reports(dirB)])].sort();
  let differing = 0;
  for (const name of names) {
    const [a, b] = [dirA, dirB].map((dir) => (existsSync(join(dir, name)) ? normalise(JSON.parse(readFileSync(join(dir, name), 'utf8'))) : undefined));
    const found = differences(a, b);
    if (found.length === 0) continue;
    differing++;
    console.log(`${name}:\n  ${found.join('\n  ')}`);
  }
  console.log(`${names.length - differing} of ${names.length} reports identical`);
  return differing === 0 ? 0 : 1;
}

const [verb, ...dirs] = process.argv.slice(2);
if (verb === 'snapshot' && dirs.length === 1) await snapshot(resolve(dirs[0]));
else if (verb === 'compare' && dirs.length === 2) process.exitCode = compare(resolve(dirs[0]), resolve(dirs[1]));
else {
  console.error('usage: node scripts/verdicts.mjs snapshot <dir> | compare <dirA> <dirB>');
  process.exitCode = 2;
}
