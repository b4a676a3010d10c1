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
    // Most lab tests wait on real visibility timeouts rather than compute: three files at a time
    // keep both cores busy where two left them idle half the time (four starved the heartbeat).
    maxWorkers: 3,
  },
});
