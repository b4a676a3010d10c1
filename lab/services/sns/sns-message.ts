/**
 * A published message as SNS hands it to a subscription: the JSON envelope SNS wraps a
 * notification in (SNS developer guide, "Amazon SNS message and JSON formats", HTTP/HTTPS
 * notification JSON format: Type, MessageId, TopicArn, Subject when given, Message, Timestamp,
 * SignatureVersion, Signature, SigningCertURL, UnsubscribeURL, MessageAttributes when any,
 * https://docs.aws.amazon.com/sns/latest/dg/sns-message-and-json-formats.html), or the message
 * itself with raw delivery; and whether a subscription's filter policy lets it through (SNS
 * developer guide, "Amazon SNS message filtering": the policy reads the message attributes, or
 * with `FilterPolicyScope: MessageBody` the message parsed as JSON; a message that is not JSON
 * matches no body policy; String.Array attributes are matched item by item, Number ones as numbers).
 */
import { LAB_REGION } from '../../common/local-aws';
import { type EventPattern, matchesEventPattern } from '../../common/event-pattern';
import type { SnsMessageAttribute, SnsSubscription } from './sns-state';

/** One message published to a topic. */
export interface PublishedMessage {
  readonly messageId: string;
  readonly topicArn: string;
  readonly message: string;
  readonly subject?: string;
  readonly attributes: Readonly<Record<string, SnsMessageAttribute>>;
  readonly timestamp: Date;
  /** On a FIFO topic: the message group, the deduplication id and the topic's sequence number. */
  readonly fifo?: { readonly groupId: string; readonly deduplicationId: string; readonly sequenceNumber: string };
}

/** The notification envelope, as the subscription's queue (or function) receives it. */
export function snsEnvelope(published: PublishedMessage, subscriptionArn: string): Record<string, unknown> {
  const attributes = Object.entries(published.attributes);
  return {
    Type: 'Notification',
    MessageId: published.messageId,
    // A FIFO topic's notification carries its sequence number and no signature (recorded against
    // AWS: LocalStack's test_sns.snapshot.json, TestSNSSubscriptionSQSFifo::test_message_to_fifo_sqs).
    ...(published.fifo === undefined ? {} : { SequenceNumber: published.fifo.sequenceNumber }),
    TopicArn: published.topicArn,
    ...(published.subject === undefined ? {} : { Subject: published.subject }),
    Message: published.message,
    Timestamp: published.timestamp.toISOString(),
    ...(published.fifo === undefined
      ? {
          SignatureVersion: '1',
          // The lab signs nothing: a learner's code that checks signatures must skip it on the lab.
          Signature: 'bGFiLXVuc2lnbmVk',
          SigningCertURL: `https://sns.${LAB_REGION}.amazonaws.com/SimpleNotificationService-lab.pem`,
        }
      : {}),
    UnsubscribeURL: `https://sns.${LAB_REGION}.amazonaws.com/?Action=Unsubscribe&SubscriptionArn=${subscriptionArn}`,
    ...(attributes.length === 0
      ? {}
      : {
          MessageAttributes: Object.fromEntries(
            attributes.map(([name, attribute]) => [
              name,
              {
                Type: attribute.DataType,
                Value:
                  attribute.StringValue ??
                  (attribute.BinaryValue === undefined ? '' : Buffer.from(attribute.BinaryValue).toString('base64')),
              },
            ]),
          ),
        }),
  };
}

/** Whether the subscription's filter policy (if any) lets `published` through. */
export function passesFilterPolicy(subscription: SnsSubscription, published: PublishedMessage): boolean {
  const policy = subscription.filterPolicy as EventPattern | undefined;
  if (policy === undefined) return true;
  if (subscription.filterPolicyScope === 'MessageBody') {
    let body: unknown;
    try {
      body = JSON.parse(published.message);
    } catch {
      return false;
    }
    return typeof body === 'object' && body !== null && matchesEventPattern(policy, body);
  }
  const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [name, attribute] of Object.entries(published.attributes)) {
    if (attribute.StringValue === undefined) continue;
    if (attribute.DataType.startsWith('Number')) values[name] = Number(attribute.StringValue);
    else if (attribute.DataType === 'String.Array') {
      try {
        values[name] = JSON.parse(attribute.StringValue) as unknown;
      } catch {
        values[name] = attribute.StringValue;
      }
    } else values[name] = attribute.StringValue;
  }
  // A policy never matches a message without attributes, not even `exists: false` ("matches only if
  // at least one attribute is present": SNS guide, Key matching, attribute-key-matching.html).
  if (Object.keys(values).length === 0) return false;
  return matchesEventPattern(policy, values);
}
