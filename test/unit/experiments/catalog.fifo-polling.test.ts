import { describe, expect, it } from 'vitest';
import { findExperiment, labOnlyReason } from '#experiments/catalog';
import type { FifoDedupExperiment, PollingExperiment } from '#experiments/experiment';
import type { FifoDedupObservation, PollingConsumerObservation, PollingObservation } from '#experiments/observation';

function fifoDedup(): FifoDedupExperiment {
  const experiment = findExperiment('fifo-dedup');
  if (experiment.stack !== 'SQS' || experiment.run !== 'fifo-dedup') throw new Error('not fifo-dedup');
  return experiment;
}

function polling(): PollingExperiment {
  const experiment = findExperiment('short-vs-long-polling');
  if (experiment.stack !== 'SQS' || experiment.run !== 'polling') throw new Error('not short-vs-long-polling');
  return experiment;
}

/** What the tutorial predicts for fifo-dedup; each test changes one fact. */
const PREDICTED: FifoDedupObservation = {
  kind: 'fifo-dedup',
  withinInterval: { sends: 2, deliveries: 1, sameMessageId: true },
  group: { sent: ['job-2', 'job-3', 'job-4'], received: ['job-2', 'job-3', 'job-4'], receivedWhileLocked: 0 },
  afterInterval: { deliveries: 1, newMessageId: true },
  slowConsumer: { receives: 2, sameMessageId: true, sameDeduplicationId: true, lastReceiveCount: 2 },
  deliveries: 7,
};

describe('fifo-dedup judge', () => {
  it('matches the predicted observation', () => {
    expect(fifoDedup().judge(PREDICTED)).toBe(true);
  });

  it.each([
    ['the retry delivered too', { ...PREDICTED, withinInterval: { ...PREDICTED.withinInterval, deliveries: 2 } }],
    ['the group out of order', { ...PREDICTED, group: { ...PREDICTED.group, received: ['job-3', 'job-2', 'job-4'] } }],
    ['a receive inside a locked group', { ...PREDICTED, group: { ...PREDICTED.group, receivedWhileLocked: 1 } }],
    ['still deduplicated after the interval', { ...PREDICTED, afterInterval: { deliveries: 0, newMessageId: false } }],
    [
      'no second receive for the slow consumer',
      { ...PREDICTED, slowConsumer: { ...PREDICTED.slowConsumer, receives: 1 } },
    ],
    [
      'a new message instead of the same one',
      { ...PREDICTED, slowConsumer: { ...PREDICTED.slowConsumer, sameMessageId: false } },
    ],
  ])('does not match when %s', (_, observation) => {
    expect(fifoDedup().judge(observation)).toBe(false);
  });

  it('runs on the lab only, and says why', () => {
    expect(labOnlyReason(fifoDedup())).toMatch(/FIFO queue/);
    expect(labOnlyReason(polling())).toBeUndefined();
  });

  it('describes each phase in both languages', () => {
    const en = fifoDedup().details?.(PREDICTED, 'en') ?? [];
    const ja = fifoDedup().details?.(PREDICTED, 'ja') ?? [];

    expect(en).toHaveLength(4);
    expect(ja).toHaveLength(4);
    expect(en[3]).toContain('same MessageDeduplicationId');
    expect(ja[0]).toContain('フェーズ 1');
  });
});

function consumer(overrides: Partial<PollingConsumerObservation>): PollingConsumerObservation {
  return {
    waitTimeSeconds: 0,
    calls: 100,
    emptyResponses: 98,
    messagesSent: 2,
    messagesReceived: 2,
    costUsd: 100 * 0.4e-6,
    latenciesSeconds: [0.05, 0.04],
    ...overrides,
  };
}

const POLLED: PollingObservation = {
  kind: 'polling',
  periodSeconds: 12,
  short: consumer({}),
  long: consumer({ waitTimeSeconds: 20, calls: 3, emptyResponses: 1, costUsd: 3 * 0.4e-6 }),
  usdPerMillionRequests: 0.4,
};

describe('short-vs-long-polling judge', () => {
  it('matches fewer calls, fewer empty responses and a lower cost for long polling', () => {
    expect(polling().judge(POLLED)).toBe(true);
  });

  it('still matches when short polling missed a message (AWS samples a subset of its servers)', () => {
    expect(polling().judge({ ...POLLED, short: consumer({ messagesReceived: 1 }) })).toBe(true);
  });

  it.each([
    ['long polling missed a message', { ...POLLED, long: { ...POLLED.long, messagesReceived: 1 } }],
    ['long polling made as many calls', { ...POLLED, long: { ...POLLED.long, calls: 100, costUsd: 100 * 0.4e-6 } }],
    ['long polling had as many empty responses', { ...POLLED, long: { ...POLLED.long, emptyResponses: 98 } }],
  ])('does not match when %s', (_, observation) => {
    expect(polling().judge(observation)).toBe(false);
  });

  it('prices both consumers and a month of polling an idle queue at the price table rate', () => {
    const [short, long, month] = polling().details?.(POLLED, 'en') ?? [];

    expect(short).toContain('100 ReceiveMessage calls, 98 empty, 2 of 2 messages, $0.000040');
    expect(long).toContain('3 ReceiveMessage calls, 1 empty');
    // 100 calls in 12 s for 30 days: 21.6 million calls at $0.40 per million; one call per 20 s: 129,600.
    expect(month).toContain('≈ 21.6 million calls ≈ $8.64');
    expect(month).toContain('≈ 0.13 million calls ≈ $0.05');
    expect(polling().details?.(POLLED, 'ja')?.[2]).toContain('100 万リクエストあたり $0.40');
  });
});
