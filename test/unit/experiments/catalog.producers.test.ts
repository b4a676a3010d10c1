import { describe, expect, it } from 'vitest';
import { validateTopology } from '#lib/validate-topology';
import { visibilityDupTopology } from '#lib/topology';
import { findExperiment } from '#experiments/catalog';
import { observeVisibility, type VisibilityObservation, type WorkerLine } from '#experiments/observation';
import { queueDelay, variantSummary } from '#experiments/variants';

// The producer experiments (experiments/catalog-producer.ts): what the observation reads
// from the worker's lines, how each is judged, and the delay queue variant. Their runs on the
// lab are test/docs/experiments-guide.test.ts's and test/lab/experiments/runner.producers.test.ts's.

function judge(name: string): (o: VisibilityObservation) => boolean {
  const experiment = findExperiment(name);
  if (experiment.stack !== 'VisibilityDupStack') throw new Error(`${name} is not a Step 7 experiment`);
  return experiment.judge;
}

/** A `start` line of job `j` for SQS message `messageId`, sent at `sent` ms and first received at `first` ms. */
const start = (messageId: string, sent: number, first: number): WorkerLine => ({
  event: 'start',
  id: 'j',
  messageId,
  sentTimestamp: sent,
  firstReceiveTimestamp: first,
});

const observed = (overrides: Partial<VisibilityObservation>): VisibilityObservation => ({
  kind: 'visibility',
  id: 'j',
  deliveries: 1,
  skipped: 0,
  inProgress: 0,
  effects: 1,
  heartbeats: 0,
  heartbeatFailures: 0,
  workFailures: 0,
  dlq: 0,
  messages: 1,
  firstReceiveWaits: [3.02],
  delayedSeen: 1,
  ...overrides,
});

describe('observeVisibility, for the producer experiments', () => {
  it('counts the distinct SQS messages of a job and how long each waited for its first receive', () => {
    const lines = [
      start('m-2', 1_000_200, 1_000_400),
      start('m-1', 1_000_100, 1_003_150),
      { ...start('m-1', 1_000_100, 1_003_150), receiveCount: 2 },
      { event: 'completed', id: 'j', messageId: 'm-1' },
    ];

    const o = observeVisibility(lines, 'j', 1, 0);

    expect(o.messages).toBe(2);
    expect(o.firstReceiveWaits).toEqual([3.05, 0.2]); // in send order, each message once
  });

  it('has no wait for a start line without SQS timestamps', () => {
    expect(observeVisibility([{ event: 'start', id: 'j', messageId: 'm' }], 'j', 0, 0).firstReceiveWaits).toEqual([]);
  });
});

describe('message-timer', () => {
  const matches = judge('message-timer');

  it('matches one delivery first received no earlier than the 3 s timer, with 1 effect', () => {
    expect(matches(observed({}))).toBe(true);
    // The delayed count is not judged: on AWS it is approximate and read every 5 s.
    expect(matches(observed({ delayedSeen: 0 }))).toBe(true);
  });

  it('does not match a message received before its delay ended, nor one without timestamps', () => {
    expect(matches(observed({ firstReceiveWaits: [1.2] }))).toBe(false);
    expect(matches(observed({ firstReceiveWaits: [] }))).toBe(false);
    expect(matches(observed({ deliveries: 2, inProgress: 1 }))).toBe(false);
  });
});

describe('delay-queue', () => {
  const matches = judge('delay-queue');

  it('needs the message seen as delayed and first received after the queue delay', () => {
    expect(matches(observed({}))).toBe(true);
    expect(matches(observed({ delayedSeen: 0 }))).toBe(false);
    expect(matches(observed({ firstReceiveWaits: [0.1] }))).toBe(false);
  });

  it('runs on a lab variant whose main queue has DelaySeconds 3, and only there', () => {
    const experiment = findExperiment('delay-queue');
    const topology = experiment.variant?.topology();

    expect(topology?.queues.find((queue) => queue.id === topology.mainQueueId)?.delaySeconds).toBe(3);
    expect(topology?.queues.filter((queue) => queue.delaySeconds !== undefined)).toHaveLength(1);
    expect(experiment.variant && variantSummary(experiment.variant, 'en')).toMatch(/DelaySeconds is 3 \(deployed: 0\)/);
    expect(experiment.variant && variantSummary(experiment.variant, 'ja')).toMatch(
      /DelaySeconds が 3（デプロイ済みは 0）/,
    );
    expect(findExperiment('message-timer').variant).toBeUndefined();
  });
});

describe('producer-retry-duplicate', () => {
  const matches = judge('producer-retry-duplicate');

  it('matches two SQS messages for one id, a duplicate caught and 1 effect', () => {
    expect(matches(observed({ messages: 2, deliveries: 3, inProgress: 1, skipped: 1 }))).toBe(true);
    expect(matches(observed({ messages: 2, deliveries: 2, skipped: 1 }))).toBe(true);
  });

  it('does not match one message delivered twice (a visibility-timeout duplicate), nor two effects', () => {
    expect(matches(observed({ messages: 1, deliveries: 2, skipped: 1 }))).toBe(false);
    expect(matches(observed({ messages: 2, deliveries: 2, effects: 2 }))).toBe(false);
  });

  it('sends the same body twice through the deployed producer (so it runs on AWS too)', () => {
    const experiment = findExperiment('producer-retry-duplicate');
    expect(experiment.variant).toBeUndefined();
    expect(experiment.stack === 'VisibilityDupStack' && experiment.body).toMatchObject({ sendTwice: true });
  });
});

describe('queue DelaySeconds in a topology', () => {
  it('is refused outside SQS 0 to 900 s at synth, with a sentence', () => {
    const withDelay = (delaySeconds: number) => {
      const topology = visibilityDupTopology();
      return { ...topology, queues: topology.queues.map((queue) => ({ ...queue, delaySeconds })) };
    };

    expect(() => validateTopology(withDelay(901))).toThrow(
      /DelaySeconds of ShortVTQueue must be an integer from 0 to 900 \(SQS's 15 minutes\), got 901/,
    );
    expect(() => validateTopology(withDelay(1.5))).toThrow(/got 1\.5/);
    expect(() => validateTopology(withDelay(900))).not.toThrow();
    expect(() => validateTopology(queueDelay(3).topology())).not.toThrow();
  });
});
