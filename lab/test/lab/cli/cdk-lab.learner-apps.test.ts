/**
 * Learners' own apps, in each shape of producer #32 names, deployed on an empty lab with the real
 * CDK CLI (aws-cdk, unmodified: bootstrap, `deploy --all`, `destroy --all --force`), then used end
 * to end: SNS to two queues (one filtered, one raw), an S3 upload to a queue through CDK's Python
 * handler, a Python SQS consumer with partial batch responses, API Gateway to SQS, and an HTTP API
 * to Lambda. Each app is a fixture under lab/test/fixtures, synthesized by its own cdk.json; what
 * the lab answers is checked in detail in each service's own tests (the sources are cited there),
 * so this file checks the whole path a learner takes, once per shape.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CloudFormationClient, ListStacksCommand } from '@aws-sdk/client-cloudformation';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { type Message, ReceiveMessageCommand, SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import { LAB_MAX_PROPAGATION_MS } from '#lab/common/propagation';
import { type Lab, startLab } from '#lab/lab';
import { fixtureApp } from '#lab/test/helpers/fixture-apps';
import { waitFor } from '#lab/test/helpers/wait-for';
import { runCdkOnLab } from '#lab/bench/run-cdk-on-lab';

const FIXTURES = fixtureApp('.');
const COMMAND_MS = 150_000;
const APPS = {
  'sns-fanout-app': 'FanoutStack',
  'notifications-app': 'NotifiedStack',
  'python-consumer-app': 'PythonConsumerStack',
  'api-queue-app': 'ApiQueueStack',
  'http-api-app': 'HttpApiStack',
} as const;
type AppName = keyof typeof APPS;

let lab: Lab;
let scratch: string;
const outputs = new Map<AppName, Record<string, string>>();
const client = { region: LAB_REGION, endpoint: '', credentials: LAB_CREDENTIALS };

/** `cdk <args>` in the app's folder, its cloud assembly and outputs file kept out of the repository. */
async function cdk(app: AppName | undefined, ...args: string[]): Promise<void> {
  const cwd = app === undefined ? scratch : join(FIXTURES, app);
  const output = app === undefined ? [] : ['--output', join(scratch, app, 'cdk.out')];
  const result = await runCdkOnLab(lab.endpointUrl, [...args, ...output], { cwd, timeoutMs: COMMAND_MS });
  if (result.code !== 0) throw new Error(`cdk ${args[0]} exited ${result.code}:\n${result.stderr.slice(-4000)}`);
}

async function deploy(app: AppName): Promise<Record<string, string>> {
  const file = join(scratch, app, 'outputs.json');
  await cdk(app, 'deploy', '--all', '--require-approval', 'never', '--outputs-file', file);
  const written = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
  const stack = written[APPS[app]] ?? {};
  outputs.set(app, stack);
  return stack;
}

/** Receives until `enough` says the messages so far are all, within five seconds. */
async function receiveUntil(queueUrl: string, enough: (messages: Message[]) => boolean): Promise<Message[]> {
  const messages: Message[] = [];
  await waitFor(
    async () => {
      const { Messages = [] } = await lab.clients.sqs.send(
        new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, MessageAttributeNames: ['All'] }),
      );
      messages.push(...Messages);
      return enough(messages) ? true : undefined;
    },
    5000,
    `messages in ${queueUrl}`,
  );
  return messages;
}

function loopbackUrl(url: string | undefined): string {
  // Tests send only to loopback.
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  return url ?? '';
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'sqs-lab-learner-apps-'));
  lab = await startLab({ pollers: 1 });
  client.endpoint = lab.endpointUrl;
  await cdk(undefined, 'bootstrap', `aws://000000000000/${LAB_REGION}`);
}, COMMAND_MS);

afterAll(async () => {
  await lab?.stop();
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
});

