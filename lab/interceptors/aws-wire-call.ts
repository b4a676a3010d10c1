/**
 * An AWS SDK v3 call read from the HTTP request it sends, whatever copy of the SDK sent it: the
 * JSON protocols name the operation in `X-Amz-Target` (`AmazonSQS.SendMessage`,
 * `DynamoDB_20120810.PutItem`) and carry the input as the body, member names unchanged; the
 * query protocol (SNS, STS, an older SQS client) posts a form whose `Action` names the
 * operation, the service being the signing name in the request's SigV4 credential scope. The
 * SDK's retry middleware marks every attempt of one call with the same `amz-sdk-invocation-id`
 * and counts them in `amz-sdk-request: attempt=N; max=M`. Pure code: bundled into the lab
 * runtime.
 */
import type { DescribedCall } from './aws-call-interceptor';

/**
 * `X-Amz-Target` prefixes of the JSON-protocol services a function may call → the client's
 * `serviceId` (the service name of `lab.awsCallCounts()` and of fault rules). SQS has spoken
 * JSON 1.0 since SDK v3.4xx; the pinned client-sqs uses `AwsJson1_0Protocol`.
 */
const TARGET_SERVICES: Readonly<Record<string, string>> = {
  AmazonSQS: 'SQS',
  DynamoDB_20120810: 'DynamoDB',
  Logs_20140328: 'CloudWatch Logs',
};

/**
 * The call a JSON-protocol request makes, or undefined when the request is not one (no
 * `X-Amz-Target`). An unknown target prefix keeps the prefix as the service name.
 */
export function readWireCall(target: string | null, body: string): DescribedCall | undefined {
  if (target === null) return undefined;
  const dot = target.lastIndexOf('.');
  if (dot <= 0 || dot === target.length - 1) return undefined;
  const prefix = target.slice(0, dot);
  const operation = target.slice(dot + 1);
  const service = TARGET_SERVICES[prefix] ?? prefix;
  let input: unknown;
  try {
    input = body === '' ? {} : JSON.parse(body);
  } catch {
    input = undefined; // Not JSON: the call is still counted and authorized by its name.
  }
  return { service, operation, call: `${service}.${operation}`, input };
}

/** One attempt of an SDK call, from the headers the SDK's retry middleware sets. */
export interface SdkAttempt {
  /** `amz-sdk-invocation-id`: the same on every attempt of one call; undefined when absent. */
  readonly invocationId: string | undefined;
  /** 1 for the first attempt. */
  readonly attempt: number;
  /** The most attempts the SDK will make; undefined when the header does not say. */
  readonly maxAttempts: number | undefined;
}

/** Reads the attempt headers (`get` is a case-insensitive header lookup, as `Headers.get`). */
export function sdkAttemptOf(get: (name: string) => string | null): SdkAttempt {
  const request = get('amz-sdk-request') ?? '';
  const attempt = /attempt=(\d+)/.exec(request)?.[1];
  const max = /max=(\d+)/.exec(request)?.[1];
  return {
    invocationId: get('amz-sdk-invocation-id') ?? undefined,
    attempt: attempt === undefined ? 1 : Number(attempt),
    maxAttempts: max === undefined ? undefined : Number(max),
  };
}

/**
 * The query-protocol services a function's calls are read from, by their SigV4 signing name →
 * the client's `serviceId` (the service name of `lab.awsCallCounts()` and of fault rules).
 */
const QUERY_SERVICES: Readonly<Record<string, string>> = {
  sns: 'SNS',
  sts: 'STS',
  sqs: 'SQS',
};

/** The signing name of a SigV4 `Authorization` header: `Credential=<key>/<date>/<region>/<service>/aws4_request`. */
export function signingNameOf(authorization: string | undefined): string | undefined {
  return authorization === undefined
    ? undefined
    : /Credential=[^/,]+\/\d{8}\/[^/,]+\/([^/,]+)\/aws4_request/.exec(authorization)?.[1];
}

/**
 * The call a query-protocol request makes (a form post whose `Action` names the operation), or
 * undefined when the request is not one of a service the lab reads (`QUERY_SERVICES`). The input
 * is the form's fields, by name (`TopicArn`, `Message`, `PublishBatchRequestEntries.member.1.Id`).
 */
export function readQueryCall(signingName: string | undefined, body: string): DescribedCall | undefined {
  const service = signingName === undefined ? undefined : QUERY_SERVICES[signingName];
  if (service === undefined) return undefined;
  const fields = new URLSearchParams(body);
  const operation = fields.get('Action');
  if (operation === null || operation === '') return undefined;
  const input: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of fields) if (name !== 'Action' && name !== 'Version') input[name] = value;
  return { service, operation, call: `${service}.${operation}`, input, protocol: 'query' };
}
