/**
 * Queue state as SQS reports it: GetQueueAttributes counts a message as visible the moment its
 * visibility timeout or delay ends (fauxqs moves it back only when something receives), after
 * expired messages are gone; PurgeQueue refuses a second purge within 60 seconds with
 * `PurgeQueueInProgress` (403) and forgets the FIFO deduplication ids
 * (`test_sqs.snapshot.json#test_successive_purge_calls_fail`,
 * `test_sqs.py::test_purge_queue_clears_fifo_deduplication_cache`).
 */
import { type LayerAction, requireQueue } from './action-context';
import { expireMessages } from './retention-rules';
import { SqsApiError } from '../errors';

const PURGE_INTERVAL_MS = 60_000;

/** GetQueueAttributes on an up-to-date queue. */
export const getQueueAttributesAction: LayerAction = async (context) => {
  const queue = requireQueue(context);
  expireMessages(queue, context.state.clock.now());
  queue.processTimers();
  return context.fauxqs();
};

/** PurgeQueue with SQS's 60-second rule; the purge also clears FIFO deduplication. */
export const purgeQueueAction: LayerAction = async (context) => {
  const queue = requireQueue(context);
  const now = context.state.clock.now();
  const last = context.state.purgedAtMs.get(queue.arn);
  if (last !== undefined && now - last < PURGE_INTERVAL_MS) {
    throw new SqsApiError(
      'PurgeQueueInProgress',
      `Only one PurgeQueue operation on ${queue.name} is allowed every 60 seconds.`,
    );
  }
  const result = await context.fauxqs();
  queue.deduplicationCache.clear();
  context.state.deduplication.clear(queue);
  context.state.purgedAtMs.set(queue.arn, now);
  return result;
};
