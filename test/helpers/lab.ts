/**
 * Lab test helpers: a fixture topology with short timeouts (so a retry or a redrive takes a
 * second, not a minute), message senders and a `waitFor` that polls a condition.
 */
import { join } from 'node:path';
import {
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { FunctionLogRecord, LabLogRecord, MappingLogRecord } from '#lab/bus/lab-log-record';
import type { StackTopology } from '#lib/topology';

/** Bundles of one test file, apart from `.lab/bundles` and from other test files running in parallel. */
export function testBundleDir(name: string): string {
  return join('.lab', 'test-bundles', name);
}

export interface FixtureTopologyOptions {
  readonly stackName?: StackTopology['stackName'];
  readonly reportBatchItemFailures?: boolean;
  readonly batchSize?: number;
  readonly visibilityTimeoutSeconds?: number;
  readonly createVisibilityTimeoutSeconds?: number;
  readonly workerTimeoutSeconds?: number;
  readonly maxReceiveCount?: number;
  readonly withTable?: boolean;
}

/**
 * A stack served by the fixture handlers of test/lab/fixtures: the worker's behaviour is
 * chosen per message body, the producer echoes its proxy event.
 */
export function fixtureTopology(options: FixtureTopologyOptions = {}): StackTopology {
  const workerTimeoutSeconds = options.workerTimeoutSeconds ?? 1;
  return {
    stackName: options.stackName ?? 'BatchPartialStack',
    apiFunctionId: 'Producer',
    mainQueueId: 'Queue',
    queues: [
      {
        id: 'Queue',
        visibilityTimeoutSeconds: options.visibilityTimeoutSeconds ?? 1,
        ...(options.createVisibilityTimeoutSeconds === undefined
          ? {}
          : { createVisibilityTimeoutSeconds: options.createVisibilityTimeoutSeconds }),
        retentionSeconds: 3600,
        deadLetter: { queueId: 'Dlq', maxReceiveCount: options.maxReceiveCount ?? 2 },
      },
      { id: 'Dlq', visibilityTimeoutSeconds: 30, retentionSeconds: 7200 },
    ],
    tables: options.withTable === true ? [{ id: 'Table', partitionKey: 'id', timeToLiveAttribute: 'expiresAt' }] : [],
    functions: [
      {
        id: 'Producer',
        entry: 'test/lab/fixtures/api.ts',
        timeoutSeconds: 2,
        memoryMb: 128,
        environment: { QUEUE_URL: { queueUrl: 'Queue' } },
      },
      {
        id: 'Worker',
        entry: 'test/lab/fixtures/worker.ts',
        timeoutSeconds: workerTimeoutSeconds,
        memoryMb: 128,
        environment: { MODE: { value: 'fixture' } },
      },
    ],
    mappings: [
      {
        functionId: 'Worker',
        queueId: 'Queue',
        batchSize: options.batchSize ?? 10,
        reportBatchItemFailures: options.reportBatchItemFailures ?? true,
      },
    ],
  };
}

/** Sends bodies (objects become JSON) in one SendMessageBatch; returns the message ids in order. */
export async function sendBodies(sqs: SQSClient, queueUrl: string, bodies: readonly object[]): Promise<string[]> {
  const response = await sqs.send(
    new SendMessageBatchCommand({
      QueueUrl: queueUrl,
      Entries: bodies.map((body, index) => ({ Id: String(index), MessageBody: JSON.stringify(body) })),
    }),
  );
  const ids: string[] = [];
  for (let index = 0; index < bodies.length; index += 1) {
    const sent = response.Successful?.find((entry) => entry.Id === String(index));
    if (sent?.MessageId === undefined) throw new Error(`message ${index} was not sent`);
    ids.push(sent.MessageId);
  }
  return ids;
}

/** Visible plus in-flight messages of a queue. */
export async function messagesInQueue(sqs: SQSClient, queueUrl: string): Promise<number> {
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return Number(Attributes?.ApproximateNumberOfMessages) + Number(Attributes?.ApproximateNumberOfMessagesNotVisible);
}

/** Receives up to 10 messages from a queue nobody polls (a DLQ), with their system attributes. */
export async function receiveAll(sqs: SQSClient, queueUrl: string) {
  const { Messages } = await sqs.send(
    new ReceiveMessageCommand({
      QueueUrl: queueUrl,
      MaxNumberOfMessages: 10,
      WaitTimeSeconds: 0,
      VisibilityTimeout: 0,
      MessageSystemAttributeNames: ['All'],
    }),
  );
  return Messages ?? [];
}

/** Polls `condition` every 50 ms until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  condition: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Mapping records (batch outcomes) among collected records. */
export function mappingRecords(records: readonly LabLogRecord[]): MappingLogRecord[] {
  return records.filter((record): record is MappingLogRecord => record.kind === 'mapping');
}

/** Function lines with a given `event` field, e.g. every `start` of the fixture worker. */
export function functionEvents(records: readonly LabLogRecord[], event: string): FunctionLogRecord[] {
  return records.filter(
    (record): record is FunctionLogRecord => record.kind === 'function' && record.parsed?.event === event,
  );
}
