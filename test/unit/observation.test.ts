import { describe, expect, it } from 'vitest';
import { findExperiment, UnknownExperimentError } from '../../lab';
import { batchIndexOf, observeBatch, observeVisibility, type WorkerLine } from '../../lab';

const line = (event: string, id: string, extra: object = {}): WorkerLine => ({ event, id, ...extra });

describe('observeVisibility', () => {
  it("counts one job's deliveries, duplicates and heartbeats, ignoring other ids", () => {
    const lines = [
      line('start', 'a'),
      line('heartbeat', 'a'),
      line('start', 'a'),
      line('duplicate-in-progress', 'a'),
      line('completed', 'a'),
      line('start', 'a'),
      line('duplicate-skipped', 'a'),
      line('start', 'b'),
    ];

    expect(observeVisibility(lines, 'a', 1, 0)).toMatchObject({
      deliveries: 3,
      inProgress: 1,
      skipped: 1,
      heartbeats: 1,
      effects: 1,
    });
  });
});

describe('observeBatch', () => {
  it('tallies OK and FAIL per index, successes processed again, and the DLQ indexes of the run', () => {
    const lines = [
      line('ok', 'r-1', { messageId: 'm1' }),
      line('fail', 'r-2', { messageId: 'm2' }),
      line('batch-failed', '', { records: 2, messageIds: ['m1', 'm2'] }),
      line('ok', 'r-1', { messageId: 'm1' }),
      line('ok', 'other-1', { messageId: 'x' }),
    ];

    const observation = observeBatch(lines, 'r', 2, ['r-2', 'r-1', 'other-3']);

    expect(observation.okByIndex.get(1)).toBe(2);
    expect(observation.failByIndex.get(2)).toBe(1);
    expect(observation.reprocessed).toBe(1);
    expect(observation.deliveries).toBe(3);
    expect(observation.dlqIndexes).toEqual([1, 2]);
    expect(observation.batchSizes).toEqual([2]);
  });

  it('reads the index only from ids of its own run', () => {
    expect(batchIndexOf('170-3', '170')).toBe(3);
    expect(batchIndexOf('1700-3', '170')).toBeUndefined();
    expect(batchIndexOf('170-x', '170')).toBeUndefined();
  });
});

describe('catalog judges', () => {
  it('partial-batch matches only the exact tutorial outcome', () => {
    const judge = findExperiment('partial-batch');
    if (judge.stack !== 'BatchPartialStack') throw new Error('wrong stack');
    const ok = new Map([1, 2, 4, 5, 7, 8, 10].map((i) => [i, 1]));
    const fail = new Map([3, 6, 9].map((i) => [i, 2]));
    const base = {
      kind: 'batch' as const,
      runId: 'r',
      count: 10,
      deliveries: 13,
      reprocessed: 0,
      batchSizes: [10, 3],
      messageIdsByIndex: new Map<number, number>(),
      invalid: 0,
      processingSeconds: 1,
    };

    expect(judge.judge({ ...base, okByIndex: ok, failByIndex: fail, dlqIndexes: [3, 6, 9] })).toBe(true);
    expect(judge.judge({ ...base, okByIndex: ok, failByIndex: fail, dlqIndexes: [3, 6] })).toBe(false);
    expect(
      judge.judge({ ...base, okByIndex: new Map([...ok, [1, 2]]), failByIndex: fail, dlqIndexes: [3, 6, 9] }),
    ).toBe(false);
  });

  it('no-heartbeat needs a duplicate AND exactly one effect', () => {
    const judge = findExperiment('no-heartbeat');
    if (judge.stack !== 'VisibilityDupStack') throw new Error('wrong stack');
    const seen = {
      kind: 'visibility' as const,
      id: 'a',
      deliveries: 2,
      skipped: 1,
      inProgress: 0,
      heartbeats: 0,
      heartbeatFailures: 0,
      workFailures: 0,
      dlq: 0,
    };

    expect(judge.judge({ ...seen, effects: 1 })).toBe(true);
    expect(judge.judge({ ...seen, effects: 2 })).toBe(false);
    expect(judge.judge({ ...seen, deliveries: 1, skipped: 0, effects: 1 })).toBe(false);
  });

  it('an unknown name lists the valid ones', () => {
    expect(() => findExperiment('heartbaet')).toThrow(UnknownExperimentError);
    expect(() => findExperiment('heartbaet')).toThrow(/choose one of: heartbeat, no-heartbeat/);
  });
});
