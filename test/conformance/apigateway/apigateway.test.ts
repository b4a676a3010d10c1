import { type IncomingMessage, request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { INTEGRATION_TIMEOUT_MS, ApiGatewayApi } from '#lab/services/apigateway/apigateway-api';
import { serviceIntegration } from '#lab/services/apigateway/service-integration';
import type { SqsSendRequest } from '#lab/services/apigateway/sqs-integration';
import type { Invocable, InvocationResult } from '#lab/services/lambda/runtime/local-function';
import { API_STAGE_NAME, API_THROTTLING } from '#lib/settings';
import { conform } from '#lab/test/conformance/behaviour';
import { APIGATEWAY_BEHAVIOURS } from '#lab/test/conformance/apigateway/apigateway-behaviours';

/**
 * Each behaviour of APIGATEWAY_BEHAVIOURS, asserted on the lab's local REST API. The function
 * behind it is an in-process stub whose answer each test picks by the request body.
 */
const behaviour = (id: (typeof APIGATEWAY_BEHAVIOURS)[number]['id']) => {
  const found = APIGATEWAY_BEHAVIOURS.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no behaviour ${id}`);
  return found;
};

/** What the stub answers for a body `{"answer": …}`. */
type Answer = 'echo' | 'malformed' | 'throw' | 'slow' | 'multi';

class StubApiFunction implements Invocable {
  readonly ref = { stackName: 'ConformanceStack', functionId: 'Api', functionName: 'ConformanceStack-Api' };
  readonly timeoutSeconds = 2;
  readonly events: APIGatewayProxyEvent[] = [];

  async invoke(event: unknown): Promise<InvocationResult> {
    const proxy = event as APIGatewayProxyEvent;
    this.events.push(proxy);
    const answer = (JSON.parse(proxy.body ?? '{}') as { answer?: Answer }).answer ?? 'echo';
    const success = (payload: unknown): InvocationResult => ({
      status: 'success',
      requestId: 'r',
      payload,
      durationMs: 1,
    });
    if (answer === 'throw')
      return {
        status: 'error',
        requestId: 'r',
        error: { errorType: 'Error', errorMessage: 'secret detail', trace: [] },
        durationMs: 1,
      };
    if (answer === 'malformed') return success({ body: { not: 'a string' } });
    if (answer === 'slow') await sleep(1000);
    if (answer === 'multi')
      return success({
        statusCode: 200,
        headers: { 'X-One': 'a' },
        multiValueHeaders: { 'X-Many': ['1', '2'] },
        body: 'ok',
      });
    return success({
      statusCode: 202,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seen: true }),
    });
  }
}

const fn = new StubApiFunction();
/** The stacks' stage and route (EnqueueApi). */
const route = { stage: API_STAGE_NAME, resourcePath: '/enqueue' };
let api: ApiGatewayApi;
let slowApi: ApiGatewayApi;
/** An API with a path parameter and AWS integrations to SQS (a recording SQS behind them). */
let routedApi: ApiGatewayApi;
const sentToSqs: SqsSendRequest[] = [];
const SENDER = 'arn:aws:iam::000000000000:role/sender';

function toQueue(role: string, integrationResponses: object[], passthrough = 'WHEN_NO_MATCH') {
  return serviceIntegration(
    {
      Type: 'AWS',
      Uri: 'arn:aws:apigateway:us-east-1:sqs:path/000000000000/jobs',
      Credentials: role,
      PassthroughBehavior: passthrough,
      RequestTemplates: { 'application/json': 'Action=SendMessage&MessageBody=$util.urlEncode($input.body)' },
      IntegrationResponses: integrationResponses,
    },
    {
      region: 'us-east-1',
      backend: {
        send: async (request) => {
          sentToSqs.push(request);
          return { MessageId: `m-${sentToSqs.length}`, MD5OfMessageBody: 'md5' };
        },
        mayRoleSend: async (roleArn) => roleArn === SENDER,
      },
    },
  );
}

beforeAll(async () => {
  api = await ApiGatewayApi.start({ fn, ...route, throttling: { rateLimitPerSecond: 1000, burstLimit: 1000 } });
  slowApi = await ApiGatewayApi.start({ fn, ...route, throttling: API_THROTTLING, integrationTimeoutMs: 300 });
  const selected = [
    { StatusCode: '200' },
    { StatusCode: '502', SelectionPattern: '4\\d{2}', ResponseTemplates: { 'application/json': '{"refused": true}' } },
  ];
  routedApi = await ApiGatewayApi.start({
    stage: API_STAGE_NAME,
    throttling: { rateLimitPerSecond: 1000, burstLimit: 1000 },
    routes: [
      { httpMethod: 'GET', resourcePath: '/items/{id}', integration: { kind: 'lambda-proxy', fn } },
      { httpMethod: 'POST', resourcePath: '/queue', integration: { kind: 'service', run: toQueue(SENDER, selected) } },
      { httpMethod: 'POST', resourcePath: '/denied', integration: { kind: 'service', run: toQueue('none', selected) } },
      { httpMethod: 'POST', resourcePath: '/unmapped', integration: { kind: 'service', run: toQueue('none', []) } },
      {
        httpMethod: 'POST',
        resourcePath: '/strict',
        integration: { kind: 'service', run: toQueue(SENDER, selected, 'NEVER') },
      },
    ],
  });
});

afterAll(async () => {
  await api?.stop();
  await slowApi?.stop();
  await routedApi?.stop();
});

const post = (base: string, body: object, headers: Record<string, string> = {}) =>
  fetch(`${base}enqueue`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('API Gateway conformance', () => {
  conform(behaviour('apigw.proxy-event.fields'), async () => {
    const response = await post(api.url, { answer: 'echo', marker: 'fields' });
    expect(response.status).toBe(202);
    const event = fn.events.at(-1);
    expect(event).toMatchObject({
      resource: '/enqueue',
      path: '/enqueue',
      httpMethod: 'POST',
      headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      multiValueHeaders: expect.objectContaining({ 'Content-Type': ['application/json'] }),
      requestContext: expect.objectContaining({
        stage: 'prod',
        path: '/prod/enqueue',
        resourcePath: '/enqueue',
        httpMethod: 'POST',
        requestId: expect.any(String),
        identity: expect.objectContaining({ sourceIp: '127.0.0.1' }),
      }),
      body: JSON.stringify({ answer: 'echo', marker: 'fields' }),
    });
  });

  conform(behaviour('apigw.proxy-event.null-when-absent'), async () => {
    await fetch(`${api.url}enqueue`, { method: 'POST' });
    const event = fn.events.at(-1);
    expect(event?.queryStringParameters).toBeNull();
    expect(event?.multiValueQueryStringParameters).toBeNull();
    expect(event?.pathParameters).toBeNull();
    expect(event?.stageVariables).toBeNull();
    expect(event?.body).toBeNull();
  });

  conform(behaviour('apigw.stage-url.trailing-slash'), async () => {
    expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/prod\/$/);
    expect((await post(api.url, { answer: 'echo' })).status).toBe(202);
  });

  conform(behaviour('apigw.unknown-path.403'), async () => {
    const before = fn.events.length;
    const response = await fetch(`${api.url}nowhere`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(403);
    expect(response.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationTokenException');
    expect(await response.json()).toEqual({ message: 'Missing Authentication Token' });
    expect(fn.events.length).toBe(before);
  });

  conform(behaviour('apigw.unknown-method.403'), async () => {
    const response = await fetch(`${api.url}enqueue`, { method: 'GET' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Missing Authentication Token' });
  });

  conform(behaviour('apigw.malformed-response.502'), async () => {
    const response = await post(api.url, { answer: 'malformed' });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ message: 'Internal server error' });
  });

  conform(behaviour('apigw.function-error.502'), async () => {
    const response = await post(api.url, { answer: 'throw' });
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: 'Internal server error' });
    expect(text).not.toContain('secret detail');
  });

  conform(behaviour('apigw.throttle.429'), async () => {
    const throttled = await ApiGatewayApi.start({ fn, ...route, throttling: { rateLimitPerSecond: 1, burstLimit: 2 } });
    try {
      const before = fn.events.length;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await post(throttled.url, { answer: 'echo' })).status);
      expect(statuses.slice(0, 2)).toEqual([202, 202]);
      expect(statuses.slice(2)).toContain(429);
      const last = await post(throttled.url, { answer: 'echo' });
      if (last.status === 429) expect(await last.json()).toEqual({ message: 'Too Many Requests' });
      expect(fn.events.length - before).toBe(
        statuses.filter((status) => status === 202).length + (last.status === 202 ? 1 : 0),
      );
    } finally {
      await throttled.stop();
    }
  });

  conform(behaviour('apigw.integration-timeout.504'), async () => {
    expect(INTEGRATION_TIMEOUT_MS).toBe(29_000);
    const response = await post(slowApi.url, { answer: 'slow' });
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ message: 'Endpoint request timed out' });
  });

  conform(behaviour('apigw.headers.multi-value'), async () => {
    // fetch would join the two values into one header; node:http sends them as two lines.
    const body = JSON.stringify({ answer: 'multi' });
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const request = httpRequest(`${api.url}enqueue`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Repeat': ['one', 'two'] },
      });
      request.once('response', (answer) => {
        answer.resume();
        resolve(answer);
      });
      request.once('error', reject);
      request.end(body);
    });
    const event = fn.events.at(-1);
    const repeated = Object.entries(event?.multiValueHeaders ?? {}).find(
      ([name]) => name.toLowerCase() === 'x-repeat',
    )?.[1];
    const single = Object.entries(event?.headers ?? {}).find(([name]) => name.toLowerCase() === 'x-repeat')?.[1];
    expect(repeated).toEqual(['one', 'two']);
    expect(single).toBe('two');
    expect(response.headers['x-one']).toBe('a');
    expect(response.rawHeaders.filter((_, index, all) => all[index - 1]?.toLowerCase() === 'x-many')).toEqual([
      '1',
      '2',
    ]);
  });

  conform(behaviour('apigw.body.not-base64'), async () => {
    const body = { answer: 'echo', text: 'héllo' };
    await post(api.url, body);
    const event = fn.events.at(-1);
    expect(event?.isBase64Encoded).toBe(false);
    expect(event?.body).toBe(JSON.stringify(body));
  });

  conform(behaviour('apigw.path-parameters'), async () => {
    const response = await fetch(`${routedApi.url}items/42`);
    expect(response.status).toBe(202);
    expect(fn.events.at(-1)).toMatchObject({
      resource: '/items/{id}',
      path: '/items/42',
      pathParameters: { id: '42' },
    });
  });

  conform(behaviour('apigw.sqs-integration.send-message'), async () => {
    const response = await fetch(`${routedApi.url}queue`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"order":"a&b"}',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      SendMessageResponse: { SendMessageResult: { MessageId: `m-${sentToSqs.length}`, MD5OfMessageBody: 'md5' } },
    });
    expect(sentToSqs.at(-1)).toMatchObject({
      queue: { account: '000000000000', name: 'jobs' },
      messageBody: '{"order":"a&b"}',
    });
  });

  conform(behaviour('apigw.integration-response.selection'), async () => {
    const send = (path: string) =>
      fetch(`${routedApi.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    const denied = await send('denied');
    expect(denied.status).toBe(502);
    expect(await denied.json()).toEqual({ refused: true });
    const unmapped = await send('unmapped');
    expect(unmapped.status).toBe(500);
    expect(await unmapped.json()).toEqual({ message: 'Internal server error' });
  });

  conform(behaviour('apigw.passthrough.never.415'), async () => {
    const before = sentToSqs.length;
    const response = await fetch(`${routedApi.url}strict`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'hello',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message: 'Unsupported Media Type' });
    expect(sentToSqs.length).toBe(before);
  });
});
