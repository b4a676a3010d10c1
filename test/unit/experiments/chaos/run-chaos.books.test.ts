import { describe, expect, it } from 'vitest';
import { invariantViolations } from '#experiments/chaos/invariant';
import { CHAOS_MIXES, findMix } from '#experiments/chaos/mixes';
import { reliabilityTable } from '#experiments/chaos/report';
import { books, type ChaosResult } from '#experiments/chaos/run-chaos';
import {
  CHAOS_VISIBILITY_TIMING,
  chaosBatchTopology,
  chaosVisibilityTopology,
  TimeScaleError,
} from '#experiments/chaos/topologies';
import { batchWorkload, bodyKey, visibilityWorkload } from '#experiments/chaos/workload';
import { DEFAULT_RESULTS_FILE, parseChaosArgs } from '#experiments/cli/chaos-args';
import { UsageError } from '#experiments/cli/lab-args';

const sent = (...keys: string[]) => keys.map((key) => ({ key, body: JSON.stringify({ id: key }) }));

describe('books (the run accounting)', () => {
  it('counts an id with an effect and in the DLQ once, and a double effect once', () => {
    const result = books(
      sent('a', 'b', 'c', 'd'),
      new Map([
        ['a', 1],
        ['b', 3],
        ['c', 1],
      ]),
      ['c', 'x'],
    );

    expect(result).toEqual({ sent: 4, effectsApplied: 5, idsWithEffect: 3, inDlq: 2, lost: 1, doubleEffects: 1 });
  });

  it('ignores records of ids this run did not send and zero counters', () => {
    expect(
      books(
        sent('a'),
        new Map([
          ['a', 0],
          ['other', 2],
        ]),
        [],
      ).lost,
    ).toBe(1);
  });
});

describe('invariantViolations', () => {
  const base = { lost: 0, doubleEffects: 0, timedOut: false, remaining: 0, guard: 'on' } as ChaosResult;

  it('holds with nothing lost and no double effect, guard on', () => {
    expect(invariantViolations(base)).toEqual([]);
  });

  it.each([
    [{ lost: 2 }, /2 messages lost/],
    [{ doubleEffects: 1 }, /1 ids had their effect applied more than once/],
    [{ timedOut: true, remaining: 7 }, /did not drain in time: 7 messages/],
    [{ guard: 'off' as const }, /guard off, yet no id had its effect applied twice/],
  ])('breaks on %o', (change, message) => {
    expect(invariantViolations({ ...base, ...change }).join(' ')).toMatch(message);
  });

  it('expects double effects with the guard off', () => {
    expect(invariantViolations({ ...base, guard: 'off', doubleEffects: 3 })).toEqual([]);
  });

  it('renders a markdown row per run with its verdict', () => {
    const table = reliabilityTable([
      {
        ...base,
        mix: 'crash',
        sent: 10,
        deliveries: 12,
        duplicatesSeen: 2,
        effectsApplied: 10,
        inDlq: 0,
        wallSeconds: 1.25,
      } as ChaosResult,
    ]);

    expect(table.split('\n')[2]).toBe('| crash | on | 10 | 12 | 2 | 10 | 0 | 0 | 0 | 1.3 s | holds |');
  });
});

describe('the time-scaled topologies', () => {
  it('keep the create-then-lower rule: the queue starts at the worker timeout and runs at 1 s', () => {
    const topology = chaosVisibilityTopology();
    const queue = topology.queues.find((q) => q.id === topology.mainQueueId);
    const worker = topology.functions.find((f) => f.id === 'Worker');

    expect(queue).toMatchObject({
      visibilityTimeoutSeconds: 1,
      createVisibilityTimeoutSeconds: 3,
      deadLetter: { maxReceiveCount: 10 },
    });
    expect(worker?.timeoutSeconds).toBe(CHAOS_VISIBILITY_TIMING.workerTimeoutSeconds);
    expect(worker?.environment.VISIBILITY_TIMEOUT_SECONDS).toEqual({ value: '1' });
    expect(CHAOS_VISIBILITY_TIMING.sleepSeconds.max).toBeLessThan(CHAOS_VISIBILITY_TIMING.workerTimeoutSeconds);
  });

  it('scale every duration by a whole-number time scale, keeping the create-then-lower order', () => {
    const topology = chaosVisibilityTopology(2);

    expect(topology.queues.find((q) => q.id === topology.mainQueueId)).toMatchObject({
      visibilityTimeoutSeconds: 2,
      createVisibilityTimeoutSeconds: 6,
    });
    expect(topology.functions.find((f) => f.id === 'Worker')?.timeoutSeconds).toBe(6);
    expect(() => chaosVisibilityTopology(1.5)).toThrow(TimeScaleError);
  });

  it('give the batch queue a visibility timeout no shorter than the worker timeout', () => {
    const topology = chaosBatchTopology();
    const worker = topology.functions.find((f) => f.id === 'Worker');

    expect(topology.queues.every((q) => q.visibilityTimeoutSeconds >= (worker?.timeoutSeconds ?? Infinity))).toBe(true);
  });
});

describe('workloads', () => {
  it('are the same for the same seed and differ for another', () => {
    const mix = findMix('timeout');

    expect(visibilityWorkload(50, 1, mix, true)).toEqual(visibilityWorkload(50, 1, mix, true));
    expect(visibilityWorkload(50, 2, mix, true)).not.toEqual(visibilityWorkload(50, 1, mix, true));
  });

  it('send jobs around the visibility timeout, with the guard switch the run asks for', () => {
    const jobs = visibilityWorkload(200, 3, findMix('none'), false).map(
      (m) => JSON.parse(m.body) as { sleep: number; idempotency: boolean; heartbeat: boolean },
    );

    expect(jobs.every((job) => job.sleep >= 0.3 && job.sleep <= 1.8 && job.idempotency === false)).toBe(true);
    expect(jobs.some((job) => !job.heartbeat)).toBe(true);
  });

  it('give poison bodies a ref the worker cannot read as an id', () => {
    const messages = batchWorkload(200, 5, findMix('batch-poison'));
    const poison = messages.filter((m) => !('id' in (JSON.parse(m.body) as object)));

    expect(poison.length).toBeGreaterThan(0);
    expect(poison.every((m) => bodyKey(m.body) === m.key)).toBe(true);
  });
});

describe('parseChaosArgs', () => {
  it('defaults to 1000 messages, every mix, guard on and off', () => {
    expect(parseChaosArgs([])).toMatchObject({
      messages: 1000,
      mixes: CHAOS_MIXES,
      guards: [true, false],
      out: DEFAULT_RESULTS_FILE,
    });
  });

  it('reads the flags', () => {
    expect(parseChaosArgs(['--messages', '100', '--seed', '7', '--mix', 'crash,none', '--guard', 'off'])).toMatchObject(
      {
        messages: 100,
        seed: 7,
        mixes: [findMix('crash'), findMix('none')],
        guards: [false],
      },
    );
  });

  it.each([
    [['--messages', '0']],
    [['--time-scale', '0.5']],
    [['--mix', 'nope']],
    [['--guard', 'maybe']],
    [['--seed', 'x']],
    [['--frobnicate']],
  ])('refuses %o', (argv) => {
    expect(() => parseChaosArgs(argv)).toThrow(UsageError);
  });
});
