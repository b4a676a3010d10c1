/**
 * Several chaos runs, up to `parallel` at once, each in a lab of its own on one pair of
 * emulators; each run's set-up (lab start, provisioning) waits for the previous one's. A run's wall time is mostly waiting (simulated work, visibility timeouts,
 * claims that must expire), not CPU, so runs side by side finish the plan sooner without
 * changing what each run proves: every run keeps its own queue, table, workload, seed and
 * fault coin flips.
 */
import type { Emulators } from '@sqs-lab/lab';
import type { ChaosMix } from './mixes';
import { type ChaosProgress, type ChaosResult, runChaos } from './run-chaos';

/** One run of the plan. */
export interface PlannedChaosRun {
  readonly mix: ChaosMix;
  readonly guard: boolean;
}

/** How to run the plan. */
export interface ChaosPlanOptions {
  readonly runs: readonly PlannedChaosRun[];
  /** Runs at once (1: one after the other). */
  readonly parallel: number;
  readonly messages: number;
  readonly seed: number;
  readonly pollers?: number;
  readonly timeScale?: number;
  readonly emulators: Emulators;
  readonly timeoutMs?: number;
  readonly onProgress?: (progress: ChaosProgress) => void;
  readonly progressEveryMs?: number;
  /** Called as each run finishes (in the order they finish). */
  readonly onResult?: (result: ChaosResult) => void;
}

/** What the plan took, beside its results. */
export interface ChaosPlanResult {
  /** In the plan's order, whatever order the runs finished in. */
  readonly results: readonly ChaosResult[];
  readonly parallel: number;
  /** From the first run's start to the last run's end. */
  readonly wallSeconds: number;
  /**
   * CPU time of the whole process (every thread: lab, emulators, function environments) over
   * the plan, in seconds: far below `wallSeconds` × cores when the runs mostly wait.
   */
  readonly cpuSeconds: number;
}

/** Raised for a `parallel` that is not a whole number of at least 1. */
export class ChaosPlanError extends Error {
  override readonly name = 'ChaosPlanError';
}

/** Runs every planned run, `parallel` at a time, in plan order as slots free up. */
export async function runChaosPlan(options: ChaosPlanOptions): Promise<ChaosPlanResult> {
  if (!Number.isInteger(options.parallel) || options.parallel < 1)
    throw new ChaosPlanError(`parallel must be a whole number of at least 1, got ${options.parallel}`);
  const results: (ChaosResult | undefined)[] = options.runs.map(() => undefined);
  const cpuAtStart = process.cpuUsage();
  const started = performance.now();
  // Runs side by side set up one at a time (see ChaosRunOptions.setUp); their timed parts overlap.
  let setUpQueue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(step: () => Promise<T>): Promise<T> => {
    const turn = setUpQueue.then(step);
    setUpQueue = turn.catch(() => undefined);
    return turn;
  };
  let next = 0;
  const slot = async (): Promise<void> => {
    while (next < options.runs.length) {
      const index = next;
      next += 1;
      const run = options.runs[index];
      if (run === undefined) continue;
      const result = await runChaos({
        mix: run.mix,
        guard: run.guard,
        messages: options.messages,
        seed: options.seed,
        pollers: options.pollers,
        timeScale: options.timeScale,
        emulators: options.emulators,
        timeoutMs: options.timeoutMs,
        onProgress: options.onProgress,
        progressEveryMs: options.progressEveryMs,
        setUp: oneAtATime,
      });
      results[index] = result;
      options.onResult?.(result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.parallel, options.runs.length) }, slot));
  const cpu = process.cpuUsage(cpuAtStart);
  return {
    results: results.filter((result): result is ChaosResult => result !== undefined),
    parallel: options.parallel,
    wallSeconds: (performance.now() - started) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}

/** Every run of `mixes`: Step 7 mixes once per guard setting, Step 8 mixes once. */
export function planChaosRuns(mixes: readonly ChaosMix[], guards: readonly boolean[]): PlannedChaosRun[] {
  return mixes.flatMap((mix) =>
    (mix.stack === 'VisibilityDupStack' ? guards : [true]).map((guard) => ({ mix, guard })),
  );
}
