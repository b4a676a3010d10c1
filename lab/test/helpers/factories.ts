import type { APIGatewayProxyEvent, Context, SQSEvent, SQSRecord } from 'aws-lambda';

let sequence = 0;

/** A valid SQS record as Lambda delivers it; a test states only what it is about. */
export function sqsRecord(body: string | object, overrides: Partial<SQSRecord> = {}): SQSRecord {
  sequence += 1;
  const { attributes, ...rest } = overrides;
  return {
    messageId: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    receiptHandle: `receipt-${sequence}`,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: '1700000000000',
      SenderId: '000000000000',
      ApproximateFirstReceiveTimestamp: '1700000000001',
      ...attributes,
    },
    messageAttributes: {},
    md5OfBody: 'd41d8cd98f00b204e9800998ecf8427e',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:test-queue',
    awsRegion: 'us-east-1',
    ...rest,
  };
}

/** An SQS event of the given records. */
export function sqsEvent(...records: SQSRecord[]): SQSEvent {
  return { Records: records };
}

/** A REST API (v1) proxy event for `POST /enqueue`. */
export function apiEvent(
  body: string | object | null,
  headers: Record<string, string> = { 'Content-Type': 'application/json' },
  httpMethod = 'POST',
): APIGatewayProxyEvent {
  return {
    body: body === null || typeof body === 'string' ? body : JSON.stringify(body),
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    httpMethod,
    isBase64Encoded: false,
    path: '/enqueue',
    pathParameters: null,
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    stageVariables: null,
    resource: '/enqueue',
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: undefined,
      protocol: 'HTTP/1.1',
      httpMethod,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: '127.0.0.1',
        user: null,
        userAgent: 'vitest',
        userArn: null,
      },
      path: '/prod/enqueue',
      stage: 'prod',
      requestId: 'request-1',
      requestTimeEpoch: 1700000000000,
      resourceId: 'resource',
      resourcePath: '/enqueue',
    },
  };
}

/** A Lambda context whose remaining time is fixed (or computed by `remainingMs`). */
export function lambdaContext(remainingMs: number | (() => number) = 30_000): Context {
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: 'test-function',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:test-function',
    memoryLimitInMB: '256',
    awsRequestId: 'aws-request-1',
    logGroupName: '/aws/lambda/test-function',
    logStreamName: 'stream',
    getRemainingTimeInMillis: typeof remainingMs === 'function' ? remainingMs : () => remainingMs,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
