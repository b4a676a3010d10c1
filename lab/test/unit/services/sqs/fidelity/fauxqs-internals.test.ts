/**
 * removeWaitingWhere takes the chosen waiting messages out of a queue's lists in one pass: the
 * others stay where they were, in their order, on standard and FIFO queues alike.
 */
import { describe, expect, it } from 'vitest';
import { type FauxqsMessage, removeWaitingWhere } from '#lab/services/sqs/fidelity/fauxqs-internals';
import { ReadyList } from '#lab/services/sqs/fidelity/ready-list';
import { buildFauxqsWithFidelity } from '#lab/services/sqs/fidelity/sqs-fidelity-layer';
import { injectedSqsCall } from '#lab/services/sqs/fidelity/injected-sqs-call';

async function fauxqs() {
  const { app, state } = await buildFauxqsWithFidelity();
  const send = injectedSqsCall(app);
  const call = async (action: string, body: object) => (await send(action, body)).json;
  const queue = (url: string) => {
    const found = state.store?.getQueue(url);
    if (found === undefined) throw new Error(`no queue ${url}`);
    return found;
  };
  return { app, call, queue };
}

const bodies = (messages: Iterable<FauxqsMessage>): string[] => [...messages].map(({ body }) => body);
const odd = (message: FauxqsMessage): boolean => Number(message.body.replace(/\D/g, '')) % 2 === 1;

describe('removeWaitingWhere', () => {
  it('takes the chosen visible and delayed messages of a standard queue and keeps the rest in order', async () => {
    const { app, call, queue } = await fauxqs();
    const { QueueUrl } = (await call('CreateQueue', { QueueName: 'remove-where' })) as { QueueUrl: string };
    for (let index = 0; index < 6; index += 1) await call('SendMessage', { QueueUrl, MessageBody: `v${index}` });
    for (let index = 0; index < 4; index += 1)
      await call('SendMessage', { QueueUrl, MessageBody: `d${index}`, DelaySeconds: 900 });

    expect(removeWaitingWhere(queue(QueueUrl), odd)).toBe(5);

    expect(queue(QueueUrl).messages).toBeInstanceOf(ReadyList);
    expect(bodies(queue(QueueUrl).messages)).toEqual(['v0', 'v2', 'v4']);
    expect(bodies(queue(QueueUrl).delayedMessages)).toEqual(['d0', 'd2']);
    const { Messages } = (await call('ReceiveMessage', { QueueUrl, MaxNumberOfMessages: 10 })) as {
      Messages: { Body: string }[];
    };
    expect(Messages.map(({ Body }) => Body)).toEqual(['v0', 'v2', 'v4']);
    await app.close();
  });

  it('takes the chosen messages of each FIFO group and keeps each group in order', async () => {
    const { app, call, queue } = await fauxqs();
    const { QueueUrl } = (await call('CreateQueue', {
      QueueName: 'remove-where.fifo',
      Attributes: { FifoQueue: 'true', ContentBasedDeduplication: 'true' },
    })) as { QueueUrl: string };
    for (let index = 0; index < 8; index += 1)
      await call('SendMessage', { QueueUrl, MessageBody: `m${index}`, MessageGroupId: index < 4 ? 'a' : 'b' });

    expect(removeWaitingWhere(queue(QueueUrl), odd)).toBe(4);

    const groups = queue(QueueUrl).fifoMessages;
    expect(bodies(groups.get('a') ?? [])).toEqual(['m0', 'm2']);
    expect(bodies(groups.get('b') ?? [])).toEqual(['m4', 'm6']);
    await app.close();
  });

  it('leaves a queue whose messages all stay as it was', async () => {
    const { app, call, queue } = await fauxqs();
    const { QueueUrl } = (await call('CreateQueue', { QueueName: 'remove-none' })) as { QueueUrl: string };
    await call('SendMessage', { QueueUrl, MessageBody: 'kept' });
    const before = queue(QueueUrl).messages;

    expect(removeWaitingWhere(queue(QueueUrl), () => false)).toBe(0);

    expect(queue(QueueUrl).messages).toBe(before);
    expect(bodies(queue(QueueUrl).messages)).toEqual(['kept']);
    await app.close();
  });
});
