import { describe, expect, it } from 'vitest';
import { IncompleteMessageError } from '#lab/services/lambda/errors';
import { toSqsEvent, toSqsRecord } from '#lab/services/lambda/event-source-mapping/sqs-event';

const queue = { arn: 'arn:aws:sqs:us-east-1:000000000000:my-queue', region: 'us-east-1' };

describe('toSqsRecord (the record Lambda builds from a received message)', () => {
  it('keeps the system attributes Lambda copies and camel-cases message attributes', () => {
    const record = toSqsRecord(
      {
        MessageId: 'id-1',
        ReceiptHandle: 'rh-1',
        Body: 'hello',
        MD5OfBody: '5d41402abc4b2a76b9719d911017c592',
        MD5OfMessageAttributes: 'abc',
        Attributes: {
          ApproximateReceiveCount: '2',
          SentTimestamp: '1700000000000',
          SenderId: '000000000000',
          ApproximateFirstReceiveTimestamp: '1700000000001',
        },
        MessageAttributes: {
          kind: { DataType: 'String', StringValue: 'job' },
          blob: { DataType: 'Binary', BinaryValue: Uint8Array.from([1, 2, 3]) },
        },
      },
      queue,
    );

    expect(record).toEqual({
      messageId: 'id-1',
      receiptHandle: 'rh-1',
      body: 'hello',
      attributes: {
        ApproximateReceiveCount: '2',
        SentTimestamp: '1700000000000',
        SenderId: '000000000000',
        ApproximateFirstReceiveTimestamp: '1700000000001',
      },
      messageAttributes: {
        kind: { stringValue: 'job', stringListValues: [], binaryListValues: [], dataType: 'String' },
        blob: { binaryValue: 'AQID', stringListValues: [], binaryListValues: [], dataType: 'Binary' },
      },
      md5OfBody: '5d41402abc4b2a76b9719d911017c592',
      md5OfMessageAttributes: 'abc',
      eventSource: 'aws:sqs',
      eventSourceARN: queue.arn,
      awsRegion: 'us-east-1',
    });
  });

  it('refuses a message without a receipt handle', () => {
    expect(() => toSqsEvent([{ MessageId: 'x', Body: 'b', MD5OfBody: 'm' }], queue)).toThrow(IncompleteMessageError);
  });
});
