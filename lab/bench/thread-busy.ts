/**
 * How busy each thread was over a timed span: the main thread's event loop (the lab: pollers,
 * Lambda dispatch, logs, API), each emulator thread's, and the
 * whole process's CPU in cores. A share near 1 names the thread that sets the pace.
 */
import { performance } from 'node:perf_hooks';
import type { Emulators } from '../emulators/emulators';

/** Shares of the span each event loop was busy (0–1), and the process's CPU in cores. */
export interface ThreadBusy {
  readonly mainThread: number;
  readonly sqsThread: number;
  readonly dynamodbThread: number;
  /** Process CPU time (every thread) / wall time: 2 is both cores of this machine. */
  readonly processCores: number;
}

/** Starts measuring; `stop()` returns the shares since the start. */
export function startBusyMeter(emulators: Emulators): { stop(): ThreadBusy } {
  const main = performance.eventLoopUtilization();
  const threads = emulators.threadBusyMs();
  const cpu = process.cpuUsage();
  const started = performance.now();
  return {
    stop() {
      const wallMs = performance.now() - started;
      const used = process.cpuUsage(cpu);
      const after = emulators.threadBusyMs();
      const round = (value: number): number => Math.round(value * 100) / 100;
      return {
        mainThread: round(performance.eventLoopUtilization(main).utilization),
        sqsThread: round((after.sqs - threads.sqs) / wallMs),
        dynamodbThread: round((after.dynamodb - threads.dynamodb) / wallMs),
        processCores: round((used.user + used.system) / 1000 / wallMs),
      };
    },
  };
}
