#!/usr/bin/env node
// A calibration set for the repair agent (docs/recovery.md): refused tool calls from the corpus servers and the fixtures,
// each with the tool as listed, the call, the server's answer as recorded and what the agent made of it, so that a person
// (or an LLM judging blind) can say what a good agent would do, and a unit test can replay each item offline.
//
//   node scripts/recovery-calibration.mjs collect      lint every corpus server (the sandboxed pass's flags where it
//                                                      runs, default flags otherwise) and every fixtures/*.mjs, seed 1,
//                                                      two at once; keep every exchange the agent repaired; write
//                                                      calibration-views/all-items.json (every one) and
//                                                      test/data/recovery-calibration/items.json (stratified, ~340)
//   node scripts/recovery-calibration.mjs stratify     only the second step, from calibration-views/all-items.json
//   node scripts/recovery-calibration.mjs views        calibration-views/batch-N.md and batch-N.ids.json (N = 1..6): each
//                                                      item as an MCP client shows it to a model, nothing of the agent's
//   node scripts/recovery-calibration.mjs table        items per server × category × recovered
//
// Needs a build (npm run build) and corpus/node_modules (npm run corpus installs it). Servers run offline as in
// scripts/corpus.mjs (their own temp dir and HOME, a network namespace with loopback only when unshare works here).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lint } from '../dist/src/index.js';
import { Session } from '../dist/src/session/session.js';
import { refused } from '../dist/src/repair/repair.js';
import { redactValue } from '../dist/src/matchers/secrets.js';
import { NO_TOOL } from '../dist/src/plan/types.js';
import { detectNetns } from './lib/offline.mjs';
import { SERVERS, serverCommand, serverDir, serverEnv } from './lib/corpus-servers.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ITEMS = join(ROOT, 'test', 'data', 'recovery-calibration', 'items.json');
const VIEWS = join(ROOT, 'calibration-views');
const ALL = join(VIEWS, 'all-items.json');
const SEED = 1;
const JOBS = 2;
const CORPUS_DEADLINE_MS = 180_000;
const FIXTURE_DEADLINE_MS = 120_000;
/** A string longer than this in a call or its answer: the item is left out (the oversized probe). */
const MAX_STRING = 4096;
const TARGET = 340;
const BATCHES = 6;
const SANDBOXED_FLAGS = { allowWrites: true, allowDestructive: true, readOnly: false };
const DEFAULT_FLAGS = { allowWrites: false, allowDestructive: false, readOnly: false };

const log = (line) => process.stderr.write(`${line}\n`);
const writeArray = (file, items) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, items.length ? `[\n${items.map((i) => JSON.stringify(i)).join(',\n')}\n]\n` : '[]\n');
};

// ---------------------------------------------------------------------------------------------------------------
// collect

