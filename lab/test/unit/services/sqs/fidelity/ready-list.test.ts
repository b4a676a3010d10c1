/**
 * A standard queue's visible messages as the fidelity layer keeps them: a ReadyList answers
 * every array method fauxqs and the layer call exactly as a plain array would, and the layer
 * puts one in every queue fauxqs makes, again after a purge.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '#lab/common/seeded-random';
import type { FauxqsMessage } from '#lab/services/sqs/fidelity/fauxqs-internals';
import { ReadyList, useReadyList } from '#lab/services/sqs/fidelity/ready-list';
import { buildFauxqsWithFidelity } from '#lab/services/sqs/fidelity/sqs-fidelity-layer';
import { injectedSqsCall } from '#lab/services/sqs/fidelity/injected-sqs-call';

function message(id: number): FauxqsMessage {
  return {
    messageId: `m${id}`,
    body: `body ${id}`,
    md5OfBody: '',
    messageAttributes: {},
    sentTimestamp: 0,
    approximateReceiveCount: 0,
  };
}

describe('ReadyList', () => {
  it('answers push, shift, includes, indexOf, splice, at and iteration as an array does, across compactions', () => {
    const random = seededRandom('ready-list');
    for (let trial = 0; trial < 6; trial += 1) {
      const list = new ReadyList();
      const array: FauxqsMessage[] = [];
      let next = 0;
      // Backlogs of up to a few thousand, so the list passes its compaction point many times.
      const pushBias = trial % 2 === 0 ? 0.55 : 0.45;
      for (let step = 0; step < 8000; step += 1) {
        const roll = random();
        if (roll < pushBias) {
          const added = message(next++);
          expect(list.push(added)).toBe(array.push(added));
        } else if (roll < 0.97) {
          expect(list.shift()).toBe(array.shift());
        } else if (array.length > 0) {
          const index = Math.floor(random() * array.length);
          const probe = array[index] as FauxqsMessage;
          expect(list.indexOf(probe)).toBe(index);
          expect(list.includes(probe)).toBe(true);
          expect(list.splice(index, 1)).toEqual(array.splice(index, 1));
          expect(list.includes(probe)).toBe(false);
          expect(list.indexOf(probe)).toBe(-1);
        }
        expect(list.length).toBe(array.length);
        expect(list.at(0)).toBe(array.at(0));
        expect(list.at(-1)).toBe(array.at(-1));
        if (step % 100 === 0) expect([...list]).toEqual(array);
      }
      while (array.length > 0) expect(list.shift()).toBe(array.shift());
      expect(list.shift()).toBeUndefined();
      expect(list.length).toBe(0);
    }
  });

  it('splices from a negative start, past the end and with nothing to delete as an array does', () => {
    const list = new ReadyList([message(1), message(2), message(3)]);
    const array = [message(1), message(2), message(3)];
    list.shift();
    array.shift();
    expect(list.splice(-1, 1)).toEqual(array.splice(-1, 1));
    expect(list.splice(5, 1)).toEqual(array.splice(5, 1));
    expect(list.splice(0, 0)).toEqual(array.splice(0, 0));
    expect([...list]).toEqual(array);
    expect(list.at(3)).toBeUndefined();
    expect(list.at(-3)).toBeUndefined();
  });

  it('lets go of a message once it is shifted out', () => {
    const list = new ReadyList([message(1), message(2)]);
    list.shift();
    // The slot is cleared, so the list no longer holds the message for the collector.
    expect(Object.values(list as unknown as Record<string, unknown>).flat()).not.toContainEqual(message(1));
  });
});

describe('useReadyList', () => {
  class FakeQueue {
    messages: FauxqsMessage[] = [message(1)];
    purge(): void {
      this.messages = [];
    }
  }

  it('keeps a ReadyList in a queue, with its messages, through reassignment and views of the queue', () => {
    const queue = new FakeQueue();
    useReadyList(queue as never);
    expect(queue.messages).toBeInstanceOf(ReadyList);
    expect([...queue.messages]).toEqual([message(1)]);
    queue.purge();
    expect(queue.messages).toBeInstanceOf(ReadyList);
    expect(queue.messages.length).toBe(0);
    const view = Object.create(queue) as FakeQueue;
    view.messages.push(message(2));
    expect([...queue.messages]).toEqual([message(2)]);
    useReadyList(queue as never);
    expect([...queue.messages]).toEqual([message(2)]);
  });

  it('is installed on the queues fauxqs makes behind the layer, and again after PurgeQueue', async () => {
    const { app, state } = await buildFauxqsWithFidelity();
    const send = injectedSqsCall(app);
    const call = async (action: string, body: object) => (await send(action, body)).json;
    const { QueueUrl } = (await call('CreateQueue', { QueueName: 'ready-list' })) as { QueueUrl: string };
    await call('SendMessage', { QueueUrl, MessageBody: 'one' });
    const queue = state.store?.getQueue(QueueUrl);
    expect(queue?.messages).toBeInstanceOf(ReadyList);
    expect(queue?.messages.length).toBe(1);
    await call('PurgeQueue', { QueueUrl });
    await call('SendMessage', { QueueUrl, MessageBody: 'two' });
    expect(queue?.messages).toBeInstanceOf(ReadyList);
    const { Messages } = (await call('ReceiveMessage', { QueueUrl })) as { Messages: { Body: string }[] };
    expect(Messages.map(({ Body }) => Body)).toEqual(['two']);
    await app.close();
  });
});
