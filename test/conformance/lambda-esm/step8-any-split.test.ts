import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '#experiments/catalog';
import type { ExperimentResult } from '#experiments/experiment-result';
import { openLocalProbe } from '#experiments/local-probe';
import { runExperiment } from '#experiments/runner';
import { type Emulators, startEmulators } from '#lab/emulators/emulators';
import { batchPartialTopology, type StackTopology } from '#lib/topology';

// Every Step 8 experiment's verdict must hold for any split of the receives AWS may produce,
// not only for the full batches the lab used to form. Each one with batches of 10 runs here
// under AWS-like batch formation with several seeds; those with batch size 1 cannot split (a
// receive asks for one message whatever the seed), so the tour's and the guide's tests cover
// them. To fit the suite's time budget the queue's visibility timeout is 5 s instead of 10 s
// (still the worker's timeout, as Lambda requires); no verdict depends on it. (A shorter worker
// timeout does not work: cold starts of eight labs at once on two cores outlast it, and the
// timed-out batches come back.) The longest runs start first. dlq-alarm is partial-batch with
// the alarm watched: its messages split exactly as partial-batch's do, so it is left to the
// guide's test.
const SEEDS = [11, 22, 33];
const LANES = 8;
const STEP8 = EXPERIMENTS.filter(
  (experiment) => experiment.stack === 'BatchPartialStack' && experiment.name !== 'dlq-alarm',
);

function retimed(topology: StackTopology): StackTopology {
  return {
    ...topology,
    queues: topology.queues.map((queue) =>
      queue.id === topology.mainQueueId ? { ...queue, visibilityTimeoutSeconds: 5 } : queue,
    ),
  };
}

const runs = STEP8.flatMap((experiment) => {
  if (experiment.stack !== 'BatchPartialStack' || experiment.options.batchSize === 1) return [];
  return SEEDS.map((seed) => ({ experiment, seed, key: `${experiment.name} (seed ${seed})` }));
}).sort((a, b) => b.experiment.timeoutSeconds - a.experiment.timeoutSeconds);

let emulators: Emulators | undefined;
const results = new Map<string, ExperimentResult>();

beforeAll(async () => {
  emulators = await startEmulators();
  const shared = emulators;
  const queue = [...runs];
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      for (let run = queue.shift(); run !== undefined; run = queue.shift()) {
        const { experiment, seed, key } = run;
        if (experiment.stack !== 'BatchPartialStack') continue;
        const options = experiment.options;
        const variant = {
          summary: 'retimed for the test',
          topology: () => retimed(experiment.variant?.topology() ?? batchPartialTopology(options)),
        };
        const probe = await openLocalProbe({ ...experiment, variant }, shared, {
          batchFormation: { mode: 'aws', seed },
        });
        try {
          results.set(key, await runExperiment({ ...experiment, variant }, probe));
        } finally {
          await probe.close();
        }
      }
    }),
  );
}, 120_000);

afterAll(async () => {
  await emulators?.stop();
});

describe('Step 8 verdicts under AWS-like batch formation', () => {
  it.each(runs.map((run) => [run.key, run.seed] as const))('%s matches its prediction', (key, seed) => {
    const result = results.get(key);
    const facts = result?.observation.kind === 'batch' ? JSON.stringify(result.observation.batches) : 'no run';
    expect(result?.timedOut, `${key}: AWS-like batch formation, seed ${seed}`).toBe(false);
    expect(result?.matched, `${key} batches: ${facts}`).toBe(true);
  });

  it('saw at least one batch smaller than its batch size (the split is real)', () => {
    const sizes = [...results.values()].flatMap((result) =>
      result.observation.kind === 'batch' &&
      result.experiment.stack === 'BatchPartialStack' &&
      result.experiment.options.batchSize === 10
        ? result.observation.batchSizes
        : [],
    );
    expect(sizes.some((size) => size < 10)).toBe(true);
  });
});
