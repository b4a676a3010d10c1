/**
 * The lab's SNS: topics, their subscriptions (an e-mail subscription stays pending confirmation,
 * as on AWS until the address confirms), and every notification published, so a learner (and a
 * test) can see what an alarm sent.
 *
 * A publish from an AWS service (CloudWatch sending an alarm's notification) is authorized as
 * SNS authorizes it: by the topic's access policy. A topic without an `AWS::SNS::TopicPolicy`
 * has SNS's default policy, which lets sources owned by the topic's account publish; a topic
 * policy *replaces* that default, so a policy that holds only CDK's enforceSSL deny lets no
 * service publish (re:Post, "Why didn't I receive an SNS notification for my CloudWatch alarm
 * trigger?", https://repost.aws/knowledge-center/cloudwatch-receive-sns-for-alarm-trigger).
 */
import { createHash, randomUUID } from 'node:crypto';
import { LAB_ACCOUNT_ID, LAB_REGION } from '../../common/local-aws';
import type { Decision, ServiceRequest } from '../iam/iam-evaluator';
import type { PolicyDocument } from '../iam/policy-document';
import { isAwsManagedKey } from '../../common/aws-managed-key';
import {
  KmsAccessDeniedError,
  PublishNotAuthorizedError,
  type SnsError,
  SnsInvalidParameterError,
  TopicNotFoundError,
} from './errors';
import { passesFilterPolicy, type PublishedMessage } from './sns-message';
import { type SnsDelivery, type SnsMessageAttribute, type SnsSubscription, SnsState, type SnsTopic } from './sns-state';

/** What Publish answers: the message's id, and on a FIFO topic its sequence number. */
export interface PublishReceipt {
  readonly messageId: string;
  readonly sequenceNumber?: string;
}

/** How long a FIFO topic remembers a deduplication id (SNS developer guide, "Message deduplication for FIFO topics"). */
export const FIFO_DEDUPLICATION_INTERVAL_MS = 5 * 60_000;

/** One message on its way to one subscription. */
export interface SubscriptionDelivery {
  readonly subscriptionArn: string;
  readonly subscription: SnsSubscription;
  readonly published: PublishedMessage;
}

/** An AWS service publishing for one of the account's resources. */
export interface ServicePublisher {
  /** `cloudwatch.amazonaws.com`. */
  readonly servicePrincipal: string;
  /** The resource it publishes for (`aws:SourceArn`), e.g. the alarm's ARN. */
  readonly sourceArn: string;
  readonly sourceAccount: string;
}

/** A service's publish: delivered, or refused with SNS's error (its message is what CloudWatch records). */
export type ServicePublishOutcome =
  { readonly published: true } | { readonly published: false; readonly error: SnsError };

/**
 * SNS's default topic access policy (what a topic has until a policy replaces it), as SNS
 * returns it in GetTopicAttributes `Policy` (recorded in LocalStack's SNS store,
 * localstack/localstack localstack-core/localstack/services/sns/models.py).
 */
export function defaultTopicPolicy(topicArn: string, accountId: string): PolicyDocument {
  return {
    Version: '2008-10-17',
    Statement: [
      {
        Sid: '__default_statement_ID',
        Effect: 'Allow',
        Principal: { AWS: '*' },
        Action: [
          'SNS:GetTopicAttributes',
          'SNS:SetTopicAttributes',
          'SNS:AddPermission',
          'SNS:RemovePermission',
          'SNS:DeleteTopic',
          'SNS:Subscribe',
          'SNS:ListSubscriptionsByTopic',
          'SNS:Publish',
        ],
        Resource: topicArn,
        Condition: { StringEquals: { 'AWS:SourceOwner': accountId } },
      },
    ],
  };
}

/** Topics by ARN, subscriptions, and what was published. */
export class SnsService {
  private readonly state = new SnsState();
  /** Topic ARN → topic. */
  readonly topics = this.state.topics;
  /** Subscription ARN → subscription. */
  readonly subscriptions = this.state.subscriptions;
  /** What was published, oldest first (the last 1000). */
  readonly published = this.state.published;

