/**
 * The layer runs fauxqs's timer pass only once a visibility timeout or a delay may have ended:
 * every deadline set lowers the time it waits for, so a message still becomes visible the moment
 * its timeout or delay ends, and until then a receive does not look at the messages in flight.
 * The clock is faked (Date only; timers stay real), so no test waits.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectedSqsCall } from '#lab/services/sqs/fidelity/injected-sqs-call';
import { buildFauxqsWithFidelity } from '#lab/services/sqs/fidelity/sqs-fidelity-layer';

const T0 = Date.parse('2026-11-29T00:00:00.000Z');

async function fauxqs() {
  const { app, state } = await buildFauxqsWithFidelity();
  const send = injectedSqsCall(app);
  const call = async (action: string, body: object) => (await send(action, body)).json;
  const receive = async (QueueUrl: string, extra: object = {}): Promise<string[]> => {
    const { Messages = [] } = (await call('ReceiveMessage', { QueueUrl, MaxNumberOfMessages: 10, ...extra })) as {
      Messages?: { Body: string; ReceiptHandle: string }[];
    };
    return Messages.map(({ Body }) => Body);
  };
  return { app, state, call, receive };
}

describe('runTimersWhenDue', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('makes a message visible when its short timeout ends, though another in flight is due much later', async () => {
    const { app, call, receive } = await fauxqs();
    const { QueueUrl } = (await call('CreateQueue', { QueueName: 'due-visibility' })) as { QueueUrl: string };
    await call('SendMessage', { QueueUrl, MessageBody: 'long' });
    expect(await receive(QueueUrl, { VisibilityTimeout: 600 })).toEqual(['long']);
    await call('SendMessage', { QueueUrl, MessageBody: 'short' });
    expect(await receive(QueueUrl, { VisibilityTimeout: 5 })).toEqual(['short']);

    vi.setSystemTime(T0 + 4_999);
    expect(await receive(QueueUrl)).toEqual([]);
    vi.setSystemTime(T0 + 5_000);
    expect(await receive(QueueUrl)).toEqual(['short']);
    await app.close();
  });

  it('follows ChangeMessageVisibility to an earlier deadline', async () => {
    const { app, call } = await fauxqs();
    const { QueueUrl } = (await call('CreateQueue', { QueueName: 'due-change' })) as { QueueUrl: string };
    await call('SendMessage', { QueueUrl, MessageBody: 'shortened' });
    const { Messages } = (await call('ReceiveMessage', { QueueUrl, VisibilityTimeout: 600 })) as {
      Messages: { ReceiptHandle: string }[];
    };
    await call('ReceiveMessage', { QueueUrl }); // a pass that finds nothing due before 600 s
    await call('ChangeMessageVisibility', {
      QueueUrl,
      ReceiptHandle: Messages[0]?.ReceiptHandle,
      VisibilityTimeout: 3,
    });

    vi.setSystemTime(T0 + 3_000);
    const { Attributes } = (await call('GetQueueAttributes', {
      QueueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    })) as { Attributes: Record<string, string> };
    expect(Attributes).toEqual({ ApproximateNumberOfMessages: '1', ApproximateNumberOfMessagesNotVisible: '0' });
    await app.close();
  });

  it('follows a delayed send, and a FIFO receive the layer makes itself', async () => {
    const { app, call, receive } = await fauxqs();
    const { QueueUrl } = (await call('CreateQueue', { QueueName: 'due-delay' })) as { QueueUrl: string };
    await call('SendMessage', { QueueUrl, MessageBody: 'far' });
    await receive(QueueUrl, { VisibilityTimeout: 600 });
    await call('SendMessage', { QueueUrl, MessageBody: 'delayed', DelaySeconds: 2 });
    expect(await receive(QueueUrl)).toEqual([]);
    vi.setSystemTime(T0 + 2_000);
    expect(await receive(QueueUrl, { VisibilityTimeout: 600 })).toEqual(['delayed']);

    const { QueueUrl: fifo } = (await call('CreateQueue', {
      QueueName: 'due-fifo.fifo',
      Attributes: { FifoQueue: 'true', ContentBasedDeduplication: 'true' },
    })) as { QueueUrl: string };
    for (const body of ['f1', 'f2', 'f3'])
      await call('SendMessage', { QueueUrl: fifo, MessageBody: body, MessageGroupId: 'g' });
    // fauxqs takes f1; the layer takes f2 and f3 itself (receive-rules.ts), each with a 4 s timeout.
    expect(await receive(fifo, { VisibilityTimeout: 4 })).toEqual(['f1', 'f2', 'f3']);
    vi.setSystemTime(T0 + 6_000);
    expect(await receive(fifo)).toEqual(['f1', 'f2', 'f3']);
    await app.close();
  });

  it('does not look at the messages in flight before one may be due', async () => {
    const { app, state, call, receive } = await fauxqs();
    const { QueueUrl } = (await call('CreateQueue', { QueueName: 'due-skip' })) as { QueueUrl: string };
    await call('SendMessage', { QueueUrl, MessageBody: 'watched' });
    await receive(QueueUrl, { VisibilityTimeout: 600 });
    await receive(QueueUrl); // the pass that learns the next deadline is 600 s away
    const [entry] = state.store?.getQueue(QueueUrl)?.inflightMessages.values() ?? [];
    if (entry === undefined) throw new Error('no message in flight');
    let reads = 0;
    const deadline = entry.visibilityDeadline;
    Object.defineProperty(entry, 'visibilityDeadline', {
      get: () => {
        reads += 1;
        return deadline;
      },
    });

    for (let index = 0; index < 5; index += 1) await receive(QueueUrl);
    expect(reads).toBe(0);
    vi.setSystemTime(T0 + 600_000);
    expect(await receive(QueueUrl)).toEqual(['watched']);
    expect(reads).toBeGreaterThan(0);
    await app.close();
  });
});
