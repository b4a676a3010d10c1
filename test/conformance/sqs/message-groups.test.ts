import { ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { describe, expect } from 'vitest';
import { conform } from '../behaviour';
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
});
