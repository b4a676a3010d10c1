/**
 * Dead-letter queues as SQS keeps them: `ListDeadLetterSourceQueues` (fauxqs has no such
 * action), and, when a redrive policy moves a message, the `DeadLetterQueueSourceArn`
 * attribute and the receive count AWS shows: the receive that moves the message does not
 * count (`test_sqs.snapshot.json#test_dead_letter_queue_message_attributes`: received once in
 * the source with maxReceiveCount 1, the message's first receive from the DLQ reports 2).
 */
import { type LayerAction, asRecord, requireQueue } from './action-context';
import type { FauxqsMessage, FauxqsQueue, FauxqsStore } from './fauxqs-internals';
import { addExtras } from './message-extras';
import { historyOf } from './message-history';
import { noteArrival } from './retention-rules';

/** The ARN a queue's redrive policy sends messages to, if any. */
export function deadLetterTargetOf(queue: FauxqsQueue): string | undefined {
  try {
    const target = asRecord(JSON.parse(queue.attributes.RedrivePolicy ?? '{}')).deadLetterTargetArn;
    return typeof target === 'string' ? target : undefined;
  } catch {
    return undefined;
  }
}

/** The queues whose redrive policy names `deadLetterQueue`. */
export function sourceQueuesOf(store: FauxqsStore, deadLetterQueue: FauxqsQueue): FauxqsQueue[] {
  return [...store.allQueues()].filter((queue) => deadLetterTargetOf(queue) === deadLetterQueue.arn);
}

/** ListDeadLetterSourceQueues. */
export const listDeadLetterSourceQueuesAction: LayerAction = (context) => {
  const queue = requireQueue(context);
  return { queueUrls: sourceQueuesOf(context.store, queue).map((source) => source.url) };
};

/** fauxqs's `dequeue(maxCount, visibilityTimeout, dlqResolver)`, as the patch wraps it. */
type Dequeue = (
  this: FauxqsQueue,
  maxCount: number,
  timeout: number | undefined,
  resolve?: (arn: string) => FauxqsQueue | undefined,
) => unknown;

/**
 * Wraps fauxqs's dequeue so that a message its redrive moves is marked as SQS marks it. fauxqs
 * hands the dead-letter queue out through the resolver argument and calls only `enqueue` on
 * it, so the wrapper resolves to a view of the queue whose `enqueue` marks first.
 */
export function markDeadLetterMoves(original: Dequeue): Dequeue {
  return function dequeue(this: FauxqsQueue, maxCount, timeout, resolve) {
    const source = this;
    const marking =
      resolve &&
      ((arn: string): FauxqsQueue | undefined => {
        const target = resolve(arn);
        if (target === undefined) return undefined;
        return Object.create(target, {
          enqueue: {
            value(message: FauxqsMessage): void {
              message.approximateReceiveCount -= 1;
              addExtras(message, {
                deadLetterQueueSourceArn: source.arn,
                receiveCountOnArrival: message.approximateReceiveCount,
              });
              target.enqueue(message);
              noteArrival(target, message);
              historyOf(source)?.record({
                kind: 'dead-lettered',
                at: Date.now(),
                messageId: message.messageId,
                queueArn: source.arn,
                deadLetterQueueArn: target.arn,
              });
            },
          },
        }) as FauxqsQueue;
      });
    return original.call(this, maxCount, timeout, marking);
  };
}
