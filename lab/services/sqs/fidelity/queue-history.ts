/**
 * One queue's part of the message history (message-history.ts), as the lab reads it through the
 * emulator thread: its latest messages, and those its redrive policy moved to its DLQ.
 */
import { SqsApiError } from '../errors';
import { deadLetterTargetOf } from './dead-letter-rules';
import type { FauxqsStore } from './fauxqs-internals';
import type { MessageEvent, MessageHistory } from './message-history';

/** The most messages one history read returns. */
export const MAX_HISTORY_MESSAGES = 100;

/**
 * The recent history of `queueUrl`'s messages, and of those its redrive policy moved to its
 * dead-letter queue: the last `limit` messages (at most {@link MAX_HISTORY_MESSAGES}).
 */
export function queueHistory(
  store: FauxqsStore,
  history: MessageHistory,
  queueUrl: string,
  limit: number,
): MessageEvent[] {
  const queue = store.getQueue(queueUrl);
  if (queue === undefined) throw new SqsApiError('QueueDoesNotExist', 'The specified queue does not exist.');
  const deadLetterQueue = deadLetterTargetOf(queue);
  const arns = deadLetterQueue === undefined ? [queue.arn] : [queue.arn, deadLetterQueue];
  return history.of(arns, Math.max(1, Math.min(MAX_HISTORY_MESSAGES, Math.floor(limit))));
}
