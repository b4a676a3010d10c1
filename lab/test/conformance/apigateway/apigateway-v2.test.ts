import { describe, expect } from 'vitest';
import { matchRoute } from '#lab/services/apigateway/http-api/http-api-server';
import { parseHttpProxyResponse } from '#lab/services/apigateway/http-api/http-proxy-event';
import { renderMappingTemplate } from '#lab/services/apigateway/mapping-template';
import { requestValidator } from '#lab/services/apigateway/request-validation';
import { conform } from '#lab/test/conformance/behaviour';
import { APIGATEWAY_V2_BEHAVIOURS } from './apigateway-v2-behaviours';

/** Each behaviour of APIGATEWAY_V2_BEHAVIOURS, asserted on the lab's code for it. */
const behaviour = (id: (typeof APIGATEWAY_V2_BEHAVIOURS)[number]['id']) => {
  const found = APIGATEWAY_V2_BEHAVIOURS.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no behaviour ${id}`);
  return found;
};

const request = (body: string, query = '', headers: Record<string, string> = {}) => ({
  contentType: 'application/json',
  body,
  path: new Map<string, string>(),
  querystring: new URLSearchParams(query),
  headers,
});

describe('API Gateway request validation, mapping templates and HTTP APIs (conformance)', () => {
  conform(behaviour('apigw.request-validation.parameters'), () => {
    const validate = requestValidator({
      validateBody: false,
      validateParameters: true,
      requestParameters: { 'method.request.querystring.source': true, 'method.request.header.x-tenant': true },
      models: new Map(),
    });
    expect(validate(request('{}'))).toBe('Missing required request parameters: [source, x-tenant]');
    expect(validate(request('{}', 'source=web', { 'x-tenant': 't-1' }))).toBeUndefined();
  });

  conform(behaviour('apigw.request-validation.body'), () => {
    const validate = requestValidator({
      validateBody: true,
      validateParameters: false,
      requestParameters: {},
      models: new Map([
        [
          'application/json',
          {
            $schema: 'http://json-schema.org/draft-04/schema#',
            type: 'object',
            required: ['id'],
            properties: { id: { type: 'integer', minimum: 1 } },
          },
        ],
      ]),
    });
    expect(validate(request('{"id":0}'))).toBe('Invalid request body');
    expect(validate(request('not json'))).toBe('Invalid request body');
    expect(validate(request('{"id":7}'))).toBeUndefined();
  });

  conform(behaviour('apigw.mapping-template.util'), () => {
    const rendered = renderMappingTemplate(
      "Action=SendMessage&MessageBody=$util.urlEncode($input.body)&Source=$input.params('source')&Id=$context.requestId&Js=$util.escapeJavaScript($input.body)",
      {
        body: '{"order":"a&b=c"}',
        params: {
          path: new Map(),
          querystring: new Map([['source', 'web']]),
          header: new Map(),
        },
        context: new Map([['requestId', 'r-1']]),
        stageVariables: new Map(),
      },
    );
    expect(rendered).toBe(
      'Action=SendMessage&MessageBody=%7B%22order%22%3A%22a%26b%3Dc%22%7D&Source=web&Id=r-1&Js={\\"order\\":\\"a&b=c\\"}',
    );
  });

  conform(behaviour('apigw.http-api.response-2.0'), () => {
    expect(parseHttpProxyResponse({ hello: 'world' })).toEqual({
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      cookies: [],
      body: '{"hello":"world"}',
    });
    expect(parseHttpProxyResponse('plain')).toMatchObject({ statusCode: 200, body: 'plain' });
    expect(
      parseHttpProxyResponse({ statusCode: 201, headers: { 'X-Order': 'o-1' }, cookies: ['a=1'], body: 'made' }),
    ).toEqual({ statusCode: 201, headers: { 'x-order': 'o-1' }, cookies: ['a=1'], body: 'made' });
  });

  conform(behaviour('apigw.http-api.route-precedence'), () => {
    const routes = [
      'ANY /orders/{id}',
      'GET /orders/{id}',
      'GET /orders/{proxy+}',
      'GET /orders/latest',
      '$default',
    ].map((routeKey) => ({ routeKey, integration: () => undefined }));
    const chosen = (method: string, path: string) => matchRoute(routes, method, path)?.route.routeKey;
    expect(chosen('GET', '/orders/latest')).toBe('GET /orders/latest');
    expect(chosen('GET', '/orders/7')).toBe('GET /orders/{id}');
    expect(chosen('DELETE', '/orders/7')).toBe('ANY /orders/{id}');
    expect(chosen('GET', '/orders/7/lines')).toBe('GET /orders/{proxy+}');
    expect(chosen('POST', '/customers')).toBe('$default');
    expect(matchRoute(routes.slice(0, -1), 'POST', '/customers')).toBeUndefined();
  });
});
