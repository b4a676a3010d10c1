/**
 * ChangeMessageVisibility and DeleteMessage (and their batch entries) with SQS's receipt-
 * handle rules, which fauxqs collapses into one MessageNotInflight:
 *
 * | the handle                                   | ChangeMessageVisibility   | DeleteMessage             |
 * |----------------------------------------------|---------------------------|---------------------------|
 * | never issued by this queue (malformed)       | ReceiptHandleIsInvalid    | ReceiptHandleIsInvalid    |
 * | message deleted                              | InvalidParameterValue     | success, no effect        |
 * | earlier receive, message received again      | changes the timeout       | success, no effect        |
 * | latest, message in flight                    | changes the timeout       | deletes                   |
 * | latest, timeout ended, not received again    | success, no effect        | deletes (FIFO: expired)   |
 * | total visibility past 12 h from the receive  | InvalidParameterValue     | -                         |
 *
 * The earlier handle's visibility change follows LocalStack's
 * `test_sqs.py::test_terminate_visibility_timeout_after_receive` (aws.validated: after a
 * receive with timeout 0 and one with 3, ChangeMessageVisibility(first handle, 0) succeeds
 * and the message is received at once) and moto's `test_change_message_visibility_on_old_message`
 * (checked against AWS, getmoto/moto#4655). An error seen in production for a late heartbeat
 * (mapbox/ecs-watchbot#135) records no sequence, and its "Message does not exist" fits a
 * deleted message, which this table refuses too. DeleteMessage with an earlier handle keeps
 * the API reference's "the request succeeds, but the message will not be deleted".
 */
import { type ActionContext, type LayerAction, recordList, requireMember, requireQueue } from './action-context';
import { validateBatchEntries } from './batch-entry-rules';
import type { FauxqsQueue } from './fauxqs-internals';
import { placeOf, removeWaiting } from './fauxqs-internals';
import type { IssuedHandle } from './receipt-handle-book';
import { expireMessages } from './retention-rules';
import { SqsApiError, invalidParameter, toSqsApiError } from '../errors';

/** SQS never keeps a message invisible longer than this after a receive. */
const MAX_TOTAL_VISIBILITY_SECONDS = 43_200;

function malformed(handle: string): SqsApiError {
  return new SqsApiError(
    'ReceiptHandleIsInvalid',
    `The input receipt handle "${handle}" is not a valid receipt handle.`,
  );
}

function notAvailable(handle: string): SqsApiError {
  return invalidParameter(
    'ReceiptHandle',
    handle,
    'Message does not exist or is not available for visibility timeout change.',
  );
}

/** The handle's receive, or ReceiptHandleIsInvalid when this queue never issued it. */
function issuedHandle(context: ActionContext, queue: FauxqsQueue, handle: string): IssuedHandle {
  const issued = context.state.handles.lookup(handle);
  if (issued === undefined || issued.queueArn !== queue.arn) throw malformed(handle);
  return issued;
}

function prepare(context: ActionContext, queue: FauxqsQueue): void {
  expireMessages(queue, context.state.clock.now());
  queue.processTimers();
}

function changeVisibility(context: ActionContext, queue: FauxqsQueue, handle: string, timeout: number): void {
  if (!Number.isInteger(timeout) || timeout < 0 || timeout > MAX_TOTAL_VISIBILITY_SECONDS) {
    throw invalidParameter('VisibilityTimeout', timeout, `Must be between 0 and ${MAX_TOTAL_VISIBILITY_SECONDS}.`);
  }
  const issued = issuedHandle(context, queue, handle);
  const { handles, clock } = context.state;
  const latest = handles.isDeleted(issued.message) ? undefined : handles.latestReceiveOf(issued.message);
  if (latest === undefined) throw notAvailable(handle);
  // Any handle of the message changes the visibility of its latest receive, the one in flight.
  if (queue.inflightMessages.get(latest.handle)?.message === issued.message) {
    const elapsedSeconds = (clock.now() - latest.issued.receivedAtMs) / 1000;
    if (elapsedSeconds + timeout > MAX_TOTAL_VISIBILITY_SECONDS) {
      throw invalidParameter(
        'VisibilityTimeout',
        timeout,
        `Total VisibilityTimeout for the message is beyond the limit [${MAX_TOTAL_VISIBILITY_SECONDS} seconds]`,
      );
    }
    queue.changeVisibility(latest.handle, timeout);
    const at = Date.now();
    context.state.history.record({
      kind: 'visibility',
      at,
      messageId: issued.message.messageId,
      queueArn: queue.arn,
      visibleAt: at + timeout * 1000,
    });
    return;
  }
  // The timeout ended and nobody received the message again: SQS accepts the call and
  // changes nothing, the message stays visible.
  if (placeOf(queue, issued.message) === 'gone') throw notAvailable(handle);
}

