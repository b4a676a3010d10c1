/**
 * Request validation as API Gateway documents it
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/api-gateway-method-request-validation.html):
 * required parameters present and not blank (existence only, never type), the body against the
 * model for its content type or `$default` (JSON Schema draft 4), no body check when no model applies.
 */
import { describe, expect, it } from 'vitest';
import { InvalidModelError, requestValidator } from '#lab/services/apigateway/request-validation';

const ORDER = {
  $schema: 'http://json-schema.org/draft-04/schema#',
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', maximum: 10, exclusiveMaximum: true } },
};

const request = (
  body: string,
  extra: { contentType?: string; query?: string; headers?: Record<string, string> } = {},
) => ({
  contentType: extra.contentType ?? 'application/json',
  body,
  path: new Map([['id', '7']]),
  querystring: new URLSearchParams(extra.query ?? ''),
  headers: extra.headers ?? {},
});

describe('requestValidator', () => {
  it('names every missing or blank required parameter, and ignores optional ones', () => {
    const validate = requestValidator({
      validateBody: false,
      validateParameters: true,
      requestParameters: {
        'method.request.path.id': true,
        'method.request.querystring.source': true,
        'method.request.header.X-Tenant': true,
        'method.request.querystring.page': false,
      },
      models: new Map(),
    });
    expect(validate(request('', { query: 'source=%20' }))).toBe(
      'Missing required request parameters: [source, X-Tenant]',
    );
    expect(validate(request('', { query: 'source=web', headers: { 'x-tenant': 'blue' } }))).toBeUndefined();
  });

  it('checks the body against the draft-4 model of its content type, else $default, else not at all', () => {
    const validate = requestValidator({
      validateBody: true,
      validateParameters: false,
      requestParameters: { 'method.request.querystring.source': true },
      models: new Map<string, unknown>([
        ['application/json', ORDER],
        ['$default', { type: 'array' }],
      ]),
    });
    expect(validate(request('{"id":9}'))).toBeUndefined();
    // Draft 4's boolean exclusiveMaximum: 10 is out.
    expect(validate(request('{"id":10}'))).toBe('Invalid request body');
    expect(validate(request('not json'))).toBe('Invalid request body');
    expect(validate(request('[1]', { contentType: 'text/plain' }))).toBeUndefined();
    expect(validate(request('{"id":1}', { contentType: 'text/plain' }))).toBe('Invalid request body');
    const noDefault = requestValidator({
      validateBody: true,
      validateParameters: false,
      requestParameters: {},
      models: new Map([['application/json', ORDER]]),
    });
    expect(noDefault(request('anything', { contentType: 'text/plain' }))).toBeUndefined();
  });

  it('refuses a model that is not a schema when the stage is deployed', () => {
    expect(() =>
      requestValidator({
        validateBody: true,
        validateParameters: false,
        requestParameters: {},
        models: new Map([['application/json', { type: 'no-such-type' }]]),
      }),
    ).toThrow(InvalidModelError);
  });
});
