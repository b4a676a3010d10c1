/**
 * What a REST API's AWS integration to SQS (lab/services/apigateway/sqs-integration.ts) uses of the
 * lab: SendMessage on the lab's SQS, and the lab's IAM asked whether the integration's role
 * (`Credentials`) may `sqs:SendMessage` on the queue, as API Gateway acts with that role.
 */
import { GetQueueUrlCommand, SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { SqsIntegrationBackend } from '../services/apigateway/sqs-integration';
import { INTEGRATION_SESSION_NAME } from '../services/apigateway/service-integration';
import type { IamService } from '../services/iam/iam-service';

/** The backend over the lab's SQS client and IAM. */
export function labSqsIntegrationBackend(options: {
  readonly sqs: SQSClient;
  readonly iam: IamService;
}): SqsIntegrationBackend {
  return {
    async send(request) {
      const { QueueUrl } = await options.sqs.send(
        new GetQueueUrlCommand({ QueueName: request.queue.name, QueueOwnerAWSAccountId: request.queue.account }),
      );
      return options.sqs.send(
        new SendMessageCommand({
          QueueUrl,
          MessageBody: request.messageBody,
          DelaySeconds: request.delaySeconds,
          MessageGroupId: request.messageGroupId,
          MessageDeduplicationId: request.messageDeduplicationId,
          MessageAttributes: request.messageAttributes,
        }),
      );
    },
    async mayRoleSend(roleArn, queueArn) {
      if (roleArn === undefined) return false;
      return options.iam.allows(roleArn, INTEGRATION_SESSION_NAME, 'sqs:SendMessage', queueArn);
    },
  };
}
