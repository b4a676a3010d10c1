import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqsCallError, SqsJsonClient } from '#lab/emulators/sqs-json-client';
import { sqsCallsOf } from '#lab/services/sqs/sqs-calls';
import { createQueueWithArn, sqsEmulatorsForThisFile } from '#lab/test/helpers/sqs-emulators';

const shared = sqsEmulatorsForThisFile();
let client: SqsJsonClient;

beforeAll(() => {
  client = new SqsJsonClient({ endpoint: shared.emulators().sqsEndpoint });
});
afterAll(() => client.destroy());

describe('SqsJsonClient (the pollers’ calls, without the SDK)', () => {
  it('receives what the SDK receives: body, system attributes, and binary attribute values as bytes', async () => {
    const sqs = shared.sqs();
    const queue = await createQueueWithArn(sqs, 'json-client-receive');
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: queue.url,
        MessageBody: 'hello 🚀',
        MessageAttributes: {
          raw: { DataType: 'Binary', BinaryValue: new Uint8Array([0, 1, 254, 255]) },
          label: { DataType: 'String', StringValue: 'x' },
        },
      }),
    );
    const input = {
      QueueUrl: queue.url,
      MaxNumberOfMessages: 10,
      WaitTimeSeconds: 1,
      MessageSystemAttributeNames: ['All' as const],
      MessageAttributeNames: ['All'],
      VisibilityTimeout: 0,
    };
    const [ours] = (await client.receiveMessage(input)).Messages ?? [];
    const [sdks] = (await sqsCallsOf(sqs).receiveMessage(input)).Messages ?? [];

    expect(ours?.Body).toBe('hello 🚀');
    expect(ours?.MessageAttributes?.raw?.BinaryValue).toEqual(Buffer.from([0, 1, 254, 255]));
    expect(ours?.Attributes?.ApproximateReceiveCount).toBe('1');
    expect({ ...ours, ReceiptHandle: '', Attributes: {} }).toMatchObject({
      ...sdks,
      ReceiptHandle: '',
      Attributes: {},
      MessageAttributes: {
        raw: { DataType: 'Binary', BinaryValue: Buffer.from(sdks?.MessageAttributes?.raw?.BinaryValue ?? []) },
        label: { DataType: 'String', StringValue: 'x' },
      },
    });
  });

  it('deletes in a batch and reports a bad receipt handle per entry, as SQS does', async () => {
    const sqs = shared.sqs();
    const queue = await createQueueWithArn(sqs, 'json-client-delete');
    await sqs.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: 'one' }));
    const [message] = (await client.receiveMessage({ QueueUrl: queue.url, WaitTimeSeconds: 1 })).Messages ?? [];

    const result = await client.deleteMessageBatch({
      QueueUrl: queue.url,
      Entries: [
        { Id: 'good', ReceiptHandle: message?.ReceiptHandle ?? '' },
        { Id: 'bad', ReceiptHandle: 'not-a-handle' },
      ],
    });

    expect(result.Successful).toEqual([{ Id: 'good' }]);
    expect(result.Failed).toMatchObject([{ Id: 'bad', Code: 'ReceiptHandleIsInvalid', SenderFault: true }]);
    const attributes = await client.getQueueAttributes({
      QueueUrl: queue.url,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    });
    expect(attributes.Attributes).toEqual({
      ApproximateNumberOfMessages: '0',
      ApproximateNumberOfMessagesNotVisible: '0',
    });
  });

  it("throws SQS's error by name for a call it refuses", async () => {
    const missing = `${shared.emulators().sqsEndpoint}/000000000000/json-client-missing`;
    const refused = client.getQueueAttributes({ QueueUrl: missing, AttributeNames: ['All'] });

    await expect(refused).rejects.toBeInstanceOf(SqsCallError);
    await expect(refused).rejects.toMatchObject({ code: 'QueueDoesNotExist' });
  });

  it('sends nothing when `before` throws, and ends a waiting long poll when its signal aborts', async () => {
    const sqs = shared.sqs();
    const queue = await createQueueWithArn(sqs, 'json-client-before');
    const seen: string[] = [];
    const refusing = new SqsJsonClient({
      endpoint: shared.emulators().sqsEndpoint,
      before: async (operation) => {
        seen.push(operation);
        throw new Error('faulted');
      },
    });
    try {
      await sqs.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: 'stays' }));
      await expect(refusing.receiveMessage({ QueueUrl: queue.url })).rejects.toThrow('faulted');
      expect(seen).toEqual(['ReceiveMessage']);
      const left = await client.getQueueAttributes({
        QueueUrl: queue.url,
        AttributeNames: ['ApproximateNumberOfMessages'],
      });
      expect(left.Attributes?.ApproximateNumberOfMessages).toBe('1');
    } finally {
      refusing.destroy();
    }

    const empty = await createQueueWithArn(sqs, 'json-client-abort');
    const abort = new AbortController();
    const polling = client.receiveMessage({ QueueUrl: empty.url, WaitTimeSeconds: 20 }, abort.signal);
    setTimeout(() => abort.abort(), 50);
    await expect(polling).rejects.toMatchObject({ name: 'AbortError' });
  });
});
