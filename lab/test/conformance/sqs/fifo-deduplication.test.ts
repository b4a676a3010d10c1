import {
  DeleteMessageCommand,
  DeleteQueueCommand,
  type Message,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { conform } from '#lab/test/conformance/behaviour';
import { sqsBehaviour } from './sqs-behaviours';
import { sleep, useSqsLab } from './sqs-lab';

const lab = useSqsLab();

const ITEM = '{"foo": "bar"}';

async function send(url: string, body: string, group: string, deduplicationId?: string) {
  return lab.client.send(
    new SendMessageCommand({
      QueueUrl: url,
      MessageBody: body,
      MessageGroupId: group,
      ...(deduplicationId !== undefined ? { MessageDeduplicationId: deduplicationId } : {}),
    }),
  );
}

async function receive(url: string, options: { max?: number; wait?: number } = {}): Promise<Message[]> {
  const { Messages } = await lab.client.send(
    new ReceiveMessageCommand({
      QueueUrl: url,
      MaxNumberOfMessages: options.max ?? 1,
      WaitTimeSeconds: options.wait ?? 0,
      MessageSystemAttributeNames: ['All'],
    }),
  );
  return Messages ?? [];
}

async function receiveAndDelete(url: string): Promise<Message[]> {
  const messages = await receive(url, { wait: 1 });
  for (const message of messages) {
    await lab.client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: message.ReceiptHandle }));
  }
  return messages;
}

describe('SQS FIFO deduplication', () => {
  conform(sqsBehaviour('sqs.fifo.dedup-content-based'), async () => {
    const { url } = await lab.queue({ FifoQueue: 'true', ContentBasedDeduplication: 'true' });
    await send(url, ITEM, 'group-1');
    await send(url, ITEM, 'group-1');

    expect((await receive(url, { wait: 1 })).map((m) => m.Body)).toEqual([ITEM]);
    expect(await receive(url, { wait: 1 })).toEqual([]);
  });

  conform(sqsBehaviour('sqs.fifo.dedup-after-delete'), async () => {
    for (const contentBased of [false, true]) {
      const { url } = await lab.queue({
        FifoQueue: 'true',
        ...(contentBased ? { ContentBasedDeduplication: 'true' } : {}),
      });
      const id = contentBased ? undefined : 'dedup1';
      await send(url, ITEM, 'group-1', id);
      expect((await receiveAndDelete(url)).map((m) => m.Body)).toEqual([ITEM]);

      await send(url, ITEM, 'group-1', id);

      expect(await receive(url, { wait: 1 }), `content-based ${contentBased}`).toEqual([]);
    }
  });

  conform(sqsBehaviour('sqs.fifo.dedup-queue-scope'), async () => {
    const { url } = await lab.queue({ FifoQueue: 'true', ContentBasedDeduplication: 'false' });
    await send(url, 'Test', 'group1', 'same-dedup');
    expect((await receiveAndDelete(url)).map((m) => m.Body)).toEqual(['Test']);

    await send(url, 'Test', 'group2', 'same-dedup');

    expect(await receive(url)).toEqual([]);
  });

  conform(sqsBehaviour('sqs.fifo.dedup-message-group-scope'), async () => {
    const { url } = await lab.queue({
      FifoQueue: 'true',
      ContentBasedDeduplication: 'true',
      DeduplicationScope: 'messageGroup',
    });
    await send(url, 'Test', 'group1');
    const [first] = await receiveAndDelete(url);

    await send(url, 'Test', 'group2');

    const second = await receive(url);
    expect(second.map((m) => m.Body)).toEqual(['Test']);
    expect(second[0]?.MessageId).not.toBe(first?.MessageId);
  });

  conform(sqsBehaviour('sqs.fifo.dedup-interval'), async () => {
    const { url } = await lab.queue({ FifoQueue: 'true' });
    const sent = await send(url, 'test', 'fifo_group', 'fifo_dedup');
    await send(url, 'test-duplicate', 'fifo_group', 'fifo_dedup');
    const [received] = await receiveAndDelete(url);
    expect(received?.MessageId).toBe(sent.MessageId);
    expect(received?.MD5OfBody).toBe(sent.MD5OfMessageBody);
    expect(await receive(url)).toEqual([]);

    const second = await send(url, 'test', 'fifo_group', 'fifo_dedup_2');
    await send(url, 'test-half_time', 'fifo_group', 'fifo_dedup_2');
    await lab.emulators.sqsClock.advance(6 * 60_000);
    const afterInterval = await send(url, 'test-duplicate', 'fifo_group', 'fifo_dedup_2');

    expect(afterInterval.MessageId).not.toBe(second.MessageId);
    const [first] = await receiveAndDelete(url);
    expect(first?.MessageId).toBe(second.MessageId);
    const [again] = await receiveAndDelete(url);
    expect(again?.MessageId).toBe(afterInterval.MessageId);
    expect(again?.MD5OfBody).toBe(afterInterval.MD5OfMessageBody);
    expect(again?.Body).toBe('test-duplicate');
  });

  conform(sqsBehaviour('sqs.fifo.received-again-after-timeout'), async () => {
    const { url } = await lab.queue({ FifoQueue: 'true', VisibilityTimeout: '1' });
    for (let i = 0; i < 3; i += 1) await send(url, `message-${i}`, '1', String(i));

    const first = await receive(url, { max: 10 });
    await sleep(2_000);
    const again = await receive(url, { max: 10 });

    expect(first.map((m) => m.Body)).toEqual(['message-0', 'message-1', 'message-2']);
    expect(again.map((m) => m.Body)).toEqual(['message-0', 'message-1', 'message-2']);
    expect(again.map((m) => m.MessageId)).toEqual(first.map((m) => m.MessageId));
    expect(again.map((m) => m.Attributes?.MessageDeduplicationId)).toEqual(['0', '1', '2']);
    expect(again.map((m) => m.Attributes?.ApproximateReceiveCount)).toEqual(['2', '2', '2']);
  });
});

