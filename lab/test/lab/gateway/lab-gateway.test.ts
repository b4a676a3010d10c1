/**
 * The lab's one endpoint routes each request by the service its SigV4 scope names (or, unsigned,
 * by its `X-Amz-Target`), and passes SQS and DynamoDB on to the emulators unchanged: the real SDK
 * clients, pointed at the one endpoint, get the emulators' answers. In front of the SQS emulator
 * (endpoint-front.ts), SQS JSON calls are answered in the emulator's thread, never by the router in
 * the main thread; everything else (other services, SQS's form-encoded query protocol, an SQS call
 * larger than the emulator takes) reaches the router's handlers as before, behind the same guard,
 * on kept-alive connections. Scope format:
 * https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html
 */
import { Agent, request as httpRequest } from 'node:http';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import type { GatewayHandler } from '#lab/gateway/gateway-handler';
import { type LabGateway, startLabGateway } from '#lab/gateway/lab-gateway';
import { jsonResponse } from '#lab/gateway/protocols/json-protocol';
import { proxyHandler } from '#lab/gateway/proxy-handler';
import { SQS_MAX_REQUEST_BYTES } from '#lab/services/sqs/errors';
import { sqsEmulatorsForThisFile } from '#lab/test/helpers/sqs-emulators';

const { emulators } = sqsEmulatorsForThisFile();
let gateway: LabGateway;
const seen: { signingName: string; region: string; target?: string }[] = [];

/** A service that answers with what it was asked, to see where the router sent a request. */
function echo(signingName: string): GatewayHandler {
  return {
    signingName,
    handle: async (request) => {
      seen.push({ signingName, region: request.region, target: request.headers['x-amz-target'] });
      return jsonResponse({ signingName });
    },
  };
}

beforeAll(async () => {
  gateway = await startLabGateway([
    proxyHandler('sqs', emulators().sqsCliEndpoint),
    proxyHandler('dynamodb', emulators().dynamodbEndpoint),
    echo('ssm'),
  ]);
});
afterAll(() => gateway.stop());

const signed = (service: string, region = LAB_REGION) =>
  `AWS4-HMAC-SHA256 Credential=lab-access-key/20261126/${region}/${service}/aws4_request, SignedHeaders=host, Signature=00`;

describe('the one endpoint', () => {
  it('passes SQS calls of the real SDK client to the SQS emulator and its answers back', async () => {
    const sqs = new SQSClient({ region: LAB_REGION, endpoint: gateway.url, credentials: LAB_CREDENTIALS });
    try {
      const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'through-the-endpoint' }));
      await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'hello' }));
      const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 1 }));
      expect(Messages.map((message) => message.Body)).toEqual(['hello']);
    } finally {
      sqs.destroy();
    }
  });

  it('passes DynamoDB calls to the DynamoDB emulator', async () => {
    const dynamodb = new DynamoDBClient({ region: LAB_REGION, endpoint: gateway.url, credentials: LAB_CREDENTIALS });
    try {
      expect((await dynamodb.send(new ListTablesCommand({}))).TableNames).toEqual(expect.any(Array));
    } finally {
      dynamodb.destroy();
    }
  });

  it('routes by the credential scope, and hands the service the scope region', async () => {
    const answer = await fetch(gateway.url, {
      method: 'POST',
      headers: { authorization: signed('ssm', 'ap-northeast-1'), 'x-amz-target': 'AmazonSSM.GetParameter' },
      body: '{}',
    });
    expect(await answer.json()).toEqual({ signingName: 'ssm' });
    expect(seen.at(-1)).toEqual({ signingName: 'ssm', region: 'ap-northeast-1', target: 'AmazonSSM.GetParameter' });
  });

  it('routes an unsigned JSON request by its X-Amz-Target', async () => {
    const answer = await fetch(gateway.url, { method: 'POST', headers: { 'x-amz-target': 'AmazonSSM.GetParameter' } });
    expect(await answer.json()).toEqual({ signingName: 'ssm' });
  });

  it('answers a service it does not serve with a 400 that names the services it does', async () => {
    const answer = await fetch(gateway.url, { method: 'POST', headers: { authorization: signed('kinesis') } });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('x-amzn-errortype')).toBe('UnknownServiceException');
    expect(((await answer.json()) as { message: string }).message).toBe(
      "the lab's endpoint does not serve kinesis; it serves dynamodb, sqs, ssm",
    );
  });

  it('answers a request that names no service with a 400 saying how to name one', async () => {
    const answer = await fetch(`${gateway.url}/somewhere`);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toMatch(
      /^the lab's endpoint could not tell which service/,
    );
  });
});