function deleteMessage(context: ActionContext, queue: FauxqsQueue, handle: string): void {
  const issued = issuedHandle(context, queue, handle);
  const { handles } = context.state;
  if (handles.isDeleted(issued.message) || handles.isSuperseded(handle, issued)) return;
  if (queue.inflightMessages.get(handle)?.message === issued.message) {
    queue.deleteMessage(handle);
    handles.markDeleted(issued.message);
    recordDelete(context, queue, issued);
    return;
  }
  if (placeOf(queue, issued.message) === 'visible') {
    if (queue.isFifo()) throw invalidParameter('ReceiptHandle', handle, 'The receipt handle has expired.');
    removeWaiting(queue, issued.message);
    handles.markDeleted(issued.message);
    recordDelete(context, queue, issued);
  }
}

function recordDelete(context: ActionContext, queue: FauxqsQueue, issued: IssuedHandle): void {
  context.state.history.record({
    kind: 'deleted',
    at: Date.now(),
    messageId: issued.message.messageId,
    queueArn: queue.arn,
  });
}

/** ChangeMessageVisibility with SQS's receipt-handle answers. */
export const changeMessageVisibilityAction: LayerAction = (context) => {
  const queue = requireQueue(context);
  const handle = String(requireMember(context.body, 'ReceiptHandle'));
  const timeout = Number(requireMember(context.body, 'VisibilityTimeout'));
  prepare(context, queue);
  changeVisibility(context, queue, handle, timeout);
  return {};
};

/** DeleteMessage with SQS's receipt-handle answers. */
export const deleteMessageAction: LayerAction = (context) => {
  const queue = requireQueue(context);
  const handle = String(requireMember(context.body, 'ReceiptHandle'));
  prepare(context, queue);
  deleteMessage(context, queue, handle);
  return {};
};

/** Runs `apply` per entry and reports each as SQS's batch results do. */
function settleEntries(
  context: ActionContext,
  apply: (queue: FauxqsQueue, entry: Record<string, unknown>) => void,
): { Successful: { Id: string }[]; Failed: { Id: string; Code: string; Message: string; SenderFault: boolean }[] } {
  const queue = requireQueue(context);
  const entries = recordList(context.body, 'Entries') ?? [];
  validateBatchEntries(entries, context.action);
  prepare(context, queue);
  const Successful: { Id: string }[] = [];
  const Failed: { Id: string; Code: string; Message: string; SenderFault: boolean }[] = [];
  for (const entry of entries) {
    const Id = String(entry.Id);
    try {
      apply(queue, entry);
      Successful.push({ Id });
    } catch (error) {
      const apiError = toSqsApiError(error);
      if (apiError === undefined) throw error;
      Failed.push({ Id, Code: apiError.code, Message: apiError.message, SenderFault: true });
    }
  }
  return { Successful, Failed };
}

/** ChangeMessageVisibilityBatch: each entry answered as ChangeMessageVisibility would be. */
export const changeMessageVisibilityBatchAction: LayerAction = (context) =>
  settleEntries(context, (queue, entry) =>
    changeVisibility(
      context,
      queue,
      String(requireMember(entry, 'ReceiptHandle')),
      Number(requireMember(entry, 'VisibilityTimeout')),
    ),
  );

/** DeleteMessageBatch: each entry answered as DeleteMessage would be. */
export const deleteMessageBatchAction: LayerAction = (context) =>
  settleEntries(context, (queue, entry) =>
    deleteMessage(context, queue, String(requireMember(entry, 'ReceiptHandle'))),
  );