/** Every server to lint: the corpus (in its own temp dir, offline) and the fixtures. */
function jobs(netns) {
  const corpus = SERVERS.map((server) => ({
    name: server.name,
    source: 'corpus',
    flags: server.writesOutsideSandbox ? DEFAULT_FLAGS : SANDBOXED_FLAGS,
    deadlineMs: CORPUS_DEADLINE_MS,
    start() {
      const dir = serverDir(server);
      const [command, ...args] = serverCommand(server, dir, netns);
      return { target: { command, args, cwd: dir, env: serverEnv(server, dir) }, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
    },
  }));
  const fixtures = readdirSync(join(ROOT, 'fixtures'))
    .filter((f) => f.endsWith('.mjs'))
    .sort()
    .map((f) => ({
      name: basename(f, '.mjs'),
      source: 'fixture',
      flags: DEFAULT_FLAGS,
      deadlineMs: FIXTURE_DEADLINE_MS,
      start: () => ({ target: { command: process.execPath, args: [join(ROOT, 'fixtures', f)], cwd: ROOT }, cleanup: () => {} }),
    }));
  return [...corpus, ...fixtures];
}

/** The longest string anywhere in a value. */
function longest(value) {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce((m, v) => Math.max(m, longest(v)), 0);
  if (value !== null && typeof value === 'object') return Object.values(value).reduce((m, v) => Math.max(m, longest(v)), 0);
  return 0;
}

async function listTools(target) {
  const session = await Session.open({ target, timeoutMs: 10_000 });
  try {
    return await session.listTools();
  } finally {
    await session.close();
  }
}

/** Lint one server; its repaired exchanges as items (numbered in run order), and what was left out. */
async function collectOne(job) {
  const started = Date.now();
  const kept = new Set();
  const { target, cleanup } = job.start();
  let tools = [];
  let error;
  try {
    tools = await listTools(target);
    await lint({ target, seed: SEED, deadlineMs: job.deadlineMs, ...job.flags, onExchange: (e) => refused(e) && kept.add(e) });
  } catch (e) {
    error = e instanceof Error ? e.message.split('\n')[0] : String(e);
  } finally {
    cleanup();
  }
  const byName = new Map(tools.map((t) => [t.name, t]));
  const items = [];
  let oversized = 0;
  for (const e of [...kept].filter((x) => x.repair).sort((a, b) => a.seq - b.seq)) {
    const params = e.request?.params ?? {};
    const call = { name: params.name ?? e.case.name, ...('arguments' in params ? { arguments: params.arguments } : e.case.arguments !== undefined ? { arguments: e.case.arguments } : {}) };
    if (longest(call) > MAX_STRING || longest(e.outcome) > MAX_STRING) {
      oversized++;
      continue;
    }
    const t = e.tool === NO_TOOL ? byName.get(call.name) : byName.get(e.tool);
    items.push({
      id: `${job.name}-${String(items.length + 1).padStart(3, '0')}`,
      server: job.name,
      source: job.source,
      probe: e.probe,
      label: e.case.label,
      expect: e.case.expect,
      mustRefuse: e.case.mustRefuse === true,
      call: redactValue(call),
      outcome: redactValue(e.outcome),
      ...(e.http ? { http: redactValue(e.http) } : {}),
      ...(e.responseCut ? { responseCut: e.responseCut, truncated: true } : {}),
      tool: t ? { name: t.name, description: t.description, inputSchema: t.inputSchema, annotations: t.annotations } : null,
      toolNames: tools.map((x) => x.name),
      policyFlags: job.flags,
      live: { category: e.repair.category, recovered: e.repair.recovered, confirmed: e.repair.confirmed, verdict: e.repair.verdict, understood: e.repair.steps?.[0]?.understood },
    });
  }
  return { items, oversized, error, seconds: Math.round((Date.now() - started) / 100) / 10, tools: tools.length };
}

async function collect() {
  const netns = detectNetns();
  const names = process.argv.slice(3);
  const list = jobs(netns).filter((j) => !names.length || names.includes(j.name));
  log(`collect: network ${netns.how}; ${list.length} servers, ${JOBS} at once`);
  const started = Date.now();
  const results = new Map();
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const job = list[next++];
      const r = await collectOne(job);
      results.set(job.name, r);
      log(`collect: ${job.name}: ${r.items.length} items (${r.oversized} oversized left out), ${r.tools} tools, ${r.seconds} s${r.error ? `; ${r.error}` : ''}`);
    }
  };
  await Promise.all(Array.from({ length: JOBS }, worker));
  const all = list.flatMap((job) => results.get(job.name)?.items ?? []);
  writeArray(ALL, all);
  log(`collect: ${all.length} items from ${list.length} servers in ${Math.round((Date.now() - started) / 1000)} s; ${ALL}`);
  stratify(all);
}

// ---------------------------------------------------------------------------------------------------------------
// stratify

/** What a model would see of an item: two items that show the same are one for calibration. */
const seenKey = (i) => JSON.stringify([i.tool, i.toolNames, i.call, answerLines(i)]);

/** Items in an order that spreads (tool, probe) pairs: one of each pair in turn, run order within. */
function spread(items) {
  const groups = new Map();
  for (const i of items) {
    const k = `${i.call.name}\u0000${i.probe}`;
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(i);
  }
  const out = [];
  const queues = [...groups.values()];
  for (let round = 0; out.length < items.length; round++) for (const q of queues) if (q[round]) out.push(q[round]);
  return out;
}

/**
 * At most `cap` of one server's items (every transient one besides), taken in turn from each (category, recovered)
 * cell: business before unknown-tool before validation, so small cells are kept whole and a cut falls on validation.
 */
