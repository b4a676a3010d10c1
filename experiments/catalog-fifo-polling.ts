/**
 * The experiments without a stack (issue 12): FIFO deduplication against the guard, and short
 * against long polling. Their producer and consumer are the experiment itself, on SQS alone.
 */
import { localized, MESSAGES } from './locales/messages';
import type { Language } from '@sqs-lab/lab';
import type { FifoDedupExperiment, PollingExperiment } from './experiment';
import type { FifoDedupObservation, PollingConsumerObservation, PollingObservation } from './observation';

/** Seconds in the 30 days the monthly figures assume. */
const MONTH_SECONDS = 30 * 24 * 3600;

const FIFO_DEDUP: FifoDedupExperiment = {
  name: 'fifo-dedup',
  stack: 'SQS',
  run: 'fifo-dedup',
  title: localized((say) => say.experiments['fifo-dedup'].title),
  prediction: localized((say) => say.experiments['fifo-dedup'].prediction),
  plan: { visibilityTimeoutSeconds: 2, processSeconds: 3 },
  timeoutSeconds: 60,
  inTour: false,
  labOnly: localized((say) => say.experiments['fifo-dedup'].labOnly),
  judge: (o) =>
    o.withinInterval.sends === 2 &&
    o.withinInterval.deliveries === 1 &&
    o.withinInterval.sameMessageId &&
    o.group.received.length === o.group.sent.length &&
    o.group.received.every((id, index) => id === o.group.sent[index]) &&
    o.group.receivedWhileLocked === 0 &&
    o.afterInterval.deliveries === 1 &&
    o.afterInterval.newMessageId &&
    o.slowConsumer.receives === 2 &&
    o.slowConsumer.sameMessageId &&
    o.slowConsumer.sameDeduplicationId &&
    o.slowConsumer.lastReceiveCount === 2,
  details: describeFifoDedup,
};

const SHORT_VS_LONG_POLLING: PollingExperiment = {
  name: 'short-vs-long-polling',
  stack: 'SQS',
  run: 'polling',
  title: localized((say) => say.experiments['short-vs-long-polling'].title),
  prediction: localized((say) => say.experiments['short-vs-long-polling'].prediction),
  plan: { periodSeconds: 12, sendAtSeconds: [3, 8], longWaitTimeSeconds: 20, pauseAfterEmptyMs: 100 },
  awsQueue: { stack: 'VisibilityDupStack', output: 'DlqUrl' },
  timeoutSeconds: 60,
  inTour: false,
  judge: (o) =>
    o.long.messagesReceived === o.long.messagesSent &&
    o.short.messagesReceived <= o.short.messagesSent &&
    o.long.calls < o.short.calls &&
    o.long.emptyResponses < o.short.emptyResponses &&
    o.long.costUsd < o.short.costUsd,
  details: describePolling,
};

/** The experiments of this file, in the guide's order. */
export const FIFO_AND_POLLING_EXPERIMENTS = [FIFO_DEDUP, SHORT_VS_LONG_POLLING] as const;

function describeFifoDedup(o: FifoDedupObservation, language: Language): string[] {
  const w = o.withinInterval;
  const s = o.slowConsumer;
  const say = MESSAGES[language].catalog;
  return [
    say.fifoWithinInterval(w.sends, w.deliveries, w.sameMessageId),
    say.fifoGroup(o.group.sent.join(', '), o.group.received.join(', '), o.group.receivedWhileLocked),
    say.fifoAfterInterval(o.afterInterval.deliveries, o.afterInterval.newMessageId),
    say.fifoSlowConsumer(s.receives, s.sameMessageId, s.sameDeduplicationId, s.lastReceiveCount),
  ];
}

function usd(value: number): string {
  if (value === 0) return '$0';
  if (value >= 0.01) return `$${value.toFixed(2)}`;
  return `$${value.toPrecision(2)}`;
}

function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** A one-line account of one consumer. */
function describeConsumer(c: PollingConsumerObservation, language: Language): string {
  const latency = median(c.latenciesSeconds);
  const wait = latency === undefined ? '' : latency.toFixed(2);
  return MESSAGES[language].catalog.pollingConsumer(
    c.waitTimeSeconds,
    c.calls,
    c.emptyResponses,
    c.messagesReceived,
    c.messagesSent,
    usd(c.costUsd),
    wait,
  );
}

function describePolling(o: PollingObservation, language: Language): string[] {
  const perMillion = o.usdPerMillionRequests;
  const shortMonthly = (o.short.calls / o.periodSeconds) * MONTH_SECONDS;
  const longMonthly = MONTH_SECONDS / o.long.waitTimeSeconds;
  const millions = (calls: number): string => (calls / 1_000_000).toFixed(calls >= 1_000_000 ? 1 : 2);
  const cost = (calls: number): string => usd((calls / 1_000_000) * perMillion);
  return [
    describeConsumer(o.short, language),
    describeConsumer(o.long, language),
    MESSAGES[language].catalog.pollingMonth(
      perMillion,
      millions(shortMonthly),
      cost(shortMonthly),
      millions(longMonthly),
      cost(longMonthly),
    ),
  ];
}
