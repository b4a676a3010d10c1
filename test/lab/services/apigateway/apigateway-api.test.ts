import { request } from 'node:http';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lab } from '#lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { parseProxyResponse } from '#lab/services/apigateway/apigateway-api';
import { TokenBucket } from '#lab/services/apigateway/token-bucket';
import { fixtureTopology } from '#test/helpers/fixture-topology';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** A raw HTTP request (fetch would hide header case and refuse some methods). */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'POST', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('ApiGatewayApi (lab, fixture producer)', () => {
  let lab: Lab;
  let api: string;

  beforeAll(async () => {
    lab = await startTutorialLab({ stacks: [fixtureTopology()] });
    api = lab.stack('BatchPartialStack').apiEndpoint;
  });

  afterAll(async () => {
    await lab?.stop();
  });

  it('serves the stage URL on loopback, ending with a slash like the CDK output', () => {
    expect(api).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/prod\/$/);
  });

  it('hands POST /prod/enqueue to the producer as API Gateway builds a REST proxy event', async () => {
    const answer = await send(`${api}enqueue?dry=1&tag=a&tag=b`, {
      headers: { 'Content-Type': 'application/json', 'X-Custom': 'yes' },
      body: JSON.stringify({ id: 'msg-1', sleep: 8 }),
    });
    const { event } = JSON.parse(answer.body) as { event: APIGatewayProxyEvent };

    expect(answer.status).toBe(202);
    expect(answer.headers['x-fixture']).toBe('api');
    expect(answer.headers['x-amzn-requestid']).toBe(event.requestContext.requestId);
    expect(event).toMatchObject({
      resource: '/enqueue',
      path: '/enqueue',
      httpMethod: 'POST',
      body: '{"id":"msg-1","sleep":8}',
      isBase64Encoded: false,
      pathParameters: null,
      stageVariables: null,
      queryStringParameters: { dry: '1', tag: 'b' },
      multiValueQueryStringParameters: { dry: ['1'], tag: ['a', 'b'] },
      requestContext: {
        accountId: '000000000000',
        stage: 'prod',
        path: '/prod/enqueue',
        resourcePath: '/enqueue',
        httpMethod: 'POST',
        protocol: 'HTTP/1.1',
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        requestTimeEpoch: expect.any(Number),
        requestTime: expect.stringMatching(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/),
        identity: { sourceIp: '127.0.0.1', userAgent: null, accessKey: null },
      },
    });
    expect(event.headers).toMatchObject({
      'Content-Type': 'application/json',
      'X-Custom': 'yes',
      'X-Forwarded-For': '127.0.0.1',
    });
    expect(event.multiValueHeaders['X-Custom']).toEqual(['yes']);
  });

  it('sends a null body when the request has none', async () => {
    const answer = await send(`${api}enqueue`);
    const { event } = JSON.parse(answer.body) as { event: APIGatewayProxyEvent };

    expect(answer.status).toBe(202);
    expect(event.body).toBeNull();
    expect(event.queryStringParameters).toBeNull();
  });

  it.each([
    ['the function throws', { throw: true }],
    ['the function returns no statusCode', { malformed: true }],
  ])('answers 502 Internal server error when %s', async (_case, body) => {
    const answer = await send(`${api}enqueue`, {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.body)).toEqual({ message: 'Internal server error' });
  });

  it.each([
    ['GET', 'enqueue'],
    ['POST', 'unknown'],
    ['POST', ''],
    ['PUT', 'enqueue'],
  ])('answers 403 Missing Authentication Token for %s /prod/%s', async (method, path) => {
    const answer = await send(`${api}${path}`, { method });

    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({ message: 'Missing Authentication Token' });
    expect(answer.headers['x-amzn-errortype']).toBe('MissingAuthenticationTokenException');
  });

  it('answers 403 outside the stage', async () => {
    const answer = await send(api.replace('/prod/', '/enqueue'));

    expect(answer.status).toBe(403);
  });

  it('answers 413 above 10 MB without invoking the function', async () => {
    const answer = await send(`${api}enqueue`, { body: Buffer.alloc(10 * 1024 * 1024 + 1, 'a') });

    expect(answer.status).toBe(413);
  });
});

describe('parseProxyResponse', () => {
  it.each([
    ['a missing statusCode', { body: 'x' }],
    ['a non-string body', { statusCode: 200, body: { a: 1 } }],
    ['an object header value', { statusCode: 200, headers: { a: { b: 1 } } }],
    ['a non-object', 'ok'],
  ])('rejects %s (API Gateway answers 502)', (_case, payload) => {
    expect(parseProxyResponse(payload)).toBeUndefined();
  });

  it('merges headers and multiValueHeaders', () => {
    expect(
      parseProxyResponse({ statusCode: 201, headers: { A: '1' }, multiValueHeaders: { A: ['2'], B: [3] }, body: 'x' }),
    ).toEqual({ statusCode: 201, headers: { A: ['1', '2'], B: ['3'] }, body: 'x' });
  });
});

describe('TokenBucket (stage throttling)', () => {
  it('lets the burst through, then refills at the rate', () => {
    let now = 0;
    const bucket = new TokenBucket(10, 20, () => now);

    const burst = Array.from({ length: 21 }, () => bucket.tryTake());
    expect(burst.filter(Boolean)).toHaveLength(20);
    now += 100;
    expect(bucket.tryTake()).toBe(true);
    expect(bucket.tryTake()).toBe(false);
  });
});
