/**
 * Sets a queue's visibility timeout and waits until it holds: until GetQueueAttributes reads
 * the new value several times in a row, and then until a settle time since the change has
 * passed. Used by the custom resource around the Step 7 event source mapping
 * (lib/constructs/mapping-visibility-window.ts).
 *
 * Why both waits: "When you change a queue's attributes, the change can take up to 60 seconds
 * for most of the attributes to propagate throughout the Amazon SQS system" (SQS API
 * reference, SetQueueAttributes). Lambda checks the queue's visibility timeout when a mapping
 * is created or updated (Lambda guide, "Creating and configuring an Amazon SQS event source
 * mapping"), through its own reader. Our reads prove that one reader sees the value; only the
 * time since the change covers a reader we cannot ask, and 60 s is the documented worst case.
 */
import { GetQueueAttributesCommand, SetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { VisibilityTimeoutNotAppliedError } from './errors';

/** Time as the caller sees it: the handler passes {@link systemClock}, unit tests a fake one. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** The real clock. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Longest pause between two reads: AWS's Raise (60 s settle time) reads every 500 ms. */
export const MAX_READ_INTERVAL_MS = 500;

/** Shortest pause between two reads, so a tiny settle time does not turn the wait into a busy loop. */
const MIN_READ_INTERVAL_MS = 50;

/**
 * The pause between two reads for a settle time: short enough that `stableReads` reads fit in
 * the settle time when the queue reads the new value at once (settle time ÷ reads), so a short
 * settle time (the lab's) is not stretched by the reads; never above
 * {@link MAX_READ_INTERVAL_MS} nor below {@link MIN_READ_INTERVAL_MS}. With no settle time
 * (Lower) there is nothing to fit in, so a read that lags waits {@link MAX_READ_INTERVAL_MS}.
 */
export function readIntervalMsFor(settleSeconds: number, stableReads: number): number {
  if (settleSeconds <= 0) return MAX_READ_INTERVAL_MS;
  const fitting = Math.floor((settleSeconds * 1000) / Math.max(1, stableReads));
  return Math.min(MAX_READ_INTERVAL_MS, Math.max(MIN_READ_INTERVAL_MS, fitting));
}

/** One change and how long to wait for it. */
export interface VisibilityTimeoutChange {
  readonly queueUrl: string;
  /** The new `VisibilityTimeout`, in seconds. */
  readonly seconds: number;
  /** Reads in a row that must return the new value (at least 1). */
  readonly stableReads: number;
  /** Pause between two reads, in ms ({@link readIntervalMsFor} the settle time). */
  readonly readIntervalMs: number;
  /** Time since the change to wait for, after the reads agree, in seconds (fractions allowed; 0: none). */
  readonly settleSeconds: number;
  /** Epoch ms by which the wait must be over; past it, the change is reported as not applied. */
  readonly deadlineMs: number;
}

/** What the wait took. */
export interface AppliedVisibilityTimeout {
  /** GetQueueAttributes calls made. */
  readonly reads: number;
  /** From the change to the last of the agreeing reads, in ms. */
  readonly readStableAfterMs: number;
  /** From the change to the end of the settle time, in ms. */
  readonly totalMs: number;
}

/**
 * Applies `change` and waits as described above.
 * @throws VisibilityTimeoutNotAppliedError when the reads do not agree, or the settle time
 * would not end, before `deadlineMs`. SQS errors pass through.
 */
export async function applyVisibilityTimeout(
  sqs: SQSClient,
  clock: Clock,
  change: VisibilityTimeoutChange,
): Promise<AppliedVisibilityTimeout> {
  const wanted = String(change.seconds);
  const settleMs = Math.round(change.settleSeconds * 1000);
  await sqs.send(
    new SetQueueAttributesCommand({ QueueUrl: change.queueUrl, Attributes: { VisibilityTimeout: wanted } }),
  );
  const changedAt = clock.now();
  if (changedAt + settleMs > change.deadlineMs) {
    throw new VisibilityTimeoutNotAppliedError(
      `set VisibilityTimeout ${wanted} on ${change.queueUrl}, but the ${change.settleSeconds} s settle time would end after the handler's deadline; give the function a longer timeout.`,
    );
  }
  let reads = 0;
  let inARow = 0;
  let lastRead: string | undefined;
  for (;;) {
    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: change.queueUrl, AttributeNames: ['VisibilityTimeout'] }),
    );
    reads += 1;
    lastRead = Attributes?.VisibilityTimeout;
    inARow = lastRead === wanted ? inARow + 1 : 0;
    if (inARow >= Math.max(1, change.stableReads)) break;
    if (clock.now() + change.readIntervalMs > change.deadlineMs) {
      throw new VisibilityTimeoutNotAppliedError(
        `set VisibilityTimeout ${wanted} on ${change.queueUrl}, but after ${Math.round((clock.now() - changedAt) / 1000)} s and ${reads} reads it still reads ${lastRead ?? 'nothing'} (SQS documents up to 60 s for a change to propagate).`,
      );
    }
    await clock.sleep(change.readIntervalMs);
  }
  const readStableAfterMs = clock.now() - changedAt;
  const remainingSettleMs = changedAt + settleMs - clock.now();
  if (remainingSettleMs > 0) await clock.sleep(remainingSettleMs);
  return { reads, readStableAfterMs, totalMs: clock.now() - changedAt };
}
