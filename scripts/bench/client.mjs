// The benchmark's bare raw client: spawns the fast server, does the handshake, then sends tools/call requests (valid and invalid arguments alternating, round-robin over the tools) one at a time through the same stdio pipes, and prints what it measured as one JSON line.
// Usage: node scripts/bench/client.mjs <tools> <calls>   (the server inherits the environment, BENCH_FAST_EVENTS included)
//
// It is the floor a client can reach on this machine: no planning, no recording, no grading. The loop's wall time and
// this process's CPU during the loop are what count; node's start-up and the handshake are left out, as the linter's
// probing time leaves out its start-up.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const SERVER = new URL('../../fixtures/bench/fast-server.mjs', import.meta.url).pathname;
const tools = Number(process.argv[2]);
const calls = Number(process.argv[3]);
if (!(tools >= 1 && calls >= 1)) {
  process.stderr.write('usage: node scripts/bench/client.mjs <tools> <calls>\n');
  process.exit(2);
}

const server = spawn(process.execPath, [SERVER, '--tools', String(tools)], { stdio: ['pipe', 'pipe', 'ignore'] });
const exited = new Promise((resolve) => server.once('exit', resolve));

// Newline-delimited JSON-RPC, one request in flight: the answer settles the one waiter.
let waiting = null;
let pending = '';
server.stdout.setEncoding('utf8');
server.stdout.on('data', (chunk) => {
  let from = 0;
  for (let nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', from)) {
    const line = pending + chunk.slice(from, nl);
    pending = '';
    from = nl + 1;
    const message = JSON.parse(line);
    const settle = waiting;
    waiting = null;
    settle?.(message);
  }
  pending += chunk.slice(from);
});

let nextId = 1;
function request(method, params) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting = (message) => (message.id === id ? resolve(message) : reject(new Error(`answer to id ${message.id}, expected ${id}`)));
    server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
  });
}

/** Arguments for a tool from its schema: one valid set, and invalid ones (missing, too long, out of range, not in the enum, wrong type). */
function argumentCases(schema) {
  const [required] = schema.required;
  const valid = {};
  const invalid = [];
  for (const [field, prop] of Object.entries(schema.properties)) {
    if (prop.enum) {
      valid[field] = prop.enum[0];
      invalid.push({ [field]: 'not-a-listed-value' });
    } else if (prop.type === 'integer') {
      valid[field] = prop.minimum;
      invalid.push({ [field]: prop.maximum + 1 });
    } else {
      valid[field] = 'b'.repeat(Math.min(Math.max(prop.minLength, 12), prop.maxLength));
      invalid.push({ [field]: 'x'.repeat(prop.maxLength + 1) }, { [field]: 42 });
    }
  }
  const missing = { ...valid };
  delete missing[required];
  return { valid, invalid: [missing, ...invalid.map((change) => ({ ...valid, ...change }))] };
}

await request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'errlint-bench-bare-client', version: '1.0.0' } });
server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
const listed = (await request('tools/list', {})).result.tools;
const cases = listed.map((tool) => argumentCases(tool.inputSchema));

let mismatches = 0;
const cpuBefore = process.cpuUsage();
const started = performance.now();
for (let i = 0; i < calls; i++) {
  const t = i % listed.length;
  const round = Math.floor(i / listed.length);
  const { valid, invalid } = cases[t];
  const args = round % 2 === 0 ? valid : invalid[((round - 1) / 2) % invalid.length];
  const answer = await request('tools/call', { name: listed[t].name, arguments: args });
  if ((answer.result?.isError === true) !== (args !== valid)) mismatches++;
}
const loopMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);

server.stdin.end();
const killer = setTimeout(() => server.kill('SIGKILL'), 5000);
await exited;
clearTimeout(killer);
const loopCpuUs = cpu.user + cpu.system;
process.stdout.write(`${JSON.stringify({ calls, loopMs, callsPerSec: calls / (loopMs / 1000), loopCpuUs, cpuUsPerCall: loopCpuUs / calls, mismatches, maxRssKB: process.resourceUsage().maxRSS })}\n`);
