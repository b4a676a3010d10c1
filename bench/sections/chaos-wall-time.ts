/**
 * `npm run chaos`'s wall time, one run after the other (as before issue 13) and side by side
 * (`--parallel`, the default now), on a sample of mixes measured in the same bench run, with
 * the process's CPU time beside each: a chaos run mostly waits (simulated work, visibility
 * timeouts, expiring claims), which is why running several at once pays.
 */
import type { Emulators } from '@sqs-lab/lab';
import { DEFAULT_CHAOS_PARALLEL } from '../../experiments/cli/chaos-args';
import { invariantViolations } from '../../experiments/chaos/invariant';
import { findMix } from '../../experiments/chaos/mixes';
import { type ChaosPlanResult, planChaosRuns, runChaosPlan } from '../../experiments/chaos/run-chaos-plan';

/** One way of running the sample. */
export interface ChaosPlanTiming {
  readonly parallel: number;
  readonly wallSeconds: number;
  /** CPU time of the whole process (every thread) over the plan. */
  readonly cpuSeconds: number;
  /** Each run's own wall time, `mix/guard` → seconds. */
  readonly runSeconds: Readonly<Record<string, number>>;
  /** Whether the invariant held in every run (nothing lost; no double effect with the guard on; some with it off). */
  readonly invariantHolds: boolean;
}

/** What the section measures. */
export interface ChaosWallTimeResult {
  readonly messages: number;
  readonly seed: number;
  readonly mixes: readonly string[];
  readonly runs: number;
  readonly sequential: ChaosPlanTiming;
  readonly parallel: ChaosPlanTiming;
  /** parallel / sequential wall time. */
  readonly wallRatio: number;
}

/** The seed of `npm run chaos` and of the README's figures. */
const SEED = 20_261;

function timing(plan: ChaosPlanResult): ChaosPlanTiming {
  return {
    parallel: plan.parallel,
    wallSeconds: Math.round(plan.wallSeconds * 10) / 10,
    cpuSeconds: Math.round(plan.cpuSeconds * 10) / 10,
    runSeconds: Object.fromEntries(plan.results.map((result) => [`${result.mix}/${result.guard}`, result.wallSeconds])),
    invariantHolds: plan.results.every((result) => invariantViolations(result).length === 0),
  };
}

/** Runs the sample `mixes` (both guard settings) one after the other, then `parallel` at a time. */
export async function measureChaosWallTime(
  emulators: Emulators,
  sample: { readonly messages: number; readonly mixes: readonly string[] },
  parallel: number = DEFAULT_CHAOS_PARALLEL,
): Promise<ChaosWallTimeResult> {
  const runs = planChaosRuns(sample.mixes.map(findMix), [true, false]);
  const plan = (count: number): Promise<ChaosPlanResult> =>
    runChaosPlan({ runs, parallel: count, messages: sample.messages, seed: SEED, emulators });
  const sequential = timing(await plan(1));
  const side = timing(await plan(parallel));
  return {
    messages: sample.messages,
    seed: SEED,
    mixes: sample.mixes,
    runs: runs.length,
    sequential,
    parallel: side,
    wallRatio: side.wallSeconds / sequential.wallSeconds,
  };
}
