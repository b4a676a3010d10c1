/**
 * MessageRetentionPeriod, which fauxqs does not enforce: a message older than its queue's
 * retention period is deleted, wherever it is (visible, delayed or in flight). SQS counts from
 * the original send, also in a dead-letter queue (SQS developer guide, "Using dead-letter
 * queues": the enqueue timestamp is kept on a standard queue). Checked on the layer's clock
 * whenever a request reads or changes the queue, from the send time on that clock.
 *
 * A check looks at every message only when one may have expired: each scan notes the earliest
 * time any message of the queue can expire (a message sent later expires later still), and a
 * message that arrives with an older send time (a redrive to the dead-letter queue, a move
 * task) brings that time forward ({@link noteArrival}). Without it, every receive and delete
 * read the whole backlog, which made draining a queue of n messages cost n² (the bench's batch
 * path at 10,000 messages spent a fifth of the emulator thread there).
 */
import type { FauxqsMessage, FauxqsQueue } from './fauxqs-internals';
import { removeWaitingWhere } from './fauxqs-internals';
import { extrasOf } from './message-extras';

/** SQS's default MessageRetentionPeriod, 4 days, in seconds. */
const DEFAULT_RETENTION_SECONDS = 345_600;

/** When a queue's next message can expire at the earliest, under the retention it was computed for. */
interface NextExpiry {
  readonly retentionMs: number;
  readonly atMs: number;
}

const nextExpiry = new WeakMap<FauxqsQueue, NextExpiry>();

function retentionMsOf(queue: FauxqsQueue): number {
  return Number(queue.attributes.MessageRetentionPeriod ?? DEFAULT_RETENTION_SECONDS) * 1000;
}

function sentAtOf(message: FauxqsMessage): number {
  return extrasOf(message).sentAtMs ?? message.sentTimestamp;
}

/** Deletes the messages of `queue` whose retention ended at `nowMs`; returns how many. */
export function expireMessages(queue: FauxqsQueue, nowMs: number): number {
  const retentionMs = retentionMsOf(queue);
  const known = nextExpiry.get(queue);
  if (known !== undefined && known.retentionMs === retentionMs && nowMs < known.atMs) return 0;
  // A message sent from now on is sent at nowMs or later.
  let earliestSentAt = nowMs;
  let count = 0;
  for (const [handle, entry] of queue.inflightMessages) {
    const sentAt = sentAtOf(entry.message);
    if (sentAt + retentionMs > nowMs) earliestSentAt = Math.min(earliestSentAt, sentAt);
    else {
      queue.deleteMessage(handle);
      count += 1;
    }
  }
  count += removeWaitingWhere(queue, (message) => {
    const sentAt = sentAtOf(message);
    if (sentAt + retentionMs <= nowMs) return true;
    earliestSentAt = Math.min(earliestSentAt, sentAt);
    return false;
  });
  nextExpiry.set(queue, { retentionMs, atMs: earliestSentAt + retentionMs });
  return count;
}

/**
 * Tells the retention check that `message` entered `queue` with the send time it had elsewhere
 * (a dead-letter redrive, a move task), which may be older than anything the queue held.
 */
export function noteArrival(queue: FauxqsQueue, message: FauxqsMessage): void {
  const known = nextExpiry.get(queue);
  if (known === undefined) return;
  nextExpiry.set(queue, { ...known, atMs: Math.min(known.atMs, sentAtOf(message) + known.retentionMs) });
}
