/**
 * SendMessage and SendMessageBatch as SQS checks them before fauxqs stores anything:
 * MessageGroupId and MessageDeduplicationId of 1 to 128 alphanumeric or punctuation
 * characters, on standard queues too (`test_sqs.snapshot.json#test_send_message_to_standard_queue_with_invalid_message_group_id`,
 * `#test_message_deduplication_id_invalid`); a FIFO batch refused whole when an entry lacks
 * its group id, or its deduplication id without content-based deduplication
 * (`#test_send_batch_missing_deduplication_id_for_fifo_queue`,
 * `#test_send_batch_missing_message_group_id_for_fifo_queue`); batch entry ids; a message
 * timer (`DelaySeconds`) of 0 to 900 seconds, refused outside that range as SQS refuses it
 * (SendMessage API reference; a SendMessageBatch entry fails alone, with `SenderFault`). The
 * `AWSTraceHeader` system attribute a producer sends is kept for the receive. FIFO deduplication
 * follows the layer's clock (deduplication-rules.ts); a standard queue's `MessageGroupId` (a fair
 * queue's tenant) is kept as fair-queue-rules.ts says.
 */
import { type ActionContext, type LayerAction, asRecord, recordList, requireQueue } from './action-context';
import { validateBatchEntries } from './batch-entry-rules';
import type { FauxqsQueue } from './fauxqs-internals';
import { justEnqueued } from './fauxqs-internals';
import { prepareDeduplication } from './deduplication-rules';
import { sendKeepingTenants } from './fair-queue-rules';
import { addExtras } from './message-extras';
import { BODY_PREVIEW_CHARACTERS } from './message-history';
import { SqsApiError, invalidParameter } from '../errors';

/** The longest message timer (and queue delay) SQS accepts, in seconds: 15 minutes. */
const MAX_DELAY_SECONDS = 900;

/** SQS's refusal of a message timer outside 0 to 900 seconds, or undefined when `entry`'s is fine. */
function delayProblem(entry: Record<string, unknown>): SqsApiError | undefined {
  const delay = entry.DelaySeconds;
  if (delay === undefined || delay === null) return undefined;
  if (typeof delay === 'number' && delay >= 0 && delay <= MAX_DELAY_SECONDS) return undefined;
  return invalidParameter('DelaySeconds', delay, `DelaySeconds must be >= 0 and <= ${MAX_DELAY_SECONDS}.`);
}

/** Alphanumeric and punctuation characters (ASCII 33 to 126), 1 to 128 of them. */
const TAG_ID = /^[\x21-\x7E]{1,128}$/;

function validateIds(entry: Record<string, unknown>): void {
  for (const name of ['MessageGroupId', 'MessageDeduplicationId'] as const) {
    if (!(name in entry) || entry[name] === undefined) continue;
    const value = entry[name];
    if (typeof value !== 'string' || !TAG_ID.test(value)) {
      throw invalidParameter(
        name,
        value,
        `${name} can only include alphanumeric and punctuation characters. 1 to 128 in length.`,
      );
    }
  }
}

function traceHeaderOf(entry: Record<string, unknown>): string | undefined {
  const header = asRecord(asRecord(entry.MessageSystemAttributes).AWSTraceHeader).StringValue;
  return typeof header === 'string' ? header : undefined;
}

/** Records the send in the layer's history, and keeps the trace header and send time on the message fauxqs just stored. */
function keepExtras(
  context: ActionContext,
  queue: FauxqsQueue,
  messageId: unknown,
  entry: Record<string, unknown>,
  sentAtMs: number,
  sentAt: number,
): void {
  if (typeof messageId !== 'string') return;
  const groupId = typeof entry.MessageGroupId === 'string' ? entry.MessageGroupId : undefined;
  // A long poll already waiting may have taken the message: it is then no longer in a list.
  const message = justEnqueued(queue, messageId, groupId);
  context.state.history.record({
    kind: 'sent',
    at: sentAt,
    messageId,
    queueArn: queue.arn,
    bodyPreview: String(entry.MessageBody ?? '').slice(0, BODY_PREVIEW_CHARACTERS),
    ...(message?.delayUntil !== undefined && message.delayUntil > Date.now()
      ? { delayedUntil: message.delayUntil }
      : {}),
  });
  if (message === undefined) return;
  const header = traceHeaderOf(entry);
  addExtras(message, { sentAtMs, ...(header !== undefined ? { awsTraceHeader: header } : {}) });
}

/** SendMessage with SQS's id checks and trace header. */
export const sendMessageAction: LayerAction = async (context) => {
  const queue = requireQueue(context);
  validateIds(context.body);
  const delay = delayProblem(context.body);
  if (delay !== undefined) throw delay;
  const now = context.state.clock.now();
  const sentAt = Date.now();
  const sends = prepareDeduplication(context.state.deduplication, queue, [context.body], now);
  const result = asRecord(await sendKeepingTenants(queue, [context.body], () => context.fauxqs()));
  sends.record([result]);
  // A duplicate stored nothing: the extras stay those of the original.
  if (!sends.isDuplicate(0)) keepExtras(context, queue, result.MessageId, context.body, now, sentAt);
  return result;
};

/** SendMessageBatch with SQS's whole-request checks and trace headers. */
export const sendMessageBatchAction: LayerAction = async (context) => {
  const queue = requireQueue(context);
  const entries = recordList(context.body, 'Entries') ?? [];
  validateBatchEntries(entries, 'SendMessageBatch');
  for (const entry of entries) validateIds(entry);
  if (queue.isFifo()) {
    if (entries.some((entry) => typeof entry.MessageGroupId !== 'string')) {
      throw new SqsApiError('InvalidParameterValue', 'The request must contain the parameter MessageGroupId.');
    }
    const contentBased = queue.attributes.ContentBasedDeduplication === 'true';
    if (!contentBased && entries.some((entry) => typeof entry.MessageDeduplicationId !== 'string')) {
      throw new SqsApiError(
        'InvalidParameterValue',
        'The queue should either have ContentBasedDeduplication enabled or MessageDeduplicationId provided explicitly',
      );
    }
  }
  // An entry with a bad message timer fails on its own; the others are still sent.
  const refused = entries.flatMap((entry) => {
    const problem = delayProblem(entry);
    return problem === undefined
      ? []
      : [{ Id: entry.Id, SenderFault: true, Code: problem.code, Message: problem.message }];
  });
  const sendable = entries.filter((entry) => delayProblem(entry) === undefined);
  const now = context.state.clock.now();
  const sentAt = Date.now();
  const sends = prepareDeduplication(context.state.deduplication, queue, sendable, now);
  const result =
    sendable.length === 0
      ? {}
      : asRecord(
          await sendKeepingTenants(queue, sendable, () => context.fauxqs({ ...context.body, Entries: sendable })),
        );
  const successful = recordList(result, 'Successful') ?? [];
  const successes = new Map(successful.map((success) => [String(success.Id), success]));
  sends.record(sendable.map((entry) => successes.get(String(entry.Id))));
  sendable.forEach((entry, index) => {
    const success = successes.get(String(entry.Id));
    // A duplicate stored nothing: the extras stay those of the original.
    if (success !== undefined && !sends.isDuplicate(index))
      keepExtras(context, queue, success.MessageId, entry, now, sentAt);
  });
  if (refused.length === 0) return result;
  return { ...result, Successful: successful, Failed: [...(recordList(result, 'Failed') ?? []), ...refused] };
};
