/**
 * No request brings the lab down: the lab holds a learner's queues, tables and objects in memory,
 * so one bad request must never cost them. First the probes that did (issue #29, each answered now
 * in its protocol), then a fuzzer: requests generated from a seed to every port the lab listens
 * on, after which every server still listens, no emulator thread has ended, no answer owed is
 * missing or shaped wrong, and the canary queue, item and object are all there.
 *
 * Replay a run: FUZZ_SEED=<seed> npx vitest run test/robustness (FUZZ_SEED=random for a new one).
 */
import { CreateTableCommand, GetItemCommand, PutItemCommand, waitUntilTableExists } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import { captureServerFaults } from '#lab/common/server-fault';
import { type LabConsole, startConsole } from '#lab/console/console-server';
import type { Lab } from '#lab/lab';
import { startTutorialLab } from '#experiments/tutorial-app';
import { type LostEmulatorThread, onEmulatorThreadLost } from '#lab/emulators/emulator-thread-client';
import { listeningSockets } from '#test/helpers/listening-sockets';
import { type RawSocketAnswer, sendRaw } from '#test/helpers/raw-socket';
import { fuzzRequests } from './request-fuzzer';

/** The default seed keeps CI's run the same; FUZZ_SEED picks another (or `random`). */
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED ?? 20_261_128);
/** Requests per run, sent in batches; the lab is checked after each batch. */
const REQUESTS = 480;
const BATCH = 40;
/** Requests in flight at once. */
const CONCURRENCY = 12;

let lab: Lab;
let labConsole: LabConsole;
let s3: S3Client;
let canaryQueueUrl = '';
const faults: string[] = [];
const lostThreads: LostEmulatorThread[] = [];
let restoreFaults: () => void = () => undefined;
let restoreLostThreads: ((lost: LostEmulatorThread) => void) | undefined;

const CANARY = { table: 'fuzz-canary', bucket: 'fuzz-canary-bucket', key: 'canary.txt', messages: 3 };

beforeAll(async () => {
  restoreFaults = captureServerFaults((line) => faults.push(line));
  restoreLostThreads = onEmulatorThreadLost((lost) => lostThreads.push(lost));
  // Both stacks deployed: their API stages and custom resources are servers to probe too.
  lab = await startTutorialLab({ pollers: 1, stageThrottling: { rateLimitPerSecond: 1000, burstLimit: 1000 } });
  labConsole = await startConsole(lab);
  s3 = new S3Client({
    region: LAB_REGION,
    endpoint: lab.endpointUrl,
    credentials: LAB_CREDENTIALS,
    forcePathStyle: true,
  });
  const { QueueUrl } = await lab.clients.sqs.send(new CreateQueueCommand({ QueueName: 'fuzz-canary' }));
  canaryQueueUrl = QueueUrl ?? '';
  await lab.clients.sqs.send(
    new SendMessageBatchCommand({
      QueueUrl,
      Entries: Array.from({ length: CANARY.messages }, (_, index) => ({
        Id: `m${index}`,
        MessageBody: `canary ${index}`,
      })),
    }),
  );
  await lab.clients.dynamodb.send(
    new CreateTableCommand({
      TableName: CANARY.table,
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  await waitUntilTableExists(
    { client: lab.clients.dynamodb, maxWaitTime: 10, minDelay: 0.1, maxDelay: 0.2 },
    { TableName: CANARY.table },
  );
  await lab.clients.dynamodb.send(new PutItemCommand({ TableName: CANARY.table, Item: { id: { S: 'canary' } } }));
  await s3.send(new CreateBucketCommand({ Bucket: CANARY.bucket }));
  await s3.send(new PutObjectCommand({ Bucket: CANARY.bucket, Key: CANARY.key, Body: 'still here' }));
}, 90_000);

afterAll(async () => {
  s3?.destroy();
  await labConsole?.stop();
  await lab?.stop();
  restoreFaults();
  if (restoreLostThreads !== undefined) onEmulatorThreadLost(restoreLostThreads);
});

/** The loopback ports this process listens on (the lab's every server, its threads' too). */
function labPorts(): number[] {
  return [...new Set(listeningSockets().map((socket) => socket.port))].sort((a, b) => a - b);
}

/** What a learner would lose if the lab had fallen: every canary, read back. */
async function canaries(): Promise<{ messages: string; item: string; object: string; stacks: number }> {
  const attributes = await lab.clients.sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: canaryQueueUrl, AttributeNames: ['ApproximateNumberOfMessages'] }),
  );
  const item = await lab.clients.dynamodb.send(
    new GetItemCommand({ TableName: CANARY.table, Key: { id: { S: 'canary' } } }),
  );
  const object = await s3.send(new GetObjectCommand({ Bucket: CANARY.bucket, Key: CANARY.key }));
  return {
    messages: attributes.Attributes?.ApproximateNumberOfMessages ?? '',
    item: item.Item?.id?.S ?? '',
    object: (await object.Body?.transformToString()) ?? '',
    stacks: lab.deployed.size,
  };
}

