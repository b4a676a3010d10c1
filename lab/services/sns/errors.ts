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

/**
 * `KMSAccessDenied` (400): the topic is encrypted under a key the publisher may not use. An AWS
 * service publishing to a topic under the AWS-managed key alias/aws/sns gets it, since that key's
 * policy admits the account's principals only (SNS developer guide, "Enable compatibility between
 * event sources from AWS services and encrypted topics"; the Publish API reference's
 * KMSAccessDenied, https://docs.aws.amazon.com/sns/latest/api/API_Publish.html#API_Publish_Errors).
 */
export class KmsAccessDeniedError extends SnsError {
  override readonly name = 'KmsAccessDeniedError';

  constructor(readonly topicArn: string) {
    super("The ciphertext references a key that doesn't exist or that you don't have access to.", {
      code: 'KMSAccessDenied',
      statusCode: 400,
    });
  }
}

/** `InvalidParameter` (400): a request SNS's validation refuses, in SNS's words ("Invalid parameter: …"). */
export class SnsInvalidParameterError extends SnsError {
  override readonly name = 'SnsInvalidParameterError';

  constructor(message: string) {
    super(message, { code: 'InvalidParameter', statusCode: 400 });
  }
}

/** `InvalidAction` (400): an action the lab's SNS does not answer. */
export class SnsInvalidActionError extends SnsError {
  override readonly name = 'SnsInvalidActionError';

  constructor(message: string) {
    super(message, { code: 'InvalidAction', statusCode: 400 });
  }
}
