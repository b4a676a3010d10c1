import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invariantViolations } from '#experiments/chaos/invariant';
import { findMix } from '#experiments/chaos/mixes';
import { ChaosPlanError, type ChaosPlanResult, planChaosRuns, runChaosPlan } from '#experiments/chaos/run-chaos-plan';
import { DEFAULT_CHAOS_PARALLEL, parseChaosArgs } from '#experiments/cli/chaos-args';
import { UsageError } from '#experiments/cli/lab-args';
import { type Emulators, startEmulators } from '#lab/emulators/emulators';

describe('planChaosRuns', () => {
  it('runs each Step 7 mix once per guard setting and each Step 8 mix once', () => {
    const plan = planChaosRuns([findMix('none'), findMix('batch-poison'), findMix('crash')], [true, false]);

    expect(plan.map((run) => [run.mix.name, run.guard])).toEqual([
      ['none', true],
      ['none', false],
      ['batch-poison', true],
      ['crash', true],
      ['crash', false],
    ]);
  });
});

describe('npm run chaos --parallel', () => {
  it(`runs ${DEFAULT_CHAOS_PARALLEL} at a time by default, and takes any whole number from 1`, () => {
    expect(parseChaosArgs([]).parallel).toBe(DEFAULT_CHAOS_PARALLEL);
    expect(parseChaosArgs(['--parallel', '1']).parallel).toBe(1);
    expect(() => parseChaosArgs(['--parallel', '0'])).toThrow(UsageError);
    expect(() => parseChaosArgs(['--parallel', 'two'])).toThrow(/--parallel must be a positive integer/);
  });
});

describe('runChaosPlan (three small Step 8 runs, two at a time)', () => {
  let emulators: Emulators;
  let plan: ChaosPlanResult;
  const finished: number[] = [];

  beforeAll(async () => {
    emulators = await startEmulators();
    plan = await runChaosPlan({
      runs: Array.from({ length: 3 }, () => ({ mix: findMix('batch-poison'), guard: true })),
      parallel: 2,
      messages: 40,
      seed: 7,
      pollers: 2,
      emulators,
      timeoutMs: 60_000,
      onResult: (result) => finished.push(result.sent),
    });
  }, 90_000);

  afterAll(async () => {
    await emulators?.stop();
  });

  it('returns every run in plan order, each with its own books, and the plan wall and CPU time', () => {
    expect(plan.results).toHaveLength(3);
    expect(finished).toEqual([40, 40, 40]);
    for (const result of plan.results) {
      expect(invariantViolations(result)).toEqual([]);
      expect(result.sent).toBe(40);
    }
    expect(plan.parallel).toBe(2);
    expect(plan.wallSeconds).toBeGreaterThan(0);
    expect(plan.cpuSeconds).toBeGreaterThan(0);
  });

  it('refuses a parallel count below one', async () => {
    await expect(runChaosPlan({ runs: [], parallel: 0, messages: 1, seed: 1, emulators })).rejects.toThrow(
      ChaosPlanError,
    );
  });
});
