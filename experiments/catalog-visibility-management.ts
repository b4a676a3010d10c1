/**
 * Experiments on managing visibility, from the source notes: one visibility manager for a whole
 * batch (`visibility-manager`), the other side of the visibility-timeout trade-off
 * (`visibility-too-long`), and the alarm on the DLQ (`dlq-alarm`). Spread into EXPERIMENTS.
 */
import { localized, MESSAGES } from './locales/messages';
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
const seconds = (ms: number, language: Language): string => MESSAGES[language].catalog.duration(ms);

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
  const say = MESSAGES[language].catalog;
  const m = o.manager;
  if (m === undefined) return [say.noManagerRequest];
  const sizes = m.invocations.map((invocation) => invocation.ids.length).join(', ');
  const extended = m.requests.reduce((sum, request) => sum + request.extended, 0);
  const released = m.requests.reduce((sum, request) => sum + request.released, 0);
  const calls = o.workerSqsCalls;
  const lines = [say.recordsPerInvocation(sizes), say.managerRequests(m.requests.length, extended, released)];
  if (calls !== undefined) {
    lines.push(say.workerCalls(calls.ChangeMessageVisibilityBatch ?? 0, calls.ChangeMessageVisibility ?? 0));
  }
  for (const release of m.released) {
    const again =
      release.receivedAgainAtMs === undefined ? undefined : seconds(release.receivedAgainAtMs - release.atMs, language);
    lines.push(say.letGo(release.id, release.keptSeconds, again));
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
  const say = MESSAGES[language].catalog;
  const crash = o.crash;
  if (crash === undefined) return [say.noCrash];
  return crash.jobs.map((job) => {
    const deadline = seconds(job.deadlineAtMs - crash.atMs, language);
    const retry = job.retriedAtMs === undefined ? undefined : seconds(job.retriedAtMs - crash.atMs, language);
    const basis =
      job.lastExtensionAtMs === undefined
        ? say.queueTimeoutBasis(LONG_QUEUE_SECONDS)
        : say.heartbeatBasis(seconds(crash.atMs - job.lastExtensionAtMs, language), SHORT_DEADLINE_SECONDS);
    return say.crashedJob(job.label, deadline, basis, retry);
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
  const say = MESSAGES[language].catalog;
  return [
    say.alarmStates(name, states),
    notifications === undefined ? say.alarmNotificationsUnread : say.alarmNotifications(notifications),
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
