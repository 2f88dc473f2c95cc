#!/usr/bin/env node
// Every decision of the repair agent on one server, one JSON line each (redacted): the refused call, the answer it read,
// what it understood, the call it made, the judge's verdict and the server's answer. For hand-checking the agent
// (docs/recovery.md, "Hand-checked decisions"); the report keeps the transcripts of unrecovered calls only.
//   node scripts/recovery-decisions.mjs [--seed N] -- <server command> [args…] > decisions.jsonl
import { lint } from '../dist/src/index.js';
import { redact } from '../dist/src/matchers/secrets.js';

const argv = process.argv.slice(2);
const dash = argv.indexOf('--');
if (dash < 0 || dash === argv.length - 1) {
  console.error('usage: node scripts/recovery-decisions.mjs [--seed N] -- <server command> [args…]');
  process.exit(2);
}
const seedAt = argv.indexOf('--seed');
const seed = seedAt >= 0 && seedAt < dash ? Number(argv[seedAt + 1]) : 1;
const [command, ...args] = argv.slice(dash + 1);
const report = await lint({
  target: { command, args },
  seed,
  onRepair: (decision) => process.stdout.write(`${redact(JSON.stringify(decision))}\n`),
});
console.error(`recovery: ${report.recovery?.recovered ?? 0} of ${report.recovery?.attempted ?? 0} (rate ${report.recovery?.rate ?? '–'}), grade ${report.score.grade}`);
