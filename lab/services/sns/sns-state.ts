/**
 * What the lab's SNS keeps (LocalStack keeps the same in its `SnsStore`,
 * localstack-core/localstack/services/sns/models.py: topics, subscriptions): the topics by ARN,
 * their subscriptions, and every notification published, so a learner (and a test) can see what
 * an alarm sent.
 */

/** One published notification. */
export interface SnsNotification {
  readonly topicArn: string;
  readonly subject: string;
  readonly message: string;
  readonly time: number;
  readonly messageId?: string;
}

/** One subscription: an e-mail one stays `PendingConfirmation`, as on AWS until the address confirms. */
export interface SnsSubscription {
  readonly topicArn: string;
  readonly protocol: string;
  readonly endpoint: string;
  readonly status: string;
  /** `RawMessageDelivery`: the message itself instead of SNS's JSON envelope (SQS, HTTP, Firehose). */
  readonly rawMessageDelivery?: boolean;
  /** `FilterPolicy`, parsed: only messages it matches are delivered. */
  readonly filterPolicy?: Readonly<Record<string, unknown>>;
  /** What the policy reads: the message attributes (the default) or the message body as JSON. */
  readonly filterPolicyScope?: 'MessageAttributes' | 'MessageBody';
}

/** A message attribute as SNS's Publish takes it. */
export interface SnsMessageAttribute {
  readonly DataType: string;
  readonly StringValue?: string;
  readonly BinaryValue?: Uint8Array;
}

/** What became of one delivery to one subscription. */
export interface SnsDelivery {
  readonly messageId: string;
  readonly subscriptionArn: string;
  readonly protocol: string;
  readonly endpoint: string;
  /** `delivered`; `filtered` by its filter policy; `failed` with the reason (a queue policy that does not allow SNS). */
  readonly outcome: 'delivered' | 'filtered' | 'failed';
  readonly reason?: string;
  readonly time: number;
}

/** One topic: `kmsMasterKeyId` when it is encrypted (the AWS-managed key only, in the lab). */
export interface SnsTopic {
  readonly name: string;
  readonly kmsMasterKeyId?: string;
  /** A FIFO topic (`FifoTopic`, its name ending in `.fifo`): ordered per message group, deduplicated. */
  readonly fifo?: boolean;
  /** `ContentBasedDeduplication`: a FIFO message without a MessageDeduplicationId is deduplicated by its body's SHA-256. */
  readonly contentBasedDeduplication?: boolean;
}

/** The topics, subscriptions and notifications of one lab's SNS. */
export class SnsState {
  /** Topic ARN → topic. */
  readonly topics = new Map<string, SnsTopic>();
  readonly subscriptions = new Map<string, SnsSubscription>();
  readonly published: SnsNotification[] = [];
  /** Every delivery to a subscription, oldest first (the last 1000). */
  readonly deliveries: SnsDelivery[] = [];
}
