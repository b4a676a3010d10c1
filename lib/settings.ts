/**
 * The one source of truth for every number that shapes the two experiments.
 *
 * The CDK stacks, the Lambda handlers, the local lab and the tests all read these
 * values, so what runs on a laptop cannot drift from what `cdk deploy` creates.
 * This file has no imports on purpose: it is bundled into the Lambda functions too.
 */

/** Lambda runtime of every function, as CloudFormation names it (nodejs20.x is blocked). */
export const LAMBDA_RUNTIME = 'nodejs24.x';

/** Memory of every function, in MB. */
export const LAMBDA_MEMORY_MB = 256;

/** Timeout of the two producers, in seconds (one SendMessage / a few SendMessageBatch calls). */
export const PRODUCER_TIMEOUT_SECONDS = 10;

/** Largest accepted `POST /enqueue` body, in bytes (UTF-8). */
export const MAX_REQUEST_BODY_BYTES = 4096;

/** Longest accepted `id`, in characters (it becomes a DynamoDB key and a log field). */
export const MAX_ID_LENGTH = 128;

/**
 * SQS's longest delay, for a queue (`DelaySeconds`) and for one message (a message timer):
 * 15 minutes (SQS Developer Guide, "Amazon SQS delay queues" and "Amazon SQS message timers").
 */
export const SQS_MAX_DELAY_SECONDS = 900;

/** Step 7: visibility-timeout duplicates, the heartbeat and the idempotency guard. */
export const VISIBILITY_DUP = {
  /** The queue's effective visibility timeout once the stack is deployed. */
  queueVisibilityTimeoutSeconds: 5,
  /** Worker function timeout. The queue is created at this value and lowered afterwards. */
  workerTimeoutSeconds: 30,
  /** Records per worker invocation. */
  workerBatchSize: 1,
  /**
   * Longest simulated job a request may ask for: the worker must still have time for the
   * guard's writes and the SDK round trips before its own timeout.
   */
  maxSleepSeconds: 25,
  /** Receives before a message that never succeeds is parked in the DLQ (nothing is lost). */
  maxReceiveCount: 10,
  /** Source queue retention: 4 days, the SQS default. */
  retentionSeconds: 4 * 24 * 3600,
  /** DLQ retention: 14 days, longer than the source so a redriven message cannot expire at once. */
  dlqRetentionSeconds: 14 * 24 * 3600,
  /** A completed guard record is honoured for this long, then treated as absent. */
  completedRecordTtlSeconds: 24 * 3600,
} as const;

/**
 * The visibility manager (lambda/core/visibility-manager.ts): the Step 7 worker's other way to
 * keep messages hidden, one timer for a whole batch. The deployed worker (batch size 1) keeps
 * its per-message heartbeat unless deployed with `-c visibilityManager=true` (lib/topology.ts
 * `visibilityDupTopology`); the `visibility-manager` experiment runs that worker, with these
 * values scaled so that a run lasts seconds. The queue's visibility
 * timeout (the note's QueueMessageVisibilityTimeout) is `VISIBILITY_DUP.queueVisibilityTimeoutSeconds`.
 */
export const VISIBILITY_MANAGER = {
  /** TimerInterval: one check of every registered message per second. */
  timerIntervalMs: 1000,
  /** MessageMinimalLife: a check extends the batch when a message would have less than this left by the next one. */
  minimalLifeMs: 2000,
  /** MessageTimeout: a job still working after this long is let go (visibility 0 s) and delivered again. */
  maxLifeSeconds: 8,
  /** Records per invocation of the experiment's worker. */
  batchSize: 10,
} as const;

/** Step 8: batches, partial batch responses and the dead-letter queue. */
export const BATCH_PARTIAL = {
  /**
   * Queue visibility timeout: twice the worker timeout, so a failed message comes back
   * within seconds and the retry → DLQ sequence is visible in one short experiment.
   */
  queueVisibilityTimeoutSeconds: 10,
  workerTimeoutSeconds: 5,
  /** Default batch size of the worker (CDK context `batchSize`, lab flag `--batch-size`). */
  defaultBatchSize: 10,
  /** Largest batch size without a batching window (Lambda's rule for standard queues). */
  maxBatchSize: 10,
  /** Default of CDK context `reportBatchItemFailures`. */
  defaultReportBatchItemFailures: true,
  /** Receives before SQS moves a failing message to the DLQ. */
  maxReceiveCount: 2,
  /** Largest `count` one `POST /enqueue` may ask for. */
  maxCount: 100,
  retentionSeconds: 4 * 24 * 3600,
  dlqRetentionSeconds: 14 * 24 * 3600,
} as const;

