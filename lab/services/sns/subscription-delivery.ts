/**
 * SNS's delivery to a subscription. To an SQS queue: the queue's policy must allow `sns.amazonaws.com` to
 * `sqs:SendMessage` for the topic (`aws:SourceArn`), as SNS requires of a queue it fans out to
 * (SNS developer guide, "Fanout Amazon SNS notifications to Amazon SQS queues", step 2, "Give
 * permission to the Amazon SNS topic to send messages to the Amazon SQS queue",
 * https://docs.aws.amazon.com/sns/latest/dg/subscribe-sqs-queue-to-sns-topic.html); then the
 * envelope (or, with raw delivery, the message with its attributes as SQS message attributes) is
 * sent to the queue. To a Lambda function: the function's resource policy must let
 * `sns.amazonaws.com` invoke it (an `AWS::Lambda::Permission`), and it is invoked with SNS's event
 * (Lambda developer guide, "Invoking Lambda functions with Amazon SNS notifications", example
 * event: `Records[].Sns` with `SigningCertUrl`, `UnsubscribeUrl`, a null `Subject` when none, and
 * `MessageAttributes` always; https://docs.aws.amazon.com/lambda/latest/dg/with-sns.html). Other
 * protocols (e-mail, HTTP) are refused by name.
 */
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { queueUrlOf } from '../sqs/queue-url';
import type { Decision, ServiceRequest } from '../iam/iam-evaluator';
import { type PublishedMessage, snsEnvelope } from './sns-message';
import type { SubscriptionDelivery } from './sns-service';

/** A delivery SNS could not make, with the reason. */
export class SnsDeliveryError extends Error {
  override readonly name = 'SnsDeliveryError';
}

/** What a delivery needs of the lab. */
export interface SubscriptionDeliveryOptions {
  readonly sqs: SQSClient;
  /** The lab's IAM for a service principal (iam-evaluator.ts `evaluateService`). */
  readonly authorize: (request: ServiceRequest) => Promise<Decision>;
  /** The lab's Lambda: whether a function lets `principal` invoke it, and an invocation of it. */
  readonly lambda?: {
    permits(functionArn: string, principal: string): boolean;
    invoke(functionArn: string, event: unknown): Promise<unknown>;
  };
}

/** The deliver function an {@link SnsService} is given. */
export function subscriptionDelivery(
  options: SubscriptionDeliveryOptions,
): (delivery: SubscriptionDelivery) => Promise<void> {
  return async ({ subscriptionArn, subscription, published }) => {
    if (subscription.protocol === 'lambda' && options.lambda !== undefined) {
      const functionArn = subscription.endpoint;
      if (!options.lambda.permits(functionArn, 'sns.amazonaws.com'))
        throw new SnsDeliveryError(`${functionArn} has no permission that lets sns.amazonaws.com invoke it`);
      await options.lambda.invoke(functionArn, snsLambdaEvent(published, subscriptionArn));
      return;
    }
    if (subscription.protocol !== 'sqs')
      throw new SnsDeliveryError(
        `the lab delivers SNS messages to SQS queues and Lambda functions, not to protocol ${subscription.protocol}`,
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
    const QueueUrl = await queueUrlOf(options.sqs, queueArn);
    const raw = subscription.rawMessageDelivery === true;
    const attributes = Object.entries(published.attributes);
    // A FIFO queue gets the message's group and deduplication id (a standard queue, from a FIFO
    // topic, neither): recorded against AWS in LocalStack's test_sns.snapshot.json,
    // TestSNSSubscriptionSQSFifo::test_message_to_fifo_sqs and ::test_fifo_topic_to_regular_sqs.
    const fifo = queueName.endsWith('.fifo') ? published.fifo : undefined;
    await options.sqs.send(
      new SendMessageCommand({
        QueueUrl,
        MessageBody: raw ? published.message : JSON.stringify(snsEnvelope(published, subscriptionArn)),
        ...(raw && attributes.length > 0 ? { MessageAttributes: Object.fromEntries(attributes) } : {}),
        ...(fifo === undefined ? {} : { MessageGroupId: fifo.groupId, MessageDeduplicationId: fifo.deduplicationId }),
      }),
    );
  };
}

/** The event Lambda gets from SNS: one record, the notification with Lambda's spelling of its members. */
export function snsLambdaEvent(published: PublishedMessage, subscriptionArn: string): Record<string, unknown> {
  const envelope = snsEnvelope(published, subscriptionArn);
  return {
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: subscriptionArn,
        Sns: {
          Type: envelope.Type,
          MessageId: envelope.MessageId,
          TopicArn: envelope.TopicArn,
          Subject: published.subject ?? null,
          Message: envelope.Message,
          Timestamp: envelope.Timestamp,
          SignatureVersion: envelope.SignatureVersion,
          Signature: envelope.Signature,
          SigningCertUrl: envelope.SigningCertURL,
          UnsubscribeUrl: envelope.UnsubscribeURL,
          MessageAttributes: envelope.MessageAttributes ?? {},
        },
      },
    ],
  };
}