  /** What became of each delivery, oldest first (the last 1000). */
  readonly deliveries = this.state.deliveries;

  /** Per FIFO topic: deduplication id → until when a message with it is a duplicate. */
  private readonly deduplication = new Map<string, Map<string, number>>();
  /** Per FIFO topic: its last sequence number, and the fan-out its next message waits for (order is kept). */
  private readonly fifoLines = new Map<string, { sequence: bigint; delivered: Promise<void> }>();

  /**
   * @param authorize decides a service principal's publish (the lab's IAM); absent: every publish is allowed.
   * @param deliver hands a message to one subscription's endpoint (a queue, a function); it throws
   *   the reason a delivery failed. Absent: messages are kept, not delivered.
   */
  constructor(
    private readonly authorize?: (request: ServiceRequest) => Promise<Decision>,
    private readonly deliver?: (delivery: SubscriptionDelivery) => Promise<void>,
  ) {}

  /** The ARN of a topic name in the lab's account and region. */
  topicArn(name: string): string {
    return `arn:aws:sns:${LAB_REGION}:${LAB_ACCOUNT_ID}:${name}`;
  }

  /** Publishes to a topic the lab has; a notification to an unknown topic is dropped, as SNS refuses it. */
  publish(topicArn: string, subject: string, message: string): boolean {
    if (!this.topics.has(topicArn)) return false;
    this.publishMessage(topicArn, { message, subject });
    return true;
  }

  /**
   * Publish: the message is kept and handed to each confirmed subscription of the topic whose
   * filter policy lets it through, after Publish has answered, as SNS delivers. An unknown topic
   * is SNS's NotFound. On a FIFO topic the message needs a group id and a deduplication id (given,
   * or its body's SHA-256 with content-based deduplication); a message whose deduplication id the
   * topic saw in the last five minutes is accepted and not delivered again, and messages reach each
   * subscription in the order they were published (SNS developer guide, "Message ordering and
   * grouping for FIFO topics", "Message deduplication for FIFO topics"; the errors as recorded
   * against AWS in LocalStack's test_sns.snapshot.json, TestSNSSubscriptionSQSFifo::test_validations_for_fifo).
   */
  publishMessage(
    topicArn: string,
    input: {
      readonly message: string;
      readonly subject?: string;
      readonly attributes?: Readonly<Record<string, SnsMessageAttribute>>;
      readonly groupId?: string;
      readonly deduplicationId?: string;
    },
  ): PublishReceipt {
    const topic = this.topics.get(topicArn);
    if (topic === undefined) throw new TopicNotFoundError(topicArn);
    const fifo = topic.fifo === true ? this.fifoFields(topicArn, topic, input) : undefined;
    const published: PublishedMessage = {
      messageId: randomUUID(),
      topicArn,
      message: input.message,
      ...(input.subject === undefined || input.subject === '' ? {} : { subject: input.subject }),
      attributes: input.attributes ?? {},
      timestamp: new Date(),
      ...(fifo === undefined ? {} : { fifo }),
    };
    this.published.push({
      topicArn,
      subject: input.subject ?? '',
      message: input.message,
      time: published.timestamp.getTime(),
      messageId: published.messageId,
    });
    if (this.published.length > 1000) this.published.shift();
    const deliver = this.deliver;
    const duplicate = fifo !== undefined && this.seenBefore(topicArn, fifo.deduplicationId);
    if (deliver !== undefined && !duplicate) {
      if (fifo === undefined) void this.fanOut(published, deliver);
      else {
        const line = this.fifoLines.get(topicArn);
        if (line !== undefined)
          line.delivered = line.delivered.then(() => this.fanOut(published, deliver)).catch(() => undefined);
      }
    }
    return { messageId: published.messageId, ...(fifo === undefined ? {} : { sequenceNumber: fifo.sequenceNumber }) };
  }

