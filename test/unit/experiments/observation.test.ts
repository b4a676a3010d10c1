import { describe, expect, it } from 'vitest';
import { findExperiment, UnknownExperimentError } from '#experiments/catalog';
import {
  batchIndexOf,
  observeBatch,
  observeCrash,
  observeManager,
  observeVisibility,
  type WorkerLine,
} from '#experiments/observation';

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

const at = (seconds: number): string => new Date(1_700_000_000_000 + seconds * 1000).toISOString();

describe('observeManager', () => {
  it("groups the managers' lines into requests per invocation and finds the job let go and received again", () => {
    const lines = [
      line('start', 'a', { requestId: 'r1', timestamp: at(0) }),
      line('start', 'b', { requestId: 'r1', timestamp: at(0) }),
      line('heartbeat', 'a', { requestId: 'r1', request: 1, batchEntries: 2, timestamp: at(2) }),
      line('heartbeat', 'b', { requestId: 'r1', request: 1, batchEntries: 2, timestamp: at(2) }),
      line('heartbeat', 'a', { requestId: 'r1', request: 2, batchEntries: 2, timestamp: at(8) }),
      line('visibility-released', 'b', {
        requestId: 'r1',
        request: 2,
        batchEntries: 2,
        keptMs: 8000,
        timestamp: at(8),
      }),
      line('start', 'b', { requestId: 'r2', timestamp: at(8.2) }),
      line('heartbeat', 'b', { requestId: 'r2', request: 1, batchEntries: 1, timestamp: at(8.2) }),
      line('heartbeat', 'other', { requestId: 'r3', request: 1, batchEntries: 1, timestamp: at(1) }),
    ];

    const observed = observeManager(lines, new Set(['a', 'b']));

    expect(
      observed?.requests.map(({ invocation, request, entries, extended, released }) => [
        invocation,
        request,
        entries,
        extended,
        released,
      ]),
    ).toEqual([
      ['r1', 1, 2, 2, 0],
      ['r1', 2, 2, 1, 1],
      ['r2', 1, 1, 1, 0],
    ]);
    expect(observed?.invocations).toEqual([
      { invocation: 'r1', ids: ['a', 'b'] },
      { invocation: 'r2', ids: ['b'] },
    ]);
    expect(observed?.released).toEqual([
      { id: 'b', keptSeconds: 8, atMs: Date.parse(at(8)), receivedAgainAtMs: Date.parse(at(8.2)) },
    ]);
  });

  it('is undefined when no manager made a request (a worker with a heartbeat per message)', () => {
    expect(observeManager([line('heartbeat', 'a', { timestamp: at(3) })], new Set(['a']))).toBeUndefined();
  });
});

describe('observeCrash', () => {
  it("takes each job's deadline at the crash from its last heartbeat, or from the queue's timeout", () => {
    const lines = [
      line('start', 'long', { timestamp: at(0.4) }),
      line('start', 'short', { timestamp: at(0.4) }),
      line('heartbeat', 'short', { extendedBySeconds: 5, timestamp: at(3.2) }),
      line('heartbeat', 'short', { extendedBySeconds: 5, timestamp: at(9) }),
      line('start', 'short', { timestamp: at(8.4) }),
      line('start', 'long', { timestamp: at(15.2) }),
    ];

    const crash = observeCrash(lines, [{ id: 'long' }, { id: 'short', label: 'short' }], Date.parse(at(3.4)), 15);

    expect(crash.jobs).toEqual([
      {
        id: 'long',
        label: 'long',
        receivedAtMs: Date.parse(at(0.4)),
        deadlineAtMs: Date.parse(at(15.4)),
        retriedAtMs: Date.parse(at(15.2)),
      },
      {
        id: 'short',
        label: 'short',
        receivedAtMs: Date.parse(at(0.4)),
        deadlineAtMs: Date.parse(at(8.2)),
        lastExtensionAtMs: Date.parse(at(3.2)),
        retriedAtMs: Date.parse(at(8.4)),
      },
    ]);
  });

  it("takes the receive from SQS's firstReceiveTimestamp, not from the Start line a cold start delays", () => {
    const lines = [
      line('start', 'long', { timestamp: at(1.6), firstReceiveTimestamp: Date.parse(at(0.2)) }),
      line('start', 'long', { timestamp: at(15.6), firstReceiveTimestamp: Date.parse(at(0.2)) }),
    ];

    const [long] = observeCrash(lines, [{ id: 'long' }], Date.parse(at(3)), 15).jobs;

    expect(long).toMatchObject({ receivedAtMs: Date.parse(at(0.2)), deadlineAtMs: Date.parse(at(15.2)) });
  });
});
