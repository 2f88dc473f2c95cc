#!/usr/bin/env node
// Entry point: runs the built CLI and sets the exit code without cutting piped output short.
import { main } from '../dist/src/cli/main.js';

main(process.argv).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`mcp-errlint: internal error: ${error?.stack ?? error}\n`);
    process.exitCode = 2;
  },
);
