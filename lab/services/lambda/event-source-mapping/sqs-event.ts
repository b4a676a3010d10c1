/**
 * Turns messages from ReceiveMessage into the SQS event Lambda hands to a function, field for
 * field: camel-cased message attributes with base64 binary values, the system attributes
 * Lambda copies, `eventSource`, `eventSourceARN` and `awsRegion`.
 */
import { IncompleteMessageError } from '../errors';
import type { Message, MessageAttributeValue } from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSMessageAttribute, SQSRecord, SQSRecordAttributes } from 'aws-lambda';

/** The system attributes Lambda puts in `record.attributes`, in Lambda's order. */
const SYSTEM_ATTRIBUTES = [
  'ApproximateReceiveCount',
  'AWSTraceHeader',
  'SentTimestamp',
  'SequenceNumber',
  'MessageGroupId',
  'SenderId',
  'MessageDeduplicationId',
  'ApproximateFirstReceiveTimestamp',
  'DeadLetterQueueSourceArn',
] as const;

/** One SQS record as Lambda builds it from a received message. */
export function toSqsRecord(message: Message, queue: { readonly arn: string; readonly region: string }): SQSRecord {
  const { MessageId, ReceiptHandle, Body, MD5OfBody } = message;
  if (MessageId === undefined || ReceiptHandle === undefined || Body === undefined || MD5OfBody === undefined) {
    throw new IncompleteMessageError(
      `ReceiveMessage returned a message without id, receipt handle, body or MD5: ${JSON.stringify(message)}`,
    );
  }
  const received = message.Attributes ?? {};
  const attributes: Record<string, string> = {};
  for (const name of SYSTEM_ATTRIBUTES) {
    const value = received[name];
    if (value !== undefined) attributes[name] = value;
  }
  return {
    messageId: MessageId,
    receiptHandle: ReceiptHandle,
    body: Body,
    attributes: attributes as unknown as SQSRecordAttributes,
    messageAttributes: toLambdaMessageAttributes(message.MessageAttributes ?? {}),
    md5OfBody: MD5OfBody,
    ...(message.MD5OfMessageAttributes === undefined ? {} : { md5OfMessageAttributes: message.MD5OfMessageAttributes }),
    eventSource: 'aws:sqs',
    eventSourceARN: queue.arn,
    awsRegion: queue.region,
  };
}

/** The event for one batch. */
export function toSqsEvent(
  messages: readonly Message[],
  queue: { readonly arn: string; readonly region: string },
): SQSEvent {
  return { Records: messages.map((message) => toSqsRecord(message, queue)) };
}

function toLambdaMessageAttributes(
  attributes: Record<string, MessageAttributeValue>,
): Record<string, SQSMessageAttribute> {
  const result: Record<string, SQSMessageAttribute> = {};
  for (const [name, value] of Object.entries(attributes)) {
    result[name] = {
      ...(value.StringValue === undefined ? {} : { stringValue: value.StringValue }),
      ...(value.BinaryValue === undefined ? {} : { binaryValue: Buffer.from(value.BinaryValue).toString('base64') }),
      stringListValues: value.StringListValues ?? [],
      binaryListValues: (value.BinaryListValues ?? []).map((item) => Buffer.from(item).toString('base64')),
      dataType: value.DataType ?? 'String',
    };
  }
  return result;
}
