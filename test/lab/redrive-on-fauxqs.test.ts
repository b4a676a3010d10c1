import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqsClient, type Emulators, startEmulators } from '../../lab';
import { redriveByCopy } from '../../lab';

// The lab's stand-in for StartMessageMoveTask on the real SQS emulator: what the AWS task does
// to a message (a new message in the source queue, receive count from zero, the DLQ emptied).

let emulators: Emulators;
let sqs: SQSClient;

beforeAll(async () => {
  emulators = await startEmulators();
  sqs = createSqsClient(emulators);
});

afterAll(async () => {
  sqs?.destroy();
  await emulators?.stop();
});

async function queue(name: string): Promise<string> {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: name }));
  if (QueueUrl === undefined) throw new Error(`no url for ${name}`);
  return QueueUrl;
}

describe('redriveByCopy on fauxqs', () => {
  it('moves every DLQ message back as a new message, received for the first time, and empties the DLQ', async () => {
    const [dlqUrl, sourceUrl] = await Promise.all([queue('redrive-dlq'), queue('redrive-source')]);
    const bodies = Array.from({ length: 13 }, (_, i) => JSON.stringify({ id: `r-${i + 1}` }));
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: dlqUrl,
        Entries: bodies.slice(0, 10).map((b, i) => ({ Id: String(i), MessageBody: b })),
      }),
    );
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: dlqUrl,
        Entries: bodies.slice(10).map((b, i) => ({ Id: String(i), MessageBody: b })),
      }),
    );
    // Receive once in the DLQ, as a failing message would have been received in its source queue.
    const before = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: dlqUrl, MaxNumberOfMessages: 10, VisibilityTimeout: 0 }),
    );
    const oldIds = new Set((before.Messages ?? []).map((m) => m.MessageId));

    const report = await redriveByCopy(sqs, { dlqUrl, sourceUrl });

    expect(report.moved).toBe(13);
    const { Attributes = {} } = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: dlqUrl,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    expect([Attributes.ApproximateNumberOfMessages, Attributes.ApproximateNumberOfMessagesNotVisible]).toEqual([
      '0',
      '0',
    ]);
    const moved = [];
    for (let round = 0; round < 5 && moved.length < 13; round += 1) {
      const { Messages = [] } = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: sourceUrl,
          MaxNumberOfMessages: 10,
          VisibilityTimeout: 30,
          MessageSystemAttributeNames: ['ApproximateReceiveCount'],
        }),
      );
      moved.push(...Messages);
    }
    expect(moved.map((m) => m.Body).sort()).toEqual([...bodies].sort());
    expect(moved.every((m) => m.Attributes?.ApproximateReceiveCount === '1')).toBe(true);
    expect(moved.some((m) => oldIds.has(m.MessageId))).toBe(false);
  });
});
