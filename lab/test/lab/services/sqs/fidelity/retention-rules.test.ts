/**
 * MessageRetentionPeriod when the check skips queues that cannot hold an expired message: a
 * message that arrives with an older send time (a redrive to the dead-letter queue, a move task)
 * and a retention shortened after a check still expire on time, on the layer's clock. SQS counts
 * retention from the original send, also in a dead-letter queue (SQS developer guide, "Using
 * dead-letter queues").
 */
import {
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SetQueueAttributesCommand,
  StartMessageMoveTaskCommand,
} from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { createQueueWithArn, sqsEmulatorsForThisFile } from '#lab/test/helpers/sqs-emulators';
import { waitFor } from '#lab/test/helpers/wait-for';

const lab = sqsEmulatorsForThisFile();

async function waiting(url: string): Promise<string | undefined> {
  const { Attributes } = await lab
    .sqs()
    .send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages'] }));
  return Attributes?.ApproximateNumberOfMessages;
}

describe('retention-rules: a message expires on time, whatever the last check saw', () => {
  it('expires a message redriven into a dead-letter queue by its original send time', async () => {
    const source = await createQueueWithArn(lab.sqs(), 'retention-source', { MessageRetentionPeriod: '600' });
    await lab.sqs().send(new SendMessageCommand({ QueueUrl: source.url, MessageBody: 'old' }));
    await lab.emulators().sqsClock.advance(50_000);
    // Created and checked 50 s after the send: nothing it holds could expire before 50 s + 120 s.
    const dlq = await createQueueWithArn(lab.sqs(), 'retention-dlq', { MessageRetentionPeriod: '120' });
    await lab.sqs().send(
      new SetQueueAttributesCommand({
        QueueUrl: source.url,
        Attributes: { RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 1 }) },
      }),
    );
    await lab.emulators().sqsClock.advance(50_000);

    await lab.sqs().send(new ReceiveMessageCommand({ QueueUrl: source.url, VisibilityTimeout: 0 }));
    await lab.sqs().send(new ReceiveMessageCommand({ QueueUrl: source.url, VisibilityTimeout: 0 }));
    expect(await waiting(dlq.url)).toBe('1');

    // Sent 130 s ago: past the DLQ's 120 s, though the DLQ has existed for 80 s only.
    await lab.emulators().sqsClock.advance(30_000);
    expect(await waiting(dlq.url)).toBe('0');
  });

  it('expires a message a move task brings by its original send time', async () => {
    const dlq = await createQueueWithArn(lab.sqs(), 'retention-move-dlq', { MessageRetentionPeriod: '600' });
    const source = await createQueueWithArn(lab.sqs(), 'retention-move-source', {
      MessageRetentionPeriod: '600',
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 1 }),
    });
    await lab.sqs().send(new SendMessageCommand({ QueueUrl: source.url, MessageBody: 'moved on' }));
    await lab.sqs().send(new ReceiveMessageCommand({ QueueUrl: source.url, VisibilityTimeout: 0 }));
    await lab.sqs().send(new ReceiveMessageCommand({ QueueUrl: source.url, VisibilityTimeout: 0 }));
    await lab.emulators().sqsClock.advance(50_000);
    const destination = await createQueueWithArn(lab.sqs(), 'retention-move-destination', {
      MessageRetentionPeriod: '120',
    });
    await lab.emulators().sqsClock.advance(50_000);

    await lab.sqs().send(new StartMessageMoveTaskCommand({ SourceArn: dlq.arn, DestinationArn: destination.arn }));
    await waitFor(async () => (await waiting(destination.url)) === '1', 5_000, 'the move task to move the message');

    await lab.emulators().sqsClock.advance(30_000);
    expect(await waiting(destination.url)).toBe('0');
  });

  it('expires by a retention shortened after the last check', async () => {
    const queue = await createQueueWithArn(lab.sqs(), 'retention-shortened', { MessageRetentionPeriod: '600' });
    await lab.sqs().send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: 'kept, then not' }));
    await lab.emulators().sqsClock.advance(90_000);
    expect(await waiting(queue.url)).toBe('1');

    await lab
      .sqs()
      .send(new SetQueueAttributesCommand({ QueueUrl: queue.url, Attributes: { MessageRetentionPeriod: '60' } }));
    expect(await waiting(queue.url)).toBe('0');
  });
});
