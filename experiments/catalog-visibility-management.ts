/**
 * Experiments on managing visibility, from the source notes: one visibility manager for a whole
 * batch (`visibility-manager`), the other side of the visibility-timeout trade-off
 * (`visibility-too-long`), and the alarm on the DLQ (`dlq-alarm`). Spread into EXPERIMENTS.
 */
import { localized } from './locales/messages';
import { VISIBILITY_DUP, VISIBILITY_MANAGER } from '../lib/settings';
import { DEFAULT_BATCH_PARTIAL_OPTIONS } from '../lib/topology';
import type { Language } from '@sqs-lab/lab';
import type { Experiment } from './experiment';
import type { BatchObservation, ManagerObservation, SweepJobObservation, VisibilityObservation } from './observation';
import { longQueueTimeout, visibilityManagerWorker } from './variants';

/** The long queue of `visibility-too-long`, and the rolling deadline its heartbeat keeps (2 × 2.5 s). */
const LONG_QUEUE_SECONDS = 15;
const SHORT_DEADLINE_SECONDS = 5;

/** failEvery 3 over 10 messages: these fail twice and reach the DLQ. */
const FAILING = [3, 6, 9];

const jobNamed = (o: VisibilityObservation, label: string): SweepJobObservation | undefined =>
  o.jobs?.find((job) => job.label === label);

/** `4.9 s`, or `4.9 秒` in Japanese. */
const seconds = (ms: number, language: Language = 'en'): string =>
  `${(ms / 1000).toFixed(1)} ${language === 'ja' ? '秒' : 's'}`;

/** The invocation that carried the most jobs, and the requests its manager made. */
function biggestBatch(m: ManagerObservation): { size: number; requests: ManagerObservation['requests'] } {
  const biggest = [...m.invocations].sort((a, b) => b.ids.length - a.ids.length)[0];
  return {
    size: biggest?.ids.length ?? 0,
    requests: m.requests.filter((request) => request.invocation === biggest?.invocation),
  };
}

function judgeManager(o: VisibilityObservation): boolean {
  const m = o.manager;
  const hung = jobNamed(o, 'hung');
  const others = (o.jobs ?? []).filter((job) => job.label !== 'hung');
  if (m === undefined || hung === undefined || o.jobs?.length !== 10) return false;
  const batch = biggestBatch(m);
  const calls = o.workerSqsCalls;
  return (
    o.jobs.every((job) => job.effects === 1) &&
    o.dlq === 0 &&
    // Six seconds of work on a 5 s queue, received once: the manager kept them hidden.
    others.every((job) => job.deliveries === 1) &&
    // The hung job was let go at its maximum life and received again.
    hung.deliveries >= 2 &&
    m.released.some((release) => release.id === hung.id && release.receivedAgainAtMs !== undefined) &&
    // One request per check for the whole batch: its first request carried every record.
    batch.size >= 2 &&
    batch.requests.length >= 2 &&
    batch.requests[0]?.entries === batch.size &&
    (calls === undefined ||
      ((calls.ChangeMessageVisibility ?? 0) === 0 && calls.ChangeMessageVisibilityBatch === m.requests.length))
  );
}

