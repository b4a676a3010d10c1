/**
 * Message move tasks (the console's "DLQ redrive"), which fauxqs does not have:
 * StartMessageMoveTask, ListMessageMoveTasks and CancelMessageMoveTask, with the answers
 * recorded from AWS in `test_sqs_move_task.snapshot.json`. A task moves the messages that were
 * in the dead-letter queue when it started, to a named destination or, without one, back to
 * each message's source queue (its `DeadLetterQueueSourceArn`), at most
 * `MaxNumberOfMessagesPerSecond` a second when set. One task runs per source at a time.
 * The three actions that answer the API are in message-move-actions.ts.
 */
import { randomUUID } from 'node:crypto';
import type { CreateFauxqsMessage, FauxqsQueue, FauxqsStore } from './fauxqs-internals';
import { removeWaiting } from './fauxqs-internals';
import { addExtras, extrasOf } from './message-extras';
import { noteArrival } from './retention-rules';
import { firstVisibleMessage, visibleMessages } from './queue-contents';
import { SqsApiError } from '../errors';

type MoveTaskStatus = 'RUNNING' | 'COMPLETED' | 'CANCELLED' | 'FAILED';

/** One move task. */
interface MoveTask {
  readonly taskId: string;
  readonly taskHandle: string;
  readonly sourceArn: string;
  readonly destinationArn?: string;
  readonly ratePerSecond?: number;
  readonly toMove: number;
  readonly startedAtMs: number;
  status: MoveTaskStatus;
  moved: number;
  failureReason?: string;
  timer?: NodeJS.Timeout;
}

/** SQS's answer for a move task's source or destination queue that does not exist. */
export function moveTaskNotFound(parameter: 'SourceArn' | 'DestinationArn'): SqsApiError {
  return new SqsApiError(
    'ResourceNotFoundException',
    `The resource that you specified for the ${parameter} parameter doesn't exist.`,
  );
}

/** A task handle as AWS shapes it: base64 of `{"taskId":…,"sourceArn":…}`. */
function encodeHandle(taskId: string, sourceArn: string): string {
  return Buffer.from(JSON.stringify({ taskId, sourceArn })).toString('base64');
}

function decodeHandle(handle: string): { taskId: string; sourceArn: string } | undefined {
  try {
    const doc = (JSON.parse(Buffer.from(handle, 'base64').toString('utf8')) ?? {}) as Record<string, unknown>;
    return typeof doc.taskId === 'string' && typeof doc.sourceArn === 'string'
      ? { taskId: doc.taskId, sourceArn: doc.sourceArn }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The move tasks of one SQS emulator. */
export class MessageMoveTasks {
  readonly #tasks: MoveTask[] = [];

  /** Starts moving; returns the task handle. */
  start(
    store: FauxqsStore,
    createMessage: CreateFauxqsMessage,
    source: FauxqsQueue,
    destination: FauxqsQueue | undefined,
    ratePerSecond: number | undefined,
    nowMs: number,
  ): string {
    if (this.#tasks.some((task) => task.sourceArn === source.arn && task.status === 'RUNNING')) {
      throw new SqsApiError(
        'InvalidParameterValue',
        'There is already a task running. Only one active task is allowed for a source queue arn at a given time.',
      );
    }
    const taskId = randomUUID();
    const task: MoveTask = {
      taskId,
      taskHandle: encodeHandle(taskId, source.arn),
      sourceArn: source.arn,
      ...(destination ? { destinationArn: destination.arn } : {}),
      ...(ratePerSecond !== undefined ? { ratePerSecond } : {}),
      toMove: visibleMessages(source).length,
      startedAtMs: nowMs,
      status: 'RUNNING',
      moved: 0,
    };
    this.#tasks.unshift(task);
    const step = (): void => {
      task.timer = undefined;
      if (task.status !== 'RUNNING') return;
      const batch = ratePerSecond === undefined ? task.toMove - task.moved : 1;
      for (let i = 0; i < batch && task.status === 'RUNNING'; i += 1) this.#moveOne(store, createMessage, source, task);
      if (task.status === 'RUNNING' && task.moved >= task.toMove) task.status = 'COMPLETED';
      if (task.status === 'RUNNING') task.timer = setTimeout(step, 1000 / (ratePerSecond ?? 1000)).unref();
    };
    task.timer = setTimeout(step, 0).unref();
    return task.taskHandle;
  }

  #moveOne(store: FauxqsStore, createMessage: CreateFauxqsMessage, source: FauxqsQueue, task: MoveTask): void {
    const message = firstVisibleMessage(source);
    if (message === undefined) {
      task.status = 'COMPLETED';
      return;
    }
    const targetArn = task.destinationArn ?? extrasOf(message).deadLetterQueueSourceArn;
    const target = targetArn === undefined ? undefined : store.getQueueByArn(targetArn);
    if (target === undefined) {
      task.status = 'FAILED';
      task.failureReason = 'AWS.SimpleQueueService.NonExistentQueue';
      return;
    }
    removeWaiting(source, message);
    const moved = createMessage(
      message.body,
      message.messageAttributes,
      undefined,
      message.messageGroupId,
      message.messageDeduplicationId,
    );
    const { awsTraceHeader, sentAtMs } = extrasOf(message);
    addExtras(moved, {
      ...(awsTraceHeader !== undefined ? { awsTraceHeader } : {}),
      ...(sentAtMs !== undefined ? { sentAtMs } : {}),
    });
    target.enqueue(moved);
    noteArrival(target, moved);
    task.moved += 1;
  }

  /** The tasks of one source, newest first, as ListMessageMoveTasks reports them. */
  list(sourceArn: string, maxResults: number): Record<string, unknown>[] {
    return this.#tasks
      .filter((task) => task.sourceArn === sourceArn)
      .slice(0, maxResults)
      .map((task) => ({
        ...(task.status === 'RUNNING' ? { TaskHandle: task.taskHandle } : {}),
        Status: task.status,
        SourceArn: task.sourceArn,
        ...(task.destinationArn ? { DestinationArn: task.destinationArn } : {}),
        ...(task.ratePerSecond !== undefined ? { MaxNumberOfMessagesPerSecond: task.ratePerSecond } : {}),
        ApproximateNumberOfMessagesMoved: task.moved,
        ApproximateNumberOfMessagesToMove: task.toMove,
        ...(task.failureReason ? { FailureReason: task.failureReason } : {}),
        StartedTimestamp: task.startedAtMs,
      }));
  }

  /** Cancels a running task; returns how many messages it moved. */
  cancel(store: FauxqsStore, taskHandle: string): number {
    const decoded = decodeHandle(taskHandle);
    if (decoded === undefined)
      throw new SqsApiError('InvalidParameterValue', 'Value for parameter TaskHandle is invalid.');
    if (store.getQueueByArn(decoded.sourceArn) === undefined) throw moveTaskNotFound('SourceArn');
    const task = this.#tasks.find(
      (candidate) => candidate.taskId === decoded.taskId && candidate.sourceArn === decoded.sourceArn,
    );
    if (task === undefined) throw new SqsApiError('ResourceNotFoundException', 'Task does not exist.');
    if (task.status !== 'RUNNING') {
      throw new SqsApiError('FailedPrecondition', 'Only active tasks can be cancelled.');
    }
    task.status = 'CANCELLED';
    if (task.timer) clearTimeout(task.timer);
    return task.moved;
  }

  /** Stops every running task's timer (the emulator is stopping). */
  stopAll(): void {
    for (const task of this.#tasks) if (task.timer) clearTimeout(task.timer);
  }
}