/** The same endpoint in front of the SQS emulator (endpoint-front.ts), with handlers that record what reaches them. */
let fronted: LabGateway;
/** What reached the fronted endpoint's handlers in this (the main) thread. */
const reached: { signingName: string; region: string; origin: string; contentType?: string }[] = [];

/** Records what reached it, then answers as `inner` does. */
function watched(inner: GatewayHandler): GatewayHandler {
  return {
    signingName: inner.signingName,
    handle: (request) => {
      reached.push({
        signingName: inner.signingName,
        region: request.region,
        origin: request.origin,
        contentType: request.headers['content-type'],
      });
      return inner.handle(request);
    },
  };
}

beforeAll(async () => {
  fronted = await startLabGateway(
    [
      watched(proxyHandler('sqs', emulators().sqsCliEndpoint)),
      watched({ signingName: 'ssm', handle: async () => jsonResponse({ signingName: 'ssm' }) }),
    ],
    { front: emulators() },
  );
});
afterAll(() => fronted?.stop());

const SQS_JSON = { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.ListQueues' };

interface Answer {
  readonly status: number;
  readonly body: string;
  readonly reusedSocket: boolean;
}

/** One request with node:http (fetch cannot set Host), on `agent`'s connections. */
function send(
  headers: Record<string, string>,
  body: string | Buffer,
  agent: Agent | undefined = undefined,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `${fronted.url}/`,
      { method: 'POST', headers: { 'content-length': String(Buffer.byteLength(body)), ...headers }, agent },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            reusedSocket: outgoing.reusedSocket,
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('the one endpoint in front of the SQS emulator', () => {
  it("answers the real SDK client's SQS calls in the emulator's thread, not through the router", async () => {
    const before = reached.length;
    const sqs = new SQSClient({ region: LAB_REGION, endpoint: fronted.url, credentials: LAB_CREDENTIALS });
    try {
      const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'in-front-of-the-emulator' }));
      // fauxqs is shown its own host, as the proxy showed it: queue URLs name the emulator's port.
      expect(new URL(QueueUrl ?? '').port).toBe(new URL(emulators().sqsCliEndpoint).port);
      await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'fast' }));
      const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 1 }));
      expect(Messages.map((message) => message.Body)).toEqual(['fast']);
    } finally {
      sqs.destroy();
    }
    expect(reached.slice(before)).toEqual([]);
  });

  it("passes SQS's form-encoded query protocol to the router's sqs handler", async () => {
    const before = reached.length;
    await send(
      { authorization: signed('sqs', 'eu-west-1'), 'content-type': 'application/x-www-form-urlencoded' },
      'Action=ListQueues&Version=2012-11-05',
    );
    expect(reached.slice(before)).toEqual([
      {
        signingName: 'sqs',
        region: 'eu-west-1',
        origin: fronted.url,
        contentType: 'application/x-www-form-urlencoded',
      },
    ]);
  });

  it('passes another service its requests with their scope region and the endpoint as origin', async () => {
    const before = reached.length;
    // An SQS target signed for another service goes where the signature says, as in the router.
    const answer = await send({ ...SQS_JSON, authorization: signed('ssm', 'ap-northeast-1') }, '{}');
    expect(JSON.parse(answer.body)).toEqual({ signingName: 'ssm' });
    expect(reached.slice(before)).toEqual([
      { signingName: 'ssm', region: 'ap-northeast-1', origin: fronted.url, contentType: SQS_JSON['content-type'] },
    ]);
  });

  it('carries the next request of a kept-alive connection to the service it names', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = reached.length;
      const first = await send({ ...SQS_JSON, authorization: signed('sqs') }, '{}', agent);
      expect(JSON.parse(first.body)).toHaveProperty('QueueUrls');
      const second = await send({ ...SQS_JSON, authorization: signed('ssm') }, '{}', agent);
      expect(second.reusedSocket).toBe(true);
      expect(JSON.parse(second.body)).toEqual({ signingName: 'ssm' });
      expect(reached.slice(before).map((request) => request.signingName)).toEqual(['ssm']);
    } finally {
      agent.destroy();
    }
  });

  it("refuses a rebound Host on the SQS path with the endpoint guard's JSON 403", async () => {
    const answer = await send({ ...SQS_JSON, authorization: signed('sqs'), host: 'rebind.evil.example' }, '{}');
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ __type: 'AccessDeniedException' });
  });

  it("leaves an SQS call larger than the emulator takes to the emulator's own guard", async () => {
    const before = reached.length;
    const answer = await send(
      { ...SQS_JSON, authorization: signed('sqs') },
      Buffer.alloc(SQS_MAX_REQUEST_BYTES + 1, 32),
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toBe(`HTTP content length exceeded ${SQS_MAX_REQUEST_BYTES} bytes.`);
    expect(reached.slice(before).map((request) => request.signingName)).toEqual(['sqs']);
  });
});
