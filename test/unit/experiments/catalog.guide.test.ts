import { describe, expect, it } from 'vitest';
import { EXPERIMENTS, findExperiment } from '#experiments/catalog';
import { localized } from '#experiments/locales/messages';
import { observeBatch, observeSweep, type VisibilityObservation, type WorkerLine } from '#experiments/observation';
import {
  batchEventFilter,
  throttledCompletion,
  variantSummary,
  workerAssumesVisibilityTimeout,
  workerTimeout,
} from '#experiments/variants';
import { validateFaultRules } from '#lab/interceptors/aws-call-faults';

// The experiments docs/experiments.md adds to the tour's eight: their observations, judges and
// lab variants. (Running them on the lab is test/docs/experiments-guide.test.ts's job.)

const line = (event: string, id: string, extra: object = {}): WorkerLine => ({ event, id, ...extra });

function visibilityJudge(name: string): (o: VisibilityObservation) => boolean {
  const experiment = findExperiment(name);
  if (experiment.stack !== 'VisibilityDupStack') throw new Error(`${name} is not a Step 7 experiment`);
  return experiment.judge;
}

describe('the tour', () => {
  it('keeps exactly the eight experiments the README lists; the guide adds the others with inTour: false', () => {
    expect(EXPERIMENTS.filter((e) => e.inTour !== false).map((e) => e.name)).toEqual([
      'heartbeat',
      'no-heartbeat',
      'failing-heartbeat',
      'no-idempotency',
      'long-job',
      'partial-batch',
      'no-partial-report',
      'batch-size-1',
    ]);
    expect(new Set(EXPERIMENTS.map((e) => e.name)).size).toBe(EXPERIMENTS.length);
  });
});

describe('observeSweep', () => {
  it('observes each job of a sweep alone and sums them', () => {
    const lines = [
      line('start', 'j-1s'),
      line('completed', 'j-1s'),
      line('start', 'j-7s'),
      line('start', 'j-7s'),
      line('duplicate-in-progress', 'j-7s'),
      line('completed', 'j-7s'),
      line('start', 'other'),
    ];

    const o = observeSweep(
      lines,
      [
        { id: 'j-1s', sleep: 1, effects: 1 },
        { id: 'j-7s', sleep: 7, effects: 1 },
      ],
      0,
    );

    expect(o.jobs?.map((job) => [job.sleep, job.deliveries, job.inProgress])).toEqual([
      [1, 1, 0],
      [7, 2, 1],
    ]);
    expect([o.deliveries, o.inProgress, o.effects]).toEqual([3, 1, 2]);
  });
});

describe('observeBatch, the guide fields', () => {
  it('counts distinct message ids per index, invalid lines of raw messages only, and the processing span', () => {
    const lines = [
      line('fail', 'r-3', { messageId: 'm3', timestamp: '2026-11-23T00:00:00.000Z' }),
      line('fail', 'r-3', { messageId: 'm3', timestamp: '2026-11-23T00:00:10.000Z' }),
      line('fail', 'r-3', { messageId: 'm3-redriven', timestamp: '2026-11-23T00:00:20.500Z' }),
      { event: 'invalid-message', messageId: 'raw-1' },
      { event: 'invalid-message', messageId: 'someone-else' },
    ];

    const o = observeBatch(lines, 'r', 3, [], ['raw-1']);

    expect(o.messageIdsByIndex.get(3)).toBe(2);
    expect(o.invalid).toBe(1);
    expect(o.processingSeconds).toBeCloseTo(20.5);
  });

  it('lists as unseen the sent messages no line names by body id or SQS message id', () => {
    const lines = [
      line('ok', 'r-1', { messageId: 'm1' }),
      { event: 'batch-done', messageIds: ['m1', 'm2'] },
      { event: 'invalid-message', messageId: 'm4' },
    ];

    const o = observeBatch(lines, 'r', 4, [], [], { 'r-1': 'm1', 'r-2': 'm2', 'r-3': 'm3', 'r-4': 'm4' });

    expect(o.unseen).toEqual([3]);
    expect(observeBatch(lines, 'r', 4, []).unseen).toBeUndefined();
  });
});

