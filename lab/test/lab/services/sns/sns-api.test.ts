/**
 * SNS fan-out on the lab, as a learner's app uses it: `aws sns publish` (here the SDK) through the
 * lab's one endpoint, delivered to each subscribed queue that the queue's policy lets SNS send to:
 * in SNS's JSON envelope (SNS developer guide, "Amazon SNS message and JSON formats"), or raw with
 * the attributes as SQS message attributes ("Amazon SNS raw message delivery"), only where the
 * filter policy matches ("Amazon SNS message filtering"); a queue whose policy does not allow SNS
 * gets nothing ("Fanout Amazon SNS notifications to Amazon SQS queues", step 2).
 */
import { ListSubscriptionsByTopicCommand, PublishBatchCommand, PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { type Message, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdkAppDirectory } from '#lab/app/cdk-app-directory';
import { LAB_CREDENTIALS, LAB_REGION } from '#lab/common/local-aws';
import { type Lab, startLab } from '#lab/lab';
import { waitFor } from '#lab/test/helpers/wait-for';
import { fixtureApp } from '#lab/test/helpers/fixture-apps';

const APP_DIR = fixtureApp('sns-fanout-app');

describe('SNS on the lab: publish, fan out to queues, filter, raw delivery', () => {
  let lab: Lab;
  let sns: SNSClient;
  let outputs: Record<string, string>;

  beforeAll(async () => {
    lab = await startLab({ app: cdkAppDirectory(APP_DIR) });
    sns = new SNSClient({ endpoint: lab.endpointUrl, region: LAB_REGION, credentials: LAB_CREDENTIALS });
    outputs = { ...lab.deployed.get('FanoutStack')?.outputs };
  }, 120_000);

  afterAll(async () => {
    sns?.destroy();
    await lab?.stop();
  });

  const receive = async (queue: string, count: number): Promise<Message[]> => {
    const messages: Message[] = [];
    await waitFor(
      async () => {
        const { Messages = [] } = await lab.clients.sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: outputs[`${queue}QueueUrl`],
            MaxNumberOfMessages: 10,
            MessageAttributeNames: ['All'],
            WaitTimeSeconds: 0,
          }),
        );
        messages.push(...Messages);
        return messages.length >= count ? true : undefined;
      },
      5000,
      `${count} message(s) in ${queue}`,
    );
    return messages;
  };

  it('delivers a published order in the envelope to the filtered queue, and raw with its attributes to the audit queue', async () => {
    const { MessageId } = await sns.send(
      new PublishCommand({
        TopicArn: outputs.TopicArn,
        Subject: 'new order',
        Message: '{"order":1}',
        MessageAttributes: { kind: { DataType: 'String', StringValue: 'order' } },
      }),
    );
    expect(MessageId).toMatch(/^[0-9a-f-]{36}$/);
    const [enveloped] = await receive('Orders', 1);
    expect(JSON.parse(enveloped?.Body ?? '{}')).toMatchObject({
      Type: 'Notification',
      MessageId,
      TopicArn: outputs.TopicArn,
      Subject: 'new order',
      Message: '{"order":1}',
      MessageAttributes: { kind: { Type: 'String', Value: 'order' } },
    });
    const [raw] = await receive('Audit', 1);
    expect(raw?.Body).toBe('{"order":1}');
    expect(raw?.MessageAttributes?.kind).toMatchObject({ DataType: 'String', StringValue: 'order' });
  });

  it('keeps a message the filter policy does not match out of the filtered queue only', async () => {
    await sns.send(
      new PublishBatchCommand({
        TopicArn: outputs.TopicArn,
        PublishBatchRequestEntries: [
          { Id: 'a', Message: 'refund', MessageAttributes: { kind: { DataType: 'String', StringValue: 'refund' } } },
          { Id: 'b', Message: 'no attributes' },
        ],
      }),
    );
    const audited = await receive('Audit', 2);
    expect(audited.map((message) => message.Body).sort()).toEqual(['no attributes', 'refund']);
    const { Messages = [] } = await lab.clients.sqs.send(
      new ReceiveMessageCommand({ QueueUrl: outputs.OrdersQueueUrl, WaitTimeSeconds: 1 }),
    );
    expect(Messages).toEqual([]);
  });

  it('sends nothing to a queue whose policy does not let SNS send to it, and says why', async () => {
    const { Messages = [] } = await lab.clients.sqs.send(
      new ReceiveMessageCommand({ QueueUrl: outputs.ClosedQueueUrl, WaitTimeSeconds: 1 }),
    );
    expect(Messages).toEqual([]);
    const outcomes = lab.snsDeliveries().map(({ endpoint, outcome, reason }) => ({
      queue: ['Closed', 'Orders', 'Audit'].find((name) => endpoint.includes(`-${name}`)),
      outcome,
      reason,
    }));
    expect(outcomes.filter((each) => each.queue === 'Closed').map((each) => each.outcome)).toEqual([
      'failed',
      'failed',
      'failed',
    ]);
    expect(outcomes.find((each) => each.queue === 'Closed')?.reason).toMatch(
      /does not allow sns\.amazonaws\.com to sqs:SendMessage for arn:aws:sns:/,
    );
    expect(
      outcomes
        .filter((each) => each.queue === 'Orders')
        .map((each) => each.outcome)
        .sort(),
    ).toEqual(['delivered', 'filtered', 'filtered']);
    const subscriptions = await sns.send(new ListSubscriptionsByTopicCommand({ TopicArn: outputs.TopicArn }));
    expect(subscriptions.Subscriptions?.map((each) => each.Protocol).sort()).toEqual(['lambda', 'sqs', 'sqs', 'sqs']);
  });

  it("invokes a subscribed function with SNS's event, as the Lambda guide shows it", async () => {
    const lines = lab.logs.collect().records;
    await sns.send(new PublishCommand({ TopicArn: outputs.TopicArn, Subject: 'ping', Message: 'to the function' }));
    await waitFor(
      () =>
        lines.some(
          (record) =>
            record.kind === 'function' &&
            record.line.includes('{"source":"aws:sns","subject":"ping","message":"to the function"}'),
        )
          ? true
          : undefined,
      5000,
      'the function to log the SNS record',
    );
  });

  it('answers an unknown topic with SNS NotFound', async () => {
    await expect(
      sns.send(new PublishCommand({ TopicArn: `${outputs.TopicArn}-gone`, Message: 'x' })),
    ).rejects.toMatchObject({ name: 'NotFoundException', message: 'Topic does not exist' });
  });
});