describe('the fidelity layer keeps deduplication on its own clock', () => {
  it('a batch entry repeating an id sent within the interval is dropped; after the interval it is a new message', async () => {
    const { url } = await lab.queue({ FifoQueue: 'true', ContentBasedDeduplication: 'true' });
    const sent = await send(url, 'once', 'g');

    const batch = await lab.client.send(
      new SendMessageBatchCommand({
        QueueUrl: url,
        Entries: [
          { Id: 'a', MessageBody: 'once', MessageGroupId: 'g' },
          { Id: 'b', MessageBody: 'twice', MessageGroupId: 'g' },
          { Id: 'c', MessageBody: 'twice', MessageGroupId: 'g' },
        ],
      }),
    );
    expect(batch.Successful?.find((entry) => entry.Id === 'a')?.MessageId).toBe(sent.MessageId);
    const twice = batch.Successful?.filter((entry) => entry.Id !== 'a').map((entry) => entry.MessageId);
    expect(new Set(twice).size).toBe(1);
    expect((await receive(url, { max: 10 })).map((m) => m.Body)).toEqual(['once', 'twice']);

    await lab.emulators.sqsClock.advance(5 * 60_000);
    const later = await send(url, 'once', 'g');

    expect(later.MessageId).not.toBe(sent.MessageId);
  });

  it('forgets the ids of a deleted queue: a queue created again under its name starts empty', async () => {
    const { url, name } = await lab.queue({ FifoQueue: 'true' });
    await send(url, 'before', 'g', 'same-id');
    await lab.client.send(new DeleteQueueCommand({ QueueUrl: url }));
    const again = await lab.queue({ FifoQueue: 'true' }, name);

    await send(again.url, 'after', 'g', 'same-id');

    expect((await receive(again.url, { wait: 1 })).map((m) => m.Body)).toEqual(['after']);
  });
});
