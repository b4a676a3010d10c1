import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';

/** The tutorial's producer: one SendMessage per message, awaited in turn (1 request per message). */
export async function sendOneByOne(client: SQSClient, queueUrl: string, bodies: readonly string[]): Promise<number> {
  let sent = 0;
  for (const body of bodies) {
    await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }));
    sent += 1;
  }
  return sent;
}
