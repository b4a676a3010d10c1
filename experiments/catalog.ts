/**
 * The experiments: what each one sends, what the tutorial predicts, and how a run's
 * observation is judged against that prediction. Shared by `npm start` (the tour),
 * `npm run experiment` (one, locally or on AWS) and the tests.
 */
import { VISIBILITY_DUP } from '../lib/settings';
import type { Language } from '@sqs-lab/lab';
import { DEFAULT_BATCH_PARTIAL_OPTIONS } from '../lib/topology';
import { FIFO_AND_POLLING_EXPERIMENTS } from './catalog-fifo-polling';
import { localized, MESSAGES } from './locales/messages';
import { EVENT_FILTER_EXPERIMENTS } from './catalog-event-filter';
import { PRODUCER_EXPERIMENTS } from './catalog-producer';
import { VISIBILITY_MANAGEMENT_EXPERIMENTS } from './catalog-visibility-management';
import type { Experiment } from './experiment';
import type { BatchObservation, SweepJobObservation, VisibilityObservation } from './observation';
import {
  reservedConcurrency,
  throttledCompletion,
  workerAssumesVisibilityTimeout,
  variantSummary,
  workerTimeout,
} from './variants';

/** Why `experiment` runs on the lab only (one sentence in `language`), or undefined when `--target aws` can run it. */
export function labOnlyReason(experiment: Experiment, language: Language = 'en'): string | undefined {
  if (experiment.stack === 'SQS') return experiment.labOnly?.[language];
  // A variant a deploy-time switch can give the deployed stack runs on AWS (the probe checks the switch).
  if (experiment.variant === undefined || experiment.variant.deployedWith !== undefined) return undefined;
  return variantSummary(experiment.variant, language);
}

const duplicates = (o: VisibilityObservation): number => o.skipped + o.inProgress;

/** failEvery 3 over 10 messages: these fail, the rest succeed. */
const FAILING = [3, 6, 9];
const SUCCEEDING = [1, 2, 4, 5, 7, 8, 10];

