/**
 * FIFO topics on the lab's SNS, behaviour by behaviour (sns-behaviours.ts `sns.fifo.*`, each
 * recorded against AWS in LocalStack's test_sns.snapshot.json): the real `@aws-sdk/client-sns`
 * publishing through the lab's SNS API, delivered by the lab's subscription delivery to queues
 * of the SQS emulator.
 */
import { CreateTopicCommand, PublishCommand, SNSClient, SNSServiceException } from '@aws-sdk/client-sns';
import { CreateQueueCommand, type Message, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { LAB_CREDENTIALS, LAB_REGION, queueArn } from '#lab/common/local-aws';
import { acquireLocalhostDns, createSqsClient, type Emulators, startEmulators } from '#lab/emulators/emulators';
import { type LabGateway, startLabGateway } from '#lab/gateway/lab-gateway';
import { snsProviders } from '#lab/services/sns/resource-providers/sns-providers';
import { snsApi } from '#lab/services/sns/sns-api';
import { SnsService } from '#lab/services/sns/sns-service';
import { subscriptionDelivery } from '#lab/services/sns/subscription-delivery';
import { IamState } from '#lab/services/iam/iam-state';
import type { ResourceProvider } from '#lab/services/cloudformation/resource-provider';
import { conform } from '#lab/test/conformance/behaviour';
import { waitFor } from '#lab/test/helpers/wait-for';
import { SNS_BEHAVIOURS } from './sns-behaviours';

const behaviour = (id: (typeof SNS_BEHAVIOURS)[number]['id']) => {
  const found = SNS_BEHAVIOURS.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no behaviour ${id}`);
  return found;
};

describe('SNS FIFO topics (conformance)', () => {
  let emulators: Emulators;
  let sqs: SQSClient;
  let gateway: LabGateway;
  let client: SNSClient;
  let releaseDns: () => void;
  let providers: ResourceProvider[];
  // Every queue policy allows SNS here: the policy check has its own behaviour (sns-api.test.ts).
  const sns = new SnsService(undefined, (delivery) =>
    subscriptionDelivery({ sqs, authorize: async () => 'Allowed' })(delivery),
  );
  let serial = 0;

  beforeAll(async () => {
    releaseDns = acquireLocalhostDns();
    emulators = await startEmulators();
    sqs = createSqsClient(emulators);
    gateway = await startLabGateway([snsApi(sns)]);
    expect(gateway.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    client = new SNSClient({ endpoint: gateway.url, region: LAB_REGION, credentials: LAB_CREDENTIALS });
    providers = snsProviders({ sns, iam: new IamState() });
  });

  afterAll(async () => {
    client?.destroy();
    await gateway?.stop();
    await emulators?.stop();
    releaseDns?.();
  });

  const provider = (type: string) => {
    const found = providers.find((each) => each.type === type);
    if (found === undefined) throw new Error(`no provider ${type}`);
    return found;
  };

  /** A topic (FIFO unless told) and a queue subscribed to it, as a stack would make them. */
  const topicAndQueue = async (options: { fifoTopic?: boolean; fifoQueue?: boolean; contentBased?: boolean } = {}) => {
    serial += 1;
    const fifoTopic = options.fifoTopic ?? true;
    const fifoQueue = options.fifoQueue ?? fifoTopic;
    const topic = await provider('AWS::SNS::Topic').create({
      stackName: 'FifoStack',
      logicalId: `Topic${serial}`,
      resourceType: 'AWS::SNS::Topic',
      properties: {
        ...(fifoTopic ? { FifoTopic: true, TopicName: `orders-${serial}.fifo` } : { TopicName: `orders-${serial}` }),
        ...(options.contentBased === true ? { ContentBasedDeduplication: true } : {}),
      },
    });
    const queueName = `orders-${serial}${fifoQueue ? '.fifo' : ''}`;
    const { QueueUrl = '' } = await sqs.send(
      new CreateQueueCommand({ QueueName: queueName, ...(fifoQueue ? { Attributes: { FifoQueue: 'true' } } : {}) }),
    );
    const subscribe = () =>
      provider('AWS::SNS::Subscription').create({
        stackName: 'FifoStack',
        logicalId: `Subscription${serial}`,
        resourceType: 'AWS::SNS::Subscription',
        properties: { TopicArn: topic.physicalId, Protocol: 'sqs', Endpoint: queueArn(queueName) },
      });
    return { topicArn: topic.physicalId, queueUrl: QueueUrl, subscribe };
  };

  const receive = async (queueUrl: string, count: number): Promise<Message[]> => {
    const messages: Message[] = [];
    await waitFor(
      async () => {
        const { Messages = [] } = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: 10,
            MessageSystemAttributeNames: ['All'],
          }),
        );
        messages.push(...Messages);
        return messages.length >= count ? true : undefined;
      },
      5000,
      `${count} messages in ${queueUrl}`,
    );
    return messages;
  };

  const refusal = async (publish: Promise<unknown>) => {
    const error = await publish.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SNSServiceException);
    return { code: (error as SNSServiceException).name, message: (error as SNSServiceException).message };
  };

  conform(behaviour('sns.fifo.to-fifo-queue'), async () => {
    const { topicArn, queueUrl, subscribe } = await topicAndQueue();
    await subscribe();
    const published = await client.send(
      new PublishCommand({
        TopicArn: topicArn,
        Message: 'Test',
        MessageGroupId: 'message-group-id-1',
        MessageDeduplicationId: 'message-deduplication-id-1',
      }),
    );
    expect(published.SequenceNumber).toMatch(/^\d{20}$/);
    const [message] = await receive(queueUrl, 1);
    expect(message?.Attributes).toMatchObject({
      MessageGroupId: 'message-group-id-1',
      MessageDeduplicationId: 'message-deduplication-id-1',
    });
    const body = JSON.parse(message?.Body ?? '{}') as Record<string, unknown>;
    expect(Object.keys(body)).toEqual([
      'Type',
      'MessageId',
      'SequenceNumber',
      'TopicArn',
      'Message',
      'Timestamp',
      'UnsubscribeURL',
    ]);
    expect(body).toMatchObject({ MessageId: published.MessageId, SequenceNumber: published.SequenceNumber });
  });

  conform(behaviour('sns.fifo.content-deduplication'), async () => {
    const { topicArn, queueUrl, subscribe } = await topicAndQueue({ contentBased: true });
    await subscribe();
    await client.send(
      new PublishCommand({ TopicArn: topicArn, Message: 'Test', MessageGroupId: 'message-group-id-1' }),
    );
    await client.send(
      new PublishCommand({ TopicArn: topicArn, Message: 'Test', MessageGroupId: 'message-group-id-2' }),
    );
    // Another group: the first group stays locked while its message is in flight (a FIFO queue).
    await client.send(
      new PublishCommand({ TopicArn: topicArn, Message: 'Other', MessageGroupId: 'message-group-id-3' }),
    );
    const messages = await receive(queueUrl, 2);
    // sha256("Test"), as recorded.
    const test = messages.find((message) => message.Attributes?.MessageGroupId === 'message-group-id-1');
    expect(test?.Attributes?.MessageDeduplicationId).toBe(
      '532eaabd9574880dbf76b9b8cc00832c20a6ec113d682299550d7a6e0f345e25',
    );
    const bodies = messages.map((message) => (JSON.parse(message.Body ?? '{}') as { Message: string }).Message);
    // The second 'Test' (group 2) was accepted and not delivered.
    expect(bodies.sort()).toEqual(['Other', 'Test']);
    const { Messages: more = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
    );
    expect(more).toEqual([]);
  });

  conform(behaviour('sns.fifo.to-standard-queue'), async () => {
    const { topicArn, queueUrl, subscribe } = await topicAndQueue({ fifoQueue: false });
    await subscribe();
    await client.send(
      new PublishCommand({
        TopicArn: topicArn,
        Message: 'Test',
        MessageGroupId: 'message-group-id-1',
        MessageDeduplicationId: 'd-1',
      }),
    );
    const [message] = await receive(queueUrl, 1);
    expect(message?.Attributes?.MessageGroupId).toBeUndefined();
    expect(message?.Attributes?.MessageDeduplicationId).toBeUndefined();
    expect(JSON.parse(message?.Body ?? '{}')).toHaveProperty('SequenceNumber');
  });

  conform(behaviour('sns.fifo.validation'), async () => {
    const fifo = await topicAndQueue();
    expect(await refusal(client.send(new PublishCommand({ TopicArn: fifo.topicArn, Message: 'x' })))).toEqual({
      code: 'InvalidParameterException',
      message: 'Invalid parameter: The MessageGroupId parameter is required for FIFO topics',
    });
    expect(
      await refusal(client.send(new PublishCommand({ TopicArn: fifo.topicArn, Message: 'x', MessageGroupId: 'g' }))),
    ).toEqual({
      code: 'InvalidParameterException',
      message:
        'Invalid parameter: The topic should either have ContentBasedDeduplication enabled or MessageDeduplicationId provided explicitly',
    });
    const standard = await topicAndQueue({ fifoTopic: false, fifoQueue: true });
    expect(
      await refusal(
        client.send(new PublishCommand({ TopicArn: standard.topicArn, Message: 'x', MessageDeduplicationId: 'd' })),
      ),
    ).toEqual({
      code: 'InvalidParameterException',
      message:
        'Invalid parameter: MessageDeduplicationId Reason: The request includes MessageDeduplicationId parameter that is not valid for this topic type',
    });
    await expect(standard.subscribe()).rejects.toThrow(
      'Invalid parameter: Invalid parameter: Endpoint Reason: FIFO SQS Queues can not be subscribed to standard SNS topics',
    );
    // CreateTopic is not served: topics come from stacks (the lab's SNS API says so by name).
    await expect(client.send(new CreateTopicCommand({ Name: 'x' }))).rejects.toThrow(
      /topics and subscriptions come from your stacks/,
    );
  });
});