/**
 * The filter pattern BatchPartialStack's mapping carries with `-c eventFilter=true`: only bodies
 * whose `shouldFail` is `false` reach the worker; Lambda deletes the others from the queue
 * unprocessed (Lambda Developer Guide, "Using event filtering with an Amazon SQS event source").
 * `false` is a JSON literal the filter syntax matches as such (aws/event-ruler, whose syntax
 * Lambda's follows: "certain JSON-specific literals (`true`, `false`, and `null`)").
 */
export const BATCH_EVENT_FILTER_PATTERN = { body: { shouldFail: [false] } } as const;

/**
 * Stage throttling of both REST APIs (an unauthenticated `curl` cannot be given a quota: usage
 * plans count API keys). Throttling bounds the *rate*, so the bill is bounded only by rate ×
 * time: `worstCaseMonthlyBill()` (cost/worst-case-bill.ts) prices a month at this rate, and the
 * README shows it. 1 request/s with bursts of 10 is what the tutorial needs (a learner's curl,
 * an experiment posting up to 6 jobs at once) and a tenth of the 10 requests/s used before.
 */
export const API_THROTTLING = {
  rateLimitPerSecond: 1,
  burstLimit: 10,
} as const;

/**
 * `ScalingConfig.MaximumConcurrency` of every event source mapping: at most this many
 * concurrent invocations per mapping, which caps the workers' Lambda duration (at most this
 * many × `LAMBDA_MEMORY_MB` all month), whatever the requests ask for: `{"sleep":25}` at the
 * stage's rate would otherwise keep a worker busy per 1/rate seconds of sleep.
 * 3 keeps both stacks within a new account's concurrency quota of 10 ("Lambda quotas": new
 * accounts have reduced concurrency quotas) with room to spare: two mappings at 3 leave 4 for
 * the two producers and the deploy's custom resources. At 5, both busy mappings took all 10, the
 * producers were throttled (the API answered 500), and throttled SQS batches came back with a
 * higher receive count: duplicates no code made. 2 is Lambda's minimum. With it set, Lambda does
 * not scale an idle mapping down to 2 pollers (Lambda guide, "Configuring scaling behavior for
 * SQS event source mappings").
 */
export const MAPPING_MAX_CONCURRENCY = 3;

/** API Gateway stage name: the endpoint is `https://…/prod/`, so `${API}enqueue` works. */
export const API_STAGE_NAME = 'prod';

/**
 * How long a queue attribute change may take to reach every reader of the queue: "When you
 * change a queue's attributes, the change can take up to 60 seconds for most of the attributes
 * to propagate throughout the Amazon SQS system" (SQS API reference, SetQueueAttributes:
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_SetQueueAttributes.html).
 */
export const SQS_ATTRIBUTE_PROPAGATION_SECONDS = 60;

/**
 * Default of CDK context `queueSettleSeconds`: after raising a queue's visibility timeout for
 * an event source mapping's create or update, wait this long since the change before the
 * mapping goes ahead, so that Lambda's check, a reader we cannot ask, sees it too. The
 * documented worst case, as no shorter wait is documented to be enough.
 */
export const DEFAULT_QUEUE_SETTLE_SECONDS = SQS_ATTRIBUTE_PROPAGATION_SECONDS;

/** Largest `queueSettleSeconds`: the waiting function's timeout (this + 90 s) stays under Lambda's 900 s. */
export const MAX_QUEUE_SETTLE_SECONDS = 600;

/** Log group retention of every function, in days. */
export const LOG_RETENTION_DAYS = 7;

/**
 * Heartbeat timing derived from a queue's visibility timeout: extend to twice the timeout,
 * every 60 % of it, so each extension lands well before the previous one runs out
 * (5 s queue → every 3 s, to 10 s: the tutorial's numbers).
 */
export function heartbeatTimingFor(visibilityTimeoutSeconds: number): {
  intervalMs: number;
  extensionSeconds: number;
} {
  return {
    intervalMs: Math.round(visibilityTimeoutSeconds * 600),
    extensionSeconds: visibilityTimeoutSeconds * 2,
  };
}