function describeManager(o: VisibilityObservation, language: Language): string[] {
  const m = o.manager;
  if (m === undefined)
    return [language === 'ja' ? '可視性マネージャーのリクエストなし' : 'no visibility manager request'];
  const sizes = m.invocations.map((invocation) => invocation.ids.length).join(', ');
  const extended = m.requests.reduce((sum, request) => sum + request.extended, 0);
  const released = m.requests.reduce((sum, request) => sum + request.released, 0);
  const calls = o.workerSqsCalls;
  const lines =
    language === 'ja'
      ? [
          `呼び出しごとのレコード数: ${sizes}`,
          `ChangeMessageVisibilityBatch ${m.requests.length} 回で延長 ${extended} 件・解放 ${released} 件(メッセージごとに呼べば ChangeMessageVisibility ${extended + released} 回)`,
        ]
      : [
          `records per invocation: ${sizes}`,
          `${m.requests.length} ChangeMessageVisibilityBatch requests carried ${extended} extensions and ${released} release(s) (one call per message would have taken ${extended + released} ChangeMessageVisibility calls)`,
        ];
  if (calls !== undefined) {
    const batch = calls.ChangeMessageVisibilityBatch ?? 0;
    const single = calls.ChangeMessageVisibility ?? 0;
    lines.push(
      language === 'ja'
        ? `ラボが数えたワーカーの呼び出し: ChangeMessageVisibilityBatch ${batch} 回、ChangeMessageVisibility ${single} 回`
        : `the worker's calls as the lab counted them: ${batch} ChangeMessageVisibilityBatch, ${single} ChangeMessageVisibility`,
    );
  }
  for (const release of m.released) {
    const again =
      release.receivedAgainAtMs === undefined ? undefined : seconds(release.receivedAgainAtMs - release.atMs, language);
    lines.push(
      language === 'ja'
        ? `${release.id}: 最大寿命を過ぎた ${release.keptSeconds.toFixed(1)} 秒で解放${again === undefined ? '(再受信なし)' : `、${again}後に再受信`}`
        : `${release.id}: let go after ${release.keptSeconds.toFixed(1)} s (past its maximum life)${again === undefined ? ', not received again' : `, received again ${again} later`}`,
    );
  }
  return lines;
}

function retryDelays(o: VisibilityObservation): { short?: number; long?: number } {
  const crash = o.crash;
  if (crash === undefined) return {};
  const delay = (label: string): number | undefined => {
    const job = crash.jobs.find((candidate) => candidate.label === label);
    return job?.retriedAtMs === undefined ? undefined : job.retriedAtMs - crash.atMs;
  };
  return { short: delay('short'), long: delay('long') };
}

function judgeTooLong(o: VisibilityObservation): boolean {
  const crash = o.crash;
  const long = crash?.jobs.find((job) => job.label === 'long');
  const short = crash?.jobs.find((job) => job.label === 'short');
  const delays = retryDelays(o);
  if (long?.retriedAtMs === undefined || short?.retriedAtMs === undefined) return false;
  if (delays.short === undefined || delays.long === undefined) return false;
  return (
    o.jobs?.length === 2 &&
    o.jobs.every((job) => job.effects === 1) &&
    o.dlq === 0 &&
    short.lastExtensionAtMs !== undefined &&
    delays.short < delays.long &&
    // The long job waited out its whole timeout from SQS's receive (1 s spared for the clocks of
    // SQS and Lambda on AWS, which are not the same clock).
    long.retriedAtMs - long.receivedAtMs >= (LONG_QUEUE_SECONDS - 1) * 1000
  );
}

function describeTooLong(o: VisibilityObservation, language: Language): string[] {
  const crash = o.crash;
  if (crash === undefined) return [language === 'ja' ? 'クラッシュは起きなかった' : 'no crash happened'];
  return crash.jobs.map((job) => {
    const deadline = seconds(job.deadlineAtMs - crash.atMs, language);
    const retry = job.retriedAtMs === undefined ? undefined : seconds(job.retriedAtMs - crash.atMs, language);
    const basis =
      job.lastExtensionAtMs === undefined
        ? language === 'ja'
          ? `受信から ${LONG_QUEUE_SECONDS} 秒のキューのタイムアウト`
          : `the queue's ${LONG_QUEUE_SECONDS} s timeout from its receive`
        : language === 'ja'
          ? `クラッシュ ${seconds(crash.atMs - job.lastExtensionAtMs, language)}前の最後のハートビート(${SHORT_DEADLINE_SECONDS} 秒へ)`
          : `its last heartbeat, ${seconds(crash.atMs - job.lastExtensionAtMs)} before the crash (to ${SHORT_DEADLINE_SECONDS} s)`;
    return language === 'ja'
      ? `${job.label}: 期限は ${basis} によりクラッシュの ${deadline}後、再試行はクラッシュの ${retry ?? '—'}${retry === undefined ? '(なし)' : '後'}`
      : `${job.label}: deadline ${deadline} after the crash, set by ${basis}; retried ${retry === undefined ? 'never' : `${retry} after the crash`}`;
  });
}

