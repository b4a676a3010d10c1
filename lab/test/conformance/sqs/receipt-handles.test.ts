import {
  ChangeMessageVisibilityBatchCommand,
  ChangeMessageVisibilityCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import { describe, expect } from 'vitest';
import { conform } from '#lab/test/conformance/behaviour';
import { sqsBehaviour } from './sqs-behaviours';
import { expectSqsError, sleep, useSqsLab } from './sqs-lab';

const lab = useSqsLab();

async function sendAndReceive(url: string, body = 'm'): Promise<string> {
  await lab.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: body }));
  const { Messages } = await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, WaitTimeSeconds: 1 }));
  const handle = Messages?.[0]?.ReceiptHandle;
  if (handle === undefined) throw new Error('nothing received');
  return handle;
}

async function receiveBodies(url: string): Promise<string[]> {
  const { Messages } = await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10 }));
  return (Messages ?? []).map((message) => message.Body ?? '');
}

const NOT_AVAILABLE = (handle: string): string =>
  `Value ${handle} for parameter ReceiptHandle is invalid. Reason: Message does not exist or is not available for visibility timeout change.`;

describe('SQS receipt handles', () => {
  conform(sqsBehaviour('sqs.change-visibility.deleted-message'), async () => {
    const { url } = await lab.queue();
    const handle = await sendAndReceive(url);
    await lab.client.send(
      new ChangeMessageVisibilityCommand({ QueueUrl: url, ReceiptHandle: handle, VisibilityTimeout: 42 }),
    );
    await lab.client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: handle }));

    const call = lab.client.send(
      new ChangeMessageVisibilityCommand({ QueueUrl: url, ReceiptHandle: handle, VisibilityTimeout: 42 }),
    );

    await expectSqsError(call, { name: 'InvalidParameterValue', message: NOT_AVAILABLE(handle) });
  });

  conform(sqsBehaviour('sqs.change-visibility.malformed-handle'), async () => {
    const { url } = await lab.queue();

    const call = lab.client.send(
      new ChangeMessageVisibilityCommand({ QueueUrl: url, ReceiptHandle: 'INVALID', VisibilityTimeout: 60 }),
    );

    await expectSqsError(call, { name: 'ReceiptHandleIsInvalid' });
  });

  conform(sqsBehaviour('sqs.delete.malformed-handle'), async () => {
    const { url } = await lab.queue();

    const call = lab.client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: 'garbage' }));

    await expectSqsError(call, {
      name: 'ReceiptHandleIsInvalid',
      message: 'The input receipt handle "garbage" is not a valid receipt handle.',
    });
  });

  conform(sqsBehaviour('sqs.delete.deleted-handle-again'), async () => {
    const { url } = await lab.queue();
    const handle = await sendAndReceive(url);

    for (let i = 0; i < 3; i += 1)
      await lab.client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: handle }));

    expect(await receiveBodies(url)).toEqual([]);
  });

  conform(sqsBehaviour('sqs.change-visibility.expired-handle'), async () => {
    const { url } = await lab.queue({ VisibilityTimeout: '1' });
    const handle = await sendAndReceive(url, 'test');
    await sleep(1_200);

    const response = await lab.client.send(
      new ChangeMessageVisibilityCommand({ QueueUrl: url, ReceiptHandle: handle, VisibilityTimeout: 2 }),
    );

    expect(response.$metadata.httpStatusCode).toBe(200);
    expect(await receiveBodies(url)).toEqual(['test']);
  });

  conform(sqsBehaviour('sqs.delete.expired-handle-standard'), async () => {
    const { url } = await lab.queue({ VisibilityTimeout: '1' });
    const handle = await sendAndReceive(url, 'foobar');
    await sleep(1_100);

    await lab.client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: handle }));

    expect(await receiveBodies(url)).toEqual([]);
  });

  conform(sqsBehaviour('sqs.delete.old-handle-count'), async () => {
    const { url } = await lab.queue();
    await lab.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'test' }));
    const { Messages } = await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, VisibilityTimeout: 1 }));
    await sleep(1_100);

    await lab.client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: Messages?.[0]?.ReceiptHandle }));

    const { Attributes } = await lab.client.send(
      new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages'] }),
    );
    expect(Attributes?.ApproximateNumberOfMessages).toBe('0');
  });

  conform(sqsBehaviour('sqs.delete.expired-handle-fifo'), async () => {
    const { url } = await lab.queue({ FifoQueue: 'true', ContentBasedDeduplication: 'true', VisibilityTimeout: '1' });
    await lab.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'foobar', MessageGroupId: '1' }));
    const { Messages } = await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, WaitTimeSeconds: 1 }));
    const handle = Messages?.[0]?.ReceiptHandle ?? '';
    await sleep(1_100);

    const call = lab.client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: handle }));

    await expectSqsError(call, {
      name: 'InvalidParameterValue',
      message: `Value ${handle} for parameter ReceiptHandle is invalid. Reason: The receipt handle has expired.`,
      status: 400,
    });
  });

  conform(sqsBehaviour('sqs.delete.extended-handle-fifo'), async () => {
    const { url } = await lab.queue({ FifoQueue: 'true', ContentBasedDeduplication: 'true', VisibilityTimeout: '1' });
    await lab.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'foobar', MessageGroupId: '1' }));
    const { Messages } = await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, WaitTimeSeconds: 1 }));
    const handle = Messages?.[0]?.ReceiptHandle;
    await lab.client.send(
      new ChangeMessageVisibilityCommand({ QueueUrl: url, ReceiptHandle: handle, VisibilityTimeout: 5 }),
    );
    await sleep(1_500);

    await lab.client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: handle }));

    expect(await receiveBodies(url)).toEqual([]);
  });

  conform(sqsBehaviour('sqs.change-visibility.superseded-handle'), async () => {
    const { url } = await lab.queue();
    await lab.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'test' }));
    const first = await lab.client.send(
      new ReceiveMessageCommand({ QueueUrl: url, WaitTimeSeconds: 1, VisibilityTimeout: 0 }),
    );
    const second = await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, VisibilityTimeout: 3 }));
    expect(second.Messages?.[0]?.MessageId).toBe(first.Messages?.[0]?.MessageId);

    const response = await lab.client.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: url,
        ReceiptHandle: first.Messages?.[0]?.ReceiptHandle,
        VisibilityTimeout: 0,
      }),
    );

    expect(response.$metadata.httpStatusCode).toBe(200);
    const third = await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, WaitTimeSeconds: 1 }));
    expect(third.Messages?.map((message) => message.Body)).toEqual(['test']);
  });

  conform(sqsBehaviour('sqs.delete.superseded-handle'), async () => {
    const { url } = await lab.queue();
    await lab.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'm' }));
    const first = await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, VisibilityTimeout: 0 }));
    const second = await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, VisibilityTimeout: 30 }));

    await lab.client.send(
      new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: first.Messages?.[0]?.ReceiptHandle }),
    );

    await lab.client.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: url,
        ReceiptHandle: second.Messages?.[0]?.ReceiptHandle,
        VisibilityTimeout: 0,
      }),
    );
    expect(await receiveBodies(url)).toEqual(['m']);
  });

  conform(sqsBehaviour('sqs.change-visibility.twelve-hours'), async () => {
    const { url } = await lab.queue();
    const handle = await sendAndReceive(url);
    await lab.client.send(
      new ChangeMessageVisibilityCommand({ QueueUrl: url, ReceiptHandle: handle, VisibilityTimeout: 60 }),
    );
    await lab.emulators.sqsClock.advance(11 * 3600 * 1000);

    const call = lab.client.send(
      new ChangeMessageVisibilityCommand({ QueueUrl: url, ReceiptHandle: handle, VisibilityTimeout: 3601 }),
    );

    await expectSqsError(call, {
      name: 'InvalidParameterValue',
      message:
        'Value 3601 for parameter VisibilityTimeout is invalid. Reason: Total VisibilityTimeout for the message is beyond the limit [43200 seconds]',
    });
    await lab.client.send(
      new ChangeMessageVisibilityCommand({ QueueUrl: url, ReceiptHandle: handle, VisibilityTimeout: 3599 }),
    );
  });

  conform(sqsBehaviour('sqs.change-visibility.range'), async () => {
    const { url } = await lab.queue();
    const handle = await sendAndReceive(url);

    const call = lab.client.send(
      new ChangeMessageVisibilityCommand({ QueueUrl: url, ReceiptHandle: handle, VisibilityTimeout: 43_201 }),
    );

    await expectSqsError(call, { name: 'InvalidParameterValue' });
  });

  conform(sqsBehaviour('sqs.change-visibility-batch.malformed-entry'), async () => {
    const { url } = await lab.queue();
    const handle = await sendAndReceive(url);

    const result = await lab.client.send(
      new ChangeMessageVisibilityBatchCommand({
        QueueUrl: url,
        Entries: [
          { Id: 'good', ReceiptHandle: handle, VisibilityTimeout: 10 },
          { Id: 'bad', ReceiptHandle: 'garbage', VisibilityTimeout: 10 },
        ],
      }),
    );

    expect(result.Successful?.map((entry) => entry.Id)).toEqual(['good']);
    expect(result.Failed).toEqual([
      expect.objectContaining({ Id: 'bad', Code: 'ReceiptHandleIsInvalid', SenderFault: true }),
    ]);
  });

  conform(sqsBehaviour('sqs.delete-batch.malformed-entry'), async () => {
    const { url } = await lab.queue();
    const handle = await sendAndReceive(url);

    const result = await lab.client.send(
      new DeleteMessageBatchCommand({
        QueueUrl: url,
        Entries: [
          { Id: 'good', ReceiptHandle: handle },
          { Id: 'bad', ReceiptHandle: 'garbage' },
        ],
      }),
    );

    expect(result.Successful?.map((entry) => entry.Id)).toEqual(['good']);
    expect(result.Failed).toEqual([expect.objectContaining({ Id: 'bad', Code: 'ReceiptHandleIsInvalid' })]);
    const { Attributes } = await lab.client.send(
      new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessagesNotVisible'] }),
    );
    expect(Attributes?.ApproximateNumberOfMessagesNotVisible).toBe('0');
  });

  conform(sqsBehaviour('sqs.change-visibility.zero'), async () => {
    const { url } = await lab.queue();
    const handle = await sendAndReceive(url, 'test');

    await lab.client.send(
      new ChangeMessageVisibilityCommand({ QueueUrl: url, ReceiptHandle: handle, VisibilityTimeout: 0 }),
    );

    expect(await receiveBodies(url)).toEqual(['test']);
  });

  conform(sqsBehaviour('sqs.receive.visibility-override'), async () => {
    const { url } = await lab.queue();
    await lab.client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: 'test' }));

    const zero = await lab.client.send(
      new ReceiveMessageCommand({ QueueUrl: url, WaitTimeSeconds: 1, VisibilityTimeout: 0 }),
    );
    const three = await lab.client.send(new ReceiveMessageCommand({ QueueUrl: url, VisibilityTimeout: 3 }));

    expect(zero.Messages).toHaveLength(1);
    expect(three.Messages).toHaveLength(1);
    expect(await receiveBodies(url)).toEqual([]);
  });

  conform(sqsBehaviour('sqs.errors.json-wire-shape'), async () => {
    const { url } = await lab.queue();
    const handle = await sendAndReceive(url);
    await lab.client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: handle }));

    const response = await lab.raw('ChangeMessageVisibility', {
      QueueUrl: url,
      ReceiptHandle: handle,
      VisibilityTimeout: 5,
    });

    expect(response.status).toBe(400);
    expect(response.body.__type).toBe('com.amazonaws.sqs#InvalidParameterValueException');
    expect(response.queryError).toBe('InvalidParameterValue;Sender');
    await expectSqsError(
      lab.client.send(
        new ChangeMessageVisibilityCommand({ QueueUrl: url, ReceiptHandle: handle, VisibilityTimeout: 5 }),
      ),
      { name: 'InvalidParameterValue', code: 'InvalidParameterValue' },
    );
  });

  conform(sqsBehaviour('sqs.errors.receipt-handle-invalid-status'), async () => {
    const { url } = await lab.queue();

    const response = await lab.raw('DeleteMessage', { QueueUrl: url, ReceiptHandle: 'garbage' });

    expect(response.status).toBe(404);
    expect(response.body.__type).toBe('com.amazonaws.sqs#ReceiptHandleIsInvalid');
    expect(response.queryError).toBe('ReceiptHandleIsInvalid;Sender');
  });

  conform(sqsBehaviour('sqs.errors.non-existent-queue'), async () => {
    const { url } = await lab.queue();

    const call = lab.client.send(
      new GetQueueAttributesCommand({ QueueUrl: `${url}-missing`, AttributeNames: ['All'] }),
    );

    await expectSqsError(call, {
      name: 'QueueDoesNotExist',
      code: 'AWS.SimpleQueueService.NonExistentQueue',
      message: 'The specified queue does not exist.',
      status: 400,
    });
  });
});
