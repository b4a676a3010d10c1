/**
 * The lab's memory: resident memory with both stacks deployed and idle, and after batches of
 * messages through the batch path; and the heap after a full collection of the main thread and
 * of the emulators' own threads, whose growth per message after a
 * warm-up shows whether anything the lab or the emulators keep grows with traffic. Resident
 * memory is the process's, so it counts every thread: the lab, the emulators, the functions.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type Emulators } from '@sqs-lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { produce, waitForDeleted } from './lab-throughput';

/** What the section measures. */
export interface LabMemoryResult {
  /** Resident memory of the process (lab, emulators, function threads), MB, both stacks idle. */
  readonly idleRssMb: number;
  /**
   * Resident memory after each batch, MB; the main thread's heap and the emulator threads' heap,
   * MB, each after a full collection.
   */
  readonly rssMbAfter: readonly {
    readonly messages: number;
    readonly rssMb: number;
    readonly heapMb: number;
    readonly emulatorHeapMb: number;
  }[];
  /** Heap growth (main thread + emulator threads) per message between the last two batches (after the warm-up), bytes. */
  readonly heapBytesPerMessage: number;
}

/** A full garbage collection, without starting Node with --expose-gc. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

const mb = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Runs a warm-up batch and two measured batches of `messages` through one lab. */
export async function measureLabMemory(emulators: Emulators, messages: number): Promise<LabMemoryResult> {
  const lab = await startTutorialLab({ emulators, pollers: 5 });
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    collectGarbage();
    const idleRssMb = mb(process.memoryUsage().rss);
    const stack = lab.stack('BatchPartialStack');
    const rssMbAfter: { messages: number; rssMb: number; heapMb: number; emulatorHeapMb: number }[] = [];
    const heap: number[] = [];
    let delivered = 0;
    for (const round of [Math.max(10, Math.round(messages / 10)), messages, messages]) {
      await produce(stack, 'batch', round);
      delivered += round;
      await waitForDeleted(lab, delivered, 300_000);
      const emulatorHeap = await emulators.threadHeapBytes();
      collectGarbage();
      const usage = process.memoryUsage();
      heap.push(usage.heapUsed + emulatorHeap);
      rssMbAfter.push({
        messages: delivered,
        rssMb: mb(usage.rss),
        heapMb: mb(usage.heapUsed),
        emulatorHeapMb: mb(emulatorHeap),
      });
    }
    const [, afterFirst = 0, afterSecond = 0] = heap;
    return {
      idleRssMb,
      rssMbAfter,
      heapBytesPerMessage: Math.round((afterSecond - afterFirst) / messages),
    };
  } finally {
    await lab.stop();
  }
}
