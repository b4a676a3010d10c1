/**
 * Moving the messages of a dead-letter queue back to their source queue ("DLQ redrive"): one
 * call, StartMessageMoveTask, which runs asynchronously, on both targets. On AWS SQS serves it;
 * in the lab the SQS fidelity layer in front of fauxqs does (lab/services/sqs/fidelity/). Each
 * moved message is a new message in its source queue (new message id, receive count from 0).
 */
import {
  GetQueueAttributesCommand,
  ListMessageMoveTasksCommand,
  type SQSClient,
  StartMessageMoveTaskCommand,
} from '@aws-sdk/client-sqs';

/** A redrive that SQS refused, failed, or that did not finish in time. */
export class RedriveFailedError extends Error {
  override readonly name = 'RedriveFailedError';
}

/** How a redrive went. */
export interface RedriveReport {
  /** Messages moved back. */
  readonly moved: number;
  /** How it was done, for the log: the API call. */
  readonly how: string;
}

/**
 * The redrive: StartMessageMoveTask with the DLQ as source and no destination, so each
 * message goes back to the queue it came from; then polls ListMessageMoveTasks every `pollMs`
 * until the task finishes.
 */
export async function redriveWithMoveTask(
  sqs: SQSClient,
  dlqUrl: string,
  options: {
    readonly pollMs?: number;
    readonly timeoutMs?: number;
    /** Where to move the messages; default: each message's original source queue. */
    readonly destinationArn?: string;
  } = {},
): Promise<RedriveReport> {
  const { Attributes = {} } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ['QueueArn'] }),
  );
  const sourceArn = Attributes.QueueArn;
  if (sourceArn === undefined) throw new RedriveFailedError(`${dlqUrl} has no QueueArn`);
  const { TaskHandle } = await sqs.send(
    new StartMessageMoveTaskCommand({
      SourceArn: sourceArn,
      ...(options.destinationArn === undefined ? {} : { DestinationArn: options.destinationArn }),
    }),
  );
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    const { Results = [] } = await sqs.send(new ListMessageMoveTasksCommand({ SourceArn: sourceArn, MaxResults: 10 }));
    const task = Results.find((result) => result.TaskHandle === TaskHandle) ?? Results[0];
    if (task?.Status === 'COMPLETED') {
      return {
        moved: task.ApproximateNumberOfMessagesMoved ?? 0,
        how: `StartMessageMoveTask --source-arn ${sourceArn}${options.destinationArn === undefined ? '' : ` --destination-arn ${options.destinationArn}`}`,
      };
    }
    if (task?.Status === 'FAILED' || task?.Status === 'CANCELLED') {
      throw new RedriveFailedError(
        `the move task ${task.Status.toLowerCase()}: ${task.FailureReason ?? 'no reason given'}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 2_000));
  }
  throw new RedriveFailedError(`the move task from ${sourceArn} did not finish in time`);
}
