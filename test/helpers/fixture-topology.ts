/**
 * A fixture topology with short timeouts (so a retry or a redrive takes a second, not a minute),
 * built on the tutorial's StackTopology: the tests of the lab that run through the tutorial's
 * machinery deploy it. The lab package's own helpers (waitFor, queue messages, bus records) live in
 * lab/test/helpers/.
 */
import type { StackTopology } from '#lib/topology';

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
        entry: 'lab/test/fixtures/worker.ts',
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
