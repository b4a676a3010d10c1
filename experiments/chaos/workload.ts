/**
 * The messages of a chaos run, drawn from the seed: the same seed gives the same jobs, so a
 * failing run can be replayed (the interleaving of concurrent deliveries still varies).
 */
import type { VisibilityJob } from '../../lambda/visibility-dup/job';
import { seededRandom } from '@sqs-lab/lab';
import type { ChaosMix } from './mixes';
import { scaledVisibilityTiming } from './topologies';

/**
 * Share of Step 7 jobs sent with `heartbeat: false`: jobs longer than the 1 s visibility
 * timeout then reappear while they run, so every run has real duplicates for the guard to
 * catch (and, with the guard off, to apply twice).
 */
export const NO_HEARTBEAT_SHARE = 0.25;

/** One message to send: `key` is the id the run's accounting uses (the body's `id`, or `ref` for poison). */
export interface ChaosMessage {
  readonly key: string;
  readonly body: string;
}

/** `count` Step 7 jobs with random sleeps around the visibility timeout (× the time scale). */
export function visibilityWorkload(
  count: number,
  seed: number,
  mix: ChaosMix,
  guard: boolean,
  scale = 1,
): ChaosMessage[] {
  const random = seededRandom(`${seed}|workload|${mix.name}`);
  const timing = scaledVisibilityTiming(scale);
  const { min, max } = timing.sleepSeconds;
  return Array.from({ length: count }, (_, index) => {
    const long = random() < mix.longJobShare;
    const sleep = long ? timing.longJobSeconds : Math.round((min + random() * (max - min)) * 100) / 100;
    const heartbeat = random() >= NO_HEARTBEAT_SHARE;
    const job: VisibilityJob = {
      id: `chaos-${seed}-${index + 1}`,
      sleep,
      heartbeat,
      failHeartbeat: false,
      idempotency: guard,
      sendTwice: false,
    };
    return { key: job.id, body: JSON.stringify(job) };
  });
}

/** `count` Step 8 items; poison bodies carry a `ref` instead of an `id`, so the worker cannot parse them. */
export function batchWorkload(count: number, seed: number, mix: ChaosMix): ChaosMessage[] {
  const random = seededRandom(`${seed}|workload|${mix.name}`);
  const runId = `chaos-${seed}`;
  return Array.from({ length: count }, (_, offset) => {
    const index = offset + 1;
    const key = `${runId}-${index}`;
    const draw = random();
    if (draw < mix.poisonShare) return { key, body: JSON.stringify({ ref: key, note: 'poison: no id' }) };
    const shouldFail = draw < mix.poisonShare + mix.failShare;
    return { key, body: JSON.stringify({ id: key, runId, index, shouldFail }) };
  });
}

/** The accounting key of a body: its `id`, else its `ref` (poison), else undefined. */
export function bodyKey(body: string | undefined): string | undefined {
  try {
    const parsed = JSON.parse(body ?? '') as { id?: unknown; ref?: unknown };
    if (typeof parsed.id === 'string') return parsed.id;
    return typeof parsed.ref === 'string' ? parsed.ref : undefined;
  } catch {
    return undefined;
  }
}
