/**
 * Stacks set up differently from what `cdk deploy` creates, for experiments only the lab can
 * run. A variant changes settings (environment, timeouts), never a handler's code: the
 * handlers have no lab-only path.
 */
import { localized } from './locales/messages';
import { BATCH_EVENT_FILTER_PATTERN, heartbeatTimingFor, VISIBILITY_DUP, VISIBILITY_MANAGER } from '../lib/settings';
import {
  type BatchPartialOptions,
  batchPartialTopology,
  DEFAULT_BATCH_PARTIAL_OPTIONS,
  eventFilterOutputOf,
  heartbeatModeOf,
  type StackTopology,
  visibilityDupTopology,
} from '../lib/topology';
import type { AwsCallsOptions, Language, Localized } from '@sqs-lab/lab';

/** A stack the lab builds instead of the deployed one. */
export interface LabVariant {
  /** What differs, in one line (shown when `--target aws` is refused); a plain string is English only. */
  readonly summary: string | Localized;
  /** The variant's topology (same stack name as the deployed one). */
  readonly topology: () => StackTopology;
  /** Faults the lab injects into the functions' AWS calls (a throttled write, …). */
  readonly awsCalls?: AwsCallsOptions;
  /**
   * Present when a deploy-time switch gives the deployed stack this variant's setup: then
   * `--target aws` runs the experiment once the stack's outputs show `output` = `value`.
   */
  readonly deployedWith?: DeployedSwitch;
}

/** A CDK context switch that deploys a variant, and the stack output that shows it is on. */
export interface DeployedSwitch {
  /** `name=value`, as `npx cdk deploy <stack> -c <context>` takes it. */
  readonly context: string;
  /** The stack output (in `cdk-outputs.json`) that tells whether the switch is on. */
  readonly output: string;
  /** That output's value when it is on. */
  readonly value: string;
}

/** The variant's summary in `language` (an English-only summary as it is). */
export function variantSummary(variant: LabVariant, language: Language): string {
  return typeof variant.summary === 'string' ? variant.summary : variant.summary[language];
}

/** `topology` with some of one function's environment variables replaced. */
export function withFunctionEnvironment(
  topology: StackTopology,
  functionId: string,
  values: Readonly<Record<string, string>>,
): StackTopology {
  return {
    ...topology,
    functions: topology.functions.map((spec) =>
      spec.id !== functionId
        ? spec
        : {
            ...spec,
            environment: {
              ...spec.environment,
              ...Object.fromEntries(Object.entries(values).map(([name, value]) => [name, { value }])),
            },
          },
    ),
  };
}

/**
 * VisibilityDupStack whose worker is told the queue's visibility timeout is `seconds` while the
 * queue keeps its real 5 s. The worker derives its heartbeat from that number (every 60 %, to
 * twice it), so this is how the lab tries other heartbeat intervals without touching the code.
 */
export function workerAssumesVisibilityTimeout(seconds: number): LabVariant {
  const { intervalMs, extensionSeconds } = heartbeatTimingFor(seconds);
  return {
    summary: localized((say) =>
      say.variants.workerAssumesVisibilityTimeout(
        seconds,
        intervalMs,
        extensionSeconds,
        VISIBILITY_DUP.queueVisibilityTimeoutSeconds,
      ),
    ),
    topology: () =>
      withFunctionEnvironment(visibilityDupTopology(), 'Worker', { VISIBILITY_TIMEOUT_SECONDS: String(seconds) }),
  };
}

/**
 * VisibilityDupStack with a shorter worker timeout. The guard's claim lasts the invocation's
 * remaining time, so a delivery that dies mid-job leaves a claim that lapses after `seconds`
 * instead of 30. `why`: what the run does that needs the lab, for its summary.
 */
export function workerTimeout(seconds: number, why: Localized): LabVariant {
  const topology = visibilityDupTopology();
  return {
    summary: localized((say, language) =>
      say.variants.workerTimeout(seconds, VISIBILITY_DUP.workerTimeoutSeconds, why[language]),
    ),
    topology: () => ({
      ...topology,
      functions: topology.functions.map((spec) => (spec.id === 'Worker' ? { ...spec, timeoutSeconds: seconds } : spec)),
    }),
  };
}

/**
 * VisibilityDupStack whose completion write (`SET #status = :completed … ADD #effects :one`)
 * is throttled with `probability`, as DynamoDB does when a table runs out of capacity. The
 * seed fixes which attempts are hit, so a run can be repeated.
 */
export function throttledCompletion(probability: number, seed: number): LabVariant {
  return {
    summary: localized((say) => say.variants.throttledCompletion(probability, seed)),
    topology: visibilityDupTopology,
    awsCalls: {
      seed,
      faults: [
        {
          service: 'DynamoDB',
          operation: 'UpdateItem',
          probability,
          match: { path: 'UpdateExpression', contains: ':completed' },
          error: {
            name: 'ProvisionedThroughputExceededException',
            message: 'The level of configured provisioned throughput for the table was exceeded (injected by the lab)',
          },
        },
      ],
    },
  };
}

