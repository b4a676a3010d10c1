/**
 * Moving the messages of a dead-letter queue back to their source queue ("DLQ redrive").
 *
 * On AWS this is one call, StartMessageMoveTask, which runs asynchronously. fauxqs (the lab's
 * SQS) does not implement it, so the lab does what the task does, with the calls every SQS
 * has: receive from the DLQ, send the body to the source queue, delete from the DLQ. As with
 * the real task, each moved message is a new message (new message id, new enqueue time,
 * receive count back at 0) and the one in the DLQ is removed only after the copy was sent.
 */
import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ListMessageMoveTasksCommand,
  type Message,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
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
  /** How it was done, for the log: the API call or the lab's stand-in for it. */
  readonly how: string;
}

/**
 * The lab's stand-in for StartMessageMoveTask: receive → SendMessageBatch → DeleteMessageBatch,
 * ten at a time, until the DLQ answers empty. A message whose copy was not sent stays in the
 * DLQ (it reappears there after `holdSeconds`).
 */
export async function redriveByCopy(
  sqs: SQSClient,
  queues: { readonly dlqUrl: string; readonly sourceUrl: string },
  holdSeconds = 30,
): Promise<RedriveReport> {
  let moved = 0;
  for (let round = 0; round < 1000; round += 1) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queues.dlqUrl,
        MaxNumberOfMessages: 10,
        VisibilityTimeout: holdSeconds,
        WaitTimeSeconds: 0,
        MessageAttributeNames: ['All'],
      }),
    );
    if (Messages.length === 0) break;
    const sent = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queues.sourceUrl,
        Entries: Messages.map((message, index) => ({
          Id: String(index),
          MessageBody: message.Body ?? '',
          MessageAttributes: message.MessageAttributes,
        })),
      }),
    );
    const copied = (sent.Successful ?? [])
      .map((entry) => Messages[Number(entry.Id)])
      .filter((message): message is Message => message?.ReceiptHandle !== undefined);
    if (copied.length === 0)
      throw new RedriveFailedError(`could not send to ${queues.sourceUrl}: ${JSON.stringify(sent.Failed ?? [])}`);
    await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl: queues.dlqUrl,
        Entries: copied.map((message, index) => ({ Id: String(index), ReceiptHandle: message.ReceiptHandle })),
      }),
    );
    moved += copied.length;
  }
  return { moved, how: 'receive → SendMessageBatch → DeleteMessageBatch (fauxqs has no StartMessageMoveTask)' };
}

/**
 * The AWS redrive: StartMessageMoveTask with the DLQ as source and no destination, so each
 * message goes back to the queue it came from; then waits for the task to finish.
 */
export async function redriveWithMoveTask(
  sqs: SQSClient,
  dlqUrl: string,
  options: { readonly pollMs?: number; readonly timeoutMs?: number } = {},
): Promise<RedriveReport> {
  const { Attributes = {} } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ['QueueArn'] }),
  );
  const sourceArn = Attributes.QueueArn;
  if (sourceArn === undefined) throw new RedriveFailedError(`${dlqUrl} has no QueueArn`);
  const { TaskHandle } = await sqs.send(new StartMessageMoveTaskCommand({ SourceArn: sourceArn }));
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    const { Results = [] } = await sqs.send(new ListMessageMoveTasksCommand({ SourceArn: sourceArn, MaxResults: 10 }));
    const task = Results.find((result) => result.TaskHandle === TaskHandle) ?? Results[0];
    if (task?.Status === 'COMPLETED') {
      return {
        moved: task.ApproximateNumberOfMessagesMoved ?? 0,
        how: `StartMessageMoveTask --source-arn ${sourceArn}`,
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
