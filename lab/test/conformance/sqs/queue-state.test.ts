import {
  ChangeMessageVisibilityCommand,
  GetQueueAttributesCommand,
  PurgeQueueCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import { describe, expect } from 'vitest';
import { conform } from '#lab/test/conformance/behaviour';
import { sqsBehaviour } from './sqs-behaviours';
import { expectSqsError, sleep, useSqsLab } from './sqs-lab';

const lab = useSqsLab();

const COUNTS = [
  'ApproximateNumberOfMessages',
  'ApproximateNumberOfMessagesNotVisible',
  'ApproximateNumberOfMessagesDelayed',
] as const;

async function counts(url: string): Promise<Record<string, string> | undefined> {
  const { Attributes } = await lab.client.send(
    new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: [...COUNTS] }),
  );
  return Attributes;
}

async function send(
  url: string,
  body: string,
  extra: { MessageGroupId?: string; MessageDeduplicationId?: string; DelaySeconds?: number } = {},
) {
  return lab.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: body, ...extra }));
}

describe('SQS queue state', () => {
  conform(sqsBehaviour('sqs.attributes.not-visible-after-timeout'), async () => {
    const { url } = await lab.queue({ VisibilityTimeout: '1' });
    for (let i = 1; i <= 6; i += 1) await send(url, `message-${i}`);
    await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 1 }));
    expect(await counts(url)).toEqual({
      ApproximateNumberOfMessages: '5',
      ApproximateNumberOfMessagesNotVisible: '1',
      ApproximateNumberOfMessagesDelayed: '0',
    });

    await sleep(1_100);

    expect(await counts(url)).toEqual({
      ApproximateNumberOfMessages: '6',
      ApproximateNumberOfMessagesNotVisible: '0',
      ApproximateNumberOfMessagesDelayed: '0',
    });
  });

  conform(sqsBehaviour('sqs.attributes.fifo-not-visible-after-timeout'), async () => {
    const { url } = await lab.queue({ FifoQueue: 'true', ContentBasedDeduplication: 'true', VisibilityTimeout: '1' });
    await send(url, 'g1-1', { MessageGroupId: 'g1' });
    await send(url, 'g2-1', { MessageGroupId: 'g2' });
    await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 1 }));
    expect((await counts(url))?.ApproximateNumberOfMessagesNotVisible).toBe('1');

    await sleep(1_100);

    expect(await counts(url)).toEqual({
      ApproximateNumberOfMessages: '2',
      ApproximateNumberOfMessagesNotVisible: '0',
      ApproximateNumberOfMessagesDelayed: '0',
    });
  });

  conform(sqsBehaviour('sqs.attributes.delay-ends'), async () => {
    const { url } = await lab.queue();
    await send(url, 'later', { DelaySeconds: 1 });
    expect((await counts(url))?.ApproximateNumberOfMessagesDelayed).toBe('1');

    await sleep(1_100);

    expect(await counts(url)).toEqual({
      ApproximateNumberOfMessages: '1',
      ApproximateNumberOfMessagesNotVisible: '0',
      ApproximateNumberOfMessagesDelayed: '0',
    });
  });

  conform(sqsBehaviour('sqs.retention.expires'), async () => {
    const { url } = await lab.queue({ MessageRetentionPeriod: '60' });
    await send(url, 'old');
    await send(url, 'delayed', { DelaySeconds: 30 });

    await lab.emulators.sqsClock.advance(61_000);

    expect(await counts(url)).toEqual({
      ApproximateNumberOfMessages: '0',
      ApproximateNumberOfMessagesNotVisible: '0',
      ApproximateNumberOfMessagesDelayed: '0',
    });
    await send(url, 'new');
    const { Messages } = await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10 }));
    expect(Messages?.map((message) => message.Body)).toEqual(['new']);
  });

  conform(sqsBehaviour('sqs.retention.in-flight'), async () => {
    const { url } = await lab.queue({ MessageRetentionPeriod: '60' });
    await send(url, 'in flight');
    const { Messages } = await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, VisibilityTimeout: 600 }));
    expect((await counts(url))?.ApproximateNumberOfMessagesNotVisible).toBe('1');

    await lab.emulators.sqsClock.advance(61_000);

    expect((await counts(url))?.ApproximateNumberOfMessagesNotVisible).toBe('0');
    await expectSqsError(
      lab.client.send(
        new ChangeMessageVisibilityCommand({
          QueueUrl: url,
          ReceiptHandle: Messages?.[0]?.ReceiptHandle,
          VisibilityTimeout: 0,
        }),
      ),
      { name: 'InvalidParameterValue' },
    );
  });

  conform(sqsBehaviour('sqs.purge.twice'), async () => {
    const { url, name } = await lab.queue();
    await lab.client.send(new PurgeQueueCommand({ QueueUrl: url }));

    const call = lab.client.send(new PurgeQueueCommand({ QueueUrl: url }));

    await expectSqsError(call, {
      name: 'PurgeQueueInProgress',
      code: 'AWS.SimpleQueueService.PurgeQueueInProgress',
      message: `Only one PurgeQueue operation on ${name} is allowed every 60 seconds.`,
      status: 403,
    });
  });

  conform(sqsBehaviour('sqs.purge.after-sixty-seconds'), async () => {
    const { url } = await lab.queue();
    await lab.client.send(new PurgeQueueCommand({ QueueUrl: url }));
    await send(url, 'after the first purge');

    await lab.emulators.sqsClock.advance(60_000);
    await lab.client.send(new PurgeQueueCommand({ QueueUrl: url }));

    expect((await counts(url))?.ApproximateNumberOfMessages).toBe('0');
  });

  conform(sqsBehaviour('sqs.purge.fifo-deduplication'), async () => {
    const { url } = await lab.queue({ FifoQueue: 'true' });
    await send(url, 'one', { MessageGroupId: 'g', MessageDeduplicationId: 'dedup-1' });
    await lab.client.send(new PurgeQueueCommand({ QueueUrl: url }));

    await send(url, 'two', { MessageGroupId: 'g', MessageDeduplicationId: 'dedup-1' });

    const { Messages } = await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, WaitTimeSeconds: 1 }));
    expect(Messages?.map((message) => message.Body)).toEqual(['two']);
  });

  conform(sqsBehaviour('sqs.purge.in-flight'), async () => {
    const { url } = await lab.queue({ VisibilityTimeout: '1' });
    await send(url, 'in flight');
    await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url }));

    await lab.client.send(new PurgeQueueCommand({ QueueUrl: url }));
    await sleep(1_100);

    const { Messages } = await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url }));
    expect(Messages ?? []).toEqual([]);
  });

  conform(sqsBehaviour('sqs.purge.delayed'), async () => {
    const { url } = await lab.queue();
    await send(url, 'delayed', { DelaySeconds: 1 });

    await lab.client.send(new PurgeQueueCommand({ QueueUrl: url }));
    await sleep(1_100);

    expect((await counts(url))?.ApproximateNumberOfMessages).toBe('0');
  });

  conform(sqsBehaviour('sqs.receive.fewer-than-requested'), async () => {
    const { url } = await lab.queue();
    for (let i = 0; i < 10; i += 1) await send(url, `m${i}`);

    const { Messages } = await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10 }));

    // The lab's own answer: every available message, up to the maximum.
    expect(Messages).toHaveLength(10);
  });
});
