/**
 * StartMessageMoveTask, ListMessageMoveTasks and CancelMessageMoveTask as the layer answers
 * them: the checks and errors AWS makes (a source that is no dead-letter queue, a rate outside
 * 1–500), then the emulator's move tasks (message-move-tasks.ts) do the work.
 */
import { type LayerAction, requireMember, stringMember } from './action-context';
import { sourceQueuesOf } from './dead-letter-rules';
import { moveTaskNotFound } from './message-move-tasks';
import { SqsApiError } from '../errors';

/** StartMessageMoveTask. */
export const startMessageMoveTaskAction: LayerAction = (context) => {
  const sourceArn = String(requireMember(context.body, 'SourceArn'));
  const source = context.store.getQueueByArn(sourceArn);
  if (source === undefined) throw moveTaskNotFound('SourceArn');
  if (sourceQueuesOf(context.store, source).length === 0) {
    throw new SqsApiError('InvalidParameterValue', 'Source queue must be configured as a Dead Letter Queue.');
  }
  const destinationArn = stringMember(context.body, 'DestinationArn');
  const destination = destinationArn === undefined ? undefined : context.store.getQueueByArn(destinationArn);
  if (destinationArn !== undefined && destination === undefined) throw moveTaskNotFound('DestinationArn');
  const rate = context.body.MaxNumberOfMessagesPerSecond;
  const ratePerSecond = typeof rate === 'number' ? rate : undefined;
  if (ratePerSecond !== undefined && !(Number.isInteger(ratePerSecond) && ratePerSecond >= 1 && ratePerSecond <= 500)) {
    throw new SqsApiError(
      'InvalidParameterValue',
      `Value ${ratePerSecond} for parameter MaxNumberOfMessagesPerSecond is invalid. Reason: Must be between 1 and 500.`,
    );
  }
  const handle = context.state.moveTasks.start(
    context.store,
    context.createMessage,
    source,
    destination,
    ratePerSecond,
    context.state.clock.now(),
  );
  return { TaskHandle: handle };
};

/** ListMessageMoveTasks. */
export const listMessageMoveTasksAction: LayerAction = (context) => {
  const sourceArn = String(requireMember(context.body, 'SourceArn'));
  if (context.store.getQueueByArn(sourceArn) === undefined) throw moveTaskNotFound('SourceArn');
  const maxResults = typeof context.body.MaxResults === 'number' ? context.body.MaxResults : 1;
  return { Results: context.state.moveTasks.list(sourceArn, maxResults) };
};

/** CancelMessageMoveTask. */
export const cancelMessageMoveTaskAction: LayerAction = (context) => {
  const taskHandle = String(requireMember(context.body, 'TaskHandle'));
  return { ApproximateNumberOfMessagesMoved: context.state.moveTasks.cancel(context.store, taskHandle) };
};
