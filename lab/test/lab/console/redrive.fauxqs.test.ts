import { GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { redriveWithMoveTask } from '#lab/console/redrive';
import { createQueueWithArn, sqsEmulatorsForThisFile } from '#lab/test/helpers/sqs-emulators';

// The redrive the dlq-redrive experiment runs on the lab: StartMessageMoveTask, served by the
// lab's SQS fidelity layer, does to a message what the AWS task does (a new message in its
// source queue, receive count from zero, the DLQ emptied).

const lab = sqsEmulatorsForThisFile();
const queue = (name: string, attributes?: Record<string, string>) => createQueueWithArn(lab.sqs(), name, attributes);

describe('redriveWithMoveTask on the lab', () => {
  it('moves every DLQ message back to its source as a new message, received for the first time, and empties the DLQ', async () => {
    const dlq = await queue('redrive-dlq');
    const source = await queue('redrive-source', {
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 1 }),
    });
    const bodies = Array.from({ length: 13 }, (_, i) => JSON.stringify({ id: `r-${i + 1}` }));
    for (const chunk of [bodies.slice(0, 10), bodies.slice(10)]) {
      await lab.sqs().send(
        new SendMessageBatchCommand({
          QueueUrl: source.url,
          Entries: chunk.map((b, i) => ({ Id: String(i), MessageBody: b })),
        }),
      );
    }
    // Each message fails once, and the next receive moves it to the DLQ.
    const oldIds = new Set<string | undefined>();
    for (let round = 0; round < 6; round += 1) {
      const { Messages = [] } = await lab
        .sqs()
        .send(new ReceiveMessageCommand({ QueueUrl: source.url, MaxNumberOfMessages: 10, VisibilityTimeout: 0 }));
      for (const message of Messages) oldIds.add(message.MessageId);
    }

    const report = await redriveWithMoveTask(lab.sqs(), dlq.url, { pollMs: 50, timeoutMs: 10_000 });

    expect(report.moved).toBe(13);
    const { Attributes = {} } = await lab.sqs().send(
      new GetQueueAttributesCommand({
        QueueUrl: dlq.url,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    expect([Attributes.ApproximateNumberOfMessages, Attributes.ApproximateNumberOfMessagesNotVisible]).toEqual([
      '0',
      '0',
    ]);
    const moved = [];
    for (let round = 0; round < 5 && moved.length < 13; round += 1) {
      const { Messages = [] } = await lab.sqs().send(
        new ReceiveMessageCommand({
          QueueUrl: source.url,
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