function pick(items, cap) {
  const cells = new Map();
  for (const i of items) {
    const k = `${i.live.category}/${i.live.recovered}`;
    if (!cells.has(k)) cells.set(k, []);
    cells.get(k).push(i);
  }
  const rank = { business: 0, 'unknown-tool': 1, validation: 2 };
  const transient = items.filter((i) => i.live.category === 'transient');
  const queues = [...cells.entries()].filter(([k]) => !k.startsWith('transient/')).sort(([a], [b]) => rank[a.split('/')[0]] - rank[b.split('/')[0]] || a.localeCompare(b)).map(([, q]) => spread(q));
  const chosen = [...transient];
  const want = Math.min(Math.max(cap, transient.length), items.length);
  for (let round = 0; chosen.length < want; round++) {
    for (const q of queues) if (q[round] && chosen.length < want) chosen.push(q[round]);
  }
  return chosen;
}

/** Fixtures serve the same two tools over and over: a few of each is enough; the corpus gets the rest of the target. */
const FIXTURE_CAP = 5;

function stratify(all) {
  const seen = new Set();
  const unique = all.filter((i) => {
    const k = seenKey(i);
    return !seen.has(k) && seen.add(k);
  });
  log(`stratify: ${all.length} items, ${unique.length} once duplicates (what a model sees) are dropped`);
  const servers = [...new Set(unique.map((i) => i.server))];
  const byServer = new Map(servers.map((s) => [s, unique.filter((i) => i.server === s)]));
  const capOf = (s, cap) => (byServer.get(s)[0].source === 'fixture' ? FIXTURE_CAP : cap);
  const total = (cap) => servers.reduce((n, s) => n + pick(byServer.get(s), capOf(s, cap)).length, 0);
  let cap = 1;
  while (total(cap + 1) <= TARGET && total(cap + 1) > total(cap)) cap++;
  const chosen = new Set(servers.flatMap((s) => pick(byServer.get(s), capOf(s, cap))));
  // Fill up to the target with one more per corpus server in turn (the largest first), so the count lands on it.
  for (const s of [...servers].filter((x) => capOf(x, 0) === 0).sort((a, b) => byServer.get(b).length - byServer.get(a).length)) {
    if (chosen.size >= TARGET) break;
    const more = pick(byServer.get(s), cap + 1).find((i) => !chosen.has(i));
    if (more) chosen.add(more);
  }
  const items = unique.filter((i) => chosen.has(i));
  writeArray(ITEMS, items);
  log(`stratify: cap ${cap} per corpus server, ${FIXTURE_CAP} per fixture (every transient item kept); ${items.length} items from ${servers.length} servers: ${ITEMS}`);
  table(items);
}

// ---------------------------------------------------------------------------------------------------------------
// table

function table(items) {
  const cats = ['validation', 'unknown-tool', 'transient', 'business'];
  const servers = [...new Set(items.map((i) => i.server))];
  const n = (list, cat, rec) => list.filter((i) => i.live.category === cat && i.live.recovered === rec).length;
  const lines = [`| server | source | ${cats.map((c) => `${c} rec / not`).join(' | ')} | total |`, `|---|---|${cats.map(() => '---|').join('')}---|`];
  for (const s of servers) {
    const list = items.filter((i) => i.server === s);
    lines.push(`| ${s} | ${list[0].source} | ${cats.map((c) => `${n(list, c, true)} / ${n(list, c, false)}`).join(' | ')} | ${list.length} |`);
  }
  lines.push(`| **all** | | ${cats.map((c) => `${n(items, c, true)} / ${n(items, c, false)}`).join(' | ')} | ${items.length} |`);
  console.log(lines.join('\n'));
}

// ---------------------------------------------------------------------------------------------------------------
// views

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const fence = (text, lang = '') => {
  const ticks = /```/.test(text) ? '~~~~' : '```';
  return `${ticks}${lang}\n${text}\n${ticks}`;
};
const json = (v) => JSON.stringify(v, null, 2);