  /** A FIFO message's group, deduplication id and sequence number, or SNS's error for what it lacks. */
  private fifoFields(
    topicArn: string,
    topic: SnsTopic,
    input: { readonly message: string; readonly groupId?: string; readonly deduplicationId?: string },
  ): NonNullable<PublishedMessage['fifo']> {
    if (input.groupId === undefined || input.groupId === '')
      throw new SnsInvalidParameterError('Invalid parameter: The MessageGroupId parameter is required for FIFO topics');
    const deduplicationId =
      input.deduplicationId ??
      (topic.contentBasedDeduplication === true ? createHash('sha256').update(input.message).digest('hex') : undefined);
    if (deduplicationId === undefined)
      throw new SnsInvalidParameterError(
        'Invalid parameter: The topic should either have ContentBasedDeduplication enabled or MessageDeduplicationId provided explicitly',
      );
    const line = this.fifoLines.get(topicArn) ?? {
      sequence: 10_000_000_000_000_000_000n,
      delivered: Promise.resolve(),
    };
    this.fifoLines.set(topicArn, line);
    line.sequence += 1n;
    return { groupId: input.groupId, deduplicationId, sequenceNumber: line.sequence.toString() };
  }

  /** Whether the topic saw `deduplicationId` in the last five minutes (and remembers it from now if not). */
  private seenBefore(topicArn: string, deduplicationId: string): boolean {
    const now = Date.now();
    const seen = this.deduplication.get(topicArn) ?? new Map<string, number>();
    this.deduplication.set(topicArn, seen);
    for (const [id, until] of seen) if (until <= now) seen.delete(id);
    if (seen.has(deduplicationId)) return true;
    seen.set(deduplicationId, now + FIFO_DEDUPLICATION_INTERVAL_MS);
    return false;
  }

  /** Delivers to every confirmed subscription, each on its own, recording what became of it. */
  private async fanOut(published: PublishedMessage, deliver: (delivery: SubscriptionDelivery) => Promise<void>) {
    const record = (entry: Omit<SnsDelivery, 'messageId' | 'time'>): void => {
      this.deliveries.push({ ...entry, messageId: published.messageId, time: Date.now() });
      if (this.deliveries.length > 1000) this.deliveries.shift();
    };
    const targets = [...this.subscriptions].filter(
      ([, subscription]) => subscription.topicArn === published.topicArn && subscription.status === 'Confirmed',
    );
    await Promise.all(
      targets.map(async ([subscriptionArn, subscription]) => {
        const base = { subscriptionArn, protocol: subscription.protocol, endpoint: subscription.endpoint };
        if (!passesFilterPolicy(subscription, published)) return record({ ...base, outcome: 'filtered' });
        try {
          await deliver({ subscriptionArn, subscription, published });
          record({ ...base, outcome: 'delivered' });
        } catch (error) {
          record({ ...base, outcome: 'failed', reason: error instanceof Error ? error.message : String(error) });
        }
      }),
    );
  }

  /**
   * Publishes for an AWS service after SNS's authorization: the topic's policy (or the default
   * one) must allow `SNS:Publish` for the service with its `aws:SourceArn` and `aws:SourceAccount`.
   * A refusal carries the error CloudWatch records in the alarm's history (re:Post, above).
   */
  async publishFromService(
    from: ServicePublisher,
    topicArn: string,
    subject: string,
    message: string,
  ): Promise<ServicePublishOutcome> {
    const topic = this.topics.get(topicArn);
    if (topic === undefined) return { published: false, error: new TopicNotFoundError(topicArn) };
    // No AWS service may use the AWS-managed key: its policy admits the account's principals only.
    if (isAwsManagedKey(topic.kmsMasterKeyId, 'sns'))
      return { published: false, error: new KmsAccessDeniedError(topicArn) };
    const decision =
      this.authorize === undefined
        ? 'Allowed'
        : await this.authorize({
            ...from,
            action: 'sns:Publish',
            resource: topicArn,
            defaultResourcePolicy: defaultTopicPolicy(topicArn, topicArn.split(':')[4] ?? LAB_ACCOUNT_ID),
          });
    if (decision !== 'Allowed')
      return { published: false, error: new PublishNotAuthorizedError(from.sourceArn, topicArn) };
    this.publish(topicArn, subject, message);
    return { published: true };
  }
}
