/**
 * A non-proxy method as API Gateway runs it: the integration response whose selection pattern
 * matches the back end's status code, else the default one, else API Gateway's 500
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/api-gateway-integration-settings-integration-response.html);
 * passthrough behaviours (https://docs.aws.amazon.com/apigateway/latest/developerguide/integration-passthrough-behaviors.html);
 * and refusals, when the method is created, of what the lab does not serve.
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { UnsupportedMappingTemplateError } from '#lab/services/apigateway/mapping-template';
import { type MethodIntegration, serviceIntegration } from '#lab/services/apigateway/service-integration';
import type { SqsIntegrationBackend, SqsSendRequest } from '#lab/services/apigateway/sqs-integration';
import { UnemulatedPropertyError } from '#lab/services/cloudformation/errors';

const sent: SqsSendRequest[] = [];
const backend: SqsIntegrationBackend = {
  send: async (request) => {
    sent.push(request);
    return { MessageId: 'm-1', MD5OfMessageBody: 'md5' };
  },
  mayRoleSend: async (roleArn) => roleArn === 'arn:aws:iam::000000000000:role/sender',
};
const run = (integration: MethodIntegration, body = '', contentType = 'application/json') =>
  serviceIntegration(integration, { backend, region: 'us-east-1' })({
    request: { headers: { 'content-type': contentType }, url: '/prod/x?QueueName=q' } as unknown as IncomingMessage,
    body: Buffer.from(body),
    pathParameters: new Map(),
    context: new Map([['requestId', 'req-1']]),
    requestId: 'req-1',
  });

const toQueue = (extra: Partial<MethodIntegration>): MethodIntegration => ({
  Type: 'AWS',
  Uri: 'arn:aws:apigateway:us-east-1:sqs:action/SendMessage',
  Credentials: 'arn:aws:iam::000000000000:role/sender',
  RequestParameters: {
    'integration.request.querystring.QueueUrl': "'https://sqs.us-east-1.amazonaws.com/000000000000/jobs'",
  },
  RequestTemplates: { 'application/json': 'MessageBody=$input.body' },
  IntegrationResponses: [{ StatusCode: '200' }],
  ...extra,
});

describe('serviceIntegration', () => {
  it('sends to the queue a QueueUrl parameter names (an action/SendMessage URI)', async () => {
    const answer = await run(toQueue({}), 'hello');
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({
      SendMessageResponse: { SendMessageResult: { MessageId: 'm-1' }, ResponseMetadata: { RequestId: 'req-1' } },
    });
    expect(sent.at(-1)).toMatchObject({ queue: { account: '000000000000', name: 'jobs' }, messageBody: 'hello' });
  });

  it('maps by selection pattern, renders the response template and sets static headers', async () => {
    const integration = toQueue({
      Credentials: 'arn:aws:iam::000000000000:role/other',
      IntegrationResponses: [
        { StatusCode: '202', ResponseTemplates: { 'application/json': '{"queued": true}' } },
        {
          StatusCode: '502',
          SelectionPattern: '4\\d{2}',
          ResponseTemplates: { 'application/json': '{"why": $input.json(\'$.Error.Code\')}' },
          ResponseParameters: { 'method.response.header.X-Why': "'denied'" },
        },
      ],
    });
    const answer = await run(integration, 'hello');
    expect(answer).toMatchObject({ statusCode: 502, body: '{"why": "AccessDenied"}' });
    expect(answer.headers['X-Why']).toBe('denied');
  });

  it("answers API Gateway's 500 when no integration response matches and none is the default", async () => {
    const answer = await run(toQueue({ IntegrationResponses: [] }), 'hello');
    expect(answer).toMatchObject({ statusCode: 500, body: '{"message":"Internal server error"}' });
  });

  it('passes an unmatched content type through under WHEN_NO_MATCH, and refuses it under WHEN_NO_TEMPLATES', async () => {
    const through = await run(toQueue({}), 'Action=SendMessage&MessageBody=plain', 'application/x-www-form-urlencoded');
    expect(through.statusCode).toBe(200);
    expect(sent.at(-1)?.messageBody).toBe('plain');
    const refused = await run(toQueue({ PassthroughBehavior: 'WHEN_NO_TEMPLATES' }), 'x', 'text/plain');
    expect(refused).toMatchObject({ statusCode: 415, body: '{"message":"Unsupported Media Type"}' });
  });

  it("reads CDK's CORS MOCK template ({ statusCode: 200 }, not JSON) to select its response", async () => {
    const mock: MethodIntegration = {
      Type: 'MOCK',
      RequestTemplates: { 'application/json': '{ statusCode: 200 }' },
      IntegrationResponses: [
        { StatusCode: '418', SelectionPattern: '500' },
        { StatusCode: '204', SelectionPattern: '200' },
      ],
    };
    expect((await run(mock)).statusCode).toBe(204);
  });

  it("publishes to SNS as the integration role, and passes SNS's refusals to the integration response", async () => {
    const published: string[] = [];
    const integration = (role: string, topic: string) =>
      serviceIntegration(
        {
          Type: 'AWS',
          Uri: `arn:aws:apigateway:us-east-1:sns:path/000000000000/${topic}`,
          Credentials: role,
          RequestTemplates: { 'application/json': 'Action=Publish&Message=$util.urlEncode($input.body)' },
          IntegrationResponses: [{ StatusCode: '200' }],
        },
        {
          backend,
          region: 'us-east-1',
          sns: {
            publish: async ({ topicArn, message }) => {
              if (!topicArn.endsWith(':orders')) return undefined;
              published.push(message);
              return 'sns-1';
            },
            mayRolePublish: async (roleArn) => roleArn === 'arn:aws:iam::000000000000:role/sender',
          },
        },
      );
    const request = (topic: string, role = 'arn:aws:iam::000000000000:role/sender') =>
      integration(
        role,
        topic,
      )({
        request: { headers: { 'content-type': 'application/json' }, url: '/prod/t' } as unknown as IncomingMessage,
        body: Buffer.from('{"a":1}'),
        pathParameters: new Map(),
        context: new Map(),
        requestId: 'req-2',
      });
    expect(JSON.parse((await request('orders')).body)).toEqual({
      PublishResponse: {
        PublishResult: { MessageId: 'sns-1', SequenceNumber: null },
        ResponseMetadata: { RequestId: 'req-2' },
      },
    });
    expect(published).toEqual(['{"a":1}']);
    // The default integration response (200) carries SNS's errors: the well-known API Gateway pitfall.
    const missing = await request('nothing');
    expect(missing.statusCode).toBe(200);
    expect(JSON.parse(missing.body)).toMatchObject({ Error: { Code: 'NotFound', Message: 'Topic does not exist' } });
    const denied = await request('orders', 'arn:aws:iam::000000000000:role/other');
    expect(JSON.parse(denied.body)).toMatchObject({ Error: { Code: 'AuthorizationError' } });
    expect(published).toHaveLength(1);
  });

  it('refuses, when the method is created, integrations and templates the lab does not run', () => {
    expect(() =>
      serviceIntegration({ Type: 'HTTP_PROXY', Uri: 'https://example.com' }, { backend, region: 'x' }),
    ).toThrow(UnemulatedPropertyError);
    expect(() =>
      serviceIntegration(
        { Type: 'AWS', Uri: 'arn:aws:apigateway:us-east-1:states:action/StartExecution' },
        { backend, region: 'us-east-1' },
      ),
    ).toThrow(/to states: the lab's API Gateway serves Lambda proxies and AWS integrations to SQS and SNS only/);
    expect(() =>
      serviceIntegration(toQueue({ RequestTemplates: { 'application/json': '#set($b = $input.body)$b' } }), {
        backend,
        region: 'us-east-1',
      }),
    ).toThrow(UnsupportedMappingTemplateError);
  });
});
