/** A published message and a subscription to `orders`, for the tests of SNS's filter policies and envelope. */
import { parseEventPattern } from '#lab/common/event-pattern';
import type { PublishedMessage } from '#lab/services/sns/sns-message';
import type { SnsMessageAttribute, SnsSubscription } from '#lab/services/sns/sns-state';

export const ORDERS_TOPIC = 'arn:aws:sns:us-east-1:000000000000:orders';

/** A message published to the orders topic at a fixed time. */
export const publishedMessage = (
  body: string,
  attributes: Record<string, SnsMessageAttribute> = {},
): PublishedMessage => ({
  messageId: '11111111-2222-3333-4444-555555555555',
  topicArn: ORDERS_TOPIC,
  message: body,
  attributes,
  timestamp: new Date('2026-11-28T00:00:00Z'),
});

/** A confirmed queue subscription with `policy` (none when undefined) in `scope`. */
export const queueSubscription = (
  policy: string | undefined,
  scope?: 'MessageAttributes' | 'MessageBody',
): SnsSubscription => ({
  topicArn: ORDERS_TOPIC,
  protocol: 'sqs',
  endpoint: 'arn:aws:sqs:us-east-1:000000000000:q',
  status: 'Confirmed',
  ...(policy === undefined ? {} : { filterPolicy: parseEventPattern(policy) }),
  ...(scope === undefined ? {} : { filterPolicyScope: scope }),
});
