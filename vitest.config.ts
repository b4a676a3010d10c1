import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The app's tests, and the lab package's own (lab/test/).
    include: ['test/**/*.test.ts', 'lab/test/**/*.test.ts'],
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
    // Three test files at a time on two cores: many files mostly wait on real visibility
    // timeouts, and with synthesis in a child process of its own (lab/app/synthesis-child.ts) a
    // third file no longer stalls a running lab's heartbeats (it did when synthesis ran on the
    // main thread). Two fresh-clone runs with three: 288 s and 288 s of vitest, all green; with
    // two: 335 s.
    maxWorkers: 3,
  },
});