/** Every experiment, in the tour's order. */
export const EXPERIMENTS: readonly Experiment[] = [
  {
    name: 'heartbeat',
    stack: 'VisibilityDupStack',
    title: localized((say) => say.experiments['heartbeat'].title),
    body: { sleep: 8 },
    prediction: localized((say) => say.experiments['heartbeat'].prediction),
    timeoutSeconds: 60,
    judge: (o) => o.deliveries === 1 && duplicates(o) === 0 && o.effects === 1 && o.heartbeats >= 2,
  },
  {
    name: 'no-heartbeat',
    stack: 'VisibilityDupStack',
    title: localized((say) => say.experiments['no-heartbeat'].title),
    body: { sleep: 8, heartbeat: false },
    prediction: localized((say) => say.experiments['no-heartbeat'].prediction),
    timeoutSeconds: 60,
    judge: (o) => o.deliveries >= 2 && duplicates(o) >= 1 && o.effects === 1 && o.dlq === 0,
  },
  {
    name: 'failing-heartbeat',
    stack: 'VisibilityDupStack',
    title: localized((say) => say.experiments['failing-heartbeat'].title),
    body: { sleep: 8, failHeartbeat: true },
    prediction: localized((say) => say.experiments['failing-heartbeat'].prediction),
    timeoutSeconds: 60,
    judge: (o) => o.heartbeatFailures >= 1 && o.deliveries >= 2 && duplicates(o) >= 1 && o.effects === 1,
  },
  {
    name: 'no-idempotency',
    stack: 'VisibilityDupStack',
    title: localized((say) => say.experiments['no-idempotency'].title),
    body: { sleep: 8, heartbeat: false, idempotency: false },
    prediction: localized((say) => say.experiments['no-idempotency'].prediction),
    timeoutSeconds: 120,
    // Two effects for one id can only come from two deliveries that both ran it: no later line
    // can undo that, so the run need not wait for the message to reach the DLQ (about 50 s).
    decidedWhen: (o) => o.effects >= 2,
    judge: (o) => o.deliveries >= 2 && o.effects >= 2 && o.effects <= o.deliveries,
  },
  {
    name: 'long-job',
    stack: 'VisibilityDupStack',
    title: localized((say) => say.experiments['long-job'].title),
    body: { sleep: 15 },
    prediction: localized((say) => say.experiments['long-job'].prediction),
    timeoutSeconds: 60,
    judge: (o) => o.deliveries === 1 && duplicates(o) === 0 && o.effects === 1 && o.heartbeats >= 4,
  },
  {
    name: 'partial-batch',
    stack: 'BatchPartialStack',
    title: localized((say) => say.experiments['partial-batch'].title),
    body: { count: 10, failEvery: 3 },
    options: DEFAULT_BATCH_PARTIAL_OPTIONS,
    prediction: localized((say) => say.experiments['partial-batch'].prediction),
    timeoutSeconds: 60,
    judge: (o) =>
      SUCCEEDING.every((i) => o.okByIndex.get(i) === 1 && !o.failByIndex.has(i)) &&
      FAILING.every((i) => o.failByIndex.get(i) === 2 && !o.okByIndex.has(i)) &&
      sameList(o.dlqIndexes, FAILING),
  },
  {
    name: 'no-partial-report',
    stack: 'BatchPartialStack',
    title: localized((say) => say.experiments['no-partial-report'].title),
    body: { count: 10, failEvery: 3 },
    options: { ...DEFAULT_BATCH_PARTIAL_OPTIONS, reportBatchItemFailures: false },
    prediction: localized((say) => say.experiments['no-partial-report'].prediction),
    timeoutSeconds: 60,
    judge: (o) =>
      FAILING.every((i) => o.failByIndex.get(i) === 2 && o.dlqIndexes.includes(i)) &&
      SUCCEEDING.every((i) => successFollowsItsBatches(o, i)),
    details: (o, language) => describeSharedBatches(o, language),
  },
  {
    name: 'batch-size-1',
    stack: 'BatchPartialStack',
    title: localized((say) => say.experiments['batch-size-1'].title),
    body: { count: 10, failEvery: 3 },
    options: { ...DEFAULT_BATCH_PARTIAL_OPTIONS, batchSize: 1 },
    prediction: localized((say) => say.experiments['batch-size-1'].prediction),
    timeoutSeconds: 60,
    judge: (o) =>
      o.batchSizes.length === 13 &&
      o.batchSizes.every((size) => size === 1) &&
      SUCCEEDING.every((i) => o.okByIndex.get(i) === 1) &&
      sameList(o.dlqIndexes, FAILING),
  },
  // The experiment guide (docs/experiments.md) adds these; the tour skips them.
  {
    name: 'visibility-sweep',
    stack: 'VisibilityDupStack',
    title: localized((say) => say.experiments['visibility-sweep'].title),
    body: { sleep: 0, heartbeat: false },
    sleeps: [1, 2, 7, 9],
    prediction: localized((say) => say.experiments['visibility-sweep'].prediction),
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) =>
      o.jobs?.length === 4 &&
      o.jobs.every(
        (job) =>
          job.effects === 1 &&
          (job.sleep < VISIBILITY_DUP.queueVisibilityTimeoutSeconds ? job.deliveries === 1 : job.deliveries >= 2),
      ),
    details: (o, language) => (o.jobs ?? []).map((job) => describeSweepJob(job, language)),
  },
  {
    name: 'long-job-no-heartbeat',
    stack: 'VisibilityDupStack',
    title: localized((say) => say.experiments['long-job-no-heartbeat'].title),
    body: { sleep: 15, heartbeat: false },
    prediction: localized((say) => say.experiments['long-job-no-heartbeat'].prediction),
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) => o.deliveries >= 3 && o.inProgress >= 2 && o.effects === 1 && o.dlq === 0,
  },
  {
    name: 'heartbeat-frequent',
    stack: 'VisibilityDupStack',
    title: localized((say) => say.experiments['heartbeat-frequent'].title),
    body: { sleep: 8 },
    variant: workerAssumesVisibilityTimeout(2),
    prediction: localized((say) => say.experiments['heartbeat-frequent'].prediction),
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) => o.deliveries === 1 && duplicates(o) === 0 && o.effects === 1 && o.heartbeats >= 5,
    details: (o, language) => [MESSAGES[language].catalog.extensionCalls(o.heartbeats + o.heartbeatFailures)],
  },
  {
    name: 'heartbeat-late',
    stack: 'VisibilityDupStack',
    title: localized((say) => say.experiments['heartbeat-late'].title),
    body: { sleep: 8 },
    variant: workerAssumesVisibilityTimeout(10),
    prediction: localized((say) => say.experiments['heartbeat-late'].prediction),
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) => o.deliveries >= 2 && duplicates(o) >= 1 && o.effects === 1,
    details: (o, language) => [MESSAGES[language].catalog.extensionOutcomes(o.heartbeats, o.heartbeatFailures)],
  },
  {
    name: 'in-progress-crash',
    stack: 'VisibilityDupStack',
    title: localized((say) => say.experiments['in-progress-crash'].title),
    body: { sleep: 8, heartbeat: false },
    variant: workerTimeout(
      12,
      localized((say) => say.experiments['in-progress-crash'].why),
    ),
    duringRun: 'crash-worker-after-in-progress-duplicate',
    prediction: localized((say) => say.experiments['in-progress-crash'].prediction),
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) => o.inProgress >= 2 && o.effects === 1 && o.dlq === 0,
  },
  {
    name: 'throttled-completion',
    stack: 'VisibilityDupStack',
    title: localized((say) => say.experiments['throttled-completion'].title),
    body: { sleep: 2 },
    variant: throttledCompletion(0.5, 17),
    prediction: localized((say) => say.experiments['throttled-completion'].prediction),
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) => o.workFailures >= 1 && o.deliveries === o.workFailures + 1 && o.effects === 1 && o.dlq === 0,
  },
  {
    name: 'reserved-concurrency',
    stack: 'VisibilityDupStack',
    title: localized((say) => say.experiments['reserved-concurrency'].title),
    body: { sleep: 0 },
    sleeps: [6, 7, 8],
    variant: reservedConcurrency(1),
    prediction: localized((say) => say.experiments['reserved-concurrency'].prediction),
    timeoutSeconds: 90,
    inTour: false,
    judge: (o) =>
      o.jobs?.length === 3 &&
      o.jobs.every((job) => job.effects === 1 && job.deliveries >= 1) &&
      o.jobs.some((job) => (job.firstReceiveCount ?? 1) >= 2) &&
      o.dlq === 0,
    details: (o, language) => (o.jobs ?? []).map((job) => describeThrottledJob(job, language)),
  },
  {
    name: 'no-partial-report-batch-1',
    stack: 'BatchPartialStack',
    title: localized((say) => say.experiments['no-partial-report-batch-1'].title),
    body: { count: 10, failEvery: 3 },
    options: { batchSize: 1, reportBatchItemFailures: false },
    prediction: localized((say) => say.experiments['no-partial-report-batch-1'].prediction),
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) =>
      o.reprocessed === 0 &&
      SUCCEEDING.every((i) => o.okByIndex.get(i) === 1) &&
      FAILING.every((i) => o.failByIndex.get(i) === 2) &&
      sameList(o.dlqIndexes, FAILING),
  },
  {
    name: 'poison-message',
    stack: 'BatchPartialStack',
    title: localized((say) => say.experiments['poison-message'].title),
    body: { count: 10, failEvery: 0 },
    options: DEFAULT_BATCH_PARTIAL_OPTIONS,
    rawMessages: (runId) => [JSON.stringify({ id: `${runId}-11`, runId, index: 11, shouldFail: 'yes' })],
    prediction: localized((say) => say.experiments['poison-message'].prediction),
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) =>
      range(1, 10).every((i) => o.okByIndex.get(i) === 1 && !o.failByIndex.has(i)) &&
      o.invalid === 2 &&
      sameList(o.dlqIndexes, [11]),
  },
  {
    name: 'dlq-redrive',
    stack: 'BatchPartialStack',
    title: localized((say) => say.experiments['dlq-redrive'].title),
    body: { count: 10, failEvery: 3 },
    options: DEFAULT_BATCH_PARTIAL_OPTIONS,
    afterSettle: 'redrive-dlq',
    prediction: localized((say) => say.experiments['dlq-redrive'].prediction),
    timeoutSeconds: 100,
    inTour: false,
    judge: (o) =>
      SUCCEEDING.every((i) => o.okByIndex.get(i) === 1 && !o.failByIndex.has(i)) &&
      FAILING.every((i) => o.failByIndex.get(i) === 4 && o.messageIdsByIndex.get(i) === 2) &&
      sameList(o.dlqIndexes, FAILING),
    details: (o, language) =>
      FAILING.map((i) =>
        MESSAGES[language].catalog.redriveFailures(i, o.failByIndex.get(i) ?? 0, o.messageIdsByIndex.get(i) ?? 0),
      ),
  },
  {
    name: 'throughput-batch-10',
    stack: 'BatchPartialStack',
    title: localized((say) => say.experiments['throughput-batch-10'].title),
    body: { count: 100, failEvery: 0 },
    options: DEFAULT_BATCH_PARTIAL_OPTIONS,
    prediction: localized((say) => say.experiments['throughput-batch-10'].prediction),
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) => everyOnce(o, 100) && o.batchSizes.every((size) => size <= 10) && o.batchSizes.length < 100,
    details: (o, language) => [describeBatches(o, language)],
  },
  {
    name: 'throughput-batch-1',
    stack: 'BatchPartialStack',
    title: localized((say) => say.experiments['throughput-batch-1'].title),
    body: { count: 100, failEvery: 0 },
    options: { ...DEFAULT_BATCH_PARTIAL_OPTIONS, batchSize: 1 },
    prediction: localized((say) => say.experiments['throughput-batch-1'].prediction),
    timeoutSeconds: 60,
    inTour: false,
    judge: (o) => everyOnce(o, 100) && o.batchSizes.length === 100,
    details: (o, language) => [describeBatches(o, language)],
  },
  ...PRODUCER_EXPERIMENTS,
  ...VISIBILITY_MANAGEMENT_EXPERIMENTS,
  ...EVENT_FILTER_EXPERIMENTS,
  ...FIFO_AND_POLLING_EXPERIMENTS,
];

