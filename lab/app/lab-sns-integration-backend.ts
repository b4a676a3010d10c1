/**
 * What a REST API's AWS integration to SNS (lab/services/apigateway/sns-integration.ts) uses of the
 * lab: Publish on the lab's SNS (which fans out to the topic's subscriptions), and the lab's IAM
 * asked whether the integration's role (`Credentials`) may `sns:Publish` to the topic.
 */
import type { SnsIntegrationBackend } from '../services/apigateway/sns-integration';
import { INTEGRATION_SESSION_NAME } from '../services/apigateway/service-integration';
import type { IamService } from '../services/iam/iam-service';
import { TopicNotFoundError } from '../services/sns/errors';
import type { SnsService } from '../services/sns/sns-service';

/** The backend over the lab's SNS and IAM. */
export function labSnsIntegrationBackend(options: {
  readonly sns: SnsService;
  readonly iam: IamService;
}): SnsIntegrationBackend {
  return {
    async publish(request) {
      try {
        return options.sns.publishMessage(request.topicArn, {
          message: request.message,
          ...(request.subject === undefined ? {} : { subject: request.subject }),
        }).messageId;
      } catch (error) {
        if (error instanceof TopicNotFoundError) return undefined;
        throw error;
      }
    },
    async mayRolePublish(roleArn, topicArn) {
      if (roleArn === undefined) return false;
      return options.iam.allows(roleArn, INTEGRATION_SESSION_NAME, 'sns:Publish', topicArn);
    },
  };
}