/**
 * VisibilityDupStack whose worker has `ReservedConcurrentExecutions: limit`. The mapping still
 * polls with 5 concurrent batches, so batches beyond the limit are throttled and, once their
 * visibility timeout runs out, go back to the queue with their receive count raised.
 */
export function reservedConcurrency(limit: number): LabVariant {
  const topology = visibilityDupTopology();
  return {
    summary: localized((say) => say.variants.reservedConcurrency(limit)),
    topology: () => ({
      ...topology,
      functions: topology.functions.map((spec) =>
        spec.id === 'Worker' ? { ...spec, reservedConcurrency: limit } : spec,
      ),
    }),
  };
}

/**
 * VisibilityDupStack whose worker takes batches of 10 and keeps each batch hidden with one
 * visibility manager (a check every second, 2 s minimal life, 8 s maximum life) instead of a
 * heartbeat per message: the stack `cdk deploy -c visibilityManager=true` deploys, so the
 * experiment also runs on AWS when the deployed stack carries that switch.
 */
export function visibilityManagerWorker(): LabVariant {
  const { timerIntervalMs, minimalLifeMs, maxLifeSeconds, batchSize } = VISIBILITY_MANAGER;
  return {
    summary: localized((say) =>
      say.variants.visibilityManagerWorker(
        batchSize,
        timerIntervalMs,
        minimalLifeMs,
        maxLifeSeconds,
        VISIBILITY_DUP.workerBatchSize,
      ),
    ),
    topology: () => visibilityDupTopology({ visibilityManager: true }),
    deployedWith: {
      context: 'visibilityManager=true',
      output: 'HeartbeatMode',
      value: heartbeatModeOf({ visibilityManager: true }),
    },
  };
}

/**
 * VisibilityDupStack whose queue has a long visibility timeout (`queueSeconds`), with a worker
 * of timeout `workerTimeoutSeconds` told the timeout is `assumedSeconds`: its heartbeat then
 * keeps a rolling deadline of 2 × `assumedSeconds` (every 60 % of it). One queue carries both
 * sides of the trade-off: a job with the heartbeat off relies on the long timeout, a job with
 * it on lives on the short rolling deadline, as on a short queue with a heartbeat.
 */
export function longQueueTimeout(
  queueSeconds: number,
  assumedSeconds: number,
  workerTimeoutSeconds: number,
): LabVariant {
  const { intervalMs, extensionSeconds } = heartbeatTimingFor(assumedSeconds);
  const base = withFunctionEnvironment(visibilityDupTopology(), 'Worker', {
    VISIBILITY_TIMEOUT_SECONDS: String(assumedSeconds),
  });
  return {
    summary: localized((say) =>
      say.variants.longQueueTimeout(
        queueSeconds,
        VISIBILITY_DUP.queueVisibilityTimeoutSeconds,
        extensionSeconds,
        intervalMs,
        workerTimeoutSeconds,
      ),
    ),
    topology: () => ({
      ...base,
      queues: base.queues.map((queue) =>
        queue.id === base.mainQueueId
          ? {
              ...queue,
              visibilityTimeoutSeconds: queueSeconds,
              createVisibilityTimeoutSeconds: Math.max(queueSeconds, workerTimeoutSeconds),
            }
          : queue,
      ),
      functions: base.functions.map((spec) =>
        spec.id === 'Worker' ? { ...spec, timeoutSeconds: workerTimeoutSeconds } : spec,
      ),
    }),
  };
}

/**
 * VisibilityDupStack whose queue is a delay queue: `DelaySeconds` of `seconds`, so every message
 * sent without a timer of its own stays hidden that long after the send.
 */
export function queueDelay(seconds: number): LabVariant {
  const topology = visibilityDupTopology();
  return {
    summary: localized((say) => say.variants.queueDelay(seconds)),
    topology: () => ({
      ...topology,
      queues: topology.queues.map((spec) =>
        spec.id === topology.mainQueueId ? { ...spec, delaySeconds: seconds } : spec,
      ),
    }),
  };
}

/**
 * BatchPartialStack whose worker mapping carries FilterCriteria `BATCH_EVENT_FILTER_PATTERN`
 * (only bodies with `shouldFail: false` reach the worker): the stack `cdk deploy -c
 * eventFilter=true` deploys, so the experiment also runs on AWS when the deployed stack's output
 * `EventFilter` shows that pattern.
 */
export function batchEventFilter(): LabVariant {
  const options: BatchPartialOptions = { ...DEFAULT_BATCH_PARTIAL_OPTIONS, eventFilter: true };
  const pattern = JSON.stringify(BATCH_EVENT_FILTER_PATTERN);
  return {
    summary: localized((say) => say.variants.batchEventFilter(pattern)),
    topology: () => batchPartialTopology(options),
    deployedWith: { context: 'eventFilter=true', output: 'EventFilter', value: eventFilterOutputOf(options) },
  };
}
