/**
 * Stacks set up differently from what `cdk deploy` creates, for experiments only the lab can
 * run. A variant changes settings (environment, timeouts), never a handler's code: the
 * handlers have no lab-only path.
 */
import { heartbeatTimingFor, VISIBILITY_DUP } from '../../lib/settings';
import { type StackTopology, visibilityDupTopology } from '../../lib/topology';
import type { Language, Localized } from '../common/language';
import type { AwsCallsOptions } from '../interceptors/aws-call-faults';

/** A stack the lab builds instead of the deployed one. */
export interface LabVariant {
  /** What differs, in one line (shown when `--target aws` is refused); a plain string is English only. */
  readonly summary: string | Localized;
  /** The variant's topology (same stack name as the deployed one). */
  readonly topology: () => StackTopology;
  /** Faults the lab injects into the functions' AWS calls (a throttled write, …). */
  readonly awsCalls?: AwsCallsOptions;
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
    summary: {
      en: `the worker's VISIBILITY_TIMEOUT_SECONDS is ${seconds} (heartbeat every ${intervalMs / 1000} s, to ${extensionSeconds} s) while the queue stays at ${VISIBILITY_DUP.queueVisibilityTimeoutSeconds} s`,
      ja: `ワーカーの VISIBILITY_TIMEOUT_SECONDS が ${seconds}（ハートビートは ${intervalMs / 1000} 秒ごとに ${extensionSeconds} 秒へ）、キューは ${VISIBILITY_DUP.queueVisibilityTimeoutSeconds} 秒のまま`,
    },
    topology: () =>
      withFunctionEnvironment(visibilityDupTopology(), 'Worker', { VISIBILITY_TIMEOUT_SECONDS: String(seconds) }),
  };
}

/**
 * VisibilityDupStack with a shorter worker timeout. The guard's claim lasts the invocation's
 * remaining time, so a delivery that dies mid-job leaves a claim that lapses after `seconds`
 * instead of 30.
 */
export function workerTimeout(seconds: number, why: string | Localized): LabVariant {
  const topology = visibilityDupTopology();
  const reason = typeof why === 'string' ? { en: why, ja: why } : why;
  return {
    summary: {
      en: `the worker's timeout is ${seconds} s (deployed: ${VISIBILITY_DUP.workerTimeoutSeconds} s); ${reason.en}`,
      ja: `ワーカーのタイムアウトが ${seconds} 秒（デプロイ時は ${VISIBILITY_DUP.workerTimeoutSeconds} 秒）。${reason.ja}`,
    },
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
    summary: {
      en: `the lab throttles the worker's completion UpdateItem (ProvisionedThroughputExceededException, probability ${probability}, seed ${seed})`,
      ja: `ラボがワーカーの完了の UpdateItem をスロットリングする（ProvisionedThroughputExceededException、確率 ${probability}、シード ${seed}）`,
    },
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
    summary: {
      en: `the worker has reserved concurrency ${limit} (deployed: none)`,
      ja: `ワーカーの予約同時実行数が ${limit}（デプロイ時はなし）`,
    },
    topology: () => ({
      ...topology,
      functions: topology.functions.map((spec) =>
        spec.id === 'Worker' ? { ...spec, reservedConcurrency: limit } : spec,
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
    summary: {
      en: `the queue's DelaySeconds is ${seconds} (deployed: 0), which would hold back every Step 7 job and the tutorial's own commands`,
      ja: `キューの DelaySeconds が ${seconds}（デプロイ済みは 0）。デプロイ済みのキューに付けると、Step 7 のすべてのジョブとチュートリアル自身のコマンドが待たされる`,
    },
    topology: () => ({
      ...topology,
      queues: topology.queues.map((spec) =>
        spec.id === topology.mainQueueId ? { ...spec, delaySeconds: seconds } : spec,
      ),
    }),
  };
}
