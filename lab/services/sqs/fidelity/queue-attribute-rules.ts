/**
 * CreateQueue and SetQueueAttributes refuse FIFO-only attributes on a standard queue
 * (`test_sqs.snapshot.json#test_create_standard_queue_with_fifo_attribute_raises_error`,
 * `#test_set_unsupported_attribute_standard`); fauxqs accepts them.
 */
import { type LayerAction, asRecord, requireQueue, stringMember } from './action-context';
import { SqsApiError } from '../errors';
import { attachHistory } from './message-history';

function refuseFifoOnly(attributes: Record<string, unknown>, creating: boolean): void {
  for (const name of ['FifoQueue', 'ContentBasedDeduplication']) {
    if (name in attributes) throw new SqsApiError('InvalidAttributeName', `Unknown Attribute ${name}.`);
  }
  if (!creating) return;
  for (const name of ['DeduplicationScope', 'FifoThroughputLimit']) {
    if (name in attributes) {
      throw new SqsApiError('InvalidAttributeName', `You can specify the ${name} only when FifoQueue is set to true.`);
    }
  }
}

/** CreateQueue: a name without `.fifo` is a standard queue, and takes no FIFO attribute. */
export const createQueueAction: LayerAction = async (context) => {
  const attributes = asRecord(context.body.Attributes);
  const name = stringMember(context.body, 'QueueName') ?? '';
  if (!name.endsWith('.fifo') && attributes.FifoQueue !== 'true') refuseFifoOnly(attributes, true);
  const result = asRecord(await context.fauxqs());
  // The queue's messages are recorded in this server's history, its redrive moves included (dead-letter-rules.ts).
  const queue = typeof result.QueueUrl === 'string' ? context.store.getQueue(result.QueueUrl) : undefined;
  if (queue !== undefined) attachHistory(queue, context.state.history);
  return result;
};

/**
 * SetQueueAttributes: a standard queue takes no FIFO attribute, and a FIFO queue cannot stop
 * being one (`#test_set_unsupported_attribute_fifo`). Each accepted change goes to the
 * attribute change log, from which the lab lets it reach other services late.
 */
export const setQueueAttributesAction: LayerAction = async (context) => {
  const queue = requireQueue(context);
  const attributes = asRecord(context.body.Attributes);
  if (!queue.isFifo()) refuseFifoOnly(attributes, false);
  else if ('FifoQueue' in attributes && attributes.FifoQueue !== 'true') {
    throw new SqsApiError(
      'InvalidAttributeValue',
      'Invalid value for the parameter FifoQueue. Reason: Modifying queue type is not supported.',
    );
  }
  const before = { ...queue.attributes };
  const result = await context.fauxqs();
  context.state.attributeChanges.record(queue.url, before, attributes, Date.now());
  return result;
};
