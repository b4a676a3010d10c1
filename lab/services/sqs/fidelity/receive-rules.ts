/**
 * ReceiveMessage as SQS answers it, on top of fauxqs's receive (which keeps long polling and
 * redrive): MessageAttributes only when `MessageAttributeNames` asks for them (ReceiveMessage
 * API reference); a FIFO receive fills from one message group before it takes the next
 * ("as many messages with the same message group ID as possible", FIFO delivery logic in the
 * developer guide; `test_sqs.py::test_fifo_receive_message_visibility_timeout_shared_in_group`,
 * aws.validated), where fauxqs takes one message per group; the `AWSTraceHeader` and
 * `DeadLetterQueueSourceArn` system attributes; and each receipt handle recorded for the
 * receipt-handle rules.
 */
import { randomUUID } from 'node:crypto';
import { type ActionContext, type LayerAction, asRecord, requireQueue, stringList } from './action-context';
import type { FauxqsInflight, FauxqsQueue } from './fauxqs-internals';
import { extrasOf } from './message-extras';
import { expireMessages } from './retention-rules';
import { invalidParameter } from '../errors';

/** One message of a ReceiveMessage response. */
type ReceivedMessage = Record<string, unknown> & { ReceiptHandle: string };

function maxReceiveCount(queue: FauxqsQueue): number {
  try {
    const policy = asRecord(JSON.parse(queue.attributes.RedrivePolicy ?? '{}'));
    return typeof policy.maxReceiveCount === 'number'
      ? policy.maxReceiveCount
      : Number(policy.maxReceiveCount ?? Infinity);
  } catch {
    return Infinity;
  }
}

/** Receives the next `count` messages of one FIFO group, in group order, as fauxqs would. */
function takeFromGroup(queue: FauxqsQueue, groupId: string, count: number, timeoutSeconds: number): ReceivedMessage[] {
  const group = queue.fifoMessages.get(groupId);
  const limit = maxReceiveCount(queue);
  const taken: ReceivedMessage[] = [];
  while (group !== undefined && group.length > 0 && taken.length < count) {
    const next = group[0];
    // A message due for the dead-letter queue is left for the next receive, which moves it.
    if (next === undefined || next.approximateReceiveCount + 1 > limit) break;
    group.shift();
    next.approximateReceiveCount += 1;
    next.approximateFirstReceiveTimestamp ??= Date.now();
    const receiptHandle = randomUUID();
    queue.inflightMessages.set(receiptHandle, {
      message: next,
      receiptHandle,
      visibilityDeadline: Date.now() + timeoutSeconds * 1000,
    });
    queue.fifoLockedGroups.set(groupId, (queue.fifoLockedGroups.get(groupId) ?? 0) + 1);
    taken.push({
      MessageId: next.messageId,
      ReceiptHandle: receiptHandle,
      MD5OfBody: next.md5OfBody,
      Body: next.body,
      ...(next.md5OfMessageAttributes ? { MD5OfMessageAttributes: next.md5OfMessageAttributes } : {}),
      ...(Object.keys(next.messageAttributes).length > 0 ? { MessageAttributes: next.messageAttributes } : {}),
    });
  }
  if (group?.length === 0) queue.fifoMessages.delete(groupId);
  return taken;
}

/**
 * Completes a FIFO receive up to `max`: first the rest of the group fauxqs took its one
 * message from, then whole groups in queue order, each as far as the count allows. A group
 * with a message in flight is skipped, as SQS skips it.
 */
function fillFromGroups(
  queue: FauxqsQueue,
  received: readonly ReceivedMessage[],
  max: number,
  timeoutSeconds: number,
): ReceivedMessage[] {
  const result = [...received];
  const firstGroup = received
    .map((message) => queue.inflightMessages.get(message.ReceiptHandle)?.message.messageGroupId)
    .find((groupId) => groupId !== undefined);
  if (firstGroup === undefined) return result;
  result.push(...takeFromGroup(queue, firstGroup, max - result.length, timeoutSeconds));
  for (const groupId of [...queue.fifoMessages.keys()]) {
    if (result.length >= max) break;
    if (groupId === firstGroup || queue.fifoLockedGroups.has(groupId)) continue;
    result.push(...takeFromGroup(queue, groupId, max - result.length, timeoutSeconds));
  }
  return result;
}

