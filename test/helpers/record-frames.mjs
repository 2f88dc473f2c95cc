#!/usr/bin/env node
// A recording stdio proxy: starts the server command given after `--`, passes the client's stdin to it and leaves its
// stdout and stderr as they are (the child writes to ours), and appends every byte the client writes to a file, so a
// test sees each frame on the wire exactly as sent (one JSON-RPC message a line), handshake and session frames included.
//
//   node test/helpers/record-frames.mjs [<file>] -- <server command> [args...]
//
// The file is the argument before `--`, or else $ERRLINT_FRAMES_FILE. Each chunk is appended synchronously as it
// arrives, so the file is complete whenever the proxy is killed. The proxy ends its child when its own stdin closes
// (the child's stdin is closed, as the client closed ours) or when it is signalled (the signal is passed on), and it
// exits as the child did: the same exit code, or the same signal.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';

/** How long a server may take to exit once its stdin is closed before it is sent SIGTERM. */
const STDIN_CLOSED_GRACE_MS = 3000;

const argv = process.argv.slice(2);
const split = argv.indexOf('--');
const file = (split > 0 ? argv[0] : undefined) ?? process.env.ERRLINT_FRAMES_FILE;
const command = split >= 0 ? argv.slice(split + 1) : [];
if (!file || command.length === 0) {
  process.stderr.write('usage: record-frames.mjs [<file>] -- <server command> [args...] (or the file in $ERRLINT_FRAMES_FILE)\n');
  process.exit(2);
}

// Same process group as the proxy: whoever ends the proxy's group ends the server with it.
const child = spawn(command[0], command.slice(1), { stdio: ['pipe', 'inherit', 'inherit'] });
child.stdin.on('error', () => {}); // EPIPE once the server is gone: its exit is what counts

child.on('error', (error) => {
  process.stderr.write(`record-frames: could not start ${command[0]}: ${error.message}\n`);
  process.exit(127);
});

process.stdin.on('data', (chunk) => {
  appendFileSync(file, chunk);
  if (!child.stdin.destroyed && !child.stdin.write(chunk)) {
    process.stdin.pause();
    child.stdin.once('drain', () => process.stdin.resume());
  }
});
/** Our stdin closed: so is the child's; a child that does not exit on that within the grace is ended. */
const endChild = () => {
  child.stdin.end();
  setTimeout(() => child.kill('SIGTERM'), STDIN_CLOSED_GRACE_MS).unref();
};
process.stdin.on('end', endChild);
process.stdin.on('error', endChild);

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    else process.exit(128);
  });
}

child.on('exit', (code, signal) => {
  if (signal) {
    // Exit the way the child did: drop our handler and raise the same signal on ourselves.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    setTimeout(() => process.exit(128), 1000).unref();
  } else process.exit(code ?? 1);
});
