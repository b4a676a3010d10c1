import { DeleteMessageCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';

/**
 * The tutorial's consumer: ReceiveMessage with the SDK's default of one message, then
 * DeleteMessage for it, in `loops` concurrent loops until `expected` messages are deleted
 * (or a receive comes back empty after the queue was drained).
 */
export async function drainOneByOne(
  client: SQSClient,
  queueUrl: string,
  expected: number,
  loops: number,
): Promise<number> {
  let deleted = 0;
  const loop = async (): Promise<void> => {
    while (deleted < expected) {
      const { Messages = [] } = await client.send(
        new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 1 }),
      );
      for (const message of Messages) {
        if (message.ReceiptHandle === undefined) continue;
        await client.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }));
        deleted += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: loops }, loop));
  return deleted;
}
