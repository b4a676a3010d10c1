/**
 * SNS's errors as the lab raises them, each a {@link ServiceError} with SNS's code, status and
 * words (the `Error` of the Publish API reference,
 * https://docs.aws.amazon.com/sns/latest/api/API_Publish.html#API_Publish_Errors). The lab's
 * SNS has no endpoint yet: CloudWatch records an error's message in the alarm's history.
 */
import { ServiceError } from '../service-error';

/** Base of the lab's SNS errors. */
export class SnsError extends ServiceError {
  override readonly name: string = 'SnsError';
}

/** `NotFound` (404): the topic does not exist. */
export class TopicNotFoundError extends SnsError {
  override readonly name = 'TopicNotFoundError';

  constructor(readonly topicArn: string) {
    super('Topic does not exist', { code: 'NotFound', statusCode: 404 });
  }
}

/**
 * `AuthorizationError` (403): the topic's access policy does not let the publisher publish, in
 * the words CloudWatch records for an alarm action SNS refused (re:Post,
 * https://repost.aws/knowledge-center/cloudwatch-receive-sns-for-alarm-trigger).
 */
export class PublishNotAuthorizedError extends SnsError {
  override readonly name = 'PublishNotAuthorizedError';

  constructor(
    readonly sourceArn: string,
    readonly topicArn: string,
  ) {
    super(`Resource: ${sourceArn} is not authorized to perform: SNS:Publish on resource: ${topicArn}`, {
      code: 'AuthorizationError',
      statusCode: 403,
    });
  }
}
