/**
 * How the lab's S3 sends event notifications (lab/services/s3/s3-notifications.ts): to its SQS
 * queues, its SNS topics and its functions, each only when the destination lets
 * `s3.amazonaws.com` send for the bucket (a queue's policy or a topic's, checked by the lab's IAM;
 * a function's permission).
 */
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { queueUrlOf } from '../services/sqs/queue-url';
import { LAB_ACCOUNT_ID } from '../common/local-aws';
import type { Decision, ServiceRequest } from '../services/iam/iam-evaluator';
import type { LambdaService } from '../services/lambda/lambda-service';
import type { NotificationSender } from '../services/s3/s3-notifications';
import { defaultTopicPolicy, type SnsService } from '../services/sns/sns-service';

const S3_PRINCIPAL = 's3.amazonaws.com';

/** The sender, over the lab's SQS client, SNS, Lambda and IAM. */
export function labNotificationSender(options: {
  readonly sqs: SQSClient;
  readonly sns: SnsService;
  readonly lambda: LambdaService;
  readonly authorize: (request: ServiceRequest) => Promise<Decision>;
}): NotificationSender {
  return {
    async allows(target, bucketArn) {
      if (target.kind === 'function') {
        return options.lambda.permits(target.arn, S3_PRINCIPAL);
      }
      const decision = await options.authorize({
        servicePrincipal: S3_PRINCIPAL,
        sourceArn: bucketArn,
        sourceAccount: LAB_ACCOUNT_ID,
        action: target.kind === 'queue' ? 'sqs:SendMessage' : 'sns:Publish',
        resource: target.arn,
        ...(target.kind === 'topic' ? { defaultResourcePolicy: defaultTopicPolicy(target.arn, LAB_ACCOUNT_ID) } : {}),
      });
      return decision === 'Allowed';
    },
    async sendToQueue(queueArn, body) {
      await options.sqs.send(
        new SendMessageCommand({ QueueUrl: await queueUrlOf(options.sqs, queueArn), MessageBody: body }),
      );
    },
    async publishToTopic(topicArn, subject, message, bucketArn) {
      const outcome = await options.sns.publishFromService(
        { servicePrincipal: S3_PRINCIPAL, sourceArn: bucketArn, sourceAccount: LAB_ACCOUNT_ID },
        topicArn,
        subject,
        message,
      );
      if (!outcome.published) throw outcome.error;
    },
    async invokeFunction(functionArn, event) {
      // S3 invokes asynchronously: the function's EventInvokeConfig applies.
      options.lambda.queueEvent(functionArn, event);
    },
  };
}