function judgeAlarm(o: BatchObservation): boolean {
  const readings = o.alarm?.readings ?? [];
  const notifications = o.alarm?.notifications;
  return (
    sameList(o.dlqIndexes, FAILING) &&
    readings[0]?.state === 'OK' &&
    readings.at(-1)?.state === 'ALARM' &&
    (notifications === undefined || notifications.some((subject) => subject.startsWith('ALARM: ')))
  );
}

function describeAlarm(o: BatchObservation, language: Language): string[] {
  const readings = o.alarm?.readings ?? [];
  const states = readings.length === 0 ? '—' : readings.map((reading) => reading.state).join(' → ');
  const name = readings[0]?.alarmName ?? '';
  const notifications = o.alarm?.notifications;
  if (language === 'ja') {
    return [
      `アラーム ${name}: ${states}`,
      notifications === undefined
        ? 'SNS トピックへの通知はここからは読めない(メールを購読していればそこに届く)'
        : `SNS トピックへの通知: ${notifications.length === 0 ? 'なし' : notifications.join(' / ')}`,
    ];
  }
  return [
    `alarm ${name}: ${states}`,
    notifications === undefined
      ? "its SNS topic's notifications cannot be read from here (they reach the e-mail address, if one is subscribed)"
      : `notifications to its SNS topic: ${notifications.length === 0 ? 'none' : notifications.join(' / ')}`,
  ];
}

function sameList(actual: readonly number[], expected: readonly number[]): boolean {
  return actual.length === expected.length && actual.every((value, index) => value === expected[index]);
}

const { maxLifeSeconds, timerIntervalMs, minimalLifeMs, batchSize } = VISIBILITY_MANAGER;

/** The experiments of this file, in the order the guide shows them. */
export const VISIBILITY_MANAGEMENT_EXPERIMENTS: readonly Experiment[] = [
  {
    name: 'visibility-manager',
    stack: 'VisibilityDupStack',
    title: localized((say) => say.experiments['visibility-manager'].title(maxLifeSeconds)),
    body: { sleep: 0 },
    jobs: [
      ...Array.from({ length: batchSize - 1 }, (_, index) => ({ name: `job-${index + 1}`, body: { sleep: 6 } })),
      { name: 'hung', body: { sleep: 12 } },
    ],
    send: 'send-message-batch',
    variant: visibilityManagerWorker(),
    prediction: localized((say) =>
      say.experiments['visibility-manager'].prediction(
        timerIntervalMs,
        minimalLifeMs,
        VISIBILITY_DUP.queueVisibilityTimeoutSeconds,
        maxLifeSeconds,
      ),
    ),
    timeoutSeconds: 60,
    inTour: false,
    judge: judgeManager,
    details: describeManager,
  },
  {
    name: 'visibility-too-long',
    stack: 'VisibilityDupStack',
    title: localized((say) => say.experiments['visibility-too-long'].title(LONG_QUEUE_SECONDS, SHORT_DEADLINE_SECONDS)),
    body: { sleep: 0 },
    jobs: [
      { name: 'long', body: { sleep: 5, heartbeat: false } },
      { name: 'short', body: { sleep: 5 } },
    ],
    variant: longQueueTimeout(LONG_QUEUE_SECONDS, SHORT_DEADLINE_SECONDS / 2, 7),
    duringRun: 'crash-every-worker-when-ready',
    crashWhen: (o) => (jobNamed(o, 'short')?.heartbeats ?? 0) >= 2 && (jobNamed(o, 'long')?.deliveries ?? 0) >= 1,
    prediction: localized((say) =>
      say.experiments['visibility-too-long'].prediction(LONG_QUEUE_SECONDS, SHORT_DEADLINE_SECONDS),
    ),
    timeoutSeconds: 60,
    inTour: false,
    judge: judgeTooLong,
    details: describeTooLong,
  },
  {
    name: 'dlq-alarm',
    stack: 'BatchPartialStack',
    title: localized((say) => say.experiments['dlq-alarm'].title),
    body: { count: 10, failEvery: 3 },
    options: DEFAULT_BATCH_PARTIAL_OPTIONS,
    watchDlqAlarm: true,
    alarmWaitSeconds: { local: 10, aws: 420 },
    prediction: localized((say) => say.experiments['dlq-alarm'].prediction),
    timeoutSeconds: 60,
    inTour: false,
    judge: judgeAlarm,
    details: describeAlarm,
  },
];
