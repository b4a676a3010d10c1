/**
 * A REST API that puts requests straight onto a queue, deployed from a learner's CDK app
 * (lab/test/fixtures/api-queue-app): API Gateway's AWS integration to SQS with a mapping
 * template (https://docs.aws.amazon.com/apigateway/latest/developerguide/integrating-api-with-aws-services-sqs.html),
 * acting as its integration role, SQS's JSON answer passed through the default integration
 * response, SQS's 4xx selected by a selection pattern
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/api-gateway-integration-settings-integration-response.html),
 * passthrough behaviour NEVER answering 415 for a content type with no template
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/integration-passthrough-behaviors.html),
 * request validation with a model and required parameters
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/api-gateway-method-request-validation.html),
 * an AWS integration to SNS publishing to a topic (https://docs.aws.amazon.com/sns/latest/api/API_Publish.html),
 * and CDK's CORS preflight as a MOCK integration.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdkAppDirectory } from '#lab/app/cdk-app-directory';
import { LAB_MAX_PROPAGATION_MS } from '#lab/common/propagation';
import { type Lab, startLab } from '#lab/lab';
import { waitFor } from '#lab/test/helpers/wait-for';
import { fixtureApp } from '#lab/test/helpers/fixture-apps';

const APP_DIR = fixtureApp('api-queue-app');

describe('a REST API with an AWS integration to SQS', () => {
  let lab: Lab;
  let outputs: Record<string, string>;

  beforeAll(async () => {
    lab = await startLab({ app: cdkAppDirectory(APP_DIR) });
    outputs = { ...lab.outputs().ApiQueueStack };
    // Every request below goes to the lab's stage on loopback, never to the AWS URL CDK writes.
    expect(outputs.ApiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/prod\/$/);
    // IAM grants take effect after the lab's propagation delay, as on AWS: let the role's policy land.
    await sleep(LAB_MAX_PROPAGATION_MS);
  }, 120_000);

  afterAll(async () => {
    await lab?.stop();
  });

  const post = (path: string, body: string, contentType = 'application/json') =>
    fetch(`${outputs.ApiUrl}${path}`, { method: 'POST', headers: { 'Content-Type': contentType }, body });

  it("puts the body on the queue through the mapping template and answers SQS's SendMessageResponse", async () => {
    const answer = await post('messages', JSON.stringify({ order: 'a&b=c', note: 'café' }));
    expect(answer.status).toBe(200);
    const requestId = answer.headers.get('x-amzn-requestid');
    const text = await answer.text();
    expect(text).toContain('SendMessageResponse');
    const sent = JSON.parse(text) as {
      SendMessageResponse: { SendMessageResult: { MessageId: string; MD5OfMessageBody: string } };
    };
    expect(sent.SendMessageResponse.SendMessageResult.MessageId).toMatch(/^[0-9a-f-]{36}$/);

    const { Messages = [] } = await lab.clients.sqs.send(
      new ReceiveMessageCommand({ QueueUrl: outputs.InboxUrl, MessageAttributeNames: ['All'], WaitTimeSeconds: 1 }),
    );
    expect(Messages).toHaveLength(1);
    expect(Messages[0]?.MessageId).toBe(sent.SendMessageResponse.SendMessageResult.MessageId);
    // $util.urlEncode kept the & and = of the body; SQS decoded them back.
    expect(JSON.parse(Messages[0]?.Body ?? '')).toEqual({ order: 'a&b=c', note: 'café' });
    expect(Messages[0]?.MessageAttributes?.requestId?.StringValue).toBe(requestId);
  });

  it("checks the method's required query string and its model before the integration, with 400s as API Gateway words them", async () => {
    const missing = await post('orders', '{"id":1}');
    expect(missing.status).toBe(400);
    expect(missing.headers.get('x-amzn-errortype')).toBe('BadRequestException');
    expect(await missing.json()).toEqual({ message: 'Missing required request parameters: [source]' });
    const invalid = await post('orders?source=web', '{"id":0}');
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ message: 'Invalid request body' });
    const valid = await post('orders?source=web', '{"id":3,"note":"ok"}');
    expect(valid.status).toBe(200);
    const { Messages = [] } = await lab.clients.sqs.send(
      new ReceiveMessageCommand({ QueueUrl: outputs.InboxUrl, WaitTimeSeconds: 1, MaxNumberOfMessages: 10 }),
    );
    // Only the valid request reached the queue.
    expect(Messages.map((message) => message.Body)).toEqual(['{"id":3,"note":"ok"}']);
  });

  it('publishes to a topic through an AWS integration to SNS, whose subscribed queue receives the body', async () => {
    const answer = await post('topic', '{"order":2}');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'message added to topic' });
    const received = await waitFor(
      async () => {
        const { Messages = [] } = await lab.clients.sqs.send(
          new ReceiveMessageCommand({ QueueUrl: outputs.FannedUrl, WaitTimeSeconds: 1 }),
        );
        return Messages.length > 0 ? Messages : undefined;
      },
      5000,
      'the message on the subscribed queue',
    );
    expect(received[0]?.Body).toBe('{"order":2}');
  });

  it("answers the selection pattern's 500 when the integration role may not send (SQS's 403)", async () => {
    const answer = await post('refused', '{"order":1}');
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({ error: 'the queue refused', code: 'AccessDenied' });
  });

  it('answers 415 for a content type with no template, as passthrough NEVER does', async () => {
    const answer = await post('messages', 'order=1', 'text/plain');
    expect(answer.status).toBe(415);
    expect(await answer.json()).toEqual({ message: 'Unsupported Media Type' });
  });

  it("answers CDK's CORS preflight from the MOCK integration, and 403 for a method the API lacks", async () => {
    // As `curl -X OPTIONS` sends it: a browser's preflight (Origin and Access-Control-Request-Method)
    // is answered by the lab's guard, which grants the lab's own origins only.
    const preflight = await fetch(`${outputs.ApiUrl}messages`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    // The API's Access-Control-* headers are withheld: the lab never grants its servers to every origin.
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const missing = await fetch(`${outputs.ApiUrl}messages`, { method: 'GET' });
    expect(missing.status).toBe(403);
    expect(await missing.json()).toEqual({ message: 'Missing Authentication Token' });
  });
});
