#!/usr/bin/env node
// The test suite's one browser (test/e2e/html-board.test.ts opens the HTML board in it): found, or installed, before
// `npm test` runs, never silently skipped. Prints the path it found on stdout.
//   node scripts/ensure-chromium.mjs      CHROMIUM_PATH, else chromium on PATH, else Debian's package installed with apt
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const NAMES = ['chromium', 'chromium-browser'];

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** CHROMIUM_PATH, else the first Chromium on PATH. */
function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) return executable(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : undefined;
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) for (const name of NAMES) if (executable(join(dir, name))) return join(dir, name);
  return undefined;
}

function run(command, args) {
  process.stderr.write(`ensure-chromium: ${[command, ...args].join(' ')}\n`);
  return spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] }).status === 0;
}

{
  let found = findChromium();
  if (!found && process.env.CHROMIUM_PATH) {
    process.stderr.write(`ensure-chromium: CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable\n`);
    process.exit(1);
  }
  if (!found && process.platform === 'linux' && findOnPath('apt-get')) {
    // Debian's package, as root or through sudo: the explicit step of `npm test` on a machine without a browser.
    const root = process.getuid?.() === 0;
    const prefix = root ? [] : findOnPath('sudo') ? ['sudo'] : undefined;
    if (prefix) {
      const apt = (...args) => (prefix.length ? run('sudo', ['apt-get', ...args]) : run('apt-get', args));
      if (apt('update') && apt('install', '-y', '--no-install-recommends', 'chromium')) found = findChromium();
    }
  }
  if (!found) {
    process.stderr.write('ensure-chromium: the test suite needs Chromium for the HTML board test and found none: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH\n');
    process.exit(1);
  }
  process.stdout.write(`${found}\n`);
}

function findOnPath(name) {
  return (process.env.PATH ?? '').split(delimiter).filter(Boolean).some((dir) => executable(join(dir, name)));
}
