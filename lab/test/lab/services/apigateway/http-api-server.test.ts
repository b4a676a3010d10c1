/**
 * An HTTP API (API Gateway v2) deployed from a learner's CDK app (lab/test/fixtures/http-api-app):
 * a Lambda proxy with payload format 2.0 (the event's version, routeKey, rawPath, pathParameters
 * and requestContext.http; a response with a statusCode, and a plain object as a 200 JSON body,
 * https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-integrations-lambda.html),
 * 404 "Not Found" for a route the API lacks
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-routes.html), and
 * the SQS-SendMessage integration mapping $request.body.MessageBody onto the queue
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-develop-integrations-aws-services-reference.html).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdkAppDirectory } from '#lab/app/cdk-app-directory';
import { LAB_MAX_PROPAGATION_MS } from '#lab/common/propagation';
import { type Lab, startLab } from '#lab/lab';
import { fixtureApp } from '#lab/test/helpers/fixture-apps';

const APP_DIR = fixtureApp('http-api-app');

describe('an HTTP API on the lab', () => {
  let lab: Lab;
  let outputs: Record<string, string>;

  beforeAll(async () => {
    lab = await startLab({ app: cdkAppDirectory(APP_DIR) });
    outputs = { ...lab.outputs().HttpApiStack };
    // Every request below goes to the lab's stage on loopback, never to the AWS URL CDK writes.
    expect(outputs.ApiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    // The integration role's grant takes effect after the lab's IAM propagation delay, as on AWS.
    await sleep(LAB_MAX_PROPAGATION_MS);
  }, 120_000);

  afterAll(async () => {
    await lab?.stop();
  });

  it('hands GET /hello/{name} to the function as a payload 2.0 event and answers its response', async () => {
    const answer = await fetch(`${outputs.ApiUrl}hello/ada?x=1&x=2`);
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-hello')).toBe('ada');
    expect(await answer.json()).toEqual({
      version: '2.0',
      routeKey: 'GET /hello/{name}',
      name: 'ada',
      rawQueryString: 'x=1&x=2',
      method: 'GET',
    });
  });

  it('answers a plain object as a 200 JSON body, and 404 Not Found for a route the API lacks', async () => {
    const plain = await fetch(`${outputs.ApiUrl}plain`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('application/json');
    expect(await plain.json()).toEqual({ plain: true });
    const missing = await fetch(`${outputs.ApiUrl}hello/ada`, { method: 'DELETE' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Not Found' });
  });

  it('puts $request.body.MessageBody on the queue through SQS-SendMessage', async () => {
    const answer = await fetch(`${outputs.ApiUrl}queue`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ MessageBody: 'order 7' }),
    });
    expect(answer.status).toBe(200);
    const { Messages = [] } = await lab.clients.sqs.send(
      new ReceiveMessageCommand({ QueueUrl: outputs.InboxUrl, WaitTimeSeconds: 1 }),
    );
    expect(Messages.map((message) => message.Body)).toEqual(['order 7']);
  });
});
