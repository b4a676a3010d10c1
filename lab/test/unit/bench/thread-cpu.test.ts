/**
 * The CPU each kind of thread spent over a span, read from /proc (Linux): work done on the main
 * thread is counted as the main thread's, work in a thread named after a function as the function
 * environments'. The work is measured in CPU time, not wall time, so a loaded machine changes
 * nothing but how long the test takes.
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { startThreadCpuMeter } from '#lab/bench/thread-cpu';

/** Spins until this thread has used `ms` of CPU. */
function burn(ms: number): void {
  const start = process.threadCpuUsage();
  while (true) {
    const used = process.threadCpuUsage(start);
    if ((used.user + used.system) / 1000 >= ms) return;
  }
}

/** Where /proc is missing (not Linux), the meter has no figure: every test checks that there instead. */
const onLinux = process.platform === 'linux';

describe('startThreadCpuMeter', () => {
  it("counts the main thread's work as the main thread's", () => {
    const meter = startThreadCpuMeter();
    burn(200);
    const cpu = meter.stop();

    if (!onLinux) {
      expect(cpu).toBeUndefined();
      return;
    }
    expect(cpu?.main).toBeGreaterThanOrEqual(150);
    expect(cpu?.functions).toBeLessThan(100);
  });

  it("counts a thread named after a function as the function environments', from 0 when it started after", async () => {
    const meter = startThreadCpuMeter();
    const source = `
      const start = process.threadCpuUsage();
      for (;;) { const used = process.threadCpuUsage(start); if ((used.user + used.system) / 1000 >= 200) break; }
      require('node:worker_threads').parentPort.postMessage('done');
      setInterval(() => {}, 1000);
    `;
    const worker = new Worker(source, { eval: true, name: 'OrdersStack-Consumer' });
    try {
      await new Promise((resolve) => worker.once('message', resolve));
      const cpu = meter.stop();
      if (!onLinux) {
        expect(cpu).toBeUndefined();
        return;
      }
      expect(cpu?.functions).toBeGreaterThanOrEqual(150);
    } finally {
      await worker.terminate();
    }
  });
});
