import { ReceiveMessageCommand, SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { describe, expect } from 'vitest';
import { conform } from '#lab/test/conformance/behaviour';
import { sqsBehaviour } from './sqs-behaviours';
import { sleep, useSqsLab } from './sqs-lab';

const lab = useSqsLab();

/** Sends `[body, group]` pairs in order, one SendMessage each. */
async function sendAll(url: string, messages: readonly (readonly [string, string])[]): Promise<void> {
  for (const [body, group] of messages) {
    await lab.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: body, MessageGroupId: group }));
  }
}

async function receiveBodies(url: string, max: number, visibilityTimeout?: number): Promise<string[]> {
  const { Messages } = await lab.client.send(
    new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: max, VisibilityTimeout: visibilityTimeout }),
  );
  return (Messages ?? []).map((message) => message.Body ?? '');
}

describe('SQS message groups', () => {
  conform(sqsBehaviour('sqs.fifo.receive-fills-one-group-first'), async () => {
    const { url } = await lab.queue({ FifoQueue: 'true', ContentBasedDeduplication: 'true', VisibilityTimeout: '1' });
    await sendAll(url, [
      ['g1-m1', 'group-1'],
      ['g1-m2', 'group-1'],
      ['g1-m3', 'group-1'],
      ['g1-m4', 'group-1'],
      ['g2-m1', 'group-2'],
      ['g3-m1', 'group-3'],
    ]);

    expect(await receiveBodies(url, 2)).toEqual(['g1-m1', 'g1-m2']);
    expect(await receiveBodies(url, 1)).toEqual(['g2-m1']);

    await sleep(1_100);
    const all = await receiveBodies(url, 10, 0);
    // SQS orders the groups as it likes; within each group the order holds.
    expect([...all].sort()).toEqual(['g1-m1', 'g1-m2', 'g1-m3', 'g1-m4', 'g2-m1', 'g3-m1']);
    expect(all.filter((body) => body.startsWith('g1-'))).toEqual(['g1-m1', 'g1-m2', 'g1-m3', 'g1-m4']);
  });

  conform(sqsBehaviour('sqs.fifo.receive-fills-group-then-next'), async () => {
    const { url } = await lab.queue({ FifoQueue: 'true', ContentBasedDeduplication: 'true' });
    await sendAll(url, [
      ['g1-m1', 'group-1'],
      ['g2-m1', 'group-2'],
      ['g2-m2', 'group-2'],
      ['g3-m1', 'group-3'],
      ['g1-m2', 'group-1'],
    ]);

    expect(await receiveBodies(url, 3, 0)).toEqual(['g1-m1', 'g1-m2', 'g2-m1']);
  });

  conform(sqsBehaviour('sqs.fair.message-group-id-on-receive'), async () => {
    const { url } = await lab.queue();

    const sent = await lab.client.send(
      new SendMessageCommand({ QueueUrl: url, MessageBody: 'message', MessageGroupId: 'test' }),
    );
    const { Messages } = await lab.client.send(
      new ReceiveMessageCommand({ QueueUrl: url, WaitTimeSeconds: 5, AttributeNames: ['All'] }),
    );

    expect(
      Object.keys(sent)
        .filter((key) => key !== '$metadata')
        .sort(),
    ).toEqual(['MD5OfMessageBody', 'MessageId']);
    const [message] = Messages ?? [];
    expect(message?.Body).toBe('message');
    expect(Object.keys(message?.Attributes ?? {}).sort()).toEqual([
      'ApproximateFirstReceiveTimestamp',
      'ApproximateReceiveCount',
      'MessageGroupId',
      'SenderId',
      'SentTimestamp',
    ]);
    expect(message?.Attributes?.MessageGroupId).toBe('test');

    // A receive already waiting when the message arrives (how Lambda's pollers receive).
    const waiting = lab.client.send(
      new ReceiveMessageCommand({ QueueUrl: url, WaitTimeSeconds: 5, MessageSystemAttributeNames: ['MessageGroupId'] }),
    );
    await sleep(200);
    await lab.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'late', MessageGroupId: 'tenant-2' }));
    const late = await waiting;
    expect(late.Messages?.map((received) => [received.Body, received.Attributes?.MessageGroupId])).toEqual([
      ['late', 'tenant-2'],
    ]);
  });

  conform(sqsBehaviour('sqs.fair.batch-message-group-id'), async () => {
    const { url } = await lab.queue();

    const result = await lab.client.send(
      new SendMessageBatchCommand({
        QueueUrl: url,
        Entries: [
          { Id: 'a', MessageBody: 'from-a', MessageGroupId: 'tenant-a' },
          { Id: 'none', MessageBody: 'from-nobody' },
          { Id: 'b', MessageBody: 'from-b', MessageGroupId: 'tenant-b' },
        ],
      }),
    );
    const { Messages } = await lab.client.send(
      new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, MessageSystemAttributeNames: ['All'] }),
    );

    expect(result.Successful?.map((entry) => entry.Id).sort()).toEqual(['a', 'b', 'none']);
    expect(result.Failed ?? []).toEqual([]);
    const tenants = Object.fromEntries((Messages ?? []).map((m) => [m.Body, m.Attributes?.MessageGroupId ?? null]));
    expect(tenants).toEqual({ 'from-a': 'tenant-a', 'from-nobody': null, 'from-b': 'tenant-b' });
  });

  conform(sqsBehaviour('sqs.fair.noisy-tenant-priority'), async () => {
    const { url } = await lab.queue();
    for (let batch = 0; batch < 5; batch += 1) {
      await lab.client.send(
        new SendMessageBatchCommand({
          QueueUrl: url,
          Entries: Array.from({ length: 10 }, (_, index) => ({
            Id: `a${batch * 10 + index + 1}`,
            MessageBody: `a${batch * 10 + index + 1}`,
            MessageGroupId: 'tenant-a',
          })),
        }),
      );
    }
    await lab.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'b1', MessageGroupId: 'tenant-b' }));
    for (let receive = 0; receive < 3; receive += 1) await receiveBodies(url, 10);

    const fourth = await receiveBodies(url, 10);
    const fifth = await receiveBodies(url, 10);
    const sixth = await receiveBodies(url, 10);

    expect(fourth).toEqual(Array.from({ length: 10 }, (_, index) => `a${31 + index}`));
    expect(fifth).toEqual(Array.from({ length: 10 }, (_, index) => `a${41 + index}`));
    expect(sixth).toEqual(['b1']);
  });
});
