/**
 * Every message a queue holds, read from the emulator's own state instead of received: visible,
 * delayed and in flight, in pages. A ReceiveMessage peek (visibility 0) returns at most 10 of
 * them, often fewer, and counts as a receive; this read changes nothing. For a dead-letter
 * queue it also gives the receive count each message had when its redrive policy moved it
 * (dead-letter-rules.ts records it), which later receives from the DLQ do not change.
 */
import { SqsApiError } from '../errors';
import type { FauxqsMessage, FauxqsQueue, FauxqsStore } from './fauxqs-internals';
import { extrasOf } from './message-extras';

/** Where a message is in its queue. */
export type QueueMessageState = 'visible' | 'delayed' | 'in-flight';

/** One message as the lab's console shows it. */
export interface QueueMessageView {
  readonly messageId: string;
  readonly body: string;
  readonly state: QueueMessageState;
  /** SQS's ApproximateReceiveCount now. */
  readonly receiveCount: number;
  /** The receive count when a redrive policy moved the message here (a DLQ's messages only). */
  readonly receiveCountOnArrival?: number;
  /** The queue a redrive policy moved the message from (SQS's DeadLetterQueueSourceArn). */
  readonly deadLetterQueueSourceArn?: string;
  readonly sentTimestamp: number;
}

/** One page of a queue's messages, oldest sent first. */
export interface QueueContentsPage {
  /** Every message the queue holds, on all pages. */
  readonly total: number;
  readonly offset: number;
  readonly messages: readonly QueueMessageView[];
}

/** The most messages one page carries. */
export const MAX_QUEUE_PAGE = 500;

/** A page of `queueUrl`'s messages; `offset` and `limit` are whole numbers, `limit` at most {@link MAX_QUEUE_PAGE}. */
export function queueContents(
  store: FauxqsStore,
  queueUrl: string,
  page: { readonly offset: number; readonly limit: number },
): QueueContentsPage {
  if (!Number.isInteger(page.offset) || page.offset < 0) {
    throw new SqsApiError('InvalidParameterValue', `offset must be a whole number, 0 or more (got ${page.offset})`);
  }
  if (!Number.isInteger(page.limit) || page.limit < 1 || page.limit > MAX_QUEUE_PAGE) {
    throw new SqsApiError(
      'InvalidParameterValue',
      `limit must be a whole number from 1 to ${MAX_QUEUE_PAGE} (got ${page.limit})`,
    );
  }
  const queue = store.getQueue(queueUrl);
  if (queue === undefined) {
    throw new SqsApiError('QueueDoesNotExist', 'The specified queue does not exist.');
  }
  const all = messagesOf(queue).sort(
    (a, b) => a.sentTimestamp - b.sentTimestamp || a.messageId.localeCompare(b.messageId),
  );
  return { total: all.length, offset: page.offset, messages: all.slice(page.offset, page.offset + page.limit) };
}

/**
 * The visible messages of a queue, in the order a receive would take them, after fauxqs has
 * moved back what its timers released (an ended visibility timeout, an ended delay).
 */
export function visibleMessages(queue: FauxqsQueue): FauxqsMessage[] {
  queue.processTimers();
  if (!queue.isFifo()) return [...queue.messages];
  return [...queue.fifoMessages.values()].flat();
}

/** The message {@link visibleMessages} would list first, found without copying the others. */
export function firstVisibleMessage(queue: FauxqsQueue): FauxqsMessage | undefined {
  queue.processTimers();
  if (!queue.isFifo()) return queue.messages.at(0);
  for (const group of queue.fifoMessages.values()) if (group.length > 0) return group[0];
  return undefined;
}

function messagesOf(queue: FauxqsQueue): QueueMessageView[] {
  const visible = visibleMessages(queue);
  const delayed = queue.isFifo() ? [...queue.fifoDelayed.values()].flat() : queue.delayedMessages;
  return [
    ...visible.map((message) => view(message, 'visible')),
    ...delayed.map((message) => view(message, 'delayed')),
    ...[...queue.inflightMessages.values()].map(({ message }) => view(message, 'in-flight')),
  ];
}

function view(message: FauxqsMessage, state: QueueMessageState): QueueMessageView {
  const { receiveCountOnArrival, deadLetterQueueSourceArn } = extrasOf(message);
  return {
    messageId: message.messageId,
    body: message.body,
    state,
    receiveCount: message.approximateReceiveCount,
    ...(receiveCountOnArrival === undefined ? {} : { receiveCountOnArrival }),
    ...(deadLetterQueueSourceArn === undefined ? {} : { deadLetterQueueSourceArn }),
    sentTimestamp: message.sentTimestamp,
  };
}
