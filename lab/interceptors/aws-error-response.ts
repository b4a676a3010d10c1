/**
 * An AWS error as it travels on the wire, for the lab to answer a denied or faulted call with:
 * the SDK that receives it (whatever copy the function bundles) parses it with its own
 * protocol code and throws the service's modeled exception, as it would for AWS.
 *
 * JSON protocols (awsJson1_0 for SQS and DynamoDB, awsJson1_1 for Logs): the status, a body
 * `{"__type": "<namespace>#<Code>", "message": …}`, and for SQS, which is query-compatible, the
 * `x-amzn-query-error: <Code>;Sender|Receiver` header: the SDK takes the error's name from that
 * header first (fauxqs answers the same way; see its sqsRouter), so `AccessDenied` stays
 * `AccessDenied` as the query protocol named it.
 */
import { randomUUID } from 'node:crypto';

/** The error a call fails with: name (the AWS error code), message and HTTP status. */
export interface AwsErrorDocument {
  readonly name: string;
  readonly message: string;
  readonly httpStatusCode: number;
}

/** An HTTP response, ready to hand to any HTTP layer. */
export interface WireResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Each service's error namespace in `__type` and its JSON content type. */
const SERVICE_WIRE: Readonly<Record<string, { readonly namespace: string; readonly contentType: string }>> = {
  SQS: { namespace: 'com.amazonaws.sqs', contentType: 'application/x-amz-json-1.0' },
  DynamoDB: { namespace: 'com.amazonaws.dynamodb.v20120810', contentType: 'application/x-amz-json-1.0' },
  'CloudWatch Logs': { namespace: 'com.amazonaws.logs', contentType: 'application/x-amz-json-1.1' },
};

/** Each query-protocol service's XML namespace. */
const QUERY_NAMESPACES: Readonly<Record<string, string>> = {
  SNS: 'http://sns.amazonaws.com/doc/2010-03-31/',
  STS: 'https://sts.amazonaws.com/doc/2011-06-15/',
  SQS: 'http://queue.amazonaws.com/doc/2012-11-05/',
};

/** Text safe inside XML. */
function xmlText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The error response a call to `service` gets for `error`, in the protocol the call was sent in:
 * the query protocol's `<ErrorResponse>` XML, or JSON.
 */
export function awsErrorResponse(
  service: string,
  error: AwsErrorDocument,
  protocol: 'query' | 'json' = 'json',
): WireResponse {
  if (protocol === 'query') {
    const requestId = randomUUID();
    const type = error.httpStatusCode < 500 ? 'Sender' : 'Receiver';
    const namespace = QUERY_NAMESPACES[service];
    return {
      status: error.httpStatusCode,
      headers: { 'content-type': 'text/xml', 'x-amzn-requestid': requestId },
      body: `<ErrorResponse${namespace === undefined ? '' : ` xmlns="${namespace}"`}><Error><Type>${type}</Type><Code>${xmlText(error.name)}</Code><Message>${xmlText(error.message)}</Message></Error><RequestId>${requestId}</RequestId></ErrorResponse>`,
    };
  }
  const wire = SERVICE_WIRE[service] ?? { namespace: undefined, contentType: 'application/x-amz-json-1.0' };
  // IAM's refusals come from AWS's shared request layer (Coral), as dynalite and the lab's DynamoDB
  // guard write them; SQS names AccessDenied in its own namespace (the lab's SQS guard does too).
  const namespace =
    service !== 'SQS' && error.name.startsWith('AccessDenied') ? 'com.amazon.coral.service' : wire.namespace;
  const headers: Record<string, string> = {
    'content-type': wire.contentType,
    'x-amzn-requestid': randomUUID(),
  };
  if (service === 'SQS') {
    headers['x-amzn-query-error'] = `${error.name};${error.httpStatusCode < 500 ? 'Sender' : 'Receiver'}`;
  }
  const type = namespace === undefined ? error.name : `${namespace}#${error.name}`;
  return {
    status: error.httpStatusCode,
    headers,
    body: JSON.stringify({ __type: type, message: error.message }),
  };
}

/**
 * The HTTP status a fault rule's error is answered with: 503 for `ServiceUnavailable`, 500 for
 * the internal errors (`InternalError`, `InternalFailure`, `InternalServerError`), 400 for the
 * rest, as AWS answers throttling and the services' modeled client errors.
 */
export function faultStatusCode(name: string): number {
  if (name === 'ServiceUnavailable' || name === 'ServiceUnavailableException') return 503;
  if (name === 'InternalError' || name === 'InternalFailure' || name === 'InternalServerError') return 500;
  return 400;
}
