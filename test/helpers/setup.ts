import { afterAll, vi } from 'vitest';

// Unit tests never reach AWS: a fixed region and dummy credentials keep the SDK from
// looking for real ones, and the mocks answer every call.
process.env.AWS_REGION ??= 'us-east-1';
process.env.AWS_ACCESS_KEY_ID ??= 'test';
process.env.AWS_SECRET_ACCESS_KEY ??= 'test';

// Test files share their worker's modules (vitest.config.ts: isolate false), so a file that
// turned fake timers on must not hand them to the next file.
afterAll(() => {
  vi.useRealTimers();
});
