import { CreateTableCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, PurgeQueueCommand, ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { createDynamoDbClient, createSqsClient, startEmulators } from '#lab/emulators/emulators';

describe('emulators, each in a thread of its own', () => {
  it('serve SQS with the fidelity layer and DynamoDB, move the SQS lab clock on request, and stop', async () => {
    const emulators = await startEmulators();
    const sqs = createSqsClient(emulators);
    const dynamodb = createDynamoDbClient(emulators);
    try {
      const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'placement-own-thread' }));
      // An emoji: fauxqs alone refuses it; the fidelity layer's character set accepts it.
      await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'hello 🚀' }));
      const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 1 }));
      expect(Messages.map((message) => message.Body)).toEqual(['hello 🚀']);

      // The fidelity layer's 60-second PurgeQueue rule reads the lab clock, which lives in the emulator's thread.
      await sqs.send(new PurgeQueueCommand({ QueueUrl }));
      await expect(sqs.send(new PurgeQueueCommand({ QueueUrl }))).rejects.toMatchObject({
        name: 'PurgeQueueInProgress',
      });
      await emulators.sqsClock.advance(61_000);
      await expect(sqs.send(new PurgeQueueCommand({ QueueUrl }))).resolves.toBeDefined();
      await expect(emulators.sqsClock.advance(-1)).rejects.toThrow(/only moves forward/);

      await dynamodb.send(
        new CreateTableCommand({
          TableName: 'placement',
          AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
          KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
          BillingMode: 'PAY_PER_REQUEST',
        }),
      );
      const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: 'placement' }));
      expect(Table?.TableStatus).toBe('ACTIVE');

      const threadHeap = await emulators.threadHeapBytes();
      expect(threadHeap).toBeGreaterThan(1024 * 1024);
    } finally {
      sqs.destroy();
      dynamodb.destroy();
      await emulators.stop();
    }
    await expect(fetch(emulators.sqsCliEndpoint)).rejects.toThrow();
    await expect(fetch(emulators.dynamodbEndpoint)).rejects.toThrow();
  });
});
