// Stands in for bin/mcp-errlint.js in tests of action/run.sh: writes the argv it got (and the length of each env var named in FAKE_BIN_ENV) as JSON to FAKE_BIN_OUT, prints nothing, exits FAKE_BIN_EXIT.
import { writeFileSync } from 'node:fs';

const env = Object.fromEntries((process.env.FAKE_BIN_ENV ?? '').split(',').filter(Boolean).map((name) => [name, process.env[name]?.length ?? null]));
writeFileSync(process.env.FAKE_BIN_OUT, JSON.stringify({ argv: process.argv.slice(2), env }));
process.exitCode = Number(process.env.FAKE_BIN_EXIT ?? 0);
