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
}

/** One subscription: an e-mail one stays `PendingConfirmation`, as on AWS until the address confirms. */
export interface SnsSubscription {
  readonly topicArn: string;
  readonly protocol: string;
  readonly endpoint: string;
  readonly status: string;
}

/** The topics, subscriptions and notifications of one lab's SNS. */
export class SnsState {
  /** Topic ARN → topic; `kmsMasterKeyId` when it is encrypted (the AWS-managed key only, in the lab). */
  readonly topics = new Map<string, { readonly name: string; readonly kmsMasterKeyId?: string }>();
  readonly subscriptions = new Map<string, SnsSubscription>();
  readonly published: SnsNotification[] = [];
}
