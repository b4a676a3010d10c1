/**
 * The SQS end of a REST API's AWS service integration: the integration URI names SQS by path
 * (`arn:aws:apigateway:<region>:sqs:path/<account>/<queue>`) or by action
 * (`arn:aws:apigateway:<region>:sqs:action/SendMessage`), the mapping template writes SQS's query
 * parameters (`Action=SendMessage&MessageBody=...`), and SQS answers in JSON, as API Gateway
 * receives it (https://docs.aws.amazon.com/apigateway/latest/developerguide/integrating-api-with-aws-services-sqs.html,
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_SendMessage.html).
 * The lab sends `SendMessage` only, and checks the integration's role for `sqs:SendMessage` first.
 */
/** Where an integration URI points in SQS. */
export interface SqsIntegrationTarget {
  /** The queue from a `path/<account>/<queue>` URI; absent for `action/<Action>`, which takes `QueueUrl`. */
  readonly queue?: { readonly account: string; readonly name: string };
  /** The action from an `action/<Action>` URI. */
  readonly action?: string;
}

/** The `SendMessage` the integration asks of SQS. */
export interface SqsSendRequest {
  readonly queue: { readonly account: string; readonly name: string };
  readonly messageBody: string;
  readonly delaySeconds?: number;
  readonly messageGroupId?: string;
  readonly messageDeduplicationId?: string;
  readonly messageAttributes?: Readonly<Record<string, { DataType: string; StringValue?: string }>>;
}

/** What SQS answered a send. */
export interface SqsSendResult {
  readonly MessageId?: string;
  readonly MD5OfMessageBody?: string;
  readonly MD5OfMessageAttributes?: string;
  readonly SequenceNumber?: string;
}

/** The lab's SQS and IAM as the integration uses them. */
export interface SqsIntegrationBackend {
  send(request: SqsSendRequest): Promise<SqsSendResult>;
  /** Whether the integration's role may `sqs:SendMessage` on the queue. */
  mayRoleSend(roleArn: string | undefined, queueArn: string): Promise<boolean>;
}

/** A query-protocol service's error as API Gateway receives it in JSON: `{"Error": {...}, "RequestId"}`. */
export function serviceErrorAnswer(requestId: string) {
  return (statusCode: number, code: string, message: string) => ({
    statusCode,
    body: JSON.stringify({ Error: { Code: code, Message: message, Type: 'Sender' }, RequestId: requestId }),
  });
}

/** An AWS integration's URI: `arn:aws:apigateway:<region>:<service>:(path|action)/<rest>`. */
export interface AwsIntegrationUri {
  readonly service: string;
  readonly kind: 'path' | 'action';
  readonly rest: string;
}

/** The parts of an AWS integration URI, or undefined when `uri` is not one. */
export function awsIntegrationUri(uri: string): AwsIntegrationUri | undefined {
  const match = /^arn:[\w-]+:apigateway:[\w-]+:([\w.-]+):(path|action)\/(.*)$/.exec(uri);
  if (match === null) return undefined;
  return { service: match[1] ?? '', kind: match[2] === 'action' ? 'action' : 'path', rest: match[3] ?? '' };
}

/** The account and name of a `path/<account>/<name>` URI. */
export function pathResource(uri: AwsIntegrationUri): { account: string; name: string } {
  const [account = '', name = ''] = uri.rest.split('/');
  return { account, name };
}

/** The SQS target of an SQS integration URI. */
export function sqsIntegrationTarget(uri: AwsIntegrationUri): SqsIntegrationTarget {
  return uri.kind === 'action' ? { action: uri.rest } : { queue: pathResource(uri) };
}

/** SQS's answer to the integration's query: the HTTP status and the JSON body API Gateway maps. */
export async function callSqs(options: {
  readonly target: SqsIntegrationTarget;
  /** The query parameters: the rendered body (form-encoded) and the integration's query string. */
  readonly params: URLSearchParams;
  readonly credentials: string | undefined;
  readonly region: string;
  readonly requestId: string;
  readonly backend: SqsIntegrationBackend;
}): Promise<{ readonly statusCode: number; readonly body: string }> {
  const { params, requestId } = options;
  const error = serviceErrorAnswer(requestId);
  const action = params.get('Action') ?? options.target.action;
  if (action === null || action === undefined || action === '')
    return error(400, 'MissingAction', 'The request must contain the parameter Action.');
  if (action !== 'SendMessage')
    return error(400, 'InvalidAction', `The lab's API Gateway sends SendMessage to SQS; ${action} is not sent.`);
  const queue = options.target.queue ?? queueOfUrl(params.get('QueueUrl') ?? '');
  if (queue === undefined) return error(400, 'MissingParameter', 'The request must contain the parameter QueueUrl.');
  const body = params.get('MessageBody');
  if (body === null || body === '')
    return error(400, 'MissingParameter', 'The request must contain the parameter MessageBody.');
  const queueArn = `arn:aws:sqs:${options.region}:${queue.account}:${queue.name}`;
  if (!(await options.backend.mayRoleSend(options.credentials, queueArn)))
    return error(403, 'AccessDenied', `Access to the resource https://sqs.${options.region}.amazonaws.com/ is denied.`);
  try {
    const delay = params.get('DelaySeconds');
    const attributes = messageAttributes(params);
    const sent = await options.backend.send({
      queue,
      messageBody: body,
      ...(delay === null ? {} : { delaySeconds: Number(delay) }),
      ...(params.get('MessageGroupId') === null ? {} : { messageGroupId: params.get('MessageGroupId') ?? '' }),
      ...(params.get('MessageDeduplicationId') === null
        ? {}
        : { messageDeduplicationId: params.get('MessageDeduplicationId') ?? '' }),
      ...(Object.keys(attributes).length === 0 ? {} : { messageAttributes: attributes }),
    });
    return {
      statusCode: 200,
      body: JSON.stringify({
        SendMessageResponse: {
          ResponseMetadata: { RequestId: requestId },
          SendMessageResult: {
            MD5OfMessageAttributes: sent.MD5OfMessageAttributes ?? null,
            MD5OfMessageBody: sent.MD5OfMessageBody ?? null,
            MD5OfMessageSystemAttributes: null,
            MessageId: sent.MessageId ?? null,
            SequenceNumber: sent.SequenceNumber ?? null,
          },
        },
      }),
    };
  } catch (failure) {
    const status = (failure as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 400;
    const code = (failure as { Code?: string }).Code ?? (failure as Error).name ?? 'InternalError';
    return error(status, code, (failure as Error).message ?? String(failure));
  }
}

function queueOfUrl(url: string): { account: string; name: string } | undefined {
  const [account, name] = url
    .split('/')
    .filter((part) => part !== '')
    .slice(-2);
  return account === undefined || name === undefined || url === '' ? undefined : { account, name };
}

/** `MessageAttribute.N.Name` / `.Value.DataType` / `.Value.StringValue`, as the query API writes them. */
function messageAttributes(params: URLSearchParams): Record<string, { DataType: string; StringValue?: string }> {
  const attributes: Record<string, { DataType: string; StringValue?: string }> = Object.create(null) as Record<
    string,
    { DataType: string; StringValue?: string }
  >;
  for (let index = 1; params.has(`MessageAttribute.${index}.Name`); index += 1) {
    const name = params.get(`MessageAttribute.${index}.Name`) ?? '';
    const value = params.get(`MessageAttribute.${index}.Value.StringValue`);
    attributes[name] = {
      DataType: params.get(`MessageAttribute.${index}.Value.DataType`) ?? 'String',
      ...(value === null ? {} : { StringValue: value }),
    };
  }
  return attributes;
}
