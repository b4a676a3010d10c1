/**
 * A stack's SNS topics as the console shows them: each topic's subscriptions, and the path of
 * each message published to it (the latest {@link TOPIC_MESSAGES}): for every subscription,
 * whether SNS delivered it, filtered it out, or failed and why (a queue policy that does not let
 * SNS send), read from what the lab's SNS recorded (`lab.notifications()`, `lab.snsDeliveries()`).
 */
import type { Lab } from '../lab';

/** How many of a topic's latest messages the console shows. */
export const TOPIC_MESSAGES = 20;

/** One subscription, as the console names it: the queue's or the function's name. */
export interface TopicSubscriptionView {
  readonly subscriptionArn: string;
  readonly protocol: string;
  /** The queue's or function's name (the last part of its ARN), or the endpoint as it is. */
  readonly target: string;
  readonly raw: boolean;
  /** The filter policy as JSON, when the subscription has one. */
  readonly filterPolicy?: string;
}

/** What became of one message at one subscription (absent: not yet). */
export interface DeliveryStep {
  readonly subscriptionArn: string;
  readonly outcome: 'delivered' | 'filtered' | 'failed';
  readonly reason?: string;
  /** Milliseconds after the publish. */
  readonly afterMs: number;
}

/** One published message and its way to each subscription. */
export interface MessagePath {
  readonly messageId: string;
  readonly time: number;
  readonly subject?: string;
  /** The message's first 80 characters. */
  readonly preview: string;
  readonly steps: readonly DeliveryStep[];
}

/** A topic of a stack. */
export interface TopicView {
  /** The construct's logical id in the template. */
  readonly id: string;
  readonly name: string;
  readonly arn: string;
  readonly subscriptions: readonly TopicSubscriptionView[];
  /** Newest first. */
  readonly messages: readonly MessagePath[];
}

/** The topics `stackName` deployed, with their subscriptions and their latest messages' paths. */
export function topicPaths(lab: Lab, stackName: string): TopicView[] {
  const stack = lab.deployed.get(stackName);
  if (stack === undefined) return [];
  const topics = [...stack.resources].filter(([, resource]) => resource.type === 'AWS::SNS::Topic');
  if (topics.length === 0) return [];
  const subscriptions = lab.snsSubscriptions();
  const notifications = lab.notifications();
  // Each message's deliveries, grouped once (not searched again for every message).
  const deliveries = new Map<string, ReturnType<Lab['snsDeliveries']>>();
  for (const delivery of lab.snsDeliveries()) {
    const steps = deliveries.get(delivery.messageId);
    if (steps === undefined) deliveries.set(delivery.messageId, [delivery]);
    else steps.push(delivery);
  }
  return topics.map(([id, resource]) => {
    const arn = resource.physicalId;
    const messages = notifications
      .filter((notification) => notification.topicArn === arn && notification.messageId !== undefined)
      .slice(-TOPIC_MESSAGES)
      .reverse()
      .map((notification): MessagePath => {
        const messageId = notification.messageId ?? '';
        return {
          messageId,
          time: notification.time,
          ...(notification.subject === '' ? {} : { subject: notification.subject }),
          preview: Array.from(notification.message).slice(0, 80).join(''),
          steps: (deliveries.get(messageId) ?? []).map((delivery) => ({
            subscriptionArn: delivery.subscriptionArn,
            outcome: delivery.outcome,
            ...(delivery.reason === undefined ? {} : { reason: delivery.reason }),
            afterMs: Math.max(0, delivery.time - notification.time),
          })),
        };
      });
    return {
      id,
      name: arn.slice(arn.lastIndexOf(':') + 1),
      arn,
      subscriptions: subscriptions
        .filter((subscription) => subscription.topicArn === arn)
        .map((subscription) => ({
          subscriptionArn: subscription.subscriptionArn,
          protocol: subscription.protocol,
          target: subscription.endpoint.slice(subscription.endpoint.lastIndexOf(':') + 1) || subscription.endpoint,
          raw: subscription.rawMessageDelivery === true,
          ...(subscription.filterPolicy === undefined
            ? {}
            : { filterPolicy: JSON.stringify(subscription.filterPolicy) }),
        })),
      messages,
    };
  });
}
