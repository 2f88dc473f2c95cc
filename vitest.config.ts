// Test runner config: two projects. `unit` runs pure and in-process tests on the TS sources, no build needed
// (npm run test:unit); `e2e` runs what starts processes: the built CLI (dist/), servers, Chromium, npm pack (npm run test:e2e).
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The e2e project: every file that runs the built CLI or anything else in dist/, drives live servers (sessions,
 * timeouts, signals, process trees), Chromium, or packs the tarball, wherever it lives. Every other test file is a
 * unit test: a file belongs by what it does, not by its folder. Two unit files start a process without being such
 * tests: probes/probes.test.ts reads the tools/list of two published servers once, for real schemas to plan from (its
 * tests are property tests of the probes), and action/run-sh.test.ts runs action/run.sh with a stand-in for the CLI.
 */
const E2E = [
  'test/e2e/**/*.test.ts', // the built CLI against fixture servers, hostile servers, published servers, Chromium, npm pack
  'test/fixtures/**/*.test.ts', // starts the HTTP fixture servers and talks to them
  'test/session/session.test.ts', // a Session against scripted stdio servers, with their timeouts
  'test/session/bounded.test.ts', // a Session against the hostile fixture servers
  'test/session/startup.test.ts', // crashing Node processes and handshake timeouts
  'test/session/process-tree.test.ts', // process trees, signals and the kill grace
  'test/api.test.ts', // imports the package by its name (dist/) and lints fixture servers, as docs/api.md shows
  'test/network-guard.test.ts', // checks the guard inside a CLI the test starts
  'test/probes/schema-hazards.test.ts', // runs the built planner (dist/) in child processes under a time limit
];

/** What both projects share. */
const shared = {
  testTimeout: 120_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
  // No test reaches beyond this machine: a connection to anything but loopback throws.
  setupFiles: ['test/helpers/network-guard.mjs', 'test/helpers/temp-cleanup.ts'],
};

export default defineConfig({
  test: {
    // Once per run, whichever projects run: the run's own temp folder, and a failure when anything is left in it.
    globalSetup: ['test/helpers/temp-check.ts'],
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...E2E],
          // CPU-bound and short: both cores.
          maxWorkers: 2,
          // Files share their worker's modules: re-importing the sources for each of ~120 files was 80 of the suite's
          // 90 s (issue 29: 89 s → 20 s on a quiet machine). It holds because unit tests keep no module state between
          // files (no vi.mock, no globals left set); green in file order and with --sequence.shuffle. Temp folders are removed
          // per file by a setup file (test/helpers/temp-cleanup.ts), which runs for each file either way.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'e2e',
          include: E2E,
          // Two files at a time: they mostly wait on the processes they start, and the suite must stay near 6 minutes on
          // 2 cores (one at a time took 7.5 with the surfaces of issue 19; two at a time, 4.5 min, green in consecutive runs).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
