/**
 * The experiments: what each one sends, what the tutorial predicts, and how a run's
 * observation is judged against that prediction. Shared by `npm start` (the tour),
 * `npm run experiment` (one, locally or on AWS) and the tests.
 */
import { type BatchPartialOptions, DEFAULT_BATCH_PARTIAL_OPTIONS } from '../../lib/topology';
import type { BatchObservation, VisibilityObservation } from './observation';

interface ExperimentBase {
  /** The CLI name: `npm run experiment -- <name>`. */
  readonly name: string;
  /** One line for humans. */
  readonly title: string;
  /** What the tutorial predicts, in words. */
  readonly prediction: string;
  /** Longest the run may take before it counts as not matching. */
  readonly timeoutSeconds: number;
}

/** A Step 7 experiment: one job through VisibilityDupStack. */
export interface VisibilityExperiment extends ExperimentBase {
  readonly stack: 'VisibilityDupStack';
  /** The enqueue body without `id` (each run gets a fresh id). */
  readonly body: {
    readonly sleep: number;
    readonly heartbeat?: boolean;
    readonly failHeartbeat?: boolean;
    readonly idempotency?: boolean;
  };
  readonly judge: (observation: VisibilityObservation) => boolean;
}

/** A Step 8 experiment: one run through BatchPartialStack deployed with `options`. */
export interface BatchExperiment extends ExperimentBase {
  readonly stack: 'BatchPartialStack';
  readonly body: { readonly count: number; readonly failEvery: number };
  /** The deploy-time switches this experiment needs (CDK context / lab flags). */
  readonly options: BatchPartialOptions;
  readonly judge: (observation: BatchObservation) => boolean;
}

export type Experiment = VisibilityExperiment | BatchExperiment;

const duplicates = (o: VisibilityObservation): number => o.skipped + o.inProgress;

/** failEvery 3 over 10 messages: these fail, the rest succeed. */
const FAILING = [3, 6, 9];
const SUCCEEDING = [1, 2, 4, 5, 7, 8, 10];

/** Every experiment, in the tour's order. */
export const EXPERIMENTS: readonly Experiment[] = [
  {
    name: 'heartbeat',
    stack: 'VisibilityDupStack',
    title: 'Step 7: an 8 s job on a 5 s queue, heartbeat on',
    body: { sleep: 8 },
    prediction: '1 delivery, no duplicate, 1 effect: the heartbeat keeps the message hidden',
    timeoutSeconds: 60,
    judge: (o) => o.deliveries === 1 && duplicates(o) === 0 && o.effects === 1 && o.heartbeats >= 2,
  },
  {
    name: 'no-heartbeat',
    stack: 'VisibilityDupStack',
    title: 'Step 7: the same job, heartbeat off',
    body: { sleep: 8, heartbeat: false },
    prediction: 'the message reappears after 5 s and is delivered again; the guard detects the duplicate; 1 effect',
    timeoutSeconds: 60,
    judge: (o) => o.deliveries >= 2 && duplicates(o) >= 1 && o.effects === 1 && o.dlq === 0,
  },
  {
    name: 'failing-heartbeat',
    stack: 'VisibilityDupStack',
    title: 'Step 7: heartbeat on, but every ChangeMessageVisibility fails',
    body: { sleep: 8, failHeartbeat: true },
    prediction: 'the failed extension is logged and the worker carries on; the message reappears; duplicate detected; 1 effect',
    timeoutSeconds: 60,
    judge: (o) => o.heartbeatFailures >= 1 && o.deliveries >= 2 && duplicates(o) >= 1 && o.effects === 1,
  },
  {
    name: 'no-idempotency',
    stack: 'VisibilityDupStack',
    title: 'Step 7: heartbeat off and the guard off',
    body: { sleep: 8, heartbeat: false, idempotency: false },
    prediction: 'the duplicate is not caught: every delivery runs the effect, effects = deliveries ≥ 2',
    timeoutSeconds: 120,
    judge: (o) => o.deliveries >= 2 && o.effects === o.deliveries,
  },
  {
    name: 'long-job',
    stack: 'VisibilityDupStack',
    title: 'Step 7: a 15 s job, three times the visibility timeout, heartbeat on',
    body: { sleep: 15 },
    prediction: '1 delivery, 1 effect: about one extension every 3 s keeps it hidden for 15 s',
    timeoutSeconds: 60,
    judge: (o) => o.deliveries === 1 && duplicates(o) === 0 && o.effects === 1 && o.heartbeats >= 4,
  },
  {
    name: 'partial-batch',
    stack: 'BatchPartialStack',
    title: 'Step 8: 10 messages, every 3rd fails, reportBatchItemFailures on',
    body: { count: 10, failEvery: 3 },
    options: DEFAULT_BATCH_PARTIAL_OPTIONS,
    prediction: '1,2,4,5,7,8,10 processed once and deleted; 3,6,9 received twice, then in the DLQ',
    timeoutSeconds: 60,
    judge: (o) =>
      SUCCEEDING.every((i) => o.okByIndex.get(i) === 1 && !o.failByIndex.has(i)) &&
      FAILING.every((i) => o.failByIndex.get(i) === 2 && !o.okByIndex.has(i)) &&
      sameList(o.dlqIndexes, FAILING),
  },
  {
    name: 'no-partial-report',
    stack: 'BatchPartialStack',
    title: 'Step 8: the same run, reportBatchItemFailures off',
    body: { count: 10, failEvery: 3 },
    options: { ...DEFAULT_BATCH_PARTIAL_OPTIONS, reportBatchItemFailures: false },
    prediction: 'a failure fails its whole batch: successes in it are processed again and end in the DLQ with 3,6,9',
    timeoutSeconds: 60,
    judge: (o) =>
      o.reprocessed >= 1 &&
      FAILING.every((i) => o.dlqIndexes.includes(i)) &&
      o.dlqIndexes.some((i) => SUCCEEDING.includes(i)),
  },
  {
    name: 'batch-size-1',
    stack: 'BatchPartialStack',
    title: 'Step 8: the same run with batch size 1',
    body: { count: 10, failEvery: 3 },
    options: { ...DEFAULT_BATCH_PARTIAL_OPTIONS, batchSize: 1 },
    prediction: 'one record per invocation: 10, then 3 retries (13); each failure retries only itself; 3,6,9 in the DLQ',
    timeoutSeconds: 60,
    judge: (o) =>
      o.batchSizes.length === 13 &&
      o.batchSizes.every((size) => size === 1) &&
      SUCCEEDING.every((i) => o.okByIndex.get(i) === 1) &&
      sameList(o.dlqIndexes, FAILING),
  },
];

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
