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
    // The test files of one worker share its module cache: the lab's modules are imported once
    // per worker instead of once per file (about 1.5 s of CPU each, 160 s over the suite). No
    // test file may leave state behind: mocks and env are restored after every test, and the
    // setup file puts real timers back after every file.
    isolate: false,
    // Two test files at a time (one per core): the experiments measure real heartbeat timing, and
    // three at a time, with a fresh clone synthesizing every stack, delayed a heartbeat by 3 s.
    maxWorkers: 2,
  },
});
