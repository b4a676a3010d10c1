/**
 * An HTTP API's Lambda proxy, payload format 2.0: the event API Gateway builds from a request
 * (headers in lower case with repeated values joined by commas, cookies apart, the raw path and
 * query string, `requestContext.http`), and how it reads the function's answer: an object with a
 * `statusCode` is a response; anything else is a 200 JSON body
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-integrations-lambda.html).
 */
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { LAB_ACCOUNT_ID } from '../../../common/local-aws';
import { dictionary } from '../../../common/own-property';
import { splitRequestTarget } from '../../../common/request-target';
import { requestTime } from '../proxy-event';

/** The route and API the event names. */
export interface HttpRouteContext {
  readonly apiId: string;
  readonly stage: string;
  readonly routeKey: string;
  readonly pathParameters: ReadonlyMap<string, string>;
}

/** The payload 2.0 event for `request`. */
export function toHttpProxyEvent(options: {
  readonly request: IncomingMessage;
  readonly body: Buffer;
  readonly route: HttpRouteContext;
  readonly requestId: string;
  readonly now: Date;
}): APIGatewayProxyEventV2 {
  const { request, route, now } = options;
  const rawTarget = request.url ?? '/';
  const { path } = splitRequestTarget(rawTarget);
  const mark = rawTarget.indexOf('?');
  const rawQueryString = mark === -1 ? '' : rawTarget.slice(mark + 1);
  // Null-prototype tables: a header or parameter named `__proto__` or `constructor` is an entry like any other.
  const headers = dictionary<string>();
  const cookies: string[] = [];
  for (let index = 0; index + 1 < request.rawHeaders.length; index += 2) {
    const name = (request.rawHeaders[index] ?? '').toLowerCase();
    const value = request.rawHeaders[index + 1] ?? '';
    if (name === 'cookie') cookies.push(...value.split(';').map((cookie) => cookie.trim()));
    else headers[name] = name in headers ? `${headers[name]},${value}` : value;
  }
  const sourceIp = request.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
  headers['x-forwarded-for'] = sourceIp;
  headers['x-forwarded-proto'] = 'http';
  const query = dictionary<string>();
  for (const [name, value] of new URLSearchParams(rawQueryString))
    query[name] = name in query ? `${query[name]},${value}` : value;
  const host = request.headers.host ?? '127.0.0.1';
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: route.routeKey,
    rawPath: path,
    rawQueryString,
    headers,
    requestContext: {
      accountId: LAB_ACCOUNT_ID,
      apiId: route.apiId,
      domainName: host,
      domainPrefix: host.split('.')[0]?.split(':')[0] ?? host,
      http: {
        method: request.method ?? 'GET',
        path,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp,
        userAgent: request.headers['user-agent'] ?? '',
      },
      requestId: options.requestId,
      routeKey: route.routeKey,
      stage: route.stage,
      time: requestTime(now),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: false,
  };
  if (cookies.length > 0) event.cookies = cookies;
  if (Object.keys(query).length > 0) event.queryStringParameters = query;
  if (route.pathParameters.size > 0) event.pathParameters = Object.fromEntries(route.pathParameters);
  if (options.body.length > 0) event.body = options.body.toString('utf8');
  return event;
}

/** The HTTP answer for a function's payload 2.0 result, or undefined when API Gateway answers 500. */
export function parseHttpProxyResponse(
  payload: unknown,
): { statusCode: number; headers: Record<string, string>; cookies: string[]; body: string } | undefined {
  const json = { 'content-type': 'application/json' };
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload) || !('statusCode' in payload))
    return {
      statusCode: 200,
      headers: json,
      cookies: [],
      // "body is the response from a Lambda function": a string as it is, anything else as its JSON.
      body: typeof payload === 'string' ? payload : JSON.stringify(payload ?? null),
    };
  const { statusCode, headers, cookies, body, isBase64Encoded } = payload as Record<string, unknown>;
  if (typeof statusCode !== 'number' || !Number.isInteger(statusCode) || statusCode < 100 || statusCode > 599)
    return undefined;
  const merged: Record<string, string> = {};
  if (headers !== undefined && headers !== null) {
    if (typeof headers !== 'object') return undefined;
    for (const [name, value] of Object.entries(headers)) merged[name.toLowerCase()] = String(value);
  }
  const text =
    body === undefined || body === null
      ? ''
      : isBase64Encoded === true
        ? Buffer.from(String(body), 'base64').toString('utf8')
        : typeof body === 'string'
          ? body
          : JSON.stringify(body);
  return {
    statusCode,
    headers: merged,
    cookies: Array.isArray(cookies) ? cookies.map(String) : [],
    body: text,
  };
}
