/**
 * How an HTTP API reads a payload 2.0 answer: with no statusCode, API Gateway assumes 200,
 * application/json and the function's response as the body; with one, the response is used as
 * it is, each cookie a set-cookie header; a bad statusCode is a 500
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-integrations-lambda.html,
 * https://repost.aws/knowledge-center/api-gateway-status-codes-http-api).
 */
import { describe, expect, it } from 'vitest';
import { parseHttpProxyResponse } from '#lab/services/apigateway/http-api/http-proxy-event';

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
