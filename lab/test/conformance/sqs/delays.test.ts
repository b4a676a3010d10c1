import {
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import { describe, expect } from 'vitest';
import { conform } from '#lab/test/conformance/behaviour';
import { sqsBehaviour } from './sqs-behaviours';
import { expectSqsError, sleep, useSqsLab } from './sqs-lab';

const lab = useSqsLab();

async function bodies(url: string): Promise<string[]> {
  const { Messages = [] } = await lab.client.send(
    new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, VisibilityTimeout: 30 }),
  );
  return Messages.map((message) => message.Body ?? '').sort();
}

async function delayedCount(url: string): Promise<string | undefined> {
  const { Attributes } = await lab.client.send(
    new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessagesDelayed'] }),
  );
  return Attributes?.ApproximateNumberOfMessagesDelayed;
}

describe('SQS delays: delay queues and message timers', () => {
  conform(sqsBehaviour('sqs.send.delay-range'), async () => {
    const { url } = await lab.queue();

    for (const delay of [901, -1]) {
      await expectSqsError(
        lab.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'm', DelaySeconds: delay })),
        {
          name: 'InvalidParameterValue',
          message: `Value ${delay} for parameter DelaySeconds is invalid. Reason: DelaySeconds must be >= 0 and <= 900.`,
          status: 400,
        },
      );
    }
    await lab.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'edge', DelaySeconds: 900 }));
    expect(await delayedCount(url)).toBe('1');
  });

  conform(sqsBehaviour('sqs.send-batch.delay-range'), async () => {
    const { url } = await lab.queue();

    const result = await lab.client.send(
      new SendMessageBatchCommand({
        QueueUrl: url,
        Entries: [
          { Id: 'ok', MessageBody: 'sent' },
          { Id: 'late', MessageBody: 'refused', DelaySeconds: 1800 },
        ],
      }),
    );

    expect(result.Successful?.map((entry) => entry.Id)).toEqual(['ok']);
    expect(result.Failed).toEqual([
      {
        Id: 'late',
        SenderFault: true,
        Code: 'InvalidParameterValue',
        Message: 'Value 1800 for parameter DelaySeconds is invalid. Reason: DelaySeconds must be >= 0 and <= 900.',
      },
    ]);
    expect(await bodies(url)).toEqual(['sent']);
  });

  conform(sqsBehaviour('sqs.send.message-timer-overrides-queue-delay'), async () => {
    const { url } = await lab.queue({ DelaySeconds: '30' });
    await lab.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'queue-delay' }));
    await lab.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'timer-0', DelaySeconds: 0 }));
    await lab.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'timer-1', DelaySeconds: 1 }));

    // Receives until the 1 s timer has run out (a few seconds at most, even on a busy machine);
    // the message the queue delays by 30 s must not turn up meanwhile.
    const received = await bodies(url);
    for (let attempt = 0; attempt < 50 && !received.includes('timer-1'); attempt += 1) {
      await sleep(100);
      received.push(...(await bodies(url)));
    }

    expect(received.sort()).toEqual(['timer-0', 'timer-1']);
    expect(await delayedCount(url)).toBe('1');
  });

  conform(sqsBehaviour('sqs.fifo.zero-delay-takes-queue-delay'), async () => {
    const { url } = await lab.queue({ FifoQueue: 'true', ContentBasedDeduplication: 'true', DelaySeconds: '30' });

    const sent = await lab.client.send(
      new SendMessageCommand({ QueueUrl: url, MessageBody: 'message-1', MessageGroupId: '1', DelaySeconds: 0 }),
    );

    expect(sent.MessageId).toEqual(expect.any(String));
    expect(await bodies(url)).toEqual([]);
    expect(await delayedCount(url)).toBe('1');
  });
});
