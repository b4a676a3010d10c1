import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Lab tests start emulators and wait for real visibility timeouts.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    restoreMocks: true,
    unstubEnvs: true,
    setupFiles: ['test/helpers/setup.ts'],
    // Two test files at a time (one per core): the experiments measure real heartbeat timing, and
    // three at a time, with a fresh clone synthesizing every stack, delayed a heartbeat by 3 s.
    maxWorkers: 2,
  },
});