/** 1..last. */
function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, offset) => first + offset);
}

/** Every index 1..count processed exactly once, nothing failed, nothing in the DLQ. */
function everyOnce(o: BatchObservation, count: number): boolean {
  return (
    range(1, count).every((i) => o.okByIndex.get(i) === 1) && o.failByIndex.size === 0 && o.dlqIndexes.length === 0
  );
}

function describeSweepJob(job: SweepJobObservation, language: Language): string {
  return MESSAGES[language].catalog.sweepJob(job.sleep, job.deliveries, job.skipped + job.inProgress, job.effects);
}

/**
 * Without partial batch responses a success is processed once per batch it rides in: once if
 * its first batch held no failure; otherwise again, and into the DLQ when its second batch
 * failed too. This holds for any split of the receives.
 */
function successFollowsItsBatches(o: BatchObservation, index: number): boolean {
  const rides = (o.batches ?? []).filter((batch) => batch.indexes.includes(index));
  const [first, second] = rides;
  if (first === undefined) return false;
  const expectedRides = first.failed ? 2 : 1;
  const inDlq = first.failed && second?.failed === true;
  return (
    rides.length === expectedRides && o.okByIndex.get(index) === expectedRides && o.dlqIndexes.includes(index) === inDlq
  );
}

function describeSharedBatches(o: BatchObservation, language: Language): string[] {
  const say = MESSAGES[language].catalog;
  const batches = o.batches ?? [];
  const shared = SUCCEEDING.filter((i) => batches.find((batch) => batch.indexes.includes(i))?.failed === true);
  const split = batches.map((batch) => `[${batch.indexes.join(',')}]${batch.failed ? '✗' : ''}`).join(' ');
  return [say.batchesThisRun(split), say.sharedBatches(shared.length, o.deliveries)];
}

