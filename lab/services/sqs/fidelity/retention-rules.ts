/**
 * MessageRetentionPeriod, which fauxqs does not enforce: a message older than its queue's
 * retention period is deleted, wherever it is (visible, delayed or in flight). SQS counts from
 * the original send, also in a dead-letter queue (SQS developer guide, "Using dead-letter
 * queues": the enqueue timestamp is kept on a standard queue). Checked on the layer's clock
 * whenever a request reads or changes the queue, from the send time on that clock.
 */
import type { FauxqsMessage, FauxqsQueue } from './fauxqs-internals';
import { removeWaiting, waitingMessages } from './fauxqs-internals';
import { extrasOf } from './message-extras';

/** Deletes the messages of `queue` whose retention ended at `nowMs`; returns how many. */
export function expireMessages(queue: FauxqsQueue, nowMs: number): number {
  const retentionMs = Number(queue.attributes.MessageRetentionPeriod ?? 345_600) * 1000;
  const expired = (message: FauxqsMessage): boolean =>
    (extrasOf(message).sentAtMs ?? message.sentTimestamp) + retentionMs <= nowMs;
  let count = 0;
  for (const [handle, entry] of queue.inflightMessages) {
    if (!expired(entry.message)) continue;
    queue.deleteMessage(handle);
    count += 1;
  }
  for (const message of waitingMessages(queue)) {
    if (expired(message) && removeWaiting(queue, message)) count += 1;
  }
  return count;
}
