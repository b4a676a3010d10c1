/** The tutorial's raw sends (stack-reads.ts): bodies sent as they are, ten per SendMessageBatch. */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, describe, expect, it } from 'vitest';
import { mockAwsClient } from '#lab/test/helpers/mock-aws-client';
import { RawSendError, sendRawBodies } from '#experiments/stack-reads';

const sqsMock = mockAwsClient(SQSClient);

afterEach(() => {
  sqsMock.reset();
});

describe('sendRawBodies', () => {
  it('sends the bodies as they are, ten per SendMessageBatch, and returns the message ids', async () => {
    sqsMock
      .on(SendMessageBatchCommand)
      .resolvesOnce({
        Successful: Array.from({ length: 10 }, (_, i) => ({ Id: String(i), MessageId: `m${i}`, MD5OfMessageBody: '' })),
        Failed: [],
      })
      .resolves({ Successful: [{ Id: '0', MessageId: 'm10', MD5OfMessageBody: '' }], Failed: [] });
    const bodies = Array.from({ length: 11 }, (_, i) => `not json ${i}`);

    const ids = await sendRawBodies(new SQSClient({}), 'http://sqs/source', bodies);

    expect(ids).toHaveLength(11);
    expect(sqsMock.commandCalls(SendMessageBatchCommand).map((call) => call.args[0].input.Entries?.length)).toEqual([
      10, 1,
    ]);
    expect(sqsMock.commandCalls(SendMessageBatchCommand)[1]?.args[0].input.Entries?.[0]?.MessageBody).toBe(
      'not json 10',
    );
  });

  it('fails with a named error when SQS refuses one', async () => {
    sqsMock.on(SendMessageBatchCommand).resolves({
      Successful: [],
      Failed: [{ Id: '0', Code: 'InvalidMessageContents', Message: 'bad', SenderFault: true }],
    });

    await expect(sendRawBodies(new SQSClient({}), 'http://sqs/source', ['\u0000'])).rejects.toBeInstanceOf(
      RawSendError,
    );
  });
});
