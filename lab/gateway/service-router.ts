/**
 * Which service a request to the lab's one endpoint is for, as LocalStack's gateway tells it
 * (localstack-core/localstack/aws/protocol/service_router.py): first the SigV4 credential scope's
 * service (`Credential=AKID/20261126/us-east-1/sts/aws4_request`, in the `Authorization` header
 * or a presigned URL's `X-Amz-Credential`), then the `X-Amz-Target` prefix of the JSON
 * protocols. Every AWS SDK and CLI signs its requests, so the scope decides nearly always.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { LAB_REGION } from '../common/local-aws';
import { ownProperty } from '../common/own-property';

/** `X-Amz-Target` prefixes of the JSON services, for a request without a signature. */
const TARGET_PREFIXES: Readonly<Record<string, string>> = {
  AmazonSQS: 'sqs',
  DynamoDB_20120810: 'dynamodb',
  DynamoDBStreams_20120810: 'dynamodb',
  Logs_20140328: 'logs',
  AmazonSSM: 'ssm',
};

/** The service and region a request names. */
export interface RoutedService {
  /** The SigV4 signing name (`s3`, `sts`, `monitoring`…), or undefined when nothing names one. */
  readonly signingName: string | undefined;
  /** The scope's region, or the lab's when unsigned. */
  readonly region: string;
}

const SCOPE = /Credential=[^/,\s]+\/\d{8}\/([a-z0-9-]+)\/([a-z0-9-]+)\/aws4_request/;

/** Reads the service and region from the request's signature, or its target. */
export function routeRequest(headers: IncomingHttpHeaders, query: URLSearchParams): RoutedService {
  const authorization = headers.authorization;
  const scope =
    (typeof authorization === 'string' ? SCOPE.exec(authorization) : null) ??
    SCOPE.exec(`Credential=${query.get('X-Amz-Credential') ?? ''}`);
  if (scope !== null) return { signingName: scope[2], region: scope[1] ?? LAB_REGION };
  const target = headers['x-amz-target'];
  if (typeof target === 'string') {
    const prefix = target.slice(0, target.indexOf('.'));
    return { signingName: ownProperty(TARGET_PREFIXES, prefix), region: LAB_REGION };
  }
  return { signingName: undefined, region: LAB_REGION };
}