/** The system attributes SQS returns for the requested names. */
function systemAttributes(entry: FauxqsInflight, names: readonly string[], senderId: unknown): Record<string, string> {
  const all = names.includes('All');
  const { message } = entry;
  const extras = extrasOf(message);
  const candidates: Record<string, string | undefined> = {
    SenderId: typeof senderId === 'string' ? senderId : '000000000000',
    SentTimestamp: String(message.sentTimestamp),
    ApproximateReceiveCount: String(message.approximateReceiveCount),
    ApproximateFirstReceiveTimestamp:
      message.approximateFirstReceiveTimestamp === undefined
        ? undefined
        : String(message.approximateFirstReceiveTimestamp),
    MessageGroupId: message.messageGroupId,
    MessageDeduplicationId: message.messageDeduplicationId,
    SequenceNumber: message.sequenceNumber,
    AWSTraceHeader: extras.awsTraceHeader,
    DeadLetterQueueSourceArn: extras.deadLetterQueueSourceArn,
  };
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(candidates)) {
    if (value !== undefined && (all || names.includes(name))) attributes[name] = value;
  }
  return attributes;
}

/** Keeps the message attributes `names` asks for (`All`, `.*`, exact names, `prefix.*`). */
function filterMessageAttributes(message: ReceivedMessage, names: readonly string[]): void {
  const attributes = asRecord(message.MessageAttributes);
  if (names.includes('All') || names.includes('.*')) return;
  const kept = Object.fromEntries(
    Object.entries(attributes).filter(([name]) =>
      names.some((wanted) => (wanted.endsWith('.*') ? name.startsWith(wanted.slice(0, -1)) : name === wanted)),
    ),
  );
  if (Object.keys(kept).length > 0) {
    message.MessageAttributes = kept;
    return;
  }
  delete message.MessageAttributes;
  delete message.MD5OfMessageAttributes;
}

function shapeMessages(context: ActionContext, queue: FauxqsQueue, messages: ReceivedMessage[]): void {
  const systemNames = [
    ...stringList(context.body, 'AttributeNames'),
    ...stringList(context.body, 'MessageSystemAttributeNames'),
  ];
  const attributeNames = stringList(context.body, 'MessageAttributeNames');
  const receivedAtMs = context.state.clock.now();
  for (const message of messages) {
    const entry = queue.inflightMessages.get(message.ReceiptHandle);
    if (entry === undefined) continue;
    context.state.handles.issue(message.ReceiptHandle, { queueArn: queue.arn, message: entry.message, receivedAtMs });
    context.state.history.record({
      kind: 'received',
      at: Date.now(),
      messageId: entry.message.messageId,
      queueArn: queue.arn,
      receiveCount: entry.message.approximateReceiveCount,
      visibleAt: entry.visibilityDeadline,
    });
    const attributes = systemAttributes(entry, systemNames, asRecord(message.Attributes).SenderId);
    if (Object.keys(attributes).length > 0) message.Attributes = attributes;
    else delete message.Attributes;
    filterMessageAttributes(message, attributeNames);
  }
}

/** The parameter checks, with the sentences recorded from AWS (`#test_send_receive_max_number_of_messages`, `#test_send_receive_wait_time_seconds`). */
function validateReceiveParameters(body: Record<string, unknown>): void {
  const max = body.MaxNumberOfMessages;
  if (max !== undefined && !(Number.isInteger(max) && Number(max) >= 1 && Number(max) <= 10)) {
    throw invalidParameter('MaxNumberOfMessages', max, 'Must be between 1 and 10, if provided.');
  }
  const wait = body.WaitTimeSeconds;
  if (wait !== undefined && !(Number.isInteger(wait) && Number(wait) >= 0 && Number(wait) <= 20)) {
    throw invalidParameter('WaitTimeSeconds', wait, 'Must be >= 0 and <= 20, if provided.');
  }
}

/** ReceiveMessage with SQS's attribute, FIFO and receipt-handle rules. */
export const receiveMessageAction: LayerAction = async (context) => {
  const queue = requireQueue(context);
  validateReceiveParameters(context.body);
  expireMessages(queue, context.state.clock.now());
  const max = Number(context.body.MaxNumberOfMessages ?? 1);
  // From a FIFO queue fauxqs (which waits for the long poll) takes the first message of the
  // first group only; the layer fills the rest group by group.
  const response = asRecord(
    await context.fauxqs(queue.isFifo() ? { ...context.body, MaxNumberOfMessages: 1 } : undefined),
  );
  const list = Array.isArray(response.Messages) ? (response.Messages as ReceivedMessage[]) : [];
  const timeout = Number(context.body.VisibilityTimeout ?? queue.attributes.VisibilityTimeout ?? 30);
  const messages = queue.isFifo() ? fillFromGroups(queue, list, max, timeout) : list;
  shapeMessages(context, queue, messages);
  return messages.length > 0 ? { Messages: messages } : {};
};
