/**
 * SNS's delivery to an SQS subscription: the queue's policy must allow `sns.amazonaws.com` to
 * `sqs:SendMessage` for the topic (`aws:SourceArn`), as SNS requires of a queue it fans out to
 * (SNS developer guide, "Fanout Amazon SNS notifications to Amazon SQS queues", step 2, "Give
 * permission to the Amazon SNS topic to send messages to the Amazon SQS queue",
 * https://docs.aws.amazon.com/sns/latest/dg/subscribe-sqs-queue-to-sns-topic.html); then the
 * envelope (or, with raw delivery, the message with its attributes as SQS message attributes) is
 * sent to the queue. Other protocols are refused by name: the lab delivers to queues only.
 */
import { GetQueueUrlCommand, SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { Decision, ServiceRequest } from '../iam/iam-evaluator';
import { snsEnvelope } from './sns-message';
import type { SubscriptionDelivery } from './sns-service';

/** A delivery SNS could not make, with the reason. */
export class SnsDeliveryError extends Error {
  override readonly name = 'SnsDeliveryError';
}

/** What a queue delivery needs of the lab. */
export interface QueueDeliveryOptions {
  readonly sqs: SQSClient;
  /** The lab's IAM for a service principal (iam-evaluator.ts `evaluateService`). */
  readonly authorize: (request: ServiceRequest) => Promise<Decision>;
}

/** The deliver function an {@link SnsService} is given. */
export function queueDelivery(options: QueueDeliveryOptions): (delivery: SubscriptionDelivery) => Promise<void> {
  return async ({ subscriptionArn, subscription, published }) => {
    if (subscription.protocol !== 'sqs')
      throw new SnsDeliveryError(
        `the lab delivers SNS messages to SQS queues only, not to protocol ${subscription.protocol}`,
      );
    const queueArn = subscription.endpoint;
    const [, , , , account = '', queueName = ''] = queueArn.split(':');
    const decision = await options.authorize({
      servicePrincipal: 'sns.amazonaws.com',
      sourceArn: published.topicArn,
      sourceAccount: published.topicArn.split(':')[4] ?? account,
      action: 'sqs:SendMessage',
      resource: queueArn,
    });
    if (decision !== 'Allowed')
      throw new SnsDeliveryError(
        `the policy of ${queueArn} does not allow sns.amazonaws.com to sqs:SendMessage for ${published.topicArn}`,
      );
    const { QueueUrl } = await options.sqs.send(
      new GetQueueUrlCommand({ QueueName: queueName, QueueOwnerAWSAccountId: account }),
    );
    const raw = subscription.rawMessageDelivery === true;
    const attributes = Object.entries(published.attributes);
    await options.sqs.send(
      new SendMessageCommand({
        QueueUrl,
        MessageBody: raw ? published.message : JSON.stringify(snsEnvelope(published, subscriptionArn)),
        ...(raw && attributes.length > 0 ? { MessageAttributes: Object.fromEntries(attributes) } : {}),
      }),
    );
  };
}
