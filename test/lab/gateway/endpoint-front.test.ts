/**
 * The one endpoint in front of the SQS emulator (lab/gateway/endpoint-front.ts): SQS JSON calls
 * are answered in the emulator's thread, never by the router in the main thread; everything else
 * (other services, SQS's form-encoded query protocol, an SQS call larger than the emulator takes)
 * reaches the router's handlers as before, behind the same guard, on kept-alive connections.
 * Scope format: https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html
 */
import { Agent, request as httpRequest } from 'node:http';
import { CreateQueueCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_CREDENTIALS, LAB_REGION } from '../../../lab/common/local-aws';
import type { GatewayHandler } from '../../../lab/gateway/gateway-handler';
import { type LabGateway, startLabGateway } from '../../../lab/gateway/lab-gateway';
import { jsonResponse } from '../../../lab/gateway/protocols/json-protocol';
import { proxyHandler } from '../../../lab/gateway/proxy-handler';
import { SQS_MAX_REQUEST_BYTES } from '../../../lab/services/sqs/errors';
import { sqsEmulatorsForThisFile } from '../../helpers/sqs-emulators';

const { emulators } = sqsEmulatorsForThisFile();
let gateway: LabGateway;
/** What reached the router's handlers in this (the main) thread. */
const seen: { signingName: string; region: string; origin: string; contentType?: string }[] = [];

/** Records what reached it, then answers as `inner` does. */
function watched(inner: GatewayHandler): GatewayHandler {
  return {
    signingName: inner.signingName,
    handle: (request) => {
      seen.push({
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
  gateway = await startLabGateway(
    [
      watched(proxyHandler('sqs', emulators().sqsCliEndpoint)),
      watched({ signingName: 'ssm', handle: async () => jsonResponse({ signingName: 'ssm' }) }),
    ],
    { front: emulators() },
  );
});
afterAll(() => gateway?.stop());

const signed = (service: string, region = LAB_REGION) =>
  `AWS4-HMAC-SHA256 Credential=lab-access-key/20261126/${region}/${service}/aws4_request, SignedHeaders=host, Signature=00`;
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
      `${gateway.url}/`,
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
    const before = seen.length;
    const sqs = new SQSClient({ region: LAB_REGION, endpoint: gateway.url, credentials: LAB_CREDENTIALS });
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
    expect(seen.slice(before)).toEqual([]);
  });

  it("passes SQS's form-encoded query protocol to the router's sqs handler", async () => {
    const before = seen.length;
    await send(
      { authorization: signed('sqs', 'eu-west-1'), 'content-type': 'application/x-www-form-urlencoded' },
      'Action=ListQueues&Version=2012-11-05',
    );
    expect(seen.slice(before)).toEqual([
      {
        signingName: 'sqs',
        region: 'eu-west-1',
        origin: gateway.url,
        contentType: 'application/x-www-form-urlencoded',
      },
    ]);
  });

  it('passes another service its requests with their scope region and the endpoint as origin', async () => {
    const before = seen.length;
    // An SQS target signed for another service goes where the signature says, as in the router.
    const answer = await send({ ...SQS_JSON, authorization: signed('ssm', 'ap-northeast-1') }, '{}');
    expect(JSON.parse(answer.body)).toEqual({ signingName: 'ssm' });
    expect(seen.slice(before)).toEqual([
      { signingName: 'ssm', region: 'ap-northeast-1', origin: gateway.url, contentType: SQS_JSON['content-type'] },
    ]);
  });

  it('carries the next request of a kept-alive connection to the service it names', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = seen.length;
      const first = await send({ ...SQS_JSON, authorization: signed('sqs') }, '{}', agent);
      expect(JSON.parse(first.body)).toHaveProperty('QueueUrls');
      const second = await send({ ...SQS_JSON, authorization: signed('ssm') }, '{}', agent);
      expect(second.reusedSocket).toBe(true);
      expect(JSON.parse(second.body)).toEqual({ signingName: 'ssm' });
      expect(seen.slice(before).map((request) => request.signingName)).toEqual(['ssm']);
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
    const before = seen.length;
    const answer = await send(
      { ...SQS_JSON, authorization: signed('sqs') },
      Buffer.alloc(SQS_MAX_REQUEST_BYTES + 1, 32),
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toBe(`HTTP content length exceeded ${SQS_MAX_REQUEST_BYTES} bytes.`);
    expect(seen.slice(before).map((request) => request.signingName)).toEqual(['sqs']);
  });
});
