import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulators, startEmulators } from '../../lab';
import { findExperiment } from '../../lab';
import { openLocalProbe } from '../../lab';
import type { BatchObservation, VisibilityObservation, WorkerLine } from '../../lab';
import { type ExperimentResult, runExperiment } from '../../lab';

// The tutorial's predictions, checked as outcomes on the real handlers, emulators and the
// local event source mapping. The experiments run side by side (about a minute of wall time,
// set by the no-idempotency run that cycles until maxReceiveCount).
const NAMES = ['heartbeat', 'no-heartbeat', 'no-idempotency', 'partial-batch', 'no-partial-report'] as const;
type Name = (typeof NAMES)[number];

let emulators: Emulators;
const results = new Map<Name, ExperimentResult>();

beforeAll(async () => {
  emulators = await startEmulators();
  await Promise.all(
    NAMES.map(async (name) => {
      const experiment = findExperiment(name);
      const probe = await openLocalProbe(experiment, emulators);
      try {
        results.set(name, await runExperiment(experiment, probe));
      } finally {
        await probe.close();
      }
    }),
  );
}, 150_000);

afterAll(async () => {
  await emulators?.stop();
});

function visibility(name: Name): VisibilityObservation {
  const observation = results.get(name)?.observation;
  if (observation?.kind !== 'visibility') throw new Error(`${name} has no Step 7 observation`);
  return observation;
}

function batch(name: Name): { observation: BatchObservation; lines: readonly WorkerLine[] } {
  const result = results.get(name);
  if (result?.observation.kind !== 'batch') throw new Error(`${name} has no Step 8 observation`);
  return { observation: result.observation, lines: result.workerLines };
}

/** Receive counts seen in the worker's lines for index `i` of a run, with the event. */
function receivesOf(lines: readonly WorkerLine[], runId: string, index: number): string[] {
  return lines.filter((line) => line.id === `${runId}-${index}`).map((line) => `${line.event}@${line.receiveCount}`);
}

describe('Step 7 on the lab', () => {
  it('with the heartbeat: one delivery, no duplicate, one effect', () => {
    const o = visibility('heartbeat');
    expect([o.deliveries, o.skipped + o.inProgress, o.effects]).toEqual([1, 0, 1]);
    expect(o.heartbeats).toBeGreaterThanOrEqual(2);
  });

  it('without the heartbeat: the duplicate happens, the guard sees it, the effect still happens once', () => {
    const o = visibility('no-heartbeat');
    expect(o.deliveries).toBeGreaterThanOrEqual(2);
    expect(o.skipped + o.inProgress).toBe(o.deliveries - 1);
    expect(o.effects).toBe(1);
    expect(o.dlq).toBe(0);
  });

  it('without the guard: the effect count equals the deliveries', () => {
    const o = visibility('no-idempotency');
    expect(o.deliveries).toBeGreaterThanOrEqual(2);
    expect(o.effects).toBeGreaterThanOrEqual(2);
    // The run is judged as soon as two effects prove the point, so the last delivery may still
    // be running: every delivery but that one has applied the effect.
    expect(o.effects).toBeGreaterThanOrEqual(o.deliveries - 1);
    expect(o.effects).toBeLessThanOrEqual(o.deliveries);
  });

  it('every run ends with its message out of the queue and the verdict matched', () => {
    for (const name of ['heartbeat', 'no-heartbeat', 'no-idempotency'] as const) {
      expect(results.get(name)?.timedOut, name).toBe(false);
      expect(results.get(name)?.matched, name).toBe(true);
    }
  });
});

describe('Step 8 on the lab', () => {
  it('failEvery 3: exactly 3, 6 and 9 end in the DLQ, after exactly two receives each', () => {
    const { observation, lines } = batch('partial-batch');
    expect(observation.dlqIndexes).toEqual([3, 6, 9]);
    for (const index of [3, 6, 9]) {
      expect(receivesOf(lines, observation.runId, index)).toEqual(['fail@1', 'fail@2']);
    }
  });

  it('failEvery 3: every other message is processed once, on its first receive, and deleted', () => {
    const { observation, lines } = batch('partial-batch');
    for (const index of [1, 2, 4, 5, 7, 8, 10]) {
      expect(receivesOf(lines, observation.runId, index)).toEqual(['ok@1']);
    }
    expect(results.get('partial-batch')?.matched).toBe(true);
  });

  it('reportBatchItemFailures off: the successes are processed again', () => {
    const { observation } = batch('no-partial-report');
    expect(observation.reprocessed).toBeGreaterThanOrEqual(1);
    expect(observation.dlqIndexes).toEqual(expect.arrayContaining([3, 6, 9]));
    expect(results.get('no-partial-report')?.matched).toBe(true);
  });
});
