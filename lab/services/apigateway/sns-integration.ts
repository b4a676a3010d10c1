/**
 * The SNS end of a REST API's AWS service integration: the URI names SNS
 * (`arn:aws:apigateway:<region>:sns:path/<account>/<topic>` or `...:sns:action/Publish`), the
 * mapping template writes Publish's query parameters
 * (`Action=Publish&TopicArn=...&Message=$util.urlEncode($input.body)`), and SNS answers in JSON,
 * as API Gateway receives it (https://docs.aws.amazon.com/sns/latest/api/API_Publish.html,
 * https://docs.aws.amazon.com/apigateway/latest/developerguide/integrating-api-with-aws-services-sns.html).
 * The lab sends `Publish` only, after checking the integration's role for `sns:Publish`.
 */
import { serviceErrorAnswer } from './sqs-integration';

/** The Publish the integration asks of SNS. */
export interface SnsPublishRequest {
  readonly topicArn: string;
  readonly message: string;
  readonly subject?: string;
}

/** The lab's SNS and IAM as the integration uses them. */
export interface SnsIntegrationBackend {
  /** Publishes and answers the MessageId, or undefined when the topic does not exist. */
  publish(request: SnsPublishRequest): Promise<string | undefined>;
  /** Whether the integration's role may `sns:Publish` to the topic. */
  mayRolePublish(roleArn: string | undefined, topicArn: string): Promise<boolean>;
}

/** SNS's answer to the integration's query: the HTTP status and the JSON body API Gateway maps. */
export async function callSns(options: {
  /** The topic named by a `path/<account>/<topic>` URI, used when the parameters name none. */
  readonly pathTopic?: { readonly account: string; readonly name: string };
  readonly action?: string;
  readonly params: URLSearchParams;
  readonly credentials: string | undefined;
  readonly region: string;
  readonly requestId: string;
  readonly backend: SnsIntegrationBackend;
}): Promise<{ readonly statusCode: number; readonly body: string }> {
  const { params, requestId, region } = options;
  const error = serviceErrorAnswer(requestId);
  const action = params.get('Action') ?? options.action ?? '';
  if (action === '') return error(400, 'MissingAction', 'The request must contain the parameter Action.');
  if (action !== 'Publish')
    return error(400, 'InvalidAction', `The lab's API Gateway sends Publish to SNS; ${action} is not sent.`);
  const path = options.pathTopic;
  const topicArn =
    params.get('TopicArn') ??
    params.get('TargetArn') ??
    (path === undefined ? undefined : `arn:aws:sns:${region}:${path.account}:${path.name}`);
  if (topicArn === undefined || topicArn === '')
    return error(
      400,
      'InvalidParameter',
      'Invalid parameter: TopicArn or TargetArn Reason: no value for required parameter',
    );
  const message = params.get('Message');
  if (message === null || message === '') return error(400, 'InvalidParameter', 'Invalid parameter: Empty message');
  if (!(await options.backend.mayRolePublish(options.credentials, topicArn)))
    return error(
      403,
      'AuthorizationError',
      `User: ${options.credentials ?? 'anonymous'} is not authorized to perform: SNS:Publish on resource: ${topicArn}`,
    );
  const subject = params.get('Subject');
  const messageId = await options.backend.publish({
    topicArn,
    message,
    ...(subject === null ? {} : { subject }),
  });
  if (messageId === undefined) return error(404, 'NotFound', 'Topic does not exist');
  return {
    statusCode: 200,
    body: JSON.stringify({
      PublishResponse: {
        PublishResult: { MessageId: messageId, SequenceNumber: null },
        ResponseMetadata: { RequestId: requestId },
      },
    }),
  };
}