function describeThrottledJob(job: SweepJobObservation, language: Language): string {
  return MESSAGES[language].catalog.throttledJob(job.sleep, job.firstReceiveCount ?? 0, job.deliveries, job.effects);
}

function describeBatches(o: BatchObservation, language: Language): string {
  const sizes = new Map<number, number>();
  for (const size of o.batchSizes) sizes.set(size, (sizes.get(size) ?? 0) + 1);
  const histogram = [...sizes]
    .sort(([a], [b]) => b - a)
    .map(([size, n]) => `${n}×${size}`)
    .join(', ');
  return MESSAGES[language].catalog.invocations(o.batchSizes.length, histogram, o.processingSeconds);
}

function sameList(actual: readonly number[], expected: readonly number[]): boolean {
  return actual.length === expected.length && actual.every((value, index) => value === expected[index]);
}

/** Raised for a name that is not in the catalog. */
export class UnknownExperimentError extends Error {
  override readonly name = 'UnknownExperimentError';
}

/** The experiment called `name`, or an error listing the valid names. */
export function findExperiment(name: string): Experiment {
  const experiment = EXPERIMENTS.find((candidate) => candidate.name === name);
  if (!experiment) {
    throw new UnknownExperimentError(
      `unknown experiment "${name}"; choose one of: ${EXPERIMENTS.map((e) => e.name).join(', ')}`,
    );
  }
  return experiment;
}
