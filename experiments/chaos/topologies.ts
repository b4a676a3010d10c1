/**
 * The chaos harness's stacks: the deployed topologies with their clocks sped up, so a
 * 1 000-message run takes about a minute instead of an hour. Only timeouts change; handlers,
 * batch sizes, redrive counts and the create-then-lower rule are the stacks' own.
 *
 * A whole-number `scale` multiplies every duration (queue timeouts stay whole seconds), for
 * machines too busy to keep a 1 s heartbeat honest: scale 2 halves the load per second.
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

/** {@link CHAOS_VISIBILITY_TIMING} with every duration multiplied by `scale`. */
export function scaledVisibilityTiming(scale = 1): {
  readonly visibilityTimeoutSeconds: number;
  readonly workerTimeoutSeconds: number;
  readonly sleepSeconds: { readonly min: number; readonly max: number };
  readonly longJobSeconds: number;
} {
  const t = CHAOS_VISIBILITY_TIMING;
  return {
    visibilityTimeoutSeconds: t.visibilityTimeoutSeconds * scale,
    workerTimeoutSeconds: t.workerTimeoutSeconds * scale,
    sleepSeconds: { min: t.sleepSeconds.min * scale, max: t.sleepSeconds.max * scale },
    longJobSeconds: t.longJobSeconds * scale,
  };
}

/** Raised for a time scale that is not a whole number from 1 to 10. */
export class TimeScaleError extends Error {
  override readonly name = 'TimeScaleError';
}

/** Checks a time scale: whole numbers only, so queue visibility timeouts stay whole seconds. */
export function checkTimeScale(scale: number): number {
  if (!Number.isInteger(scale) || scale < 1 || scale > 10) {
    throw new TimeScaleError(
      `time scale must be a whole number from 1 to 10 (SQS timeouts are whole seconds), got ${scale}`,
    );
  }
  return scale;
}

/** VisibilityDupStack with {@link CHAOS_VISIBILITY_TIMING} × `scale`: 1 s queue (created at 3 s), 3 s worker. */
export function chaosVisibilityTopology(scale = 1): StackTopology {
  const base = visibilityDupTopology();
  const timing = scaledVisibilityTiming(checkTimeScale(scale));
  return {
    ...base,
    queues: base.queues.map((queue) =>
      queue.id === base.mainQueueId
        ? {
            ...queue,
            visibilityTimeoutSeconds: timing.visibilityTimeoutSeconds,
            createVisibilityTimeoutSeconds: timing.workerTimeoutSeconds,
          }
        : { ...queue, visibilityTimeoutSeconds: timing.workerTimeoutSeconds },
    ),
    mappings: withChaosConcurrency(base.mappings),
    functions: base.functions.map((fn) =>
      fn.id === 'Worker'
        ? {
            ...fn,
            timeoutSeconds: timing.workerTimeoutSeconds,
            environment: {
              ...fn.environment,
              VISIBILITY_TIMEOUT_SECONDS: { value: String(timing.visibilityTimeoutSeconds) },
            },
          }
        : fn,
    ),
  };
}

/** BatchPartialStack (batch 10, partial responses on) with {@link CHAOS_BATCH_TIMING} × `scale`. */
export function chaosBatchTopology(scale = 1): StackTopology {
  const base = batchPartialTopology();
  checkTimeScale(scale);
  const timing = {
    visibilityTimeoutSeconds: CHAOS_BATCH_TIMING.visibilityTimeoutSeconds * scale,
    workerTimeoutSeconds: CHAOS_BATCH_TIMING.workerTimeoutSeconds * scale,
  };
  return {
    ...base,
    queues: base.queues.map((queue) => ({ ...queue, visibilityTimeoutSeconds: timing.visibilityTimeoutSeconds })),
    mappings: withChaosConcurrency(base.mappings),
    functions: base.functions.map((fn) =>
      fn.id === 'Worker' ? { ...fn, timeoutSeconds: timing.workerTimeoutSeconds } : fn,
    ),
  };
}

/**
 * The concurrency the chaos harness was calibrated with: 5 invocations per mapping (the stacks'
 * own cap, `MAPPING_MAX_CONCURRENCY`, is 3, to keep a new account within its quota of 10).
 */
export const CHAOS_MAPPING_CONCURRENCY = 5;

function withChaosConcurrency(mappings: StackTopology['mappings']): StackTopology['mappings'] {
  return mappings.map((mapping) => ({ ...mapping, maximumConcurrency: CHAOS_MAPPING_CONCURRENCY }));
}

/** One sentence stating the time scale, printed with every run and quoted in the README. */
export function timeScaleText(scale = 1): string {
  const v = scaledVisibilityTiming(scale);
  const heartbeat = heartbeatTimingFor(v.visibilityTimeoutSeconds);
  const round = (seconds: number): number => Math.round(seconds * 100) / 100;
  return (
    `time-scaled topologies (scale ${scale}): VisibilityDupStack queue ${v.visibilityTimeoutSeconds} s (created at ${v.workerTimeoutSeconds} s, lowered after the mapping), ` +
    `worker timeout ${v.workerTimeoutSeconds} s, jobs ${round(v.sleepSeconds.min)}–${round(v.sleepSeconds.max)} s, heartbeat every ${heartbeat.intervalMs} ms to ${heartbeat.extensionSeconds} s; ` +
    `BatchPartialStack queue ${CHAOS_BATCH_TIMING.visibilityTimeoutSeconds * scale} s, worker timeout ${CHAOS_BATCH_TIMING.workerTimeoutSeconds * scale} s`
  );
}
