#!/usr/bin/env node
// Entry point: runs the built CLI and sets the exit code without cutting piped output short.
import { main } from '../dist/src/cli/main.js';

// A reader that stops early (`mcp-errlint --help | head -1`) closes the pipe: what is left to write goes nowhere, quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error?.code !== 'EPIPE') throw error;
  });
}

main(process.argv).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`mcp-errlint: internal error: ${error?.stack ?? error}\n`);
    process.exitCode = 2;
  },
);