describe('a learner’s own apps, deployed with the real CDK CLI, deliver end to end', () => {
  it(
    'SNS → two queues: the filtered queue gets only orders in the SNS envelope, the raw queue every body as sent',
    async () => {
      const stack = await deploy('sns-fanout-app');
      const sns = new SNSClient(client);
      try {
        for (const kind of ['order', 'refund'])
          await sns.send(
            new PublishCommand({
              TopicArn: stack.TopicArn,
              Message: `a ${kind}`,
              MessageAttributes: { kind: { DataType: 'String', StringValue: kind } },
            }),
          );
      } finally {
        sns.destroy();
      }
      const audit = await receiveUntil(stack.AuditQueueUrl ?? '', (messages) => messages.length >= 2);
      expect(audit.map((message) => message.Body).sort()).toEqual(['a order', 'a refund']);
      const orders = await receiveUntil(stack.OrdersQueueUrl ?? '', (messages) => messages.length >= 1);
      expect(orders.map((message) => (JSON.parse(message.Body ?? '{}') as { Message?: string }).Message)).toEqual([
        'a order',
      ]);
    },
    COMMAND_MS,
  );

  it(
    'an S3 upload → queue, through CDK’s own Python handler (Custom::S3BucketNotifications)',
    async () => {
      const stack = await deploy('notifications-app');
      const s3 = new S3Client({ ...client, forcePathStyle: true });
      try {
        await s3.send(new PutObjectCommand({ Bucket: stack.BucketName, Key: 'orders.csv', Body: 'a,b\n' }));
      } finally {
        s3.destroy();
      }
      const events = await receiveUntil(stack.QueueUrl ?? '', (messages) =>
        messages.some((message) => message.Body?.includes('ObjectCreated:Put') === true),
      );
      const keys = events.flatMap(
        (message) =>
          (JSON.parse(message.Body ?? '{}') as { Records?: { s3: { object: { key: string } } }[] }).Records ?? [],
      );
      expect(keys.map((record) => record.s3.object.key)).toEqual(['orders.csv']);
    },
    COMMAND_MS,
  );

  it(
    'a Python SQS consumer reports its failures: only the bad order is retried, then moved to the DLQ',
    async () => {
      const stack = await deploy('python-consumer-app');
      const records = lab.logs.collect().records;
      const orders = [{ id: 'o-1', quantity: 2 }, { id: 'o-2' }, { id: 'o-3', quantity: 1 }];
      await lab.clients.sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: stack.OrdersQueueUrl,
          Entries: orders.map((order) => ({ Id: order.id, MessageBody: JSON.stringify(order) })),
        }),
      );
      // Received once (maxReceiveCount 1), reported as failed, visible again after 3 s: moved.
      const dead = await receiveUntil(stack.DeadLettersQueueUrl ?? '', (messages) => messages.length >= 1);
      expect(dead.map((message) => JSON.parse(message.Body ?? '{}'))).toEqual([{ id: 'o-2' }]);
      const lines = records.flatMap((record) => (record.kind === 'function' ? [record.line] : []));
      expect(lines.filter((line) => line.startsWith('[INFO]') && line.includes('handled order'))).toHaveLength(2);
      expect(lines.some((line) => line.startsWith('[ERROR]') && line.includes('cannot handle order o-2'))).toBe(true);
    },
    COMMAND_MS,
  );

  it(
    'API Gateway → SQS: a POST is on the queue, through the integration’s request template',
    async () => {
      const stack = await deploy('api-queue-app');
      // The integration role's grant, made by the deploy, is in force within IAM's propagation
      // delay (the lab's is at most LAB_MAX_PROPAGATION_MS), as on AWS right after a deploy.
      await new Promise((resolve) => setTimeout(resolve, 2 * LAB_MAX_PROPAGATION_MS));
      const answer = await fetch(`${loopbackUrl(stack.ApiUrl)}messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ order: 'o-9' }),
      });
      expect(answer.status).toBe(200);
      const messages = await receiveUntil(stack.InboxUrl ?? '', (received) => received.length >= 1);
      expect(messages.map((message) => JSON.parse(message.Body ?? '{}'))).toEqual([{ order: 'o-9' }]);
    },
    COMMAND_MS,
  );

  it(
    'an HTTP API → Lambda: a GET is answered by the function (payload 2.0)',
    async () => {
      const stack = await deploy('http-api-app');
      const answer = await fetch(`${loopbackUrl(stack.ApiUrl)}hello/ada`);
      expect(answer.status).toBe(201);
      expect(await answer.json()).toMatchObject({ version: '2.0', routeKey: 'GET /hello/{name}', name: 'ada' });
    },
    COMMAND_MS,
  );

  it(
    'cdk destroy --all --force removes every stack the apps deployed',
    async () => {
      // Side by side, as a learner may run them in several terminals: each waits on its own stacks.
      await Promise.all([...outputs.keys()].map((app) => cdk(app, 'destroy', '--all', '--force')));
      const cloudformation = new CloudFormationClient(client);
      try {
        const { StackSummaries = [] } = await cloudformation.send(new ListStacksCommand({}));
        const live = StackSummaries.filter((summary) => summary.StackStatus !== 'DELETE_COMPLETE');
        expect(live.map((summary) => summary.StackName)).toEqual(['CDKToolkit']);
      } finally {
        cloudformation.destroy();
      }
      expect([...outputs.keys()]).toEqual(Object.keys(APPS));
    },
    COMMAND_MS,
  );
});
