/**
 * The lab's SNS: topics, their subscriptions (an e-mail subscription stays pending confirmation,
 * as on AWS until the address confirms), and every notification published, so a learner (and a
 * test) can see what an alarm sent.
 */
import { LAB_ACCOUNT_ID, LAB_REGION } from '../../common/local-aws';

/** One published notification. */
export interface SnsNotification {
  readonly topicArn: string;
  readonly subject: string;
  readonly message: string;
  readonly time: number;
}

/** Topics by ARN, subscriptions, and what was published. */
export class SnsService {
  readonly topics = new Map<string, { readonly name: string }>();
  readonly subscriptions = new Map<
    string,
    { readonly topicArn: string; readonly protocol: string; readonly endpoint: string; readonly status: string }
  >();
  readonly published: SnsNotification[] = [];

  /** The ARN of a topic name in the lab's account and region. */
  topicArn(name: string): string {
    return `arn:aws:sns:${LAB_REGION}:${LAB_ACCOUNT_ID}:${name}`;
  }

  /** Publishes to a topic the lab has; a notification to an unknown topic is dropped, as SNS refuses it. */
  publish(topicArn: string, subject: string, message: string): boolean {
    if (!this.topics.has(topicArn)) return false;
    this.published.push({ topicArn, subject, message, time: Date.now() });
    if (this.published.length > 1000) this.published.shift();
    return true;
  }
}
