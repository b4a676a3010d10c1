/**
 * Queues and tables the bench creates for itself on the lab's emulators, named with one
 * prefix per run so a bench never reads another run's messages or records.
 */
import { randomUUID } from 'node:crypto';
import { CreateTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, type SQSClient } from '@aws-sdk/client-sqs';

/** Raised when the emulator does not hand back what a created resource needs. */
export class BenchResourceError extends Error {
  override readonly name = 'BenchResourceError';
}

/** A name unique to this process and call: `bench3f9a1c2b-<what>`. */
function benchName(what: string): string {
  return `bench${randomUUID().replaceAll('-', '').slice(0, 8)}-${what}`;
}

/** Creates a standard queue and returns its URL. */
export async function createBenchQueue(sqs: SQSClient, what: string, visibilityTimeoutSeconds = 30): Promise<string> {
  const name = benchName(what);
  const { QueueUrl } = await sqs.send(
    new CreateQueueCommand({ QueueName: name, Attributes: { VisibilityTimeout: String(visibilityTimeoutSeconds) } }),
  );
  if (QueueUrl === undefined) throw new BenchResourceError(`CreateQueue returned no URL for ${name}`);
  return QueueUrl;
}

/** Creates an on-demand table keyed by one string attribute and returns its name. */
export async function createBenchTable(dynamodb: DynamoDBClient, what: string, partitionKey: string): Promise<string> {
  const name = benchName(what);
  await dynamodb.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [{ AttributeName: partitionKey, KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: partitionKey, AttributeType: 'S' }],
    }),
  );
  return name;
}
