/**
 * The experiments without a stack (issue 12): FIFO deduplication against the guard, and short
 * against long polling. Their producer and consumer are the experiment itself, on SQS alone.
 */
import { localized } from './locales/messages';
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
  if (language === 'ja') {
    return [
      `フェーズ 1(5 分以内): 同じジョブを ${w.sends} 回送信、配信 ${w.deliveries} 回(2 回目の送信も${w.sameMessageId ? '同じ' : '別の'} MessageId で受け付けられた)`,
      `フェーズ 2(1 つのメッセージグループ): 送信順 ${o.group.sent.join(', ')} / 受信順 ${o.group.received.join(', ')}(先頭の処理中に同じグループから受信できたのは ${o.group.receivedWhileLocked} 件)`,
      `フェーズ 3(ラボの SQS 時計を 5 分進めた後): 同じジョブを再送、配信 ${o.afterInterval.deliveries} 回(${o.afterInterval.newMessageId ? '新しい' : '同じ'} MessageId)`,
      `フェーズ 4(可視性タイムアウトより長く処理): 同じジョブを ${s.receives} 回受信、MessageId は${s.sameMessageId ? '同じ' : '別'}、MessageDeduplicationId も${s.sameDeduplicationId ? '同じ' : '別'}、ApproximateReceiveCount ${s.lastReceiveCount}: 重複排除では防げない`,
    ];
  }
  return [
    `phase 1, within 5 minutes: the same job sent ${w.sends} times, delivered ${w.deliveries} time(s) (the second send was answered with ${w.sameMessageId ? 'the same' : 'another'} MessageId)`,
    `phase 2, one message group: sent ${o.group.sent.join(', ')}; received ${o.group.received.join(', ')} (${o.group.receivedWhileLocked} receive(s) got a message of the group while its first was in flight)`,
    `phase 3, the lab's SQS clock moved 5 minutes on: the same job sent again, delivered ${o.afterInterval.deliveries} time(s) (${o.afterInterval.newMessageId ? 'a new' : 'the same'} MessageId)`,
    `phase 4, processing longer than the visibility timeout: the same job received ${s.receives} times, ${s.sameMessageId ? 'same' : 'another'} MessageId, ${s.sameDeduplicationId ? 'same' : 'another'} MessageDeduplicationId, ApproximateReceiveCount ${s.lastReceiveCount}: deduplication cannot help here`,
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
  if (language === 'ja') {
    const mode = c.waitTimeSeconds === 0 ? 'ショートポーリング' : 'ロングポーリング';
    return `${mode}(WaitTimeSeconds ${c.waitTimeSeconds}): ReceiveMessage ${c.calls} 回、うち空 ${c.emptyResponses} 回、受信 ${c.messagesReceived}/${c.messagesSent} 件、${usd(c.costUsd)}${wait ? `、送信から受信まで中央値 ${wait} 秒` : ''}`;
  }
  const mode = c.waitTimeSeconds === 0 ? 'short polling' : 'long polling';
  return `${mode} (WaitTimeSeconds ${c.waitTimeSeconds}): ${c.calls} ReceiveMessage calls, ${c.emptyResponses} empty, ${c.messagesReceived} of ${c.messagesSent} messages, ${usd(c.costUsd)}${wait ? `, median ${wait} s from send to receive` : ''}`;
}

function describePolling(o: PollingObservation, language: Language): string[] {
  const perMillion = o.usdPerMillionRequests;
  const shortMonthly = (o.short.calls / o.periodSeconds) * MONTH_SECONDS;
  const longMonthly = MONTH_SECONDS / o.long.waitTimeSeconds;
  const millions = (calls: number): string => (calls / 1_000_000).toFixed(calls >= 1_000_000 ? 1 : 2);
  const cost = (calls: number): string => usd((calls / 1_000_000) * perMillion);
  if (language === 'ja') {
    return [
      describeConsumer(o.short, language),
      describeConsumer(o.long, language),
      `100 万リクエストあたり $${perMillion.toFixed(2)}(cost/prices.ts、us-east-1、無料枠は考慮しない)で、空のキューを 30 日間ポーリングし続けるコンシューマー 1 つ: ショートは今回のペースで約 ${millions(shortMonthly)} 百万回 ≈ ${cost(shortMonthly)}、ロングは 20 秒に 1 回で約 ${millions(longMonthly)} 百万回 ≈ ${cost(longMonthly)}`,
    ];
  }
  return [
    describeConsumer(o.short, language),
    describeConsumer(o.long, language),
    `at $${perMillion.toFixed(2)} per million requests (cost/prices.ts, us-east-1, free tier ignored), one consumer polling an idle queue for 30 days: short polling at this run's pace ≈ ${millions(shortMonthly)} million calls ≈ ${cost(shortMonthly)}; long polling, one call per 20 s ≈ ${millions(longMonthly)} million calls ≈ ${cost(longMonthly)}`,
  ];
}