/** The server's answer as an MCP client hands it to a model. */
function answerLines(item) {
  const o = item.outcome;
  const out = [];
  const http = item.http;
  if (http && http.status >= 400) {
    out.push(`HTTP status: ${http.status}`);
    if (http.headers?.['retry-after']) out.push(`Retry-After: ${http.headers['retry-after']}`);
  }
  if (o.kind === 'result') {
    const r = o.result ?? {};
    out.push(`Tool result (isError: ${r.isError === true}):`);
    for (const c of Array.isArray(r.content) ? r.content : []) {
      if (c?.type === 'text') out.push(fence(String(c.text)));
      else if (c?.type === 'resource') out.push(fence(c.resource?.text ?? `[resource ${c.resource?.uri ?? ''}]`));
      else out.push(`[${c?.type ?? 'content'}${c?.mimeType ? ` ${c.mimeType}` : ''}]`);
    }
    if (r.structuredContent !== undefined) out.push('structuredContent:', fence(json(r.structuredContent), 'json'));
  } else if (o.kind === 'error') {
    out.push('JSON-RPC error:', `- code: ${JSON.stringify(o.error.code)}`, `- message: ${typeof o.error.message === 'string' ? o.error.message : JSON.stringify(o.error.message)}`);
    if (o.error.data !== undefined) out.push('- data:', fence(typeof o.error.data === 'string' ? o.error.data : json(o.error.data)));
  } else if (o.kind === 'http') {
    if (!http) out.push(`HTTP status: ${o.status}`);
    out.push('Body:', fence(o.body ?? ''));
  } else if (o.kind === 'timeout') {
    out.push('(no answer: the request timed out)');
  } else if (o.kind === 'closed') {
    out.push(`(the connection closed before an answer${o.error ? `: ${o.error}` : ''})`);
  } else {
    out.push(`(${o.kind})`);
  }
  return out;
}

function viewOf(item, n) {
  const lines = [`## Item ${n}`, ''];
  lines.push(`Tools the server lists: ${item.toolNames.map((t) => `\`${t}\``).join(', ') || '(none)'}`, '');
  if (item.tool) {
    lines.push(`### Tool \`${item.tool.name}\``, '', 'Description:', fence(item.tool.description ?? '(none)'), '', 'inputSchema:', fence(json(item.tool.inputSchema), 'json'), '');
  }
  lines.push('### The call', '', `Tool called: \`${item.call.name}\`${item.tool ? '' : ' (no listed tool has this name)'}`, '');
  lines.push('arguments' in item.call ? fence(json(item.call.arguments), 'json') : '(no arguments sent)', '');
  lines.push('### The answer', '', ...answerLines(item), '');
  return lines.join('\n');
}

function views() {
  const items = JSON.parse(readFileSync(ITEMS, 'utf8'));
  const order = [...items];
  const random = mulberry32(SEED);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  mkdirSync(VIEWS, { recursive: true });
  for (const f of readdirSync(VIEWS)) if (/^batch-\d+\.(md|ids\.json)$/.test(f)) rmSync(join(VIEWS, f));
  const size = Math.ceil(order.length / BATCHES);
  for (let b = 0; b < BATCHES; b++) {
    const batch = order.slice(b * size, (b + 1) * size);
    if (!batch.length) break;
    const head = [`# Calibration batch ${b + 1}`, '', `${batch.length} refused tool calls. For each: the tool as the server lists it, the call an agent made and the server's answer, as an MCP client shows them to a model.`, ''];
    writeFileSync(join(VIEWS, `batch-${b + 1}.md`), [...head, ...batch.map((item, k) => viewOf(item, k + 1))].join('\n'));
    writeFileSync(join(VIEWS, `batch-${b + 1}.ids.json`), `${JSON.stringify(batch.map((i) => i.id), null, 1)}\n`);
    log(`views: batch-${b + 1}: ${batch.length} items`);
  }
}

// ---------------------------------------------------------------------------------------------------------------

const command = process.argv[2];
if (command === 'collect') await collect();
else if (command === 'stratify') stratify(JSON.parse(readFileSync(ALL, 'utf8')));
else if (command === 'views') views();
else if (command === 'table') table(JSON.parse(readFileSync(ITEMS, 'utf8')));
else {
  log('usage: node scripts/recovery-calibration.mjs collect|stratify|views|table');
  process.exitCode = 2;
}
if (!existsSync(ITEMS) && command !== undefined && command !== 'collect') log(`no ${ITEMS}`);