describe('guide judges', () => {
  const visibility = (fields: Partial<VisibilityObservation>): VisibilityObservation => ({
    kind: 'visibility',
    id: 'x',
    deliveries: 1,
    skipped: 0,
    inProgress: 0,
    effects: 1,
    heartbeats: 0,
    heartbeatFailures: 0,
    workFailures: 0,
    dlq: 0,
    ...fields,
  });
  const job = (sleep: number, deliveries: number, effects = 1) => ({
    id: `j-${sleep}`,
    sleep,
    deliveries,
    skipped: deliveries - 1,
    inProgress: 0,
    effects,
    heartbeats: 0,
  });

  it('visibility-sweep: short jobs once, long jobs again, one effect each', () => {
    const judge = visibilityJudge('visibility-sweep');

    expect(judge(visibility({ jobs: [job(1, 1), job(2, 1), job(7, 3), job(9, 4)] }))).toBe(true);
    expect(judge(visibility({ jobs: [job(1, 1), job(2, 2), job(7, 3), job(9, 4)] }))).toBe(false);
    expect(judge(visibility({ jobs: [job(1, 1), job(2, 1), job(7, 1), job(9, 4)] }))).toBe(false);
    expect(judge(visibility({ jobs: [job(1, 1), job(2, 1), job(7, 3), job(9, 4, 2)] }))).toBe(false);
  });

  it('throttled-completion: every failed delivery is followed by exactly one that completes', () => {
    const judge = visibilityJudge('throttled-completion');

    expect(judge(visibility({ deliveries: 2, workFailures: 1 }))).toBe(true);
    expect(judge(visibility({ deliveries: 1, workFailures: 0 }))).toBe(false);
    expect(judge(visibility({ deliveries: 2, workFailures: 1, effects: 2 }))).toBe(false);
  });

  it('dlq-redrive: the failing three fail four times over two message ids each and end in the DLQ again', () => {
    const experiment = findExperiment('dlq-redrive');
    if (experiment.stack !== 'BatchPartialStack') throw new Error('wrong stack');
    const ok = new Map([1, 2, 4, 5, 7, 8, 10].map((i) => [i, 1]));
    const base = {
      kind: 'batch' as const,
      runId: 'r',
      count: 10,
      deliveries: 19,
      reprocessed: 0,
      batchSizes: [],
      invalid: 0,
      processingSeconds: 30,
      okByIndex: ok,
      dlqIndexes: [3, 6, 9],
    };
    const fourTimes = new Map([3, 6, 9].map((i) => [i, 4]));
    const twoIds = new Map([3, 6, 9].map((i) => [i, 2]));

    expect(experiment.judge({ ...base, failByIndex: fourTimes, messageIdsByIndex: twoIds })).toBe(true);
    expect(
      experiment.judge({ ...base, failByIndex: new Map([3, 6, 9].map((i) => [i, 2])), messageIdsByIndex: twoIds }),
    ).toBe(false);
    expect(experiment.judge({ ...base, failByIndex: fourTimes, messageIdsByIndex: twoIds, dlqIndexes: [] })).toBe(
      false,
    );
  });
});

describe('event-filter', () => {
  const experiment = findExperiment('event-filter');
  if (experiment.stack !== 'BatchPartialStack') throw new Error('wrong stack');
  const kept = [1, 2, 4, 5, 7, 8, 10];
  const filtered = {
    kind: 'batch' as const,
    runId: 'r',
    count: 10,
    deliveries: 7,
    reprocessed: 0,
    batchSizes: [2, 5],
    invalid: 0,
    processingSeconds: 0.2,
    okByIndex: new Map(kept.map((i) => [i, 1])),
    failByIndex: new Map<number, number>(),
    messageIdsByIndex: new Map(kept.map((i) => [i, 1])),
    dlqIndexes: [],
    unseen: [3, 6, 9],
    queueDepth: 0,
  };

  it('matches when 3, 6, 9 were sent, never reached the worker and left the queue, the others processed once', () => {
    expect(experiment.judge(filtered)).toBe(true);
  });

  it.each([
    [
      'a filtered message was processed (no filter)',
      { unseen: [], okByIndex: new Map([...kept, 3, 6, 9].map((i) => [i, 1])) },
    ],
    ['the filtered messages failed instead', { unseen: [], failByIndex: new Map([3, 6, 9].map((i) => [i, 2])) }],
    ['they are still in the queue', { queueDepth: 3 }],
    ['they reached the DLQ', { dlqIndexes: [3, 6, 9] }],
    ['the producer’s message ids were not read', { unseen: undefined }],
  ])('does not match when %s', (_, change) => {
    expect(experiment.judge({ ...filtered, ...change })).toBe(false);
  });

  it('runs BatchPartialStack with the pattern the deploy-time switch gives it', () => {
    const variant = batchEventFilter();
    const mapping = variant.topology().mappings[0];

    expect(mapping?.filterPatterns).toEqual([{ body: { shouldFail: [false] } }]);
    expect(variant.deployedWith).toEqual({
      context: 'eventFilter=true',
      output: 'EventFilter',
      value: '{"body":{"shouldFail":[false]}}',
    });
    expect(variantSummary(variant, 'ja')).toMatch(/FilterCriteria/);
  });
});

describe('lab variants', () => {
  it('workerAssumesVisibilityTimeout changes only the worker variable the heartbeat is derived from', () => {
    const variant = workerAssumesVisibilityTimeout(10);
    const worker = variant.topology().functions.find((spec) => spec.id === 'Worker');

    expect(worker?.environment.VISIBILITY_TIMEOUT_SECONDS).toEqual({ value: '10' });
    expect(worker?.environment.QUEUE_URL).toEqual({ queueUrl: 'ShortVTQueue' });
    expect(variant.topology().queues.find((queue) => queue.id === 'ShortVTQueue')?.visibilityTimeoutSeconds).toBe(5);
    expect(variantSummary(variant, 'en')).toMatch(/heartbeat every 6 s, to 20 s/);
  });

  it('workerTimeout shortens the worker only, and stays at or under the queue it is created with', () => {
    const topology = workerTimeout(
      12,
      localized((say) => say.experiments['in-progress-crash'].why),
    ).topology();
    const queue = topology.queues.find((q) => q.id === 'ShortVTQueue');

    expect(topology.functions.map((spec) => [spec.id, spec.timeoutSeconds])).toEqual([
      ['Producer', 10],
      ['Worker', 12],
    ]);
    expect(queue?.createVisibilityTimeoutSeconds).toBeGreaterThanOrEqual(12);
  });

  it('throttledCompletion is a valid fault rule that only matches the completion write', () => {
    const { awsCalls } = throttledCompletion(0.5, 17);

    expect(() => validateFaultRules(awsCalls?.faults ?? [])).not.toThrow();
    expect(awsCalls?.faults?.[0]?.match).toEqual({ path: 'UpdateExpression', contains: ':completed' });
  });
});
