/**
 * How an HTTP API reads a payload 2.0 answer: with no statusCode, API Gateway assumes 200,
 * application/json and the function's response as the body; with one, the response is used as
 * it is, each cookie a set-cookie header; a bad statusCode is a 500
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-integrations-lambda.html,
 * https://repost.aws/knowledge-center/api-gateway-status-codes-http-api).
 */
import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { parseHttpProxyResponse, toHttpProxyEvent } from '#lab/services/apigateway/http-api/http-proxy-event';

describe('parseHttpProxyResponse', () => {
  it('assumes 200 and a JSON body when the function returns no statusCode', () => {
    expect(parseHttpProxyResponse({ message: 'hi' })).toEqual({
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      cookies: [],
      body: '{"message":"hi"}',
    });
    expect(parseHttpProxyResponse('Hello from Lambda!')?.body).toBe('Hello from Lambda!');
  });

  it('uses a response with a statusCode as it is, decoding a base64 body', () => {
    expect(
      parseHttpProxyResponse({
        statusCode: 302,
        headers: { Location: '/next' },
        cookies: ['a=1'],
        body: Buffer.from('moved').toString('base64'),
        isBase64Encoded: true,
      }),
    ).toEqual({ statusCode: 302, headers: { location: '/next' }, cookies: ['a=1'], body: 'moved' });
    expect(parseHttpProxyResponse({ statusCode: 'ok' })).toBeUndefined();
  });
});

describe('toHttpProxyEvent', () => {
  it('joins repeated headers and query values with commas, keeping any name as its own entry', () => {
    const request = {
      method: 'GET',
      url: '/items/7?__proto__=1&tag=a&tag=b',
      httpVersion: '1.1',
      rawHeaders: ['Host', '127.0.0.1:1', 'X-Tag', 'a', 'x-tag', 'b', 'constructor', 'c', 'Cookie', 's=1; t=2'],
      headers: { host: '127.0.0.1:1' },
      socket: { remoteAddress: '127.0.0.1' },
    } as unknown as IncomingMessage;
    const event = toHttpProxyEvent({
      request,
      body: Buffer.alloc(0),
      route: { apiId: 'api', stage: '$default', routeKey: 'GET /items/{id}', pathParameters: new Map([['id', '7']]) },
      requestId: 'req-1',
      now: new Date(0),
    });
    expect(event.headers['x-tag']).toBe('a,b');
    expect(Object.hasOwn(event.headers, 'constructor') && event.headers.constructor).toBe('c');
    expect(event.queryStringParameters).toEqual(JSON.parse('{"__proto__":"1","tag":"a,b"}'));
    expect(event.cookies).toEqual(['s=1', 't=2']);
    expect(event).toMatchObject({ rawPath: '/items/7', rawQueryString: '__proto__=1&tag=a&tag=b' });
    // An empty body is absent from a 2.0 event.
    expect(Object.hasOwn(event, 'body')).toBe(false);
    expect(event.pathParameters).toEqual({ id: '7' });
  });
});