const INTACT = { messages: String(CANARY.messages), item: 'canary', object: 'still here', stacks: 2 };

const signed = (service: string) =>
  `AWS4-HMAC-SHA256 Credential=AKID/20261128/us-east-1/${service}/aws4_request, SignedHeaders=host, Signature=00`;

/** A request to the lab's one endpoint, written on the socket as given. */
function toEndpoint(
  method: string,
  path: string,
  headers: Record<string, string>,
  body = '',
): Promise<RawSocketAnswer | undefined> {
  return sendRaw({
    port: Number(new URL(lab.endpointUrl).port),
    method,
    path,
    headers,
    body: Buffer.from(body),
    mode: 'complete',
  });
}

const json = (answer: RawSocketAnswer | undefined): unknown => JSON.parse(answer?.body.toString() ?? 'null');

describe('the requests that brought the lab down (issue #29)', () => {
  it('answers an operation named after an Object member (`AmazonSSM.constructor`) as an unknown operation', async () => {
    const answer = await toEndpoint(
      'POST',
      '/',
      { 'x-amz-target': 'AmazonSSM.constructor', 'content-type': 'application/x-amz-json-1.1' },
      '{}',
    );
    expect(answer?.status).toBe(400);
    expect(json(answer)).toMatchObject({ __type: 'UnknownOperationException' });
  });

  it('answers CloudWatch CBOR and JSON operations `__proto__` and `constructor` as unsupported, not 500', async () => {
    const cbor = await toEndpoint('POST', '/service/GraniteServiceVersion20100801/operation/__proto__', {
      authorization: signed('monitoring'),
      'smithy-protocol': 'rpc-v2-cbor',
      'content-type': 'application/cbor',
    });
    const jsonCall = await toEndpoint(
      'POST',
      '/',
      {
        authorization: signed('monitoring'),
        'x-amz-target': 'GraniteServiceVersion20100801.constructor',
        'content-type': 'application/x-amz-json-1.0',
      },
      '{}',
    );
    expect([cbor?.status, jsonCall?.status]).toEqual([400, 400]);
  });

  it('keeps serving a client that leaves mid-answer: a long poll cut after 100 ms, on the SQS fast path', async () => {
    await sendRaw({
      port: Number(new URL(lab.endpointUrl).port),
      method: 'POST',
      path: '/',
      headers: { 'x-amz-target': 'AmazonSQS.ReceiveMessage', 'content-type': 'application/x-amz-json-1.0' },
      body: Buffer.from(JSON.stringify({ QueueUrl: canaryQueueUrl, WaitTimeSeconds: 1, VisibilityTimeout: 0 })),
      mode: 'leave',
    });
    // And a call the long way (the router in the main thread), cut the same way.
    await sendRaw({
      port: Number(new URL(lab.endpointUrl).port),
      method: 'POST',
      path: '/',
      headers: { authorization: signed('sts'), 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from('Action=GetCallerIdentity&Version=2011-06-15'),
      mode: 'leave',
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await canaries()).toEqual(INTACT);
  });

  it('answers a malformed path (`///?x`) on the SQS fast path as SQS does', async () => {
    const answer = await toEndpoint(
      'POST',
      '///?x',
      { 'x-amz-target': 'AmazonSQS.ListQueues', 'content-type': 'application/x-amz-json-1.0' },
      '{}',
    );
    expect(answer?.status).toBe(200);
    expect(json(answer)).toMatchObject({ QueueUrls: expect.arrayContaining([canaryQueueUrl]) });
  });

  it("answers a web page's cross-site GET // on every port without falling", async () => {
    const statuses = await Promise.all(
      labPorts().map(async (port) => {
        const answer = await sendRaw({
          port,
          method: 'GET',
          path: '//',
          headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' },
          body: Buffer.alloc(0),
          mode: 'complete',
        });
        return answer?.status ?? 0;
      }),
    );
    expect(statuses.every((status) => status >= 200 && status < 500)).toBe(true);
    expect(await canaries()).toEqual(INTACT);
  });

  it('refuses a repeated query Action instead of running the last one (DescribeStacks&DeleteStack)', async () => {
    const answer = await toEndpoint(
      'POST',
      '/',
      { authorization: signed('cloudformation'), 'content-type': 'application/x-www-form-urlencoded' },
      'Action=DescribeStacks&Action=DeleteStack&StackName=VisibilityDupStack&Version=2010-05-15',
    );
    expect(answer?.status).toBe(400);
    expect(answer?.body.toString()).toContain('<Code>ValidationError</Code>');
    expect(lab.deployed.has('VisibilityDupStack')).toBe(true);
  });

  it("answers S3's XML 400 InvalidURI to a malformed percent-escape in the path, and InvalidArgument in x-amz-copy-source", async () => {
    const path = await toEndpoint('GET', `/${CANARY.bucket}/%E0%A4%A`, { authorization: signed('s3') });
    const copy = await toEndpoint('PUT', `/${CANARY.bucket}/copy`, {
      authorization: signed('s3'),
      'x-amz-copy-source': `/${CANARY.bucket}/%E0%A4%A`,
    });
    expect([path?.status, copy?.status]).toEqual([400, 400]);
    expect(path?.body.toString()).toContain('<Code>InvalidURI</Code>');
    expect(copy?.body.toString()).toContain('<Code>InvalidArgument</Code>');
  });
});

/** Why an answer is not one the lab may give, or undefined when it may. */
function answerProblem(answer: RawSocketAnswer | undefined): string | undefined {
  if (answer === undefined) return 'no answer: the connection closed without one';
  const { status, headers, body } = answer;
  if (status >= 500 && status !== 501 && status !== 503) return `status ${status}`;
  const text = body.toString('utf8');
  if (/\n\s+at .+:\d+:\d+\)?/.test(text)) return 'a stack trace in the answer';
  if (status < 400 || body.length === 0) return undefined;
  const type = headers['content-type'] ?? '';
  if (type.includes('json')) {
    try {
      JSON.parse(text);
    } catch {
      return `a ${type} error body that is not JSON`;
    }
  } else if (type.includes('xml') && !text.trimStart().startsWith('<')) return 'an XML error body that is not XML';
  // DynamoDB's own answer to an operation it does not know: `<UnknownOperationException/>`, no type (dynalite, as AWS).
  else if (type === '' && /^<\w+\/>$/.test(text.trim())) return undefined;
  else if (!/json|xml|cbor|text\/plain|text\/html/.test(type)) return `an error body of type "${type}"`;
  return undefined;
}

describe(`the fuzzer (seed ${SEED})`, () => {
  it(`sends ${REQUESTS} generated requests to every port; the lab answers each and keeps every queue, item and object`, async () => {
    const ports = labPorts();
    expect(ports.length).toBeGreaterThanOrEqual(6);
    const requests = fuzzRequests(SEED, REQUESTS);
    const problems: string[] = [];
    for (let start = 0; start < requests.length; start += BATCH) {
      const batch = requests.slice(start, start + BATCH).map((request, index) => ({
        ...request,
        port: ports[(start + index) % ports.length] as number,
      }));
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < batch.length) {
            const request = batch[next] as (typeof batch)[number];
            next += 1;
            const answer = await sendRaw({
              ...request,
              headers: request.foreignHost ? { ...request.headers, host: 'rebind.example:80' } : request.headers,
            });
            if (request.mode === 'half-body' || request.mode === 'leave') continue;
            const problem = answerProblem(answer);
            if (problem !== undefined)
              problems.push(
                `${problem}: ${request.method} ${request.path.slice(0, 80)} to port ${request.port} (${JSON.stringify(request.headers)}) → ${answer?.body.toString().slice(0, 200)}`,
              );
          }
        }),
      );
      expect({ batch: start / BATCH, ports: labPorts(), lostThreads }).toEqual({
        batch: start / BATCH,
        ports,
        lostThreads: [],
      });
    }
    expect(await canaries()).toEqual(INTACT);
    expect(problems).toEqual([]);
    expect(faults).toEqual([]);
  });
});
