/**
 * Builds the event an API Gateway REST API hands to a Lambda proxy integration, from a
 * plain HTTP request: the same fields, nulls and header handling as in AWS.
 */
import { splitRequestTarget } from '../../common/request-target';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { LAB_ACCOUNT_ID } from '../../common/local-aws';
import { dictionary } from '../../common/own-property';

/** The parts of an API and a route that appear in the event. */
export interface ProxyRoute {
  readonly apiId: string;
  readonly stage: string;
  /** The resource path as declared in the API, e.g. `/enqueue`. */
  readonly resourcePath: string;
  readonly resourceId: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** API Gateway's `requestTime`: `23/Nov/2026:14:05:09 +0000`. */
export function requestTime(date: Date): string {
  const pad = (value: number): string => String(value).padStart(2, '0');
  return (
    `${pad(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}:` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`
  );
}

/**
 * The proxy event for `request` with `body` (null when empty, as API Gateway sends it).
 * Header names keep the case the client sent; repeated headers appear in `multiValueHeaders`
 * and, with their last value, in `headers`.
 */
export function toProxyEvent(options: {
  readonly request: IncomingMessage;
  readonly body: Buffer;
  readonly route: ProxyRoute;
  readonly requestId: string;
  readonly now: Date;
}): APIGatewayProxyEvent {
  const { request, route, now } = options;
  const url = splitRequestTarget(request.url);
  const sourceIp = request.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
  const host = request.headers.host ?? '127.0.0.1';
  const headerPairs: [string, string][] = [];
  for (let index = 0; index + 1 < request.rawHeaders.length; index += 2) {
    headerPairs.push([request.rawHeaders[index] ?? '', request.rawHeaders[index + 1] ?? '']);
  }
  headerPairs.push(
    [
      'X-Amzn-Trace-Id',
      `Root=1-${Math.floor(now.getTime() / 1000).toString(16)}-${options.requestId.replaceAll('-', '').slice(0, 24)}`,
    ],
    ['X-Forwarded-For', sourceIp],
    ['X-Forwarded-Port', String(request.socket.localPort ?? 80)],
    ['X-Forwarded-Proto', 'http'],
  );
  // Null-prototype tables: a header or parameter named `__proto__` or `constructor` is an entry like any other.
  const headers = dictionary<string>();
  const multiValueHeaders = dictionary<string[]>();
  for (const [name, value] of headerPairs) {
    headers[name] = value;
    (multiValueHeaders[name] ??= []).push(value);
  }
  const query = dictionary<string>();
  const multiQuery = dictionary<string[]>();
  for (const [name, value] of url.query) {
    query[name] = value;
    (multiQuery[name] ??= []).push(value);
  }
  const hasQuery = url.query.size > 0;
  const method = request.method ?? 'GET';
  const stagePath = url.path;
  const path = stagePath.startsWith(`/${route.stage}/`) ? stagePath.slice(route.stage.length + 1) : stagePath;
  return {
    resource: route.resourcePath,
    path,
    httpMethod: method,
    headers,
    multiValueHeaders,
    queryStringParameters: hasQuery ? query : null,
    multiValueQueryStringParameters: hasQuery ? multiQuery : null,
    pathParameters: null,
    stageVariables: null,
    requestContext: {
      resourceId: route.resourceId,
      resourcePath: route.resourcePath,
      httpMethod: method,
      extendedRequestId: `${options.requestId.slice(0, 8)}FAKE=`,
      requestTime: requestTime(now),
      path: stagePath,
      accountId: LAB_ACCOUNT_ID,
      protocol: `HTTP/${request.httpVersion}`,
      stage: route.stage,
      domainPrefix: host.split('.')[0]?.split(':')[0] ?? host,
      requestTimeEpoch: now.getTime(),
      requestId: options.requestId,
      identity: {
        cognitoIdentityPoolId: null,
        accountId: null,
        cognitoIdentityId: null,
        caller: null,
        sourceIp,
        principalOrgId: null,
        accessKey: null,
        cognitoAuthenticationType: null,
        cognitoAuthenticationProvider: null,
        userArn: null,
        userAgent: request.headers['user-agent'] ?? null,
        user: null,
        apiKey: null,
        apiKeyId: null,
        clientCert: null,
      },
      domainName: host,
      apiId: route.apiId,
      authorizer: undefined,
    },
    body: options.body.length === 0 ? null : options.body.toString('utf8'),
    isBase64Encoded: false,
  };
}
