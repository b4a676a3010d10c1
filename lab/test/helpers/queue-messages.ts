/**
 * Messages in and out of a queue in tests: send bodies as JSON, count what a queue holds, read a
 * queue nobody polls.
 */
import {
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';

/** Sends bodies (objects become JSON) in one SendMessageBatch; returns the message ids in order. */
export async function sendBodies(sqs: SQSClient, queueUrl: string, bodies: readonly object[]): Promise<string[]> {
  const response = await sqs.send(
    new SendMessageBatchCommand({
      QueueUrl: queueUrl,
      Entries: bodies.map((body, index) => ({ Id: String(index), MessageBody: JSON.stringify(body) })),
    }),
  );
  const ids: string[] = [];
  for (let index = 0; index < bodies.length; index += 1) {
    const sent = response.Successful?.find((entry) => entry.Id === String(index));
    if (sent?.MessageId === undefined) throw new Error(`message ${index} was not sent`);
    ids.push(sent.MessageId);
  }
  return ids;
}

/** Visible plus in-flight messages of a queue. */
export async function messagesInQueue(sqs: SQSClient, queueUrl: string): Promise<number> {
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return Number(Attributes?.ApproximateNumberOfMessages) + Number(Attributes?.ApproximateNumberOfMessagesNotVisible);
}

/** Receives up to 10 messages from a queue nobody polls (a DLQ), with their system attributes. */
export async function receiveAll(sqs: SQSClient, queueUrl: string) {
  const { Messages } = await sqs.send(
    new ReceiveMessageCommand({
      QueueUrl: queueUrl,
      MaxNumberOfMessages: 10,
      WaitTimeSeconds: 0,
      VisibilityTimeout: 0,
      MessageSystemAttributeNames: ['All'],
    }),
  );
  return Messages ?? [];
}
