/**
 * Any CDK app directory on the lab: a learner's app with its own cdk.json, synthesized by its own
 * command as the CDK CLI runs it (CDK_OUTDIR, CDK_CONTEXT_JSON with cdk.json's context), deployed
 * whole, and used through the lab's clients; a second deploy with `-c` context changes it.
 */
import { GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { DescribeTableCommand, PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdkAppDirectory } from '#lab/app/cdk-app-directory';
import { type Lab, startLab } from '#lab/lab';
import { startConsole } from '#lab/console/console-server';
import { fixtureApp } from '#lab/test/helpers/fixture-apps';

const APP_DIR = fixtureApp('cdk-app');

describe('a CDK app directory on the lab', () => {
  let lab: Lab;

  beforeAll(async () => {
    lab = await startLab({ app: cdkAppDirectory(APP_DIR) });
  }, 120_000);

  afterAll(async () => {
    await lab?.stop();
  });

  it("deploys every stack of the app's assembly, with cdk.json's context", async () => {
    const stack = lab.deployed.get('OrdersStack');
    expect(stack?.status).toBe('CREATE_COMPLETE');
    const queueUrl = stack?.outputs.QueueUrl ?? '';
    // The app describes no layout: the lab reads one from what the stack deployed (the queue with a
    // dead-letter queue is the main one), so lab.stacks and the console show it.
    const view = lab.stack('OrdersStack');
    expect(view.queueUrl).toBe(queueUrl);
    expect(view.dlqUrl).toMatch(/OrdersDlq/);
    expect(Object.keys(view.tableNames)).toEqual(['Seen']);
    expect(queueUrl).toMatch(/\/orders$/);
    const attributes = await lab.clients.sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['VisibilityTimeout', 'RedrivePolicy'] }),
    );
    expect(attributes.Attributes?.VisibilityTimeout).toBe('20');
    expect(JSON.parse(attributes.Attributes?.RedrivePolicy ?? '{}')).toMatchObject({ maxReceiveCount: 3 });
    const table = await lab.clients.dynamodb.send(new DescribeTableCommand({ TableName: stack?.outputs.TableName }));
    expect(table.Table?.KeySchema).toEqual([
      { AttributeName: 'id', KeyType: 'HASH' },
      { AttributeName: 'at', KeyType: 'RANGE' },
    ]);
  });

  it('serves what AWS-managed keys encrypt, and the secondary indexes a table declares', async () => {
    // AWS-managed keys change nothing a learner sees (SQS, SNS and DynamoDB developer guides on
    // encryption at rest): the queue, the topic and the table are there, and the table's global and
    // local secondary indexes answer queries (DynamoDB developer guide, "Improving data access with
    // secondary indexes").
    const stack = lab.deployed.get('OrdersStack');
    const queueUrl = stack?.outputs.QueueUrl ?? '';
    const attributes = await lab.clients.sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['KmsMasterKeyId'] }),
    );
    expect(attributes.Attributes?.KmsMasterKeyId).toBe('alias/aws/sqs');
    expect(stack?.outputs.TopicArn).toMatch(/^arn:aws:sns:us-east-1:\d{12}:OrdersStack-Shipped/);
    const TableName = stack?.outputs.TableName;
    const table = await lab.clients.dynamodb.send(new DescribeTableCommand({ TableName }));
    expect(table.Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName)).toEqual(['byStatus']);
    expect(table.Table?.LocalSecondaryIndexes?.map((index) => index.IndexName)).toEqual(['byPriority']);
    await lab.clients.dynamodb.send(
      new PutItemCommand({
        TableName,
        Item: { id: { S: 'o-1' }, at: { N: '1' }, status: { S: 'shipped' }, priority: { N: '2' } },
      }),
    );
    const byStatus = await lab.clients.dynamodb.send(
      new QueryCommand({
        TableName,
        IndexName: 'byStatus',
        KeyConditionExpression: '#s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': { S: 'shipped' } },
      }),
    );
    expect(byStatus.Items?.map((item) => item.id?.S)).toEqual(['o-1']);
  });

  it("shows the app's stack in the console: its queues, DLQ and table, and a send form for it", async () => {
    const labConsole = await startConsole(lab);
    try {
      const state = (await (await fetch(new URL('api/state', labConsole.url))).json()) as {
        stacks: { stackName: string; queues: { id: string }[]; tableId?: string }[];
      };
      expect(state.stacks.map((stack) => stack.stackName)).toEqual(['OrdersStack']);
      expect(state.stacks[0]?.queues.map((queue) => queue.id).sort()).toEqual(['Orders', 'OrdersDlq']);
      expect(state.stacks[0]?.tableId).toBe('Seen');
      expect(await (await fetch(labConsole.url)).text()).toContain('<option>OrdersStack</option>');
    } finally {
      await labConsole.stop();
    }
  });

  it('carries a message through the queue it made', async () => {
    const queueUrl = lab.deployed.get('OrdersStack')?.outputs.QueueUrl ?? '';
    await lab.clients.sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'order-1' }));
    const received = await lab.clients.sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 1, MaxNumberOfMessages: 1 }),
    );
    expect(received.Messages?.map((message) => message.Body)).toEqual(['order-1']);
  });

  it("applies a deploy with -c context over cdk.json's, as cdk deploy -c does", async () => {
    const [stack] = await lab.deploy({ context: { queueName: 'orders-v2' } });
    expect(stack?.status).toBe('UPDATE_COMPLETE');
    expect(lab.deployed.get('OrdersStack')?.outputs.QueueUrl).toMatch(/\/orders-v2$/);
  }, 60_000);
});
