/**
 * The chaos harness's stacks: the deployed topologies with their clocks sped up, so a
 * 1 000-message run takes about a minute instead of an hour. Only timeouts change; handlers,
 * batch sizes, redrive counts and the create-then-lower rule are the stacks' own.
 */
import { heartbeatTimingFor } from '../../lib/settings';
import { batchPartialTopology, type StackTopology, visibilityDupTopology } from '../../lib/topology';

/** The time scale of a VisibilityDupStack chaos run (the deployed stack: 5 s queue, 30 s worker). */
export const CHAOS_VISIBILITY_TIMING = {
  /** The queue's running visibility timeout. */
  visibilityTimeoutSeconds: 1,
  /** Worker timeout; the queue is created at this value and lowered to 1 s after the mapping exists. */
  workerTimeoutSeconds: 3,
  /** Simulated work, uniform in this range: around the visibility timeout, below the worker timeout. */
  sleepSeconds: { min: 0.3, max: 1.8 },
  /** A "long job" of the timeout mix: longer than the worker timeout, so it always times out. */
  longJobSeconds: 3.5,
} as const;

/** The time scale of a BatchPartialStack chaos run (deployed: 10 s queue, 5 s worker). */
export const CHAOS_BATCH_TIMING = {
  visibilityTimeoutSeconds: 2,
  workerTimeoutSeconds: 1,
} as const;

/** VisibilityDupStack with {@link CHAOS_VISIBILITY_TIMING}: 1 s queue (created at 3 s), 3 s worker. */
export function chaosVisibilityTopology(): StackTopology {
  const base = visibilityDupTopology();
  const timing = CHAOS_VISIBILITY_TIMING;
  return {
    ...base,
    queues: base.queues.map((queue) =>
      queue.id === base.mainQueueId
        ? { ...queue, visibilityTimeoutSeconds: timing.visibilityTimeoutSeconds, createVisibilityTimeoutSeconds: timing.workerTimeoutSeconds }
        : { ...queue, visibilityTimeoutSeconds: timing.workerTimeoutSeconds },
    ),
    functions: base.functions.map((fn) =>
      fn.id === 'Worker'
        ? {
            ...fn,
            timeoutSeconds: timing.workerTimeoutSeconds,
            environment: { ...fn.environment, VISIBILITY_TIMEOUT_SECONDS: { value: String(timing.visibilityTimeoutSeconds) } },
          }
        : fn,
    ),
  };
}

/** BatchPartialStack (batch 10, partial responses on) with {@link CHAOS_BATCH_TIMING}. */
export function chaosBatchTopology(): StackTopology {
  const base = batchPartialTopology();
  const timing = CHAOS_BATCH_TIMING;
  return {
    ...base,
    queues: base.queues.map((queue) => ({ ...queue, visibilityTimeoutSeconds: timing.visibilityTimeoutSeconds })),
    functions: base.functions.map((fn) => (fn.id === 'Worker' ? { ...fn, timeoutSeconds: timing.workerTimeoutSeconds } : fn)),
  };
}

/** One sentence stating the time scale, printed with every run and quoted in the README. */
export function timeScaleText(): string {
  const v = CHAOS_VISIBILITY_TIMING;
  const heartbeat = heartbeatTimingFor(v.visibilityTimeoutSeconds);
  return (
    `time-scaled topologies: VisibilityDupStack queue ${v.visibilityTimeoutSeconds} s (created at ${v.workerTimeoutSeconds} s, lowered after the mapping), ` +
    `worker timeout ${v.workerTimeoutSeconds} s, jobs ${v.sleepSeconds.min}–${v.sleepSeconds.max} s, heartbeat every ${heartbeat.intervalMs} ms to ${heartbeat.extensionSeconds} s; ` +
    `BatchPartialStack queue ${CHAOS_BATCH_TIMING.visibilityTimeoutSeconds} s, worker timeout ${CHAOS_BATCH_TIMING.workerTimeoutSeconds} s`
  );
}
