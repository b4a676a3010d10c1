/**
 * Each stack described as plain data: its queues, table, functions and event source
 * mapping. The CDK stacks turn a topology into CloudFormation resources; the local lab
 * turns the very same topology into emulator queues, tables, worker threads and pollers.
 * Neither side invents a timeout, a batch size or an environment variable of its own.
 *
 * No CDK imports here: the lab and the tests load this without synthesising anything.
 */
import {
  BATCH_EVENT_FILTER_PATTERN,
  BATCH_PARTIAL,
  LAMBDA_MEMORY_MB,
  PRODUCER_TIMEOUT_SECONDS,
  VISIBILITY_DUP,
  VISIBILITY_MANAGER,
} from './settings';

/** A standard SQS queue. */
export interface QueueSpec {
  /** Construct id in the stack, and the queue's name suffix in the lab. */
  readonly id: string;
  /** The visibility timeout the queue has once the stack is up. */
  readonly visibilityTimeoutSeconds: number;
  /**
   * When set, the queue is created with this (longer) timeout so that Lambda accepts the
   * event source mapping, and lowered to `visibilityTimeoutSeconds` after the mapping exists.
   */
  readonly createVisibilityTimeoutSeconds?: number;
  readonly retentionSeconds: number;
  /**
   * `DelaySeconds`, 0 to 900: every message sent without a timer of its own stays hidden this
   * long (a delay queue). 0 when absent, as on every deployed queue.
   */
  readonly delaySeconds?: number;
  /** Redrive to another queue of the same stack after `maxReceiveCount` receives. */
  readonly deadLetter?: { readonly queueId: string; readonly maxReceiveCount: number };
}

/** A DynamoDB table keyed by one string partition key, on-demand. */
export interface TableSpec {
  readonly id: string;
  readonly partitionKey: string;
  /** Attribute DynamoDB TTL deletes items by (epoch seconds). */
  readonly timeToLiveAttribute: string;
}

/** Where an environment variable's value comes from. */
export type EnvBinding = { readonly queueUrl: string } | { readonly tableName: string } | { readonly value: string };

/** A Lambda function bundled from one TypeScript entry that exports `handler`. */
export interface FunctionSpec {
  readonly id: string;
  /** Entry file, relative to the project root. */
  readonly entry: string;
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
  readonly environment: Readonly<Record<string, EnvBinding>>;
  /** `ReservedConcurrentExecutions`; none when absent (lab-only variants set it so far). */
  readonly reservedConcurrency?: number;
}

/** Lambda's SQS event source mapping. */
export interface MappingSpec {
  readonly functionId: string;
  readonly queueId: string;
  readonly batchSize: number;
  readonly reportBatchItemFailures: boolean;
  /** `ScalingConfig.MaximumConcurrency`, 2 to 1000 (default `MAPPING_MAX_CONCURRENCY`). */
  readonly maximumConcurrency?: number;
  /**
   * `FilterCriteria`: up to five Lambda filter patterns (e.g. `{ body: { kind: ['order'] } }`);
   * a message no pattern matches is deleted without invoking the function. Default: none.
   */
  readonly filterPatterns?: readonly Readonly<Record<string, unknown>>[];
}

/** One stack: `POST /enqueue` → producer → queue → worker. */
export interface StackTopology {
  readonly stackName: 'VisibilityDupStack' | 'BatchPartialStack';
  /** The function behind `POST /enqueue`. */
  readonly apiFunctionId: string;
  /** The queue the producer sends to (output `QueueUrl`). */
  readonly mainQueueId: string;
  readonly queues: readonly QueueSpec[];
  readonly tables: readonly TableSpec[];
  readonly functions: readonly FunctionSpec[];
  readonly mappings: readonly MappingSpec[];
}

/** Deploy-time switches of the Step 7 stack (CDK context, lab `-c`). */
export interface VisibilityDupOptions {
  /**
   * `true`: the worker takes batches of `VISIBILITY_MANAGER.batchSize` and keeps each batch
   * hidden with one visibility manager (`HEARTBEAT_MODE=batch-manager`) instead of a heartbeat
   * per message: what the `visibility-manager` experiment needs.
   */
  readonly visibilityManager: boolean;
}

/** The switches' defaults: the worker of the tutorial (batch size 1, heartbeat per message). */
export const DEFAULT_VISIBILITY_DUP_OPTIONS: VisibilityDupOptions = { visibilityManager: false };

/** The Step 7 worker's `HEARTBEAT_MODE` (lambda/visibility-dup/worker.ts). */
export type HeartbeatMode = 'per-message' | 'batch-manager';

/** The heartbeat mode the switches give the Step 7 worker (also the stack's `HeartbeatMode` output). */
export function heartbeatModeOf(options: VisibilityDupOptions): HeartbeatMode {
  return options.visibilityManager ? 'batch-manager' : 'per-message';
}

/** The worker environment that switches the Step 7 worker to one visibility manager per batch. */
export function visibilityManagerEnvironment(
  maxLifeSeconds: number = VISIBILITY_MANAGER.maxLifeSeconds,
): Record<string, string> {
  return {
    HEARTBEAT_MODE: 'batch-manager',
    MANAGER_TIMER_INTERVAL_MS: String(VISIBILITY_MANAGER.timerIntervalMs),
    MANAGER_MINIMAL_LIFE_MS: String(VISIBILITY_MANAGER.minimalLifeMs),
    MANAGER_MAX_LIFE_SECONDS: String(maxLifeSeconds),
  };
}

/**
 * Step 7: 5 s queue, worker with heartbeat and idempotency guard. With `visibilityManager`,
 * the worker takes batches of 10 under one visibility manager each.
 */
