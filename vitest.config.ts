// Test runner config: unit tests run on sources, e2e tests on the built CLI (npm test builds first).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // No test reaches beyond this machine: a connection to anything but loopback throws.
    setupFiles: ['test/helpers/network-guard.mjs'],
  },
});
