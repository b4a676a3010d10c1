/**
 * The lab's one endpoint routes each request by the service its SigV4 scope names (or, unsigned,
 * by its `X-Amz-Target`), and passes SQS and DynamoDB on to the emulators unchanged: the real SDK
 * clients, pointed at the one endpoint, get the emulators' answers. Scope format:
 * https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html
 */
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_CREDENTIALS, LAB_REGION } from '../../../lab/common/local-aws';
import type { GatewayHandler } from '../../../lab/gateway/gateway-handler';
import { type LabGateway, startLabGateway } from '../../../lab/gateway/lab-gateway';
import { jsonResponse } from '../../../lab/gateway/protocols/json-protocol';
import { proxyHandler } from '../../../lab/gateway/proxy-handler';
import { sqsEmulatorsForThisFile } from '../../helpers/sqs-emulators';

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