export function visibilityDupTopology(options: VisibilityDupOptions = DEFAULT_VISIBILITY_DUP_OPTIONS): StackTopology {
  const manager = options.visibilityManager
    ? Object.fromEntries(Object.entries(visibilityManagerEnvironment()).map(([name, value]) => [name, { value }]))
    : {};
  return {
    stackName: 'VisibilityDupStack',
    apiFunctionId: 'Producer',
    mainQueueId: 'ShortVTQueue',
    queues: [
      {
        id: 'ShortVTQueue',
        visibilityTimeoutSeconds: VISIBILITY_DUP.queueVisibilityTimeoutSeconds,
        createVisibilityTimeoutSeconds: VISIBILITY_DUP.workerTimeoutSeconds,
        retentionSeconds: VISIBILITY_DUP.retentionSeconds,
        deadLetter: { queueId: 'ShortVTDlq', maxReceiveCount: VISIBILITY_DUP.maxReceiveCount },
      },
      {
        id: 'ShortVTDlq',
        visibilityTimeoutSeconds: VISIBILITY_DUP.workerTimeoutSeconds,
        retentionSeconds: VISIBILITY_DUP.dlqRetentionSeconds,
      },
    ],
    tables: [{ id: 'IdemTable', partitionKey: 'messageId', timeToLiveAttribute: 'expiresAt' }],
    functions: [
      {
        id: 'Producer',
        entry: 'lambda/visibility-dup/producer.ts',
        timeoutSeconds: PRODUCER_TIMEOUT_SECONDS,
        memoryMb: LAMBDA_MEMORY_MB,
        environment: { QUEUE_URL: { queueUrl: 'ShortVTQueue' } },
      },
      {
        id: 'Worker',
        entry: 'lambda/visibility-dup/worker.ts',
        timeoutSeconds: VISIBILITY_DUP.workerTimeoutSeconds,
        memoryMb: LAMBDA_MEMORY_MB,
        environment: {
          QUEUE_URL: { queueUrl: 'ShortVTQueue' },
          TABLE_NAME: { tableName: 'IdemTable' },
          VISIBILITY_TIMEOUT_SECONDS: { value: String(VISIBILITY_DUP.queueVisibilityTimeoutSeconds) },
          ...manager,
        },
      },
    ],
    mappings: [
      {
        functionId: 'Worker',
        queueId: 'ShortVTQueue',
        batchSize: options.visibilityManager ? VISIBILITY_MANAGER.batchSize : VISIBILITY_DUP.workerBatchSize,
        // The worker reports an in-progress duplicate as a failed item, not as a crash.
        reportBatchItemFailures: true,
      },
    ],
  };
}

/** Deploy-time switches of the batch stack (CDK context, lab flags). */
export interface BatchPartialOptions {
  readonly batchSize: number;
  readonly reportBatchItemFailures: boolean;
  /**
   * `-c eventFilter=true`: the mapping carries `BATCH_EVENT_FILTER_PATTERN` as its FilterCriteria,
   * so messages marked `shouldFail` are deleted without reaching the worker. Absent: no filter.
   */
  readonly eventFilter?: boolean;
}

/** The FilterCriteria output of BatchPartialStack (`EventFilter`): the pattern as JSON, or `none`. */
export function eventFilterOutputOf(options: BatchPartialOptions): string {
  return options.eventFilter === true ? JSON.stringify(BATCH_EVENT_FILTER_PATTERN) : 'none';
}

/** The switches' defaults, as `cdk.json` also states them. */
export const DEFAULT_BATCH_PARTIAL_OPTIONS: BatchPartialOptions = {
  batchSize: BATCH_PARTIAL.defaultBatchSize,
  reportBatchItemFailures: BATCH_PARTIAL.defaultReportBatchItemFailures,
};

/** Step 8: queue with a DLQ, worker with partial batch responses. */
export function batchPartialTopology(options: BatchPartialOptions = DEFAULT_BATCH_PARTIAL_OPTIONS): StackTopology {
  return {
    stackName: 'BatchPartialStack',
    apiFunctionId: 'Producer',
    mainQueueId: 'BatchQueue',
    queues: [
      {
        id: 'BatchQueue',
        visibilityTimeoutSeconds: BATCH_PARTIAL.queueVisibilityTimeoutSeconds,
        retentionSeconds: BATCH_PARTIAL.retentionSeconds,
        deadLetter: { queueId: 'BatchDlq', maxReceiveCount: BATCH_PARTIAL.maxReceiveCount },
      },
      {
        id: 'BatchDlq',
        visibilityTimeoutSeconds: BATCH_PARTIAL.queueVisibilityTimeoutSeconds,
        retentionSeconds: BATCH_PARTIAL.dlqRetentionSeconds,
      },
    ],
    tables: [],
    functions: [
      {
        id: 'Producer',
        entry: 'lambda/batch-partial/producer.ts',
        timeoutSeconds: PRODUCER_TIMEOUT_SECONDS,
        memoryMb: LAMBDA_MEMORY_MB,
        environment: { QUEUE_URL: { queueUrl: 'BatchQueue' } },
      },
      {
        id: 'Worker',
        entry: 'lambda/batch-partial/worker.ts',
        timeoutSeconds: BATCH_PARTIAL.workerTimeoutSeconds,
        memoryMb: LAMBDA_MEMORY_MB,
        environment: {
          REPORT_BATCH_ITEM_FAILURES: { value: String(options.reportBatchItemFailures) },
        },
      },
    ],
    mappings: [
      {
        functionId: 'Worker',
        queueId: 'BatchQueue',
        batchSize: options.batchSize,
        reportBatchItemFailures: options.reportBatchItemFailures,
        ...(options.eventFilter === true ? { filterPatterns: [BATCH_EVENT_FILTER_PATTERN] } : {}),
      },
    ],
  };
}
