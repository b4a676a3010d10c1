import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoDbClient, createSqsClient, type Emulators, startEmulators } from '../../lab';
import { EventSourceMapping, InvalidParameterValueError, validateEventSourceMapping } from '../../lab';
import type { Invocable } from '../../lab';
import { createStackResources, lowerVisibilityTimeouts, requireQueue, resolveBindings, TopologyError } from '../../lab';
import { BATCH_PARTIAL, VISIBILITY_DUP } from '../../lib/settings';
import { batchPartialTopology, type StackTopology, visibilityDupTopology } from '../../lib/topology';

/** A function that is never really invoked: the mapping check only reads its timeout. */
function stubFunction(timeoutSeconds: number): Invocable {
  return {
    ref: { stackName: 'VisibilityDupStack', functionId: 'Worker', functionName: 'VisibilityDupStack-Worker' },
    timeoutSeconds,
    invoke: async () => ({ status: 'success', requestId: 'stub', payload: null, durationMs: 0 }),
  };
}

/** The real topology without the create-at-a-longer-timeout step. */
function withoutCreateTimeout(topology: StackTopology): StackTopology {
  return {
    ...topology,
    queues: topology.queues.map(({ createVisibilityTimeoutSeconds: _dropped, ...queue }) => queue),
  };
}

describe('provisioning a stack from its topology', () => {
  let emulators: Emulators;
  let sqs: SQSClient;
  let dynamodb: DynamoDBClient;
  let prefixCount = 0;
  const context = () => ({ sqs, dynamodb, namePrefix: `prov${(prefixCount += 1)}-` });

  const visibilityTimeout = async (queueUrl: string): Promise<number> => {
    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['VisibilityTimeout'] }),
    );
    return Number(Attributes?.VisibilityTimeout);
  };

  beforeAll(async () => {
    emulators = await startEmulators();
    sqs = createSqsClient(emulators);
    dynamodb = createDynamoDbClient(emulators);
  });

  afterAll(async () => {
    sqs?.destroy();
    dynamodb?.destroy();
    await emulators?.stop();
  });

  it('refuses the mapping, as Lambda does, when the queue timeout (5 s) is below the function timeout (30 s)', async () => {
    const stack = await createStackResources(withoutCreateTimeout(visibilityDupTopology()), context());
    const queue = requireQueue(stack, 'ShortVTQueue');

    const creating = EventSourceMapping.create({
      sqs,
      queue,
      fn: stubFunction(VISIBILITY_DUP.workerTimeoutSeconds),
      batchSize: 1,
      reportBatchItemFailures: true,
    });

    await expect(creating).rejects.toBeInstanceOf(InvalidParameterValueError);
    await expect(creating).rejects.toThrow(
      'Queue visibility timeout: 5 seconds is less than Function timeout: 30 seconds',
    );
  });

  it('accepts it when the queue is created at 30 s, then lowers the queue to 5 s', async () => {
    const stack = await createStackResources(visibilityDupTopology(), context());
    const queue = requireQueue(stack, 'ShortVTQueue');
    expect(await visibilityTimeout(queue.url)).toBe(VISIBILITY_DUP.workerTimeoutSeconds);

    const mapping = await EventSourceMapping.create({
      sqs,
      queue,
      fn: stubFunction(VISIBILITY_DUP.workerTimeoutSeconds),
      batchSize: 1,
      reportBatchItemFailures: true,
    });
    await lowerVisibilityTimeouts(stack, sqs);
    await mapping.stop();

    expect(await visibilityTimeout(queue.url)).toBe(VISIBILITY_DUP.queueVisibilityTimeoutSeconds);
  });

  it('stops a mapping at once, although its pollers were in a 20 s long poll', async () => {
    const stack = await createStackResources(visibilityDupTopology(), context());
    const mapping = await EventSourceMapping.create({
      sqs,
      queue: requireQueue(stack, 'ShortVTQueue'),
      fn: stubFunction(VISIBILITY_DUP.workerTimeoutSeconds),
      batchSize: 1,
      reportBatchItemFailures: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));

    const started = performance.now();
    await mapping.stop();

    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses a batch size above 10 without a batching window', async () => {
    const stack = await createStackResources(batchPartialTopology(), context());

    await expect(
      validateEventSourceMapping({
        sqs,
        queue: requireQueue(stack, 'BatchQueue'),
        fn: stubFunction(BATCH_PARTIAL.workerTimeoutSeconds),
        batchSize: 11,
        reportBatchItemFailures: true,
      }),
    ).rejects.toThrow(InvalidParameterValueError);
  });

  it('gives the source queue its redrive policy and retention, and the DLQ a longer retention', async () => {
    const stack = await createStackResources(batchPartialTopology(), context());
    const { Attributes: source } = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: requireQueue(stack, 'BatchQueue').url, AttributeNames: ['All'] }),
    );
    const { Attributes: dlq } = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: requireQueue(stack, 'BatchDlq').url, AttributeNames: ['All'] }),
    );

    expect(JSON.parse(source?.RedrivePolicy ?? '{}')).toEqual({
      deadLetterTargetArn: requireQueue(stack, 'BatchDlq').arn,
      maxReceiveCount: BATCH_PARTIAL.maxReceiveCount,
    });
    expect(source?.VisibilityTimeout).toBe(String(BATCH_PARTIAL.queueVisibilityTimeoutSeconds));
    expect(source?.MessageRetentionPeriod).toBe(String(BATCH_PARTIAL.retentionSeconds));
    expect(dlq?.MessageRetentionPeriod).toBe(String(BATCH_PARTIAL.dlqRetentionSeconds));
  });

  it('creates the tables and resolves each binding to a queue URL, a table name or a value', async () => {
    const ctx = context();
    const stack = await createStackResources(visibilityDupTopology(), ctx);
    const worker = stack.topology.functions.find((spec) => spec.id === 'Worker');
    if (worker === undefined) throw new Error('the topology has no Worker');
    const tableName = `${ctx.namePrefix}VisibilityDupStack-IdemTable`;

    const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: tableName }));
    expect(Table?.KeySchema).toEqual([{ AttributeName: 'messageId', KeyType: 'HASH' }]);
    expect(resolveBindings(stack, worker)).toEqual({
      QUEUE_URL: requireQueue(stack, 'ShortVTQueue').url,
      TABLE_NAME: tableName,
      VISIBILITY_TIMEOUT_SECONDS: String(VISIBILITY_DUP.queueVisibilityTimeoutSeconds),
    });
  });

  it('names the missing queue when a topology refers to one it does not define', async () => {
    const stack = await createStackResources(batchPartialTopology(), context());

    expect(() => requireQueue(stack, 'NoSuchQueue')).toThrow(TopologyError);
    expect(() => requireQueue(stack, 'NoSuchQueue')).toThrow('BatchPartialStack has no queue "NoSuchQueue"');
  });
});
